// Stub subclasses of the class under test: a subclass that the search instantiates and the
// written test spells as an anonymous class, for two kinds of class no other producer
// serves well:
//   - an abstract class whose concrete subclasses cannot be named (private or anonymous, or
//     made only by factories that return an interface): every abstract method gets a
//     default result (false, 0, null), as a developer's hand-written test double would;
//   - a class whose behaviour turns on a boolean hook it declares for subclasses (a
//     protected `removeLRU`, `removeEldestEntry`-style template method): one stub returns
//     false from the hook, another true, so both outcomes of the branches on it are
//     reachable.
// The stub keeps every accessible constructor of the class (same descriptors, calling
// super). Its bytes are generated here (no source, no compiler at search time) and defined
// in the system class loader under a name the written test never uses
// (`<cut>$$JtgStub<k>`); the writer spells the same overrides (output/java_source.h
// StubBody). Only when the written test lives in the class's package (TestsShareCutPackage)
// or everything needed is public.
//
// Thread-safety: functions only; no state.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "classfile/class_file.h"
#include "common/status.h"
#include "testcase/test_case.h"

namespace jtg::generate {

// A stub class to define: its name, what it overrides, and the constructors the search may
// call (Callables whose owner is `name` and whose `stub` is `spec`).
struct StubClass {
  std::string name;  // internal name
  std::shared_ptr<const testcase::StubSpec> spec;
  std::vector<std::shared_ptr<const testcase::Callable>> ctors;
};

// Reads a class by internal name (classpath or JDK); nullopt when it cannot.
using ClassReader = std::function<std::optional<classfile::ClassFile>(const std::string&)>;

struct StubLimits {
  size_t max_hooks = 4;    // boolean hooks varied
  size_t max_classes = 8;  // stub classes in all
};

// The stub classes for `cut`: none when it is final, an interface, an enum, an inner
// (non-static) or private, local or anonymous class, has no constructor a test may call,
// or declares or inherits an abstract method a stub cannot implement (package-private in
// another package, a signature type the test cannot name, or, for a class without type
// parameters, a generic signature from a supertype, whose written override would need the
// type arguments the erased descriptor lacks), or when a superclass cannot be read. `same_package`:
// the written test lives in `cut`'s package (non-public members and classes of it are usable).
// Otherwise, for an abstract class, one stub with every abstract method at its default,
// and for each boolean hook (a non-final, non-static, non-public boolean method `cut`
// declares, or an abstract one) a stub returning false and one returning true, up to
// `limits`.
std::vector<StubClass> PlanStubSubclasses(const classfile::ClassFile& cut, const ClassReader& read,
                                          bool same_package, const StubLimits& limits = {});

// The class file of a stub (major version 52: straight-line code, no stack map frames):
// public, extending spec->super_name, one constructor per entry of `ctors` (the super
// constructor's descriptor, passing every argument on) and one method per override
// returning its constant. Errors: InvalidArgument for a malformed descriptor,
// ResourceExhausted if a table overflows.
StatusOr<std::vector<uint8_t>> StubClassBytes(const StubClass& stub);

// Whether `internal_name` names a stub class of this module.
bool IsStubClassName(std::string_view internal_name);

}  // namespace jtg::generate
