// What a whole-project run (project_run.h) prints while it works, on stderr:
//   - on a terminal, one live line redrawn in place:
//       [12/40] a.b.C (validating) +1 more · branches 310/402 · 4:05 elapsed · ~9:30 left
//   - one plain line per class as it ends (on a terminal, above the live line):
//       [12/40] a.b.C: generated, 14 tests, branches 30/33, 41.2 s
//   - elsewhere (a pipe, a build log), the live line's text as a plain line at most every
//     kHeartbeatSeconds while classes run: a heartbeat saying what runs and in which step;
//   - with quiet, nothing (the caller prints the summary).
// The remaining time is the mean wall time of the classes run so far (or the budget per
// class plus a quarter, before any ended) times the classes left, over the jobs.
//
// Not thread-safe: one owner.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace jtg::project {

struct Running {
  std::string cls;
  std::string step;  // common/step_note.h, "" when none yet
};

class Progress {
 public:
  Progress(size_t total, int jobs, double budget_per_class, bool live, bool quiet, std::FILE* out)
      : total_(total),
        jobs_(jobs),
        budget_(budget_per_class),
        live_(live),
        quiet_(quiet),
        out_(out) {}

  // A class ended (`row`: its summary row, project/summary.h); `ran` false for a class
  // skipped as unchanged (not counted in the time estimate).
  void ClassDone(const nlohmann::json& row, bool ran);
  // Redraws the live line (live mode); in plain mode prints it as a heartbeat line when
  // classes run and kHeartbeatSeconds passed since the last one.
  void Redraw(const std::vector<Running>& running, double elapsed_s);
  static constexpr double kHeartbeatSeconds = 30;
  // A line about the run (a job run again), above the live line; not in quiet mode.
  void Note(const std::string& text);
  // Clears the live line before the summary.
  void Finish();

  // The line for one ended class (plain mode). Exposed for tests.
  std::string DoneLine(const nlohmann::json& row) const;
  // The live line's text, without terminal codes. Exposed for tests.
  std::string LiveLine(const std::vector<Running>& running, double elapsed_s) const;

 private:
  size_t total_;
  int jobs_;
  double budget_;
  bool live_, quiet_;
  std::FILE* out_;
  size_t done_ = 0, ran_ = 0;
  double ran_seconds_ = 0;
  int64_t covered_ = 0, branches_ = 0;
  bool drawn_ = false;
  std::string last_;        // the live line on screen
  double last_beat_s_ = 0;  // elapsed time of the last heartbeat (plain mode)
};

// "m:ss" or "h:mm:ss".
std::string ClockText(double seconds);

}  // namespace jtg::project
