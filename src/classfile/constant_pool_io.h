// Reading and writing the constant_pool table of a class file (internal to classfile/).
#pragma once

#include "classfile/byte_reader.h"
#include "classfile/byte_writer.h"
#include "classfile/constant_pool.h"

namespace jtg::classfile {

// Reads constant_pool_count and the entries, then validates every cross reference (tags
// and index ranges). Errors: DataLoss at the offending byte offset.
Status ReadConstantPool(ByteReader& r, ConstantPool& cp);

// Writes constant_pool_count and the entries. ResourceExhausted past 65535 slots.
Status WriteConstantPool(const ConstantPool& cp, ByteWriter& w);

}  // namespace jtg::classfile
