#include "classfile/constant_pool_io.h"

#include <vector>

#include "absl/strings/str_format.h"

namespace jtg::classfile {
namespace {

Status ReadEntry(ByteReader& r, uint8_t tag, uint16_t index, CpEntry& e) {
  e.tag = tag;
  switch (tag) {
    case kCpUtf8: {
      uint16_t len = 0;
      std::span<const uint8_t> bytes;
      JTG_RETURN_IF_ERROR(r.U2(len));
      JTG_RETURN_IF_ERROR(r.Bytes(len, bytes));
      e.bytes.assign(bytes.begin(), bytes.end());
      return absl::OkStatus();
    }
    case kCpInteger:
    case kCpFloat: {
      uint32_t v = 0;
      JTG_RETURN_IF_ERROR(r.U4(v));
      e.value = v;
      return absl::OkStatus();
    }
    case kCpLong:
    case kCpDouble: return r.U8(e.value);
    case kCpClass:
    case kCpString:
    case kCpMethodType:
    case kCpModule:
    case kCpPackage: return r.U2(e.a);
    case kCpFieldref:
    case kCpMethodref:
    case kCpInterfaceMethodref:
    case kCpNameAndType:
    case kCpDynamic:
    case kCpInvokeDynamic: JTG_RETURN_IF_ERROR(r.U2(e.a)); return r.U2(e.b);
    case kCpMethodHandle: {
      uint8_t kind = 0;
      JTG_RETURN_IF_ERROR(r.U1(kind));
      e.a = kind;
      return r.U2(e.b);
    }
    default:
      return r.ErrorAt(r.offset() - 1,
                       absl::StrFormat("bad constant pool tag %d at index %d", tag, index));
  }
}

// Checks that cp[ref] has one of the allowed tags; `at` is the offset of the u2 field.
Status CheckRef(const ByteReader& r, const ConstantPool& cp, size_t at, uint16_t index,
                uint16_t ref, std::initializer_list<CpTag> allowed) {
  for (CpTag t : allowed) {
    if (cp.Is(ref, t)) return absl::OkStatus();
  }
  std::string want;
  for (CpTag t : allowed)
    absl::StrAppend(&want, want.empty() ? "" : " or ", std::string(CpTagName(t)));
  if (ref == 0 || ref >= cp.size()) {
    return r.ErrorAt(at, absl::StrFormat("constant pool entry %d refers to index %d out of "
                                         "range 1..%d",
                                         index, ref, cp.size() - 1));
  }
  return r.ErrorAt(at, absl::StrFormat("constant pool entry %d refers to index %d (%s), "
                                       "expected %s",
                                       index, ref, CpTagName(cp.entries()[ref].tag), want));
}

Status Validate(const ByteReader& r, const ConstantPool& cp, const std::vector<size_t>& offsets) {
  for (uint16_t i = 1; i < cp.size(); ++i) {
    const CpEntry& e = cp.entries()[i];
    size_t at = offsets[i] + 1;  // first operand
    switch (e.tag) {
      case kCpClass:
      case kCpString:
      case kCpMethodType:
      case kCpModule:
      case kCpPackage: JTG_RETURN_IF_ERROR(CheckRef(r, cp, at, i, e.a, {kCpUtf8})); break;
      case kCpFieldref:
      case kCpMethodref:
      case kCpInterfaceMethodref:
        JTG_RETURN_IF_ERROR(CheckRef(r, cp, at, i, e.a, {kCpClass}));
        JTG_RETURN_IF_ERROR(CheckRef(r, cp, at + 2, i, e.b, {kCpNameAndType}));
        break;
      case kCpNameAndType:
        JTG_RETURN_IF_ERROR(CheckRef(r, cp, at, i, e.a, {kCpUtf8}));
        JTG_RETURN_IF_ERROR(CheckRef(r, cp, at + 2, i, e.b, {kCpUtf8}));
        break;
      case kCpDynamic:
      case kCpInvokeDynamic:
        JTG_RETURN_IF_ERROR(CheckRef(r, cp, at + 2, i, e.b, {kCpNameAndType}));
        break;
      case kCpMethodHandle:
        if (e.a < 1 || e.a > 9) {
          return r.ErrorAt(at, absl::StrFormat("constant pool entry %d has bad method "
                                               "handle kind %d",
                                               i, e.a));
        }
        if (e.a <= 4) {
          JTG_RETURN_IF_ERROR(CheckRef(r, cp, at + 1, i, e.b, {kCpFieldref}));
        } else {
          JTG_RETURN_IF_ERROR(
              CheckRef(r, cp, at + 1, i, e.b, {kCpMethodref, kCpInterfaceMethodref}));
        }
        break;
      default: break;
    }
  }
  return absl::OkStatus();
}

}  // namespace

Status ReadConstantPool(ByteReader& r, ConstantPool& cp) {
  size_t count_at = r.offset();
  uint16_t count = 0;
  JTG_RETURN_IF_ERROR(r.U2(count));
  if (count == 0) return r.ErrorAt(count_at, "constant_pool_count is 0");
  std::vector<CpEntry>& entries = cp.mutable_entries();
  entries.assign(count, CpEntry{});
  std::vector<size_t> offsets(count, 0);
  for (uint16_t i = 1; i < count; ++i) {
    offsets[i] = r.offset();
    uint8_t tag = 0;
    JTG_RETURN_IF_ERROR(r.U1(tag));
    JTG_RETURN_IF_ERROR(ReadEntry(r, tag, i, entries[i]));
    if (tag == kCpLong || tag == kCpDouble) {
      if (i + 1 >= count) {
        return r.ErrorAt(offsets[i], absl::StrFormat("%s at index %d needs two slots but "
                                                     "the pool ends",
                                                     CpTagName(tag), i));
      }
      ++i;  // second slot stays kCpUnusable
    }
  }
  return Validate(r, cp, offsets);
}

Status WriteConstantPool(const ConstantPool& cp, ByteWriter& w) {
  const std::vector<CpEntry>& entries = cp.entries();
  JTG_RETURN_IF_ERROR(CheckU16(entries.size(), "constant pool"));
  w.U2(static_cast<uint16_t>(entries.size()));
  for (size_t i = 1; i < entries.size(); ++i) {
    const CpEntry& e = entries[i];
    if (e.tag == kCpUnusable) continue;  // second slot of a Long/Double
    w.U1(e.tag);
    switch (e.tag) {
      case kCpUtf8:
        if (e.bytes.size() > 0xFFFF) {
          return absl::ResourceExhaustedError(
              absl::StrFormat("Utf8 constant %d is %d bytes long (max 65535)", i, e.bytes.size()));
        }
        w.U2(static_cast<uint16_t>(e.bytes.size()));
        w.Bytes(e.bytes);
        break;
      case kCpInteger:
      case kCpFloat: w.U4(static_cast<uint32_t>(e.value)); break;
      case kCpLong:
      case kCpDouble: w.U8(e.value); break;
      case kCpClass:
      case kCpString:
      case kCpMethodType:
      case kCpModule:
      case kCpPackage: w.U2(e.a); break;
      case kCpMethodHandle:
        w.U1(static_cast<uint8_t>(e.a));
        w.U2(e.b);
        break;
      default:
        w.U2(e.a);
        w.U2(e.b);
        break;
    }
  }
  return absl::OkStatus();
}

}  // namespace jtg::classfile
