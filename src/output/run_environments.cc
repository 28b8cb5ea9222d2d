#include "output/run_environments.h"

#include <unistd.h>

#include <array>

namespace jtg::output {

namespace {

// Debian's libfaketime (package libfaketime); the MT variant is safe with the JVM's threads.
constexpr char kFakeTime[] = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";

struct Variation {
  const char* clock;  // libfaketime offset, or nullptr: the real clock
  const char* zone;
  const char* language;
  const char* country;
  const char* encoding;  // nullptr: the machine's
  bool other_user_dirs;  // RunEnvironment::other_user_dirs
};

// One row per run after the first. Every zone and locale differs from the others. The clock
// is shifted in the last run only: libfaketime makes the JVM's every clock read (it reads
// the monotonic clock constantly) take a lock and mask signals, so a shifted run costs
// several times a plain one (bench/RESULTS.md, issue 24), and the validator runs it last,
// when the plain runs tell how long it may take. +31h moves the date, the weekday and the
// hour of day; x100000 makes the wall clock run 100,000 times as fast (libfaketime's speed
// factor; the monotonic clock stays real), so two reads of it never fall in the same
// millisecond (nanoseconds apart in real time, milliseconds in this run's): a test that asserts
// a relation between two clock reads (two "now" values found equal) fails here every time, not
// once in a few hundred runs. (libfaketime's per-call increment, `i`, steps time() but not
// the JVM's clock_gettime reads, and needs a writable /dev/shm, which the sandbox has not.)
constexpr std::array<Variation, 4> kVariations = {{
    {nullptr, "Pacific/Apia", "tr", "TR", "ISO-8859-1", false},
    {nullptr, "Asia/Kolkata", "de", "DE", nullptr, true},
    {nullptr, "America/St_Johns", "ja", "JP", nullptr, false},
    {"+31h x100000", "Europe/London", "en", "US", nullptr, false},
}};

}  // namespace

bool ClockShiftAvailable() { return access(kFakeTime, R_OK) == 0; }

bool IsClockShiftedRun(const std::string& label) { return label.starts_with("clock "); }

RunEnvironment WithoutClockShift(RunEnvironment e) {
  if (e.env.empty()) return e;
  e.env.clear();
  const size_t comma = e.label.find(", ");
  if (IsClockShiftedRun(e.label) && comma != std::string::npos) e.label.erase(0, comma + 2);
  return e;
}

RunEnvironment EnvironmentForRun(int run) {
  RunEnvironment e;
  const int n = static_cast<int>(kVariations.size()) + 1;
  if (run <= 0 || run % n == 0) {
    e.label = "this machine's environment";
    return e;
  }
  const Variation& v = kVariations[static_cast<size_t>(run % n - 1)];
  e.order_seed = static_cast<uint64_t>(run);
  e.jvm_args = {std::string("-Duser.timezone=") + v.zone,
                std::string("-Duser.language=") + v.language,
                std::string("-Duser.country=") + v.country};
  e.label = std::string(v.zone) + ", " + v.language + "-" + v.country;
  if (v.encoding != nullptr) {
    e.jvm_args.push_back(std::string("-Dfile.encoding=") + v.encoding);
    e.label += std::string(", ") + v.encoding;
  }
  if (v.other_user_dirs) {
    e.other_user_dirs = true;
    e.label += ", other home and temporary directories";
  }
  if (v.clock != nullptr && ClockShiftAvailable()) {
    e.env = {std::string("LD_PRELOAD=") + kFakeTime, std::string("FAKETIME=") + v.clock,
             "FAKETIME_DONT_FAKE_MONOTONIC=1"};
    e.label = std::string("clock ") + v.clock + ", " + e.label;
  }
  return e;
}

}  // namespace jtg::output
