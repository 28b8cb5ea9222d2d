// The verifier's type state (locals and operand stack) before every instruction of a
// method, for instrumentation that adds a branch target of its own inside straight-line
// code and so must give it a stack map frame (array_probes.h: the skip label of an inline
// fold guard).
//
// Algorithm: the JVMS 17 §4.10.1 type checker, which is linear. The state before
// instruction i is the StackMapTable frame at i when there is one (§4.10.1.4: a frame
// replaces the incoming state), the method's implicit initial frame at offset 0
// (§4.10.1.6), and otherwise the state after instruction i - 1 when it falls through. No
// merging is needed: every merge point has a frame. The transfer functions are those of
// §4.10.1.9 (per instruction): int-like values (boolean, byte, char, short, int) are
// Integer; a long or double is one entry in the frame form used here (FrameState, as in a
// StackMapTable), occupying two local slots; a store into local n makes n + 1 Top after a
// long or double and turns a long or double in n - 1 into Top; `new` pushes
// uninitialized(its offset); invokespecial <init> replaces every occurrence of its receiver's
// uninitialized type, in locals and stack, by the initialized class; aaload pushes the
// component type of the array type on the stack (null for null).
//
// Shapes: one entry per instruction of `insns` (the decoding of `code.code`), nullopt where
// the state is unknown: code the linear pass cannot reach (after a goto, return, athrow or
// switch with no frame at the next instruction: dead code, which no verifier checks either),
// and code after jsr or ret (pre-Java-6 subroutines; such classes need no frames). Offsets in
// uninitialized entries are those of `code` (map them if the code moves). Class constants for
// the types named (field, method and array component types) are added to `cp`.
// Errors: InvalidArgument for a malformed method the verifier would reject (stack underflow,
// bad descriptor, an ldc of a constant that cannot be loaded); DataLoss for a bad constant
// pool reference (from ConstantPool's accessors); ResourceExhausted on constant pool overflow.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "common/status.h"
#include "instrument/frame_state.h"

namespace jtg::instrument {

StatusOr<std::vector<std::optional<FrameState>>> StatesBefore(
    const classfile::CodeAttribute& code, const std::vector<classfile::Insn>& insns,
    std::string_view class_name, std::string_view method_name, std::string_view descriptor,
    bool is_static, classfile::ConstantPool& cp);

}  // namespace jtg::instrument
