#include "output/write_validated.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "common/log.h"
#include "common/step_note.h"
#include "output/output_layout.h"
#include "output/run_environments.h"

namespace jtg::output {

namespace {

void LogDrops(const Validation& v) {
  if (v.bad_tests.empty() || !log::Verbose()) return;
  std::string names;
  for (const std::string& name : v.bad_tests) absl::StrAppend(&names, " ", name);
  log::Debug(absl::StrCat("validation: dropping ", v.bad_tests.size(), " failing test(s):", names));
  log::Debug(v.log);
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

// "does not compile: " and javac's message, its class names kept (they say which type
// the tests could not use) but cut at 100 characters.
std::string CompileReason(const std::string& message) {
  constexpr size_t kMax = 100;
  std::string m = message.size() > kMax ? message.substr(0, kMax) + "..." : message;
  return "does not compile: " + m;
}

}  // namespace

StatusOr<ValidatedWrite> WriteValidated(size_t count, const WriteKept& write,
                                        const std::string& out_dir, const ValidatorOptions& vopts,
                                        const ValidatedWriteOptions& opts,
                                        const RefineWholeRunFailure& refine,
                                        const Repairs& repairs) {
  const DropAssertion& drop_assertion = repairs.drop_assertion;
  ValidatedWrite out;
  out.dropped.assign(count, false);
  std::vector<int> assertion_drops(count, 0);
  // The clock is shifted until one round has run every run: later rounds only lose tests
  // and assertions, and a shifted run costs several plain ones.
  ValidatorOptions run_opts = vopts;
  // Runs that passed with a file holding every test still kept. A later round only removes
  // tests and assertions, and an assertion reads a value without changing it: a test that
  // passed a run still passes it, unless a dropped test set state it relied on. So a later
  // round repeats the first run (the whole file in this machine's environment: it compiles,
  // and no test leaned on a dropped one) and the runs that did not pass, where a test with
  // a dropped assertion may still fail at its next one. StringUtils at 20 s: round 2 ran 2
  // of 5 runs.
  std::vector<bool> settled(static_cast<size_t>(std::max(0, vopts.runs)), false);
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
    run_opts.only_runs.assign(settled.size(), true);
    const bool one_run = std::chrono::steady_clock::now() > opts.one_run_after;
    out.cut_short = out.cut_short || one_run;
    int requested = 0;
    for (size_t r = 0; r < settled.size(); ++r) {
      run_opts.only_runs[r] = r == 0 || (!settled[r] && !one_run);
      requested += run_opts.only_runs[r] ? 1 : 0;
    }
    out.round_runs.push_back(requested);
    StepNote::FromEnvironment().Set(absl::StrCat("validating: round ", round + 1, ", ", kept.size(),
                                                 " tests x ", requested, " runs"));
    out.file = write(kept);
    auto v = Validate(out.file, out_dir, run_opts);
    if (!v.ok()) {
      RemoveFinal(out.file, out_dir);
      return v.status();
    }
    if (v->out_of_time) {
      out.cut_short = true;
      out.converged = false;
      break;
    }
    if (v->bad_tests.empty()) {
      out.clock_skipped = out.clock_skipped || v->clock_skipped;
      out.written = !out_dir.empty();
      return out;
    }
    out.clock_skipped = out.clock_skipped || v->clock_skipped;
    // JUnit reports a test's first failure only: a test with two assertions on the clock loses
    // one per clock-shifted round, so the shift stays on while it makes something fail.
    // Not from `failures`: a test that also failed in an earlier run (another zone's date)
    // is named there with that run, and its next clock assertion would go unchecked.
    const bool clock_failed = v->clock_run_failed;
    if (v->runs_done == requested && !clock_failed) run_opts.shift_clock = false;
    for (int r : v->passed_runs) {
      if (r >= 0 && static_cast<size_t>(r) < settled.size()) settled[static_cast<size_t>(r)] = true;
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
    // A test that only lacks a throws clause gets one.
    for (size_t k = 0; k < kept.size() && k < out.file.test_names.size(); ++k) {
      auto u = v->unreported.find(out.file.test_names[k]);
      if (u == v->unreported.end() || !repairs.declare_throws ||
          !repairs.declare_throws(kept[k], u->second)) {
        continue;
      }
      v->bad_tests.erase(u->first);
    }
    // A test javac rejected for a type mismatch is written once more without upcasts.
    for (size_t k = 0; k < kept.size() && k < out.file.test_names.size(); ++k) {
      const std::string& name = out.file.test_names[k];
      auto c = v->compile_errors.find(name);
      if (c == v->compile_errors.end() || !c->second.starts_with("incompatible types") ||
          v->unreported.contains(name) || !repairs.drop_upcasts || !repairs.drop_upcasts(kept[k])) {
        continue;
      }
      v->bad_tests.erase(name);
      ++out.casts_dropped;
    }
    // A test that failed at a value assertion loses the assertion and stays.
    for (size_t k = 0; k < kept.size() && k < out.file.test_names.size(); ++k) {
      auto f = v->failures.find(out.file.test_names[k]);
      if (f == v->failures.end() || !drop_assertion) continue;
      auto a = out.file.assertion_at.find(f->second.line);
      if (a == out.file.assertion_at.end() || a->second.first != k ||
          assertion_drops[kept[k]] >= kMaxAssertionDrops ||
          !drop_assertion(kept[k], a->second.second)) {
        continue;
      }
      ++assertion_drops[kept[k]];
      ++out.assertions_dropped;
      ++out.assertion_drop_reasons[f->second.run_label];
      v->bad_tests.erase(out.file.test_names[k]);
    }
    LogDrops(*v);
    for (size_t k = 0; k < kept.size() && k < out.file.test_names.size(); ++k) {
      const std::string& name = out.file.test_names[k];
      if (!v->bad_tests.contains(name)) continue;
      out.dropped[kept[k]] = true;
      auto f = v->failures.find(name);
      auto c = v->compile_errors.find(name);
      std::string reason = f != v->failures.end()         ? f->second.run_label
                           : c != v->compile_errors.end() ? CompileReason(c->second)
                           : v->compiled                  ? "the run failed as a whole"
                           : v->failure.starts_with(kJavacFailure)
                               ? CompileReason(v->failure.substr(sizeof kJavacFailure - 1))
                               : "does not compile";
      ++out.test_drop_reasons[reason];
    }
  }
  // No round passed: Validate already removed the file of a failing round; make sure.
  RemoveFinal(out.file, out_dir);
  return out;
}

}  // namespace jtg::output
