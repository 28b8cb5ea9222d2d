// The ClassTransformer of `jtestgen suite`: instruments every class the application class
// loader defines (the user's classpath; not the JDK, not jtestgen's runtime) with coverage
// probes and runtime guards (instrument/instrument.h), and keeps each class's probe plan so
// goal ids can be mapped back to lines and branches.
//
// Thread-safety: Transform may run on any thread that loads a class; all state is guarded
// by a mutex.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "instrument/instrument.h"
#include "instrument/plan.h"
#include "jvm/jvm.h"

namespace jtg::jvm {

class CoverageTransformer : public ClassTransformer {
 public:
  std::optional<std::vector<uint8_t>> Transform(std::string_view internal_name,
                                                bool boot_loader,
                                                std::span<const uint8_t> bytes) override;

  // Also plans weak-mutation sites (instrument::Options::mutation) in the class with this
  // internal name, e.g. the class under test of `jtestgen suite --weak-mutation`. Takes
  // effect for a class loaded after the call; may be called for several classes.
  void EnableMutation(std::string internal_name);

  // The plan of a class that was instrumented, or nullopt.
  std::optional<instrument::ClassPlan> Plan(const std::string& internal_name) const;
  // Classes that could not be instrumented at all, with the reason.
  std::map<std::string, std::string> Failures() const;

 private:
  mutable std::mutex mu_;
  instrument::IdAllocator ids_;
  std::map<std::string, instrument::ClassPlan> plans_;
  std::map<std::string, std::string> failures_;
  std::set<std::string> mutation_classes_;
};

// Whether a class belongs to the JDK, to jtestgen itself, to the test libraries (JUnit,
// Mockito, byte-buddy, objenesis), is a mock class Mockito generated or a
// java.lang.reflect.Proxy class ($ProxyN, the values of kLambda statements): never
// instrumented.
bool IsExcludedClass(std::string_view internal_name);

}  // namespace jtg::jvm
