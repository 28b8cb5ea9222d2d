// A test case: a straight-line sequence of statements, each producing at most one value that
// later statements use by index (Randoop's sequence model). Data only: execution lives in
// executor.h, Java emission in output/junit_writer.h, generation in generate/.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/descriptor.h"
#include "classfile/signature.h"

namespace jtg::testcase {

// A method a stub subclass overrides with a constant result (generate/values/stub_subclass.h).
struct StubOverride {
  std::string name, descriptor;  // as declared by the overridden method
  bool is_public = false;        // else written `protected`
  int64_t value = 0;             // the result: 0/1 for boolean, 0 for other primitives,
                                 // null for references; unused for void
};

// A subclass of `super_name` generated for the search and written as an anonymous class:
// `new Super(args) { @Override protected boolean hook(...) { return false; } }`.
struct StubSpec {
  std::string super_name;  // internal name
  std::vector<StubOverride> overrides;
};

// A constructor or method that a statement calls. Owned by the generator's universe and
// shared (immutable) between test cases.
struct Callable {
  std::string owner;       // internal name of the class that declares it
  std::string name;        // "<init>" for constructors
  std::string descriptor;  // JVM method descriptor
  classfile::MethodDesc desc;
  bool is_static = false;
  bool is_interface_owner = false;
  // Protected or package-private (or of a class that is not public): callable only because
  // the written test shares the class's package. The archive prefers tests without such calls
  // (generate/search/archive.h), so internals are called only for goals the public API misses.
  bool non_public = false;
  // Constructor of a non-static inner class: its source simple name ("Inner"), else empty.
  // params[0] is then the enclosing instance, and Java spells the call
  // `outer.new Inner(params[1..])`.
  std::string inner_simple_name;
  // Generic types of `desc.params` from the method's Signature attribute, type variables
  // resolved (generate/values/generic_params.h); empty when it has none (then values are built
  // from the descriptor alone).
  std::vector<classfile::GenericType> gparams;
  // The classes of its throws clause (Exceptions attribute), internal names; empty when it has
  // none or was not read from a class file.
  std::vector<std::string> declared_exceptions;
  // Constructor of a stub subclass (`owner` is its generated name, never written): the
  // written code calls `stub->super_name`'s constructor of the same descriptor with the
  // overrides as an anonymous class body. Null for every other callable.
  std::shared_ptr<const StubSpec> stub;
  bool IsConstructor() const { return name == "<init>"; }
  // The class a constructor's value is declared as: the owner, or a stub's superclass (the
  // written code never names a stub class).
  const std::string& ConstructedClass() const { return stub ? stub->super_name : owner; }
  bool TakesOuterInstance() const { return !inner_simple_name.empty(); }
};

// A Callable for `owner.name` with JVM descriptor `descriptor`; nullptr if the descriptor is
// malformed.
inline std::shared_ptr<const Callable> NewCallable(std::string owner, std::string name,
                                                   std::string descriptor, bool is_static,
                                                   bool interface_owner = false) {
  auto desc = classfile::ParseMethodDescriptor(descriptor);
  if (!desc.ok()) return nullptr;
  auto c = std::make_shared<Callable>();
  c->owner = std::move(owner);
  c->name = std::move(name);
  c->descriptor = std::move(descriptor);
  c->desc = std::move(*desc);
  c->is_static = is_static;
  c->is_interface_owner = interface_owner;
  return c;
}

// A literal value. `type` is the descriptor char of the literal's Java type: Z B C S I J F D,
// or 's' for a string. Integral values (and char, boolean) are in `i`, F and D in `d`,
// strings in `s` (UTF-16).
struct Literal {
  char type = 'I';
  int64_t i = 0;
  double d = 0;
  std::u16string s;
  // Scaled literal (`jtestgen perf`): when nonzero an integral value is n_mult * n + i, and a
  // string is `s` repeated n_mult * n + i times, with n the test's size parameter
  // (TestCase::n).
  int32_t n_mult = 0;
};

// Whether the kNewCollection implementation `impl` (internal name) is a map, filled by put
// (java.util's *Map classes and Properties), rather than a collection filled by add.
inline bool IsMapImpl(std::string_view impl) {
  return impl.find("Map") != std::string_view::npos || impl == "java/util/Properties";
}

// How a kRepeat statement varies its element (`jtestgen perf`, Glider's element patterns).
enum class RepeatPattern : uint8_t {
  kDistinct,  // base + k
  kSame,      // base
  kModulo,    // base + k % modulo
};

enum class StmtKind : uint8_t {
  kLiteral,        // primitive, boxed or String constant; `type` says which
  kNull,           // null of `type`
  kCall,           // constructor, static or instance method call
  kNewArray,       // new T[]{args...}; `type` is the array type
  kNewCollection,  // new impl(); then add(arg) for each arg (maps: put(args[2k], args[2k+1]))
  kGetStatic,      // static field `owner.field` of declared type `type`
  kMock,           // Mockito mock of `type` (interface or abstract class); stubs[k] returns
                   // the value of statement args[k] for any arguments (--mocks only)
  kRepeat,         // bulk populate (`jtestgen perf`): for k in [0, count): receiver.callable(
                   // element(k), args[1..]); element(k) varies the literal statement args[0]
                   // by `pattern` (an integral literal adds the offset, a string appends its
                   // decimal digits); count = repeat_mult * n + repeat_add. Produces no value.
  kLambda,         // lambda of functional interface `type` whose single abstract method is
                   // `callable`: returns the value of statement args[0] for any arguments,
                   // or does nothing (args empty) when the method is void
};

struct Stmt {
  StmtKind kind = StmtKind::kNull;
  // Declared (static) type of the produced value; base 'V' when the statement produces none.
  classfile::TypeDesc type;
  Literal lit;
  std::shared_ptr<const Callable> callable;  // kCall: the callee; kLambda: the SAM
  int receiver = -1;      // kCall on an instance method: index of the receiver statement
  std::vector<int> args;  // kCall arguments, kNewArray/kNewCollection elements, kMock
                          // stubbed return values, kLambda returned value
  std::string owner;      // kNewCollection: implementation class; kGetStatic: field owner
  std::string field;      // kGetStatic: field name
  // kMock: the stubbed methods of `type` (non-static; primitive, boxed or String return),
  // parallel to `args`.
  std::vector<std::shared_ptr<const Callable>> stubs;
  // kRepeat: count and element pattern (see StmtKind::kRepeat).
  int32_t repeat_mult = 0, repeat_add = 0, repeat_modulo = 0;
  RepeatPattern repeat_pattern = RepeatPattern::kDistinct;
  // kCall appended after the test's own calls to read back the state they left
  // (generate/search/observers.h): it is no call under test, and the test is not named after it.
  bool observer = false;

  bool ProducesValue() const {
    return kind != StmtKind::kRepeat && (type.base != 'V' || type.dims > 0);
  }
};

struct TestCase {
  std::vector<Stmt> stmts;
  // Size parameter of scaled literals and kRepeat counts (`jtestgen perf`); 0 when unused.
  int64_t n = 0;
  size_t size() const { return stmts.size(); }
  // Number of kMock statements (the archive prefers tests with fewer).
  // Count of a kRepeat statement under this test's size parameter (never negative).
  int64_t RepeatCount(const Stmt& s) const {
    int64_t c = static_cast<int64_t>(s.repeat_mult) * n + s.repeat_add;
    return c < 0 ? 0 : c;
  }
  // Number of calls of non-public members (Callable::non_public).
  int NonPublicCount() const {
    int n = 0;
    for (const Stmt& s : stmts) {
      n += s.kind == StmtKind::kCall && s.callable != nullptr && s.callable->non_public ? 1 : 0;
    }
    return n;
  }
  int MockCount() const {
    int n = 0;
    for (const Stmt& s : stmts) n += s.kind == StmtKind::kMock ? 1 : 0;
    return n;
  }
};

}  // namespace jtg::testcase
