#include "output/write_validated.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "output/output_layout.h"

namespace jtg::output {

namespace {

void PrintDrops(const Validation& v, const ValidatedWriteOptions& opts) {
  if (opts.quiet) return;
  std::fprintf(stderr, "validation: dropping %zu failing test(s):", v.bad_tests.size());
  for (const std::string& name : v.bad_tests) std::fprintf(stderr, " %s", name.c_str());
  std::fprintf(stderr, "\n");
  if (opts.print_log) std::fprintf(stderr, "%s\n", v.log.c_str());
}

// Removes the class's file from `out_dir` if jtestgen wrote it (errors ignored: it may not
// exist); a file somebody else wrote stays (output_layout.h).
void RemoveFinal(const JavaFile& file, const std::string& out_dir) {
  if (out_dir.empty() || file.class_name.empty()) return;
  const std::string path = SourcePathOf(file, out_dir);
  if (!IsGeneratedFile(path)) return;
  std::error_code ec;
  std::filesystem::remove(path, ec);
}

}  // namespace

StatusOr<ValidatedWrite> WriteValidated(size_t count, const WriteKept& write,
                                        const std::string& out_dir, const ValidatorOptions& vopts,
                                        const ValidatedWriteOptions& opts,
                                        const RefineWholeRunFailure& refine) {
  ValidatedWrite out;
  out.dropped.assign(count, false);
  for (int round = 0;; ++round) {
    std::vector<size_t> kept;
    for (size_t i = 0; i < count; ++i) {
      if (!out.dropped[i]) kept.push_back(i);
    }
    if (kept.empty() && !opts.write_when_empty) break;
    if (round == opts.max_rounds) {
      out.converged = false;
      break;
    }
    out.rounds = round + 1;
    out.file = write(kept);
    auto v = Validate(out.file, out_dir, vopts);
    if (!v.ok()) {
      RemoveFinal(out.file, out_dir);
      return v.status();
    }
    if (v->bad_tests.empty()) {
      out.written = !out_dir.empty();
      return out;
    }
    out.last_log = v->log;
    if (v->whole_run_failed) {
      out.run_failure = v->failure;
      if (refine && kept.size() > 1) {
        Status st = refine(kept, out.file, &*v);
        if (!st.ok()) {
          RemoveFinal(out.file, out_dir);
          return st;
        }
      }
    }
    PrintDrops(*v, opts);
    for (size_t k = 0; k < kept.size() && k < out.file.test_names.size(); ++k) {
      if (v->bad_tests.contains(out.file.test_names[k])) out.dropped[kept[k]] = true;
    }
  }
  // No round passed: Validate already removed the file of a failing round; make sure.
  RemoveFinal(out.file, out_dir);
  return out;
}

}  // namespace jtg::output
