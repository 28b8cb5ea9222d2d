// The phases of one suite run (searching, minimizing, validating, reviewing, scoring mutants,
// writing the report) and the wall time each took: Enter() ends the current phase and starts
// the next, and tells a watcher through the step note (common/step_note.h: a project run's
// progress line, a single-class run's live line). The report gives the times (time_s), so a
// run that overruns its budget says where.
//
// Not thread-safe: the suite run's thread only.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "common/step_note.h"

namespace jtg::suite {

class PhaseTimes {
 public:
  explicit PhaseTimes(StepNote note) : note_(std::move(note)) {}

  // Ends the current phase (if any) and starts `phase`, also as the step note.
  void Enter(const std::string& phase);
  // The phases ended so far with their seconds, in order (a phase entered twice adds up);
  // the current one is not among them.
  const std::vector<std::pair<std::string, double>>& done() const { return done_; }
  const StepNote& note() const { return note_; }

 private:
  StepNote note_;
  std::string current_;
  std::chrono::steady_clock::time_point since_{};
  std::vector<std::pair<std::string, double>> done_;
};

}  // namespace jtg::suite
