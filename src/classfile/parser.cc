// Parse(): the top-level class-file structure. Constant pool, attribute tables and the
// Code attribute are read by constant_pool_io.cc, attribute_list.cc and code_attribute.cc.
#include "absl/strings/str_format.h"
#include "classfile/attribute_list.h"
#include "classfile/class_file.h"
#include "classfile/code_attribute.h"
#include "classfile/constant_pool_io.h"

namespace jtg::classfile {
namespace {

constexpr uint32_t kMagic = 0xCAFEBABE;

// Reads a u2 that must be the index of a constant with `tag` (or 0 when `zero_ok`).
Status ReadIndex(ByteReader& r, const ConstantPool& cp, CpTag tag, std::string_view field,
                 uint16_t& out, bool zero_ok = false) {
  size_t at = r.offset();
  JTG_RETURN_IF_ERROR(r.U2(out));
  if ((zero_ok && out == 0) || cp.Is(out, tag)) return absl::OkStatus();
  return r.ErrorAt(at,
                   absl::StrFormat("%s index %d is not a %s constant", field, out, CpTagName(tag)));
}

// Fields and methods share the layout; `code` is null for fields.
template <typename Member>
Status ReadMember(ByteReader& r, const ConstantPool& cp, Member& m,
                  std::optional<CodeAttribute>* code, int* code_attribute) {
  JTG_RETURN_IF_ERROR(r.U2(m.access));
  JTG_RETURN_IF_ERROR(ReadIndex(r, cp, kCpUtf8, "member name", m.name_index));
  JTG_RETURN_IF_ERROR(ReadIndex(r, cp, kCpUtf8, "member descriptor", m.descriptor_index));
  std::vector<AttrSource> sources;
  JTG_RETURN_IF_ERROR(ReadAttributeList(r, cp, m.attributes, sources));
  for (size_t i = 0; i < sources.size(); ++i) {
    const AttrSource& s = sources[i];
    if (s.name == "Signature") {
      uint16_t sig = 0;
      JTG_RETURN_IF_ERROR(ReadSignature(s, r.what(), cp, sig));
      m.signature_index = sig;
    } else if (s.name == "Code" && code != nullptr) {
      if (code->has_value()) {
        return DataLossAt(r.what(), s.info_offset, "more than one Code attribute");
      }
      code->emplace();
      JTG_RETURN_IF_ERROR(DecodeCodeAttribute(s, r.what(), cp, **code));
      *code_attribute = static_cast<int>(i);
    }
  }
  return absl::OkStatus();
}

Status ReadVersion(ByteReader& r, ParseResult& out) {
  JTG_RETURN_IF_ERROR(r.U2(out.cls.minor_version));
  size_t major_at = r.offset();
  JTG_RETURN_IF_ERROR(r.U2(out.cls.major_version));
  const uint16_t major = out.cls.major_version;
  if (major < kMinMajorVersion) {
    return r.ErrorAt(major_at, absl::StrFormat("class file major version %d is older than "
                                               "the supported %d..%d",
                                               major, kMinMajorVersion, kMaxMajorVersion));
  }
  if (major > kMaxMajorVersion) {
    out.warning = absl::StrFormat(
        "%s: class file major version %d is newer than the "
        "supported %d..%d (Java 25); reading forward",
        r.what(), major, kMinMajorVersion, kMaxMajorVersion);
  }
  return absl::OkStatus();
}

}  // namespace

StatusOr<ParseResult> Parse(std::span<const uint8_t> bytes, std::string_view what) {
  ParseResult out;
  ClassFile& cls = out.cls;
  ByteReader r(bytes, what);
  uint32_t magic = 0;
  JTG_RETURN_IF_ERROR(r.U4(magic));
  if (magic != kMagic) {
    return r.ErrorAt(0, absl::StrFormat("bad magic 0x%08X (expected 0xCAFEBABE)", magic));
  }
  JTG_RETURN_IF_ERROR(ReadVersion(r, out));
  JTG_RETURN_IF_ERROR(ReadConstantPool(r, cls.cp));
  JTG_RETURN_IF_ERROR(r.U2(cls.access));
  JTG_RETURN_IF_ERROR(ReadIndex(r, cls.cp, kCpClass, "this_class", cls.this_class));
  JTG_RETURN_IF_ERROR(
      ReadIndex(r, cls.cp, kCpClass, "super_class", cls.super_class, /*zero_ok=*/true));
  uint16_t n = 0;
  JTG_RETURN_IF_ERROR(r.U2(n));
  cls.interfaces.resize(n);
  for (uint16_t& i : cls.interfaces) {
    JTG_RETURN_IF_ERROR(ReadIndex(r, cls.cp, kCpClass, "interface", i));
  }
  JTG_RETURN_IF_ERROR(r.U2(n));
  cls.fields.resize(n);
  for (FieldInfo& f : cls.fields) {
    JTG_RETURN_IF_ERROR(ReadMember(r, cls.cp, f, nullptr, nullptr));
  }
  JTG_RETURN_IF_ERROR(r.U2(n));
  cls.methods.resize(n);
  for (MethodInfo& m : cls.methods) {
    JTG_RETURN_IF_ERROR(ReadMember(r, cls.cp, m, &m.code, &m.code_attribute));
  }
  std::vector<AttrSource> sources;
  JTG_RETURN_IF_ERROR(ReadAttributeList(r, cls.cp, cls.attributes, sources));
  for (const AttrSource& s : sources) {
    if (s.name != "Signature") continue;
    uint16_t sig = 0;
    JTG_RETURN_IF_ERROR(ReadSignature(s, what, cls.cp, sig));
    cls.signature_index = sig;
  }
  if (!r.AtEnd()) {
    return r.Error(absl::StrFormat("%d trailing bytes after the class file", r.remaining()));
  }
  return out;
}

}  // namespace jtg::classfile
