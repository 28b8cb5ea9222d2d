// Which types `--mocks` may replace with a Mockito mock, and which of their methods the mock
// stubs. EvoSuite-style functional mocking reduced to values: a mock's stubbed methods return
// values chosen (and mutated) by the search, for any arguments. The value factory mocks a
// type only when it has no producer at all (Universe::ProducersOf empty), and the archive
// prefers tests with fewer mocks (random_search.h), so mocks stay only where real objects
// cover nothing.
//
// Ownership: borrows the Classpath (must outlive it); owns the stub Callables it hands out.
// Not thread-safe.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "classpath/classpath.h"
#include "generate/values/producer.h"

namespace jtg::generate {

class MockCatalog {
 public:
  explicit MockCatalog(const classpath::Classpath& cp) : cp_(cp) {}

  // Off by default; `--mocks` switches it on before generation starts.
  void set_enabled(bool on) { enabled_ = on; }
  bool enabled() const { return enabled_; }

  // The methods a mock of `internal_name` stubs, when that type is a public interface or
  // abstract class (not an annotation, not final) readable from the classpath, so never a
  // JDK type; nullptr otherwise. Stubs are the public, non-static, non-final methods of the
  // type and its supertypes on the classpath that return a primitive, a boxed primitive or
  // a String (not equals/hashCode/toString), deduplicated by name and descriptor, the
  // type's own first, at most kMaxStubs. Cached.
  const std::vector<CallablePtr>* Mockable(const std::string& internal_name);

  static constexpr size_t kMaxStubs = 8;

 private:
  // Appends the stubbable methods of `cls` and of its supertypes (depth first).
  void Collect(const std::string& cls, std::set<std::string>& visited, std::set<std::string>& keys,
               std::vector<CallablePtr>& out);

  const classpath::Classpath& cp_;
  bool enabled_ = false;
  std::map<std::string, std::optional<std::vector<CallablePtr>>> cache_;
};

// Whether a method's return type can take a stubbed literal: primitive (not void), boxed
// primitive or java.lang.String.
bool StubbableReturn(const classfile::TypeDesc& ret);

}  // namespace jtg::generate
