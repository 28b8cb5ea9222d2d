// Concolic interpretation of the class under test's bytecode: runs its methods on concrete
// values while keeping, for every local, operand-stack slot, field and array element, the
// symbolic expression of its value in terms of the test's inputs, and records the path
// condition, one condition per branch whose outcome depends on an input (JTestCraft's
// symbolic virtual machine, den Hollander 2010, section 8, with its heap simulation;
// deterministic-branch elimination, section 9).
//
// Modelled: the integer and floating-point families (loads, stores, constants, arithmetic,
// bitwise operations, shifts, conversions, comparisons, conditional jumps, switches), the
// implicit divisor check of integer division as a branch, objects of the class under test
// (new, constructors, instance and static methods of that class, getfield/putfield), arrays
// of primitives and references (element loads and stores pinned to the concrete index; an
// index out of bounds throws), null checks, and the JDK methods of natives.h (String,
// StringBuilder, Object.<init>, exception constructors). A call to any other method stops
// the run with Unimplemented naming it (its result has no concrete value here to
// concretize to); static fields likewise.
// Ownership: borrows the class file, which must outlive the interpreter. Not thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/node_hash_map.h"
#include "absl/status/statusor.h"
#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "concolic/expr.h"

namespace jtg::concolic {

// One binary decision on the path whose outcome depends on an input. A conditional jump
// is one decision (arm 0, taken = jumped); the implicit divisor check of idiv/irem/ldiv/
// lrem is one (arm 0, taken = the divisor is zero), and so is a bounds check of a modelled
// String method (arm 0 at the call, taken = out of bounds); a switch is a chain of
// decisions, one per case in table order until the key matches (arm i for the i-th case,
// 1-based, taken = the key equals it), so every branch of the path has exactly two sides.
struct PathBranch {
  uint32_t offset = 0;  // of the branching instruction
  int32_t arm = 0;
  bool taken = false;
  Expr condition;      // kBool, true on this run: the condition of the side taken
  int32_t method = 0;  // index of the method in the class's method table
};

// A concrete value and its expression. References have sort kRef, no expression, and name
// a heap object (bits = index + 1; 0 is null). A boolean result of a modelled method
// (String.equals) carries a kBool expression.
struct Slot {
  Value v;
  Expr e;
  bool Wide() const { return v.sort == Sort::kLong || v.sort == Sort::kDouble; }
  bool IsRef() const { return v.sort == Sort::kRef; }
  bool IsNull() const { return IsRef() && v.bits == 0; }
  size_t Index() const { return static_cast<size_t>(v.bits - 1); }
  static Slot Of(Value v) { return {v, Const(v)}; }
  static Slot Null() { return {Value{Sort::kRef, 0}, nullptr}; }
};

struct HeapObject {
  std::string cls;                                // internal name; arrays "[I" ...
  absl::flat_hash_map<std::string, Slot> fields;  // instance fields by name, set ones only
  std::u16string chars;                           // java/lang/String, java/lang/StringBuilder
  Expr text;                                      // their expression (kString)
  std::vector<Slot> elems;                        // arrays
  // A value the test got from a call the interpreter does not follow: passed along freely,
  // but any use of it (field, call, array, null or type test) is Unimplemented.
  bool opaque = false;
};

struct ConcolicRun {
  std::vector<Sort> input_sorts;  // by input index
  std::vector<Expr> domain;       // conditions the inputs always meet (byte, char, ... ranges)
  std::vector<PathBranch> path;   // in execution order
  std::string thrown;             // the class of the exception that ended the run, if any
  std::vector<std::string> concretized;  // a line per value the model could not follow
  int64_t steps = 0;                     // instructions executed
};

class Interpreter {
 public:
  // Interprets methods of `cls`; a run longer than `max_steps` instructions fails with
  // ResourceExhausted (a loop that does not end on these inputs).
  Interpreter(const classfile::ClassFile& cls, int64_t max_steps);

  // A new input of Java type `type` (Z B C S I J F D) with concrete value `v` (int for the
  // narrow types; its range goes into the domain). InvalidArgument for another type.
  absl::StatusOr<Slot> Input(char type, Value v);
  // A new string input with concrete text `s`.
  Slot StringInput(std::u16string s);
  // A string that is not an input.
  Slot NewString(std::u16string s, Expr text);
  // An array of type `array_type` ("[I", "[Ljava/lang/String;") holding `elems`.
  Slot NewArray(std::string array_type, std::vector<Slot> elems);
  // A fresh object of class `cls` with every field at its default.
  Slot NewObject(std::string cls);
  // An opaque reference of declared type `type` (HeapObject::opaque).
  Slot NewOpaque(std::string type);
  bool IsOpaque(const Slot& s) { return s.IsRef() && !s.IsNull() && Object(s).opaque; }

  // Calls method `m` of the class on `args` (the receiver first for an instance method).
  // Its result: nullopt for void, and after a throw (run().thrown says what). Errors:
  // Unimplemented for an instruction or call not modelled, ResourceExhausted, and
  // InvalidArgument for malformed code or arguments.
  absl::StatusOr<std::optional<Slot>> Call(const classfile::MethodInfo& m, std::vector<Slot> args);

  HeapObject& Object(const Slot& ref) { return heap_[ref.Index()]; }
  ConcolicRun& run() { return run_; }
  const classfile::ClassFile& cls() const { return cls_; }

  // For the frames and natives: counts a step (ResourceExhausted past the limit), records
  // a decision when `cond` depends on an input, and notes a concretized value.
  absl::Status Step();
  void Branch(int32_t method, uint32_t offset, int32_t arm, bool taken, const Expr& cond);
  void Concretized(std::string what) { run_.concretized.push_back(std::move(what)); }
  // The decoded instructions of `m` and their index by offset (decoded once).
  struct Decoded {
    std::vector<classfile::Insn> insns;
    absl::flat_hash_map<uint32_t, size_t> index;
  };
  absl::StatusOr<const Decoded*> Decode(const classfile::MethodInfo& m);
  int depth = 0;  // calls in progress, for the recursion limit

 private:
  const classfile::ClassFile& cls_;
  int64_t max_steps_;
  ConcolicRun run_;
  std::vector<HeapObject> heap_;
  // Node-based: a frame keeps a reference to its method's entry while callees add theirs.
  absl::node_hash_map<const classfile::MethodInfo*, Decoded> decoded_;
};

// Runs static method `m` of `cls` on `inputs` (one per parameter: int for boolean, byte,
// char, short and int, then long, float, double); the returned value in `result`. Errors:
// InvalidArgument for a method that is not static, a non-primitive parameter or inputs
// that do not match; those of Interpreter::Call.
struct StaticRun : ConcolicRun {
  std::optional<Value> result;  // absent for void or a throw
  Expr result_expr;
};
absl::StatusOr<StaticRun> RunConcolic(const classfile::ClassFile& cls,
                                      const classfile::MethodInfo& m, std::span<const Value> inputs,
                                      int64_t max_steps = 1'000'000);

// The sort of an input for parameter descriptor character `c` (I, Z, B, C, S, J, F, D);
// nullopt for other types.
std::optional<Sort> InputSort(char c);

}  // namespace jtg::concolic
