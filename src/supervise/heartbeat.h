// What a single-class run (`jtestgen suite --class C`, `perf --class C`) shows while its
// sandboxed worker works, on stderr: the step the worker last wrote to its step file
// (common/step_note.h: searching, minimizing, validating: round 2, ...) and the time since the
// start. On a terminal, one line redrawn in place each second and cleared at the end:
//     jtestgen: a.b.C: validating: round 1, 42 tests x 5 runs · 0:31 elapsed
// elsewhere (a pipe, a log), the same text as a plain line every kPlainSeconds. The line shows
// only between the worker's first step and its last (kLastStep), when the worker itself prints
// nothing (its notes come before the search, its summary after the last step), so the two
// never share a line. Whole-project runs show their own progress (project/progress.h).
//
// Owns a thread, started by the constructor and joined by the destructor; the step file is
// read without locks (its writer replaces it atomically). Not copyable.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace jtg::supervise {

class Heartbeat {
 public:
  static constexpr int kPlainSeconds = 10;
  static constexpr char kLastStep[] = "writing the report";  // suite/run_suite.cc

  // Watches `step_file` for class `cls`, writing to `out`; `live`: redraw in place (a
  // terminal).
  Heartbeat(std::string cls, std::string step_file, bool live, std::FILE* out);
  ~Heartbeat();
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;

  // The line's text for `step` at `elapsed_s` seconds. Exposed for tests.
  static std::string Line(const std::string& cls, const std::string& step, double elapsed_s);

 private:
  void Loop();

  const std::string cls_, step_file_;
  const bool live_;
  std::FILE* const out_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;  // guarded by mu_
  std::thread thread_;
};

}  // namespace jtg::supervise
