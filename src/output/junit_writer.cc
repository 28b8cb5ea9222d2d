#include "output/junit_writer.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "output/java_source.h"
#include "output/method_writer.h"
#include "output/output_layout.h"

namespace jtg::output {

using classfile::TypeDesc;
using testcase::Observed;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

namespace {

// The rest of the first line of a written class (after kGeneratedMarker).
constexpr char kMarkerRest[] = ": running jtestgen again replaces this file.";

std::string SimpleName(const std::string& internal) {
  size_t p = internal.find_last_of("/$");
  return p == std::string::npos ? internal : internal.substr(p + 1);
}

std::string TestName(const WrittenTest& t, std::map<std::string, int>& used) {
  std::string base = "test";
  if (!t.test.stmts.empty()) {
    const Stmt& last = t.test.stmts.back();
    if (last.kind == StmtKind::kCall) {
      const auto& c = *last.callable;
      base = !c.IsConstructor() ? c.name
             : c.stub           ? "new" + SimpleName(c.stub->super_name) + "Subclass"
                                : "new" + SimpleName(c.owner);
    }
  }
  std::string clean;
  for (char ch : base) {
    if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') clean += ch;
  }
  if (t.result.threw_at >= 0) {
    clean += "_throws" + SimpleName(t.result.exception_class.empty()
                                        ? std::string("Exception")
                                        : classfile::ToInternal(t.result.exception_class));
  }
  int n = used[clean]++;
  return clean + "_" + std::to_string(n);
}

}  // namespace

JavaFile TestClassFor(const std::string& cut, const std::string& suffix) {
  JavaFile f;
  size_t slash = cut.rfind('/');
  f.package_name = slash == std::string::npos ? "" : classfile::ToBinary(cut.substr(0, slash));
  for (const char* reserved : {"java.", "javax.", "jdk.", "sun."}) {
    if (f.package_name.starts_with(reserved) || f.package_name + "." == reserved) {
      f.package_name = "jtestgen." + f.package_name;
      break;
    }
  }
  std::string simple = slash == std::string::npos ? cut : cut.substr(slash + 1);
  std::replace(simple.begin(), simple.end(), '$', '_');
  f.class_name = simple + suffix;
  return f;
}

JavaFile WriteJUnit(const std::vector<WrittenTest>& tests, const WriterOptions& opts,
                    const TypeOracle& oracle) {
  JavaFile f = TestClassFor(opts.cut_internal_name, opts.test_suffix);
  const std::string& cut = opts.cut_internal_name;

  TypeNamer namer(f.package_name);
  bool j5 = opts.dialect == Dialect::kJUnit5;
  namer.Reserve("Test", j5 ? "org.junit.jupiter.api.Test" : "org.junit.Test");
  namer.Reserve(f.class_name, (f.package_name.empty() ? "" : f.package_name + ".") + f.class_name);
  std::string cut_name = namer.Name(cut);
  std::vector<std::string> body;
  std::map<std::string, int> used;
  std::vector<std::pair<int, int>> ranges;  // relative to the body
  std::vector<std::tuple<int, size_t, int>> assertions;  // body line, test, statement
  FolderMap folder{std::u16string(opts.test_folder.begin(), opts.test_folder.end()),
                   j5 ? "tempDir.getPath()" : "tempFolder.getRoot().getPath()"};
  for (const auto& t : tests) {
    MethodWriter w(t.test, t.result, t.keep_assertion, oracle, namer, &folder);
    std::string name = TestName(t, used);
    body.push_back("");
    int first = static_cast<int>(body.size());
    body.push_back("  @Test");
    body.push_back("  public void " + name + "() throws Throwable {");
    const size_t first_line = body.size();
    for (const auto& l : w.Lines()) body.push_back("    " + l);
    for (const auto& [l, stmt] : w.assertion_lines()) {
      assertions.emplace_back(static_cast<int>(first_line + l), f.test_names.size(), stmt);
    }
    body.push_back("  }");
    ranges.emplace_back(first, static_cast<int>(body.size()) - 1);
    f.test_names.push_back(name);
  }

  // The test folder's field (its types are named before the imports are listed).
  std::vector<std::string> fields;
  if (folder.used) {
    f.uses_test_folder = true;
    fields.push_back("  /** A new empty folder for each test, deleted after it (JUnit). */");
    if (j5) {
      fields.push_back("  @" + namer.Name("org/junit/jupiter/api/io/TempDir"));
      fields.push_back("  " + namer.Name("java/io/File") + " tempDir;");
    } else {
      fields.push_back("  @" + namer.Name("org/junit/Rule"));
      const std::string tf = namer.Name("org/junit/rules/TemporaryFolder");
      fields.push_back("  public " + tf + " tempFolder = new " + tf + "();");
    }
  }
  std::vector<std::string> lines = {std::string(kGeneratedMarker) + kMarkerRest};
  if (!f.package_name.empty()) {
    lines.push_back("package " + f.package_name + ";");
    lines.push_back("");
  }
  lines.push_back(j5 ? "import static org.junit.jupiter.api.Assertions.*;"
                     : "import static org.junit.Assert.*;");
  bool mocks = std::any_of(tests.begin(), tests.end(),
                           [](const WrittenTest& t) { return t.test.MockCount() > 0; });
  if (mocks) lines.push_back("import static org.mockito.Mockito.*;");
  lines.push_back("");
  for (const auto& imp : namer.Imports()) lines.push_back(imp);
  lines.push_back("");
  lines.push_back("/**");
  lines.push_back(" * Tests of {@link " + cut_name + "} generated by jtestgen.");
  if (!opts.header_comment.empty()) lines.push_back(" * " + opts.header_comment);
  lines.push_back(" */");
  lines.push_back("@SuppressWarnings({\"unchecked\", \"rawtypes\", \"deprecation\", \"unused\"})");
  lines.push_back("public class " + f.class_name + " {");
  lines.insert(lines.end(), fields.begin(), fields.end());
  int offset = static_cast<int>(lines.size()) + 1;  // 1-based line of body[0]
  for (const auto& [a, b] : ranges) f.test_lines.emplace_back(a + offset, b + offset);
  for (const auto& [l, test, stmt] : assertions) f.assertion_at[l + offset] = {test, stmt};
  lines.insert(lines.end(), body.begin(), body.end());
  lines.push_back("}");
  std::ostringstream out;
  for (const auto& l : lines) out << l << "\n";
  f.source = out.str();
  return f;
}

JavaFile WritePerfJUnit(const std::vector<PerfTest>& tests, const WriterOptions& opts,
                        const TypeOracle& oracle, int64_t size) {
  JavaFile f = TestClassFor(opts.cut_internal_name, "PerfTest");
  const std::string& cut = opts.cut_internal_name;
  TypeNamer namer(f.package_name);
  bool j5 = opts.dialect == Dialect::kJUnit5;
  namer.Reserve("Test", j5 ? "org.junit.jupiter.api.Test" : "org.junit.Test");
  namer.Reserve(f.class_name, (f.package_name.empty() ? "" : f.package_name + ".") + f.class_name);
  std::string cut_name = namer.Name(cut);
  std::vector<std::string> body;
  std::vector<std::pair<int, int>> ranges;
  for (const auto& t : tests) {
    static const std::vector<bool> kNoKeep;
    MethodWriter w(t.test, t.result, kNoKeep, oracle, namer);
    body.push_back("");
    int first = static_cast<int>(body.size());
    if (!t.doc.empty()) {
      body.push_back("  /**");
      std::istringstream doc(t.doc);
      for (std::string l; std::getline(doc, l);) body.push_back("   * " + l);
      body.push_back("   */");
    }
    body.push_back("  @Test");
    body.push_back("  public void " + t.name + "() throws Throwable {");
    body.push_back("    " + t.name + "(N).run();");
    body.push_back("  }");
    body.push_back("");
    body.push_back("  public static Body " + t.name + "(int n) throws Throwable {");
    for (const auto& l : w.Lines(true)) body.push_back("    " + l);
    body.push_back("  }");
    ranges.emplace_back(first, static_cast<int>(body.size()) - 1);
    f.test_names.push_back(t.name);
  }
  std::vector<std::string> lines = {std::string(kGeneratedMarker) + kMarkerRest};
  if (!f.package_name.empty()) {
    lines.push_back("package " + f.package_name + ";");
    lines.push_back("");
  }
  for (const auto& imp : namer.Imports()) lines.push_back(imp);
  lines.push_back("");
  lines.push_back("/**");
  lines.push_back(" * Performance tests of {@link " + cut_name + "} generated by jtestgen perf:");
  lines.push_back(" * each exposes a loop whose work grows faster than its input (see");
  lines.push_back(" * perf-report.md). Change N to run them at another input size.");
  if (!opts.header_comment.empty()) lines.push_back(" * " + opts.header_comment);
  lines.push_back(" */");
  lines.push_back("@SuppressWarnings({\"unchecked\", \"rawtypes\", \"deprecation\", \"unused\"})");
  lines.push_back("public class " + f.class_name + " {");
  lines.push_back("  /** Input size of every test. */");
  lines.push_back("  static final int N = " + std::to_string(size) + ";");
  lines.push_back("");
  lines.push_back("  /** The call under test, built for one input size. */");
  lines.push_back("  public interface Body {");
  lines.push_back("    void run() throws Throwable;");
  lines.push_back("  }");
  int offset = static_cast<int>(lines.size()) + 1;
  for (const auto& [a, b] : ranges) f.test_lines.emplace_back(a + offset, b + offset);
  lines.insert(lines.end(), body.begin(), body.end());
  lines.push_back("}");
  std::ostringstream out;
  for (const auto& l : lines) out << l << "\n";
  f.source = out.str();
  return f;
}

std::string SourcePathOf(const JavaFile& file, const std::string& root) {
  return (std::filesystem::path(root) / classfile::ToInternal(file.package_name) /
          (file.class_name + ".java"))
      .string();
}

}  // namespace jtg::output
