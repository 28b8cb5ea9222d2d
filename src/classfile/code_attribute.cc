#include "classfile/code_attribute.h"

#include <algorithm>

#include "absl/strings/str_format.h"
#include "classfile/attributes.h"
#include "classfile/bytecode.h"

namespace jtg::classfile {
namespace {

constexpr std::string_view kLineNumberTable = "LineNumberTable";
constexpr std::string_view kLocalVariableTable = "LocalVariableTable";
constexpr std::string_view kLocalVariableTypeTable = "LocalVariableTypeTable";
constexpr std::string_view kStackMapTable = "StackMapTable";

Status ReadHandler(ByteReader& r, const ConstantPool& cp, InsnStarts starts, ExceptionHandler& h) {
  size_t at = r.offset();
  JTG_RETURN_IF_ERROR(r.U2(h.start_pc));
  JTG_RETURN_IF_ERROR(r.U2(h.end_pc));
  JTG_RETURN_IF_ERROR(r.U2(h.handler_pc));
  JTG_RETURN_IF_ERROR(r.U2(h.catch_type));
  const size_t len = starts.size();
  bool ok = h.start_pc < h.end_pc && h.end_pc <= len && starts[h.start_pc] &&
            (h.end_pc == len || starts[h.end_pc]) && h.handler_pc < len && starts[h.handler_pc];
  if (!ok) {
    return r.ErrorAt(at, absl::StrFormat("exception handler [%d, %d) -> %d outside the code "
                                         "or not on instruction boundaries (length %d)",
                                         h.start_pc, h.end_pc, h.handler_pc, len));
  }
  if (h.catch_type != 0 && !cp.Is(h.catch_type, kCpClass)) {
    return r.ErrorAt(at + 6, absl::StrFormat("exception handler catch_type %d is not a "
                                             "Class constant",
                                             h.catch_type));
  }
  return absl::OkStatus();
}

Status DecodeSubAttribute(const AttrSource& src, std::string_view what, const ConstantPool& cp,
                          InsnStarts starts, CodeAttribute& out) {
  if (src.name == kLineNumberTable) {
    ByteReader r = src.Reader(what, "attribute LineNumberTable");
    return DecodeLineNumberTable(r, starts, out.lines);
  }
  if (src.name == kLocalVariableTable) {
    ByteReader r = src.Reader(what, "attribute LocalVariableTable");
    return DecodeLocalVariableTable(r, cp, starts, out.locals);
  }
  if (src.name == kLocalVariableTypeTable) {
    ByteReader r = src.Reader(what, "attribute LocalVariableTypeTable");
    return DecodeLocalVariableTable(r, cp, starts, out.local_types);
  }
  if (src.name == kStackMapTable) {
    if (out.has_stack_map) {
      return DataLossAt(what, src.info_offset, "more than one StackMapTable attribute");
    }
    out.has_stack_map = true;
    ByteReader r = src.Reader(what, "attribute StackMapTable");
    return DecodeStackMapTable(r, cp, starts, out.frames);
  }
  return absl::OkStatus();
}

// Entry count recorded in a raw table's info (its first u2), 0 if too short.
size_t RawCount(const Attribute& a) {
  return a.info.size() < 2 ? 0 : (size_t{a.info[0]} << 8) | a.info[1];
}

// Re-encodes `items` into the raw attributes named `name` within `attrs`. With several
// such attributes, each keeps its previous entry count while items last and the last one
// takes the rest. With none, appends one if `items` is non-empty or `force`.
template <typename T, typename Encoder>
Status EncodeTables(ConstantPool& cp, std::vector<Attribute>& attrs, std::string_view name,
                    const std::vector<T>& items, bool force, Encoder encode) {
  std::vector<size_t> at;
  for (size_t i = 0; i < attrs.size(); ++i) {
    StatusOr<std::string_view> n = cp.Utf8(attrs[i].name_index);
    if (n.ok() && *n == name) at.push_back(i);
  }
  if (at.empty()) {
    if (items.empty() && !force) return absl::OkStatus();
    JTG_ASSIGN_OR_RETURN(uint16_t name_index, cp.AddUtf8(name));
    JTG_ASSIGN_OR_RETURN(std::vector<uint8_t> info, encode(std::span<const T>(items)));
    attrs.push_back(Attribute{name_index, std::move(info)});
    return absl::OkStatus();
  }
  size_t next = 0;
  for (size_t k = 0; k < at.size(); ++k) {
    size_t left = items.size() - next;
    size_t take = k + 1 == at.size() ? left : std::min(left, RawCount(attrs[at[k]]));
    std::span<const T> slice(items.data() + next, take);
    JTG_ASSIGN_OR_RETURN(attrs[at[k]].info, encode(slice));
    next += take;
  }
  return absl::OkStatus();
}

}  // namespace

Status DecodeCodeAttribute(const AttrSource& src, std::string_view what, const ConstantPool& cp,
                           CodeAttribute& out) {
  ByteReader r = src.Reader(what, "attribute Code");
  JTG_RETURN_IF_ERROR(r.U2(out.max_stack));
  JTG_RETURN_IF_ERROR(r.U2(out.max_locals));
  size_t length_at = r.offset();
  uint32_t code_length = 0;
  JTG_RETURN_IF_ERROR(r.U4(code_length));
  if (code_length == 0 || code_length > 0xFFFF) {
    return r.ErrorAt(length_at,
                     absl::StrFormat("code_length %d out of range 1..65535", code_length));
  }
  size_t code_at = r.offset();
  std::span<const uint8_t> code;
  JTG_RETURN_IF_ERROR(r.Bytes(code_length, code));
  out.code.assign(code.begin(), code.end());
  JTG_ASSIGN_OR_RETURN(std::vector<Insn> insns, DecodeCode(code, what, code_at));
  std::vector<uint8_t> starts(code_length, 0);
  for (const Insn& insn : insns) starts[insn.offset] = 1;

  uint16_t handlers = 0;
  JTG_RETURN_IF_ERROR(r.U2(handlers));
  out.handlers.resize(handlers);
  for (ExceptionHandler& h : out.handlers) {
    JTG_RETURN_IF_ERROR(ReadHandler(r, cp, starts, h));
  }
  std::vector<AttrSource> sources;
  JTG_RETURN_IF_ERROR(ReadAttributeList(r, cp, out.attributes, sources));
  for (const AttrSource& s : sources) {
    JTG_RETURN_IF_ERROR(DecodeSubAttribute(s, what, cp, starts, out));
  }
  return r.ExpectEnd();
}

Status EncodeCode(ClassFile& cls, MethodInfo& m) {
  if (!m.code.has_value() || m.code_attribute < 0 ||
      static_cast<size_t>(m.code_attribute) >= m.attributes.size()) {
    return absl::FailedPreconditionError("EncodeCode: method has no Code attribute");
  }
  const CodeAttribute& c = *m.code;
  if (c.code.empty() || c.code.size() > 0xFFFF) {
    return absl::ResourceExhaustedError(
        absl::StrFormat("code length %d out of range 1..65535", c.code.size()));
  }
  JTG_RETURN_IF_ERROR(CheckU16(c.handlers.size(), "exception handler"));

  std::vector<Attribute> attrs = c.attributes;
  JTG_RETURN_IF_ERROR(
      EncodeTables(cls.cp, attrs, kLineNumberTable, c.lines, false, EncodeLineNumberTable));
  JTG_RETURN_IF_ERROR(
      EncodeTables(cls.cp, attrs, kLocalVariableTable, c.locals, false, EncodeLocalVariableTable));
  JTG_RETURN_IF_ERROR(EncodeTables(cls.cp, attrs, kLocalVariableTypeTable, c.local_types, false,
                                   EncodeLocalVariableTable));
  JTG_RETURN_IF_ERROR(
      EncodeTables(cls.cp, attrs, kStackMapTable, c.frames, c.has_stack_map, EncodeStackMapTable));

  ByteWriter w;
  w.U2(c.max_stack);
  w.U2(c.max_locals);
  w.U4(static_cast<uint32_t>(c.code.size()));
  w.Bytes(c.code);
  w.U2(static_cast<uint16_t>(c.handlers.size()));
  for (const ExceptionHandler& h : c.handlers) {
    w.U2(h.start_pc);
    w.U2(h.end_pc);
    w.U2(h.handler_pc);
    w.U2(h.catch_type);
  }
  JTG_RETURN_IF_ERROR(WriteAttributeList(attrs, w));
  m.attributes[m.code_attribute].info = w.Take();
  m.code->attributes = std::move(attrs);
  return absl::OkStatus();
}

Status AppendMethod(ClassFile& cls, uint16_t access, std::string_view name, std::string_view desc,
                    CodeAttribute code) {
  MethodInfo m;
  m.access = access;
  JTG_ASSIGN_OR_RETURN(m.name_index, cls.cp.AddUtf8(name));
  JTG_ASSIGN_OR_RETURN(m.descriptor_index, cls.cp.AddUtf8(desc));
  Attribute code_attr;
  JTG_ASSIGN_OR_RETURN(code_attr.name_index, cls.cp.AddUtf8("Code"));
  m.attributes.push_back(std::move(code_attr));
  m.code_attribute = 0;
  m.code = std::move(code);
  JTG_RETURN_IF_ERROR(EncodeCode(cls, m));
  cls.methods.push_back(std::move(m));
  return absl::OkStatus();
}

}  // namespace jtg::classfile
