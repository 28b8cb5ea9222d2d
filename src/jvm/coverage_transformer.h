// The ClassTransformer of `jtestgen suite`: instruments every class the application class
// loader defines (the user's classpath; not the JDK, not jtestgen's runtime) with coverage
// probes and runtime guards (instrument/instrument.h), and keeps each class's probe plan so
// goal ids can be mapped back to lines and branches. In counting mode (`jtestgen perf`)
// it also gives a whitelist of JDK classes counting-only block probes.
//
// Thread-safety: Transform may run on any thread that loads a class; all state is guarded
// by a mutex.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "instrument/entry_hooks.h"
#include "instrument/instrument.h"
#include "instrument/plan.h"
#include "jvm/jvm.h"

namespace jtg::jvm {

class CoverageTransformer : public ClassTransformer {
 public:
  std::optional<std::vector<uint8_t>> Transform(std::string_view internal_name, bool boot_loader,
                                                std::span<const uint8_t> bytes) override;

  // Also plans weak-mutation sites (instrument::Options::mutation) in the class with this
  // internal name, e.g. the class under test of `jtestgen suite --weak-mutation`. Takes
  // effect for a class loaded after the call; may be called for several classes.
  void EnableMutation(std::string internal_name);

  // Counting mode (`jtestgen perf`, see jdk_counting.h). From now on:
  //   - the bootstrap-loader classes named in `jdk_classes` (internal names, e.g.
  //     "java/util/ArrayList") are instrumented too, with block probes only
  //     (instrument::Options::owner_blocks_only; no loop guards, exit rewrites or mutation),
  //     as they load or when the JVM retransforms them; their goal ids come from the same
  //     IdAllocator, so they never collide with the application's;
  //   - every class instrumented from now on keeps its original and its instrumented bytes,
  //     and a later Transform of the same class (a JVMTI retransform, which restarts from the
  //     original bytes) returns the cached instrumented bytes again; without counting mode
  //     it returns nullopt (which after a retransform would revert the class).
  // Only java/util classes other than java/util/Arrays are taken (the runtime helper
  // itself uses Arrays; a probe there would recurse); other names are ignored.
  // A second call replaces the JDK class list. REQUIRES: java.base reads the runtime
  // helper's module (Jvm::LetJavaBaseReadRuntime) before a listed class loads.
  void CountJdkClasses(std::vector<std::string> jdk_classes);

  // JDK guards (jdk_guards.h): from now on the bootstrap-loader classes named in `hooks`
  // get those entry hooks (instrument/entry_hooks.h) and nothing else, as they load or when
  // the JVM retransforms them; the hooked bytes are kept and served again on any later
  // retransform. A class that cannot be hooked is left as it is, with the reason in
  // Failures(). A second call replaces the table.
  void GuardJdkClasses(std::map<std::string, std::vector<instrument::EntryHook>> hooks);

  // Serves `bytes` instead of the instrumented bytes whenever the class named
  // `internal_name` is transformed again (a JVMTI retransform), until ClearOverride; used
  // by the redundancy oracle (perf/read_oracle.h) to swap read probes in for one run. Only
  // a class this transformer has already instrumented is served (the application's
  // classes, or the JDK whitelist in counting mode); a class loading for the first time is
  // instrumented as usual. The plan and the cached bytes stay as they were, so after
  // ClearOverride a retransform restores the instrumented class (in counting mode). `bytes`
  // must be a valid retransformation of the class (same members and signatures).
  void SetOverride(std::string internal_name, std::vector<uint8_t> bytes);
  void ClearOverride(const std::string& internal_name);

  // The plan of a class that was instrumented, or nullopt.
  std::optional<instrument::ClassPlan> Plan(const std::string& internal_name) const;
  // The bytes a class had before instrumentation (kept in counting mode only), or nullopt.
  std::optional<std::vector<uint8_t>> OriginalBytes(const std::string& internal_name) const;
  // Classes that could not be instrumented at all, with the reason.
  std::map<std::string, std::string> Failures() const;

 private:
  mutable std::mutex mu_;
  instrument::IdAllocator ids_;
  std::map<std::string, instrument::ClassPlan> plans_;
  std::map<std::string, std::string> failures_;
  std::set<std::string> mutation_classes_;
  std::atomic<bool> counting_{false};  // written under mu_, read without it too
  std::set<std::string> jdk_classes_;
  std::map<std::string, std::vector<uint8_t>> original_, instrumented_;  // counting mode
  std::map<std::string, std::vector<uint8_t>> overrides_;                // SetOverride
  std::atomic<bool> guarding_{false};  // written under mu_, read without it too
  std::map<std::string, std::vector<instrument::EntryHook>> guard_hooks_;
  std::map<std::string, std::vector<uint8_t>> guarded_;  // hooked bytes
};

}  // namespace jtg::jvm
