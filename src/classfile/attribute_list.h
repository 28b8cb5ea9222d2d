// Reading and writing attribute tables (u2 count, then name/length/info), internal to
// classfile/. Names are resolved through the constant pool while reading.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "classfile/byte_reader.h"
#include "classfile/byte_writer.h"
#include "classfile/class_file.h"

namespace jtg::classfile {

// Where one attribute was read from: its resolved name and its info bytes in the input
// (views into the parsed buffer and the constant pool; valid while both live).
struct AttrSource {
  std::string_view name;
  size_t info_offset = 0;  // absolute offset of info[0]
  std::span<const uint8_t> info;

  // A reader over the info bytes reporting absolute offsets.
  ByteReader Reader(std::string_view what, std::string_view region) const {
    return ByteReader(info, what, info_offset, region);
  }
};

// Appends the attributes to `out` and their sources to `sources`. DataLoss when a name
// index is not a Utf8 constant or an attribute's length overruns its container.
Status ReadAttributeList(ByteReader& r, const ConstantPool& cp, std::vector<Attribute>& out,
                         std::vector<AttrSource>& sources);

// Writes count and attributes. ResourceExhausted past 65535 attributes or 4 GiB of info.
Status WriteAttributeList(std::span<const Attribute> attrs, ByteWriter& w);

// Reads a Signature attribute's info (exactly one Utf8 index).
Status ReadSignature(const AttrSource& src, std::string_view what, const ConstantPool& cp,
                     uint16_t& out);

}  // namespace jtg::classfile
