// The complete verification state (locals and operand stack) a StackMapTable describes at
// one offset, for code that needs to add a frame of its own (array_probes.h: a landing pad
// gets a full_frame equal to its jump target's frame).
//
// Frames are expanded in order from the method's implicit initial frame (JVMS 17 §4.10.1.6:
// `this` as Object(class) or, in <init> of any class but java/lang/Object,
// uninitializedThis; then the parameters, long/double as one entry each), applying same,
// same_locals_1_stack_item, chop (drops the last k entries), append and full frames.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "classfile/class_file.h"
#include "common/status.h"

namespace jtg::instrument {

struct FrameState {
  std::vector<classfile::VerificationType> locals, stack;
  bool operator==(const FrameState&) const = default;
};

// The method's implicit initial frame (JVMS 17 §4.10.1.6), in frame form. Adds Class
// constants for reference parameters to `cp`. Errors: InvalidArgument for a bad descriptor;
// ResourceExhausted on constant pool overflow.
StatusOr<FrameState> InitialState(std::string_view class_name, std::string_view method_name,
                                  std::string_view descriptor, bool is_static,
                                  classfile::ConstantPool& cp);

// Every frame of `code.frames` as a full state, in table order, each with its offset.
// Errors: InvalidArgument for a chop past the locals.
StatusOr<std::vector<std::pair<uint32_t, FrameState>>> ExpandFrames(
    const classfile::CodeAttribute& code, const FrameState& initial);

// The inverse: a StackMapTable for the given states (sorted by offset, one per offset),
// each frame in its most compact kind relative to the previous one (same, same_locals_1,
// chop, append, else full; JVMS 17 §4.7.4), as javac writes them.
std::vector<classfile::StackMapFrame> CompressFrames(
    const FrameState& initial, const std::vector<std::pair<uint32_t, FrameState>>& states);

// The state of the frame whose (already relocated) offset is `offset` in `code.frames`.
// Adds Class constants for reference parameters to `cp`. Errors: NotFound when no frame
// has that offset; InvalidArgument for a bad descriptor or a chop past the locals;
// ResourceExhausted on constant pool overflow.
StatusOr<FrameState> FrameAt(const classfile::CodeAttribute& code, uint32_t offset,
                             std::string_view class_name, std::string_view method_name,
                             std::string_view descriptor, bool is_static,
                             classfile::ConstantPool& cp);

}  // namespace jtg::instrument
