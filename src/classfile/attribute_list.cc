#include "classfile/attribute_list.h"

#include "absl/strings/str_format.h"

namespace jtg::classfile {

Status ReadAttributeList(ByteReader& r, const ConstantPool& cp, std::vector<Attribute>& out,
                         std::vector<AttrSource>& sources) {
  uint16_t n = 0;
  JTG_RETURN_IF_ERROR(r.U2(n));
  for (uint16_t i = 0; i < n; ++i) {
    size_t at = r.offset();
    Attribute a;
    uint32_t length = 0;
    JTG_RETURN_IF_ERROR(r.U2(a.name_index));
    if (!cp.Is(a.name_index, kCpUtf8)) {
      return r.ErrorAt(
          at, absl::StrFormat("attribute name index %d is not a Utf8 constant", a.name_index));
    }
    std::string_view name = cp.entries()[a.name_index].bytes;
    size_t length_at = r.offset();
    JTG_RETURN_IF_ERROR(r.U4(length));
    if (length > r.remaining()) {
      return r.ErrorAt(length_at, absl::StrFormat("attribute %s length %d overruns its "
                                                  "container (%d bytes left)",
                                                  name, length, r.remaining()));
    }
    AttrSource src;
    src.name = name;
    src.info_offset = r.offset();
    JTG_RETURN_IF_ERROR(r.Bytes(length, src.info));
    a.info.assign(src.info.begin(), src.info.end());
    out.push_back(std::move(a));
    sources.push_back(src);
  }
  return absl::OkStatus();
}

Status WriteAttributeList(std::span<const Attribute> attrs, ByteWriter& w) {
  JTG_RETURN_IF_ERROR(CheckU16(attrs.size(), "attribute"));
  w.U2(static_cast<uint16_t>(attrs.size()));
  for (const Attribute& a : attrs) {
    if (a.info.size() > 0xFFFFFFFFu) {
      return absl::ResourceExhaustedError("attribute longer than 4 GiB");
    }
    w.U2(a.name_index);
    w.U4(static_cast<uint32_t>(a.info.size()));
    w.Bytes(a.info);
  }
  return absl::OkStatus();
}

Status ReadSignature(const AttrSource& src, std::string_view what, const ConstantPool& cp,
                     uint16_t& out) {
  ByteReader r = src.Reader(what, "attribute Signature");
  JTG_RETURN_IF_ERROR(r.U2(out));
  if (!cp.Is(out, kCpUtf8)) {
    return r.ErrorAt(src.info_offset,
                     absl::StrFormat("Signature index %d is not a Utf8 constant", out));
  }
  return r.ExpectEnd();
}

}  // namespace jtg::classfile
