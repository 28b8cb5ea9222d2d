// The environments of the validation runs (issue 24): a written test must pass on another
// machine and later in the day, not only where and when jtestgen wrote it. Run 0 is this
// machine's environment; each further run changes several things at once:
//   - the clock, shifted by a day and 7 hours in the last run (run 4) and running 100,000
//     times as fast (two reads never fall in the same millisecond), with Debian's
//     libfaketime (LD_PRELOAD; the monotonic clock stays real, so timeouts hold). Without
//     libfaketime installed the clock is not shifted and ClockShiftAvailable() says so;
//   - the default time zone (user.timezone): zones with half-hour offsets, the date line
//     and daylight saving (Pacific/Apia, Asia/Kolkata, America/St_Johns, Europe/London);
//   - the default locale (user.language/user.country): tr-TR (dotless i), de-DE (decimal
//     comma), ja-JP (other scripts and calendars);
//   - the default charset (file.encoding ISO-8859-1 in one run);
//   - JUnit 5's method order, shuffled with the run's seed (JUnit 4 keeps its order);
//   - the working directory (each run has its own, output/validator.cc), and in one run the
//     home directory (user.home and HOME) and java.io.tmpdir, new and empty: a test whose
//     values came from the user's own directories fails there.
// A test whose assertion passes only in some of these pins a value of the environment.
// Pure functions over a fixed table; no state; thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jtg::output {

struct RunEnvironment {
  std::string label;                  // what differs, e.g. "clock +1d, Pacific/Apia, tr-TR"
  std::vector<std::string> jvm_args;  // -Duser.timezone=..., -Duser.language=..., ...
  // Environment variables of the JVM (libfaketime's LD_PRELOAD, FAKETIME); empty when the
  // clock is not shifted or libfaketime is missing.
  std::vector<std::string> env;
  // > 0: JUnit 5 runs the methods in random order with this seed (not in `label`).
  uint64_t order_seed = 0;
  // The run gets new empty home (user.home, HOME), working and temporary directories of its
  // own instead of the machine's (or the sandbox's bait).
  bool other_user_dirs = false;
};

// The environment of validation run `run` (0-based); the table repeats after its end.
RunEnvironment EnvironmentForRun(int run);

// `e` with the real clock (no libfaketime), its label saying so no more.
RunEnvironment WithoutClockShift(RunEnvironment e);

// Whether libfaketime is installed (the runs after the first then shift the clock).
bool ClockShiftAvailable();

// Whether a run of this label (RunEnvironment::label) shifted the clock.
bool IsClockShiftedRun(const std::string& label);

}  // namespace jtg::output
