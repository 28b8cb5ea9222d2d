// Decoding of the Code attribute (JVMS 17 §4.7.3) with validation, internal to classfile/.
// Encoding is the public EncodeCode in class_file.h (code_attribute.cc).
#pragma once

#include "classfile/attribute_list.h"
#include "classfile/class_file.h"

namespace jtg::classfile {

// Decodes a Code attribute's info into `out`: code, exception table, raw sub-attributes and
// their decoded views. DataLoss for code_length 0 or > 65535, invalid instructions or
// branch targets, handler ranges outside the code, bad sub-attributes, trailing bytes.
Status DecodeCodeAttribute(const AttrSource& src, std::string_view what, const ConstantPool& cp,
                           CodeAttribute& out);

}  // namespace jtg::classfile
