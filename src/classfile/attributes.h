// Decoders and encoders for the Code sub-attributes the analyses use (JVMS 17 §4.7.4,
// §4.7.12-14): LineNumberTable, LocalVariableTable / LocalVariableTypeTable and
// StackMapTable. Decoders read an attribute's info bytes (the reader is positioned at the
// start of info and must be consumed exactly) and validate pcs against the code;
// encoders produce the info bytes. Encode(Decode(info)) == info for every valid input.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "classfile/byte_reader.h"
#include "classfile/class_file.h"

namespace jtg::classfile {

// `insn_start[pc]` is non-zero iff an instruction starts at pc; its size is code_length.
using InsnStarts = std::span<const uint8_t>;

// Appends the entries to `out`. DataLoss for a start_pc outside the code.
Status DecodeLineNumberTable(ByteReader& r, InsnStarts starts, std::vector<LineNumber>& out);
// Appends the entries to `out`. DataLoss for a range outside the code or a name/descriptor
// index that is not a Utf8 constant.
Status DecodeLocalVariableTable(ByteReader& r, const ConstantPool& cp, InsnStarts starts,
                                std::vector<LocalVariable>& out);
// Decodes all frames with absolute offsets. DataLoss for a reserved frame type, a bad
// verification type tag, a frame offset that is not an instruction start, a bad Object
// class index or an Uninitialized offset outside the code.
Status DecodeStackMapTable(ByteReader& r, const ConstantPool& cp, InsnStarts starts,
                           std::vector<StackMapFrame>& out);

// ResourceExhausted when a table passes 65535 entries.
StatusOr<std::vector<uint8_t>> EncodeLineNumberTable(std::span<const LineNumber> lines);
StatusOr<std::vector<uint8_t>> EncodeLocalVariableTable(std::span<const LocalVariable> locals);
// Keeps each frame's kind (frame_type byte) but recomputes offset_delta from the absolute
// offsets, widening same / same_locals_1_stack_item frames to their extended forms when
// the delta no longer fits. InvalidArgument for offsets that are not increasing or a frame
// whose contents do not match its kind.
StatusOr<std::vector<uint8_t>> EncodeStackMapTable(std::span<const StackMapFrame> frames);

}  // namespace jtg::classfile
