#include "suite/init_failure.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "absl/container/flat_hash_set.h"
#include "output/executor_oracle.h"
#include "output/junit_writer.h"
#include "output/output_layout.h"
#include "output/validator.h"
#include "suite/finish_suite.h"
#include "suite/suite_report.h"

namespace jtg::suite {

namespace fs = std::filesystem;

namespace {

constexpr char kInitError[] = "java.lang.ExceptionInInitializerError";

classfile::TypeDesc Ref(const char* internal) {
  classfile::TypeDesc t;
  t.base = 'L';
  t.class_name = internal;
  return t;
}

// Class.forName("binary.Name"), observed to throw ExceptionInInitializerError.
output::WrittenTest ForNameTest(const std::string& binary_name, const std::string& message) {
  testcase::TestCase t;
  testcase::Stmt name;
  name.kind = testcase::StmtKind::kLiteral;
  name.type = Ref("java/lang/String");
  name.lit.type = 's';
  name.lit.s.assign(binary_name.begin(), binary_name.end());  // binary names are ASCII here
  t.stmts.push_back(name);
  testcase::Stmt call;
  call.kind = testcase::StmtKind::kCall;
  call.type = Ref("java/lang/Class");
  call.callable = testcase::NewCallable("java/lang/Class", "forName",
                                        "(Ljava/lang/String;)Ljava/lang/Class;", true);
  call.args = {0};
  t.stmts.push_back(call);
  testcase::ExecResult r;
  testcase::Observed v;
  v.kind = testcase::Observed::kString;
  v.s = name.lit.s;
  v.runtime_class = "java.lang.String";
  r.values.push_back(v);
  r.threw_at = 1;
  r.exception_class = kInitError;
  r.exception_message = message;
  return output::WrittenTest{std::move(t), std::move(r), {}, {}, {}};
}

}  // namespace

bool IsInitializerFailure(const std::string& load_error) {
  return load_error.find(kInitError) != std::string::npos;
}

Status FinishInitializerFailure(const SuiteOptions& opts, const std::string& internal,
                                const std::string& load_error, const generate::CoverageModel* model,
                                const std::vector<int32_t>& load_goals,
                                testcase::Executor& executor, double seconds_so_far) {
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<output::WrittenTest> written = {ForNameTest(opts.class_name, "")};
  output::WriterOptions wopts;
  wopts.dialect = opts.junit == 4 ? output::Dialect::kJUnit4 : output::Dialect::kJUnit5;
  wopts.cut_internal_name = internal;
  wopts.test_suffix = opts.test_suffix;
  wopts.header_comment = "Seed " + std::to_string(opts.seed) +
                         ". The static initializer of the class under test throws.";
  output::TypeOracle oracle = output::MakeOracle(executor);
  output::JavaFile file = output::WriteJUnit(written, wopts, oracle);
  JTG_ASSIGN_OR_RETURN(output::WorkDir work, output::WorkDir::Make("jtestgen-"));
  output::ValidatorOptions vopts =
      output::ValidatorFor(opts.classpath, wopts.dialect, opts.validation_runs, work.path());
  vopts.overwrite = opts.overwrite;
  auto v = output::Validate(file, opts.out_dir, vopts);
  if (!v.ok()) return v.status();
  SuiteReport report;
  report.class_name = opts.class_name;
  report.junit = opts.junit;
  report.seed = opts.seed;
  report.search = std::string(AlgorithmName(opts.search));
  const std::string path = output::SourcePathOf(file, opts.out_dir);
  if (v->bad_tests.empty()) {
    report.tests = 1;
    report.test_file = path;
  } else {
    report.dropped = 1;  // the initializer did not throw in a fresh JVM: nothing to keep
    std::error_code ec;
    if (output::IsGeneratedFile(path)) fs::remove(path, ec);
  }
  if (model != nullptr) {
    absl::flat_hash_set<int32_t> covered(load_goals.begin(), load_goals.end());
    report.coverage = model->Measure(covered);
  }
  report.total_seconds =
      seconds_so_far + std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  JTG_RETURN_IF_ERROR(WriteReport(report, output::ReportDirFor(opts.out_dir, opts.report_dir)));
  std::fprintf(stderr, "note: the static initializer of %s throws (%s); %s\n",
               opts.class_name.c_str(), load_error.c_str(),
               report.tests == 1 ? "wrote a test asserting ExceptionInInitializerError"
                                 : "it did not throw in a fresh JVM, so no test was kept");
  if (!opts.quiet) PrintSummary(report);
  return absl::OkStatus();
}

}  // namespace jtg::suite
