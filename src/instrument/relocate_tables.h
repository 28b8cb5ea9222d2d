// Relocation of the offset-bearing tables of a Code attribute after code insertion
// (code_layout.h), following JVMS 17 §4.7.3-§4.7.14:
//   - exception table: start_pc, handler_pc -> label of the instruction; end_pc -> label of
//     the end instruction (or the new code length), so at-label code of the start and
//     fall-through code of the last covered instruction stay inside the range;
//   - LineNumberTable: start_pc -> label;
//   - LocalVariable(Type)Table: start_pc -> label, length = mapped(end) - mapped(start);
//   - StackMapTable: frame offset -> label; uninitialized(offset) -> position of the `new`
//     instruction itself; frame_type re-derived from the new offset_delta (same_frame
//     0-63 <-> 251, same_locals_1_stack_item 64-127 <-> 247);
//   - RuntimeVisible/InvisibleTypeAnnotations sub-attributes are dropped.
#pragma once

#include "classfile/class_file.h"
#include "instrument/code_layout.h"

namespace jtg::instrument {

// Rewrites every table of `code` (whose `code` bytes are already the new ones) using
// `layout`. `cp` resolves sub-attribute names.
void RelocateTables(const Layout& layout, const classfile::ConstantPool& cp,
                    classfile::CodeAttribute& code);

// Sets each frame's frame_type to the kind consistent with its offset_delta (first frame:
// delta = offset; later: offset - previous offset - 1). Frames must be in offset order.
void RederiveFrameTypes(std::vector<classfile::StackMapFrame>& frames);

}  // namespace jtg::instrument
