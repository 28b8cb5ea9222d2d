// What one execution of a TestCase observed.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace jtg::testcase {

// The value a statement produced, as far as assertions can use it.
struct Observed {
  enum Kind : uint8_t { kNone, kPrimitive, kString, kNull, kObject };
  Kind kind = kNone;
  char prim = 0;  // kPrimitive (also boxed objects): Z B C S I J F D
  int64_t i = 0;
  double d = 0;
  std::u16string s;           // kString: the value, or its first kMaxObservedChars when
                              // longer (then `size` is the full length)
  bool boxed = false;         // kObject holding a boxed primitive (prim/i/d set)
  std::string runtime_class;  // kObject/kString: binary class name
  int64_t size = -1;          // kObject: Collection/Map size() or array length; kString:
                              // the length when `s` is cut; -1 if unknown (or not cut)
  // kObject, an array of a primitive type or of String with 1 to kMaxObservedElements
  // elements: its elements (kPrimitive, or kString/kNull), in order; empty otherwise, and
  // empty when a string element is longer than kMaxElementChars or looks unstable
  // (unstable_text.h): such contents are never asserted.
  std::vector<Observed> elements;
  bool Truncated() const { return kind == kString && size >= 0; }
};

// Arrays longer than this have their length asserted, not their elements.
inline constexpr int32_t kMaxObservedElements = 16;
inline constexpr int32_t kMaxElementChars = 200;

// The longest string the executor copies out of the JVM (UTF-16 units): a call that returns
// a string of millions of characters (StringUtils.repeat at a scaled size) would otherwise
// cost its size twice over in native memory on every run.
inline constexpr int32_t kMaxObservedChars = 1 << 16;

struct ExecResult {
  std::vector<Observed> values;   // one per statement that completed normally
  int threw_at = -1;              // index of the statement that threw, -1 if none
  std::string exception_class;    // binary name of the thrown exception
  std::string exception_message;  // UTF-8; "" when null (exception_message_null)
  bool exception_message_null = true;
  // For an exception of a JDK class, when the executor was asked for origins
  // (Executor::set_exception_origins): the class whose code created it
  // (jvm::JavaException::origin); "" otherwise or if unknown.
  std::string exception_origin;
  bool budget_exceeded = false;  // iteration/time budget hit (jtestgen.rt.BudgetExceeded)
  bool exit_attempt = false;     // System.exit/Runtime.halt intercepted
  bool setup_failed = false;     // the engine could not run a statement (not the CUT's fault)
  std::string setup_error;
  std::vector<int32_t> goals;  // goal ids reached (unordered)
  // With ExecutorOptions::hit_counts: goal_counts[i] = how often the probe of goals[i] ran
  // (>= 1); empty otherwise.
  std::vector<int32_t> goal_counts;
  std::vector<std::pair<int32_t, int32_t>> switches;  // (switch id, key) pairs reached
  std::vector<std::pair<int32_t, float>>
      distances;  // (goal id, min branch distance > 0) of outcomes not taken
  // Weak mutation (jtestgen.rt.WeakMutation), once per pair: (conditional goal id, k) with
  // k in 0..6 = the relational-operator mutant k was weakly killed (infected), or
  // k = -1 - op (op in 0..6) = the conditional ran, its original operator being op; or
  // (mutation site id, k) with k = the replacing opcode (0x60..0x83) of an infected operator
  // mutant or 0x100 + n of an infected PIT mutant (instrument/mutation_ops.h PitMutator), or
  // k = -1 - opcode (< -7) = the site ran, its original instruction being opcode.
  std::vector<std::pair<int32_t, int32_t>> mutants;  // (conditional or site id, k)
  double millis = 0;
  int64_t iterations = 0;  // backward jumps executed in instrumented code (Probes.iterations)

  // What the run did outside the JVM, from the JDK guards (jvm/jdk_guards.h: kSandboxExit,
  // kSandboxFiles, kSandboxNetwork, kSandboxProcess, kSandboxSecurityManager bits, and
  // kSandboxUserDirs: it read the home, working or temporary directory), any
  // thread included, and a description of the first such event (e.g. "files: /a/b").
  int sandbox_events = 0;
  std::string sandbox_first;
  int sandbox_at = -1;  // index of the statement during which the first event happened
  // Threads the run started that were still computing at its end, or could not be stopped
  // (jvm/thread_tracker.h).
  int threads_busy = 0, threads_unstoppable = 0;

  bool Normal() const { return threw_at < 0 && !setup_failed; }
  // Whether the test would leave the JVM's world as it found it: no exit, file change,
  // network use off the machine, process, SecurityManager, or thread left running.
  bool Contained() const {
    return !exit_attempt && sandbox_events == 0 && threads_busy == 0 && threads_unstoppable == 0;
  }
  // Whether the test can be written as a stable JUnit test.
  bool Writable() const { return !budget_exceeded && !setup_failed && Contained(); }
};

}  // namespace jtg::testcase
