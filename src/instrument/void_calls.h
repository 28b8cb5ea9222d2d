// PIT's VOID_METHOD_CALLS mutator (https://pitest.org/quickstart/mutators/, "Void Method Call
// Mutator"): a call of a method returning void is removed. Here it is a weak-mutation site
// (plan.h MutationSite, mutant k = PitMutant(kVoidMethodCalls)) whose instruction is replaced
// linearly, so that no branch and no stack map frame is added to the mutated method:
//   invoke<x> owner.m(A..)V   ->   push site id; invokestatic C.jtg$void$<n>(R, A.., I)V
// where jtg$void$<n> is a private static synthetic helper added to the class C itself, one per
// distinct (invoke opcode, called method):
//   iload id; sipush <x>; invokestatic jtestgen/rt/PitMutation.voidCall(II)Z; ifne CALL; return;
//   CALL (same_frame): load R, A..; invoke<x> owner.m(A..)V; return
// PitMutation.voidCall logs the reached marker and the mutant (a removed call always counts as
// infected) and returns false only while the site's mutant is switched on (strong mutation).
// R, the receiver's parameter type, is the class C for invokespecial (a private or super
// method: the verifier wants the current class there) and the Methodref's owner otherwise.
//
// Which calls are sites, as PIT's VoidMethodCallMutator and its default filters have them:
// invokevirtual/invokespecial/invokestatic/invokeinterface of a method whose descriptor returns
// V, except constructors (<init>), calls in static initializers (<clinit>: PIT filters
// mutants there), calls of logging frameworks (PIT's default avoidCallsTo: java.util.logging,
// org.apache.log4j, org.apache.logging.log4j, org.slf4j, org.apache.commons.logging), and,
// as jtestgen's own choices, System.exit / Runtime.exit / Runtime.halt (rewritten in place for
// the sandbox), signature-polymorphic MethodHandle/VarHandle calls, and calls whose receiver
// and arguments fill more than 250 local slots (the helper could not take the id). Classes
// that cannot hold a static helper (interfaces below class file version 52) get none.
//
// Thread safety: VoidCallHelpers is per class and not thread-safe; the rest is pure.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "classfile/constant_pool.h"
#include "common/status.h"

namespace jtg::instrument {

// Whether the instruction `in` of `code` is a VOID_METHOD_CALLS site in the method `method`
// (its name) of a class whose pool is `cp` (see above). False for anything but an invoke.
bool IsVoidCallSite(const classfile::Insn& in, const classfile::CodeAttribute& code,
                    const classfile::ConstantPool& cp, std::string_view method);

// Whether `cls` can hold the helpers (not an interface below class file version 52).
bool CanHoldVoidCallHelpers(const classfile::ClassFile& cls);

// The helpers of one class: hands out the Methodref of the helper that replaces a call, and
// adds the helpers' methods to the class once every method is instrumented.
class VoidCallHelpers {
 public:
  // The pool index of the helper replacing `in` (a site by IsVoidCallSite) in `cls`: a
  // Methodref (InterfaceMethodref in an interface) of a helper added by AddTo. Errors:
  // ResourceExhausted on pool overflow; InvalidArgument if `in` is no call of a void method.
  StatusOr<uint16_t> HelperFor(const classfile::Insn& in, const classfile::CodeAttribute& code,
                               classfile::ClassFile& cls);

  // Appends the helpers handed out so far to `cls.methods` (each once; calling it again adds
  // only newer ones). Errors: ResourceExhausted on pool overflow.
  Status AddTo(classfile::ClassFile& cls);

 private:
  struct Helper {
    std::string name, descriptor;
    uint8_t opcode = 0;          // the call's invoke instruction
    uint16_t target = 0;         // the call's Methodref / InterfaceMethodref index
    std::string params;          // one type letter per parameter: I J F D or A (reference)
    uint16_t slots = 0;          // local slots of the parameters before the id
    uint8_t interface_args = 0;  // invokeinterface's count byte
    uint16_t ref = 0;            // the helper's own Methodref / InterfaceMethodref index
  };
  std::vector<Helper> helpers_;                           // in the order handed out
  std::map<std::pair<uint8_t, uint16_t>, size_t> index_;  // (opcode, target) -> helper
  size_t added_ = 0;                                      // helpers AddTo appended
};

}  // namespace jtg::instrument
