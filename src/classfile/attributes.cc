#include "classfile/attributes.h"

#include "absl/strings/str_format.h"
#include "classfile/byte_writer.h"

namespace jtg::classfile {

Status DecodeLineNumberTable(ByteReader& r, InsnStarts starts, std::vector<LineNumber>& out) {
  uint16_t n = 0;
  JTG_RETURN_IF_ERROR(r.U2(n));
  for (uint16_t i = 0; i < n; ++i) {
    size_t at = r.offset();
    LineNumber ln;
    JTG_RETURN_IF_ERROR(r.U2(ln.start_pc));
    JTG_RETURN_IF_ERROR(r.U2(ln.line));
    if (ln.start_pc >= starts.size()) {
      return r.ErrorAt(at, absl::StrFormat("LineNumberTable start_pc %d outside the code "
                                           "(length %d)",
                                           ln.start_pc, starts.size()));
    }
    out.push_back(ln);
  }
  return r.ExpectEnd();
}

Status DecodeLocalVariableTable(ByteReader& r, const ConstantPool& cp, InsnStarts starts,
                                std::vector<LocalVariable>& out) {
  uint16_t n = 0;
  JTG_RETURN_IF_ERROR(r.U2(n));
  for (uint16_t i = 0; i < n; ++i) {
    size_t at = r.offset();
    LocalVariable v;
    JTG_RETURN_IF_ERROR(r.U2(v.start_pc));
    JTG_RETURN_IF_ERROR(r.U2(v.length));
    JTG_RETURN_IF_ERROR(r.U2(v.name_index));
    JTG_RETURN_IF_ERROR(r.U2(v.descriptor_index));
    JTG_RETURN_IF_ERROR(r.U2(v.index));
    if (uint32_t{v.start_pc} + v.length > starts.size()) {
      return r.ErrorAt(at, absl::StrFormat("local variable range %d+%d outside the code "
                                           "(length %d)",
                                           v.start_pc, v.length, starts.size()));
    }
    if (!cp.Is(v.name_index, kCpUtf8) || !cp.Is(v.descriptor_index, kCpUtf8)) {
      return r.ErrorAt(at + 4, absl::StrFormat("local variable name/descriptor %d/%d is not "
                                               "a Utf8 constant",
                                               v.name_index, v.descriptor_index));
    }
    out.push_back(v);
  }
  return r.ExpectEnd();
}

namespace {

Status ReadVerificationType(ByteReader& r, const ConstantPool& cp, InsnStarts starts,
                            VerificationType& out) {
  size_t at = r.offset();
  JTG_RETURN_IF_ERROR(r.U1(out.tag));
  if (out.tag > VerificationType::kUninitialized) {
    return r.ErrorAt(at, absl::StrFormat("bad verification type tag %d", out.tag));
  }
  if (out.tag == VerificationType::kObject) {
    JTG_RETURN_IF_ERROR(r.U2(out.data));
    if (!cp.Is(out.data, kCpClass)) {
      return r.ErrorAt(at + 1, absl::StrFormat("Object verification type refers to "
                                               "constant %d, not a Class",
                                               out.data));
    }
  } else if (out.tag == VerificationType::kUninitialized) {
    JTG_RETURN_IF_ERROR(r.U2(out.data));
    if (out.data >= starts.size() || !starts[out.data]) {
      return r.ErrorAt(at + 1, absl::StrFormat("Uninitialized offset %d is not an "
                                               "instruction in the code",
                                               out.data));
    }
  }
  return absl::OkStatus();
}

Status ReadTypes(ByteReader& r, const ConstantPool& cp, InsnStarts starts, size_t n,
                 std::vector<VerificationType>& out) {
  out.resize(n);
  for (VerificationType& t : out) JTG_RETURN_IF_ERROR(ReadVerificationType(r, cp, starts, t));
  return absl::OkStatus();
}

// Reads one frame after its frame_type byte; sets `delta`.
Status ReadFrame(ByteReader& r, const ConstantPool& cp, InsnStarts starts, size_t type_at,
                 StackMapFrame& f, uint16_t& delta) {
  const uint8_t t = f.frame_type;
  if (t <= 63) {
    delta = t;
    return absl::OkStatus();
  }
  if (t <= 127) {
    delta = t - 64;
    return ReadTypes(r, cp, starts, 1, f.stack);
  }
  if (t < 247) return r.ErrorAt(type_at, absl::StrFormat("reserved frame type %d", t));
  JTG_RETURN_IF_ERROR(r.U2(delta));
  if (t == 247) return ReadTypes(r, cp, starts, 1, f.stack);
  if (t <= 250) {
    f.chopped = static_cast<uint8_t>(251 - t);
    return absl::OkStatus();
  }
  if (t == 251) return absl::OkStatus();
  if (t <= 254) return ReadTypes(r, cp, starts, t - 251, f.locals);
  uint16_t n = 0;
  JTG_RETURN_IF_ERROR(r.U2(n));
  JTG_RETURN_IF_ERROR(ReadTypes(r, cp, starts, n, f.locals));
  JTG_RETURN_IF_ERROR(r.U2(n));
  return ReadTypes(r, cp, starts, n, f.stack);
}

void WriteTypes(ByteWriter& w, const std::vector<VerificationType>& types) {
  for (const VerificationType& t : types) {
    w.U1(t.tag);
    if (t.tag == VerificationType::kObject || t.tag == VerificationType::kUninitialized) {
      w.U2(t.data);
    }
  }
}

Status Mismatch(size_t i, const char* why) {
  return absl::InvalidArgumentError(absl::StrFormat("stack map frame %d: %s", i, why));
}

}  // namespace

Status DecodeStackMapTable(ByteReader& r, const ConstantPool& cp, InsnStarts starts,
                           std::vector<StackMapFrame>& out) {
  uint16_t n = 0;
  JTG_RETURN_IF_ERROR(r.U2(n));
  int64_t prev = -1;
  for (uint16_t i = 0; i < n; ++i) {
    size_t at = r.offset();
    StackMapFrame f;
    uint16_t delta = 0;
    JTG_RETURN_IF_ERROR(r.U1(f.frame_type));
    JTG_RETURN_IF_ERROR(ReadFrame(r, cp, starts, at, f, delta));
    int64_t offset = prev + 1 + delta;
    if (offset >= static_cast<int64_t>(starts.size()) || !starts[offset]) {
      return r.ErrorAt(at, absl::StrFormat("stack map frame %d offset %d is not an "
                                           "instruction in the code (length %d)",
                                           i, offset, starts.size()));
    }
    f.offset = static_cast<uint32_t>(offset);
    prev = offset;
    out.push_back(std::move(f));
  }
  return r.ExpectEnd();
}

StatusOr<std::vector<uint8_t>> EncodeLineNumberTable(std::span<const LineNumber> lines) {
  JTG_RETURN_IF_ERROR(CheckU16(lines.size(), "LineNumberTable"));
  ByteWriter w;
  w.U2(static_cast<uint16_t>(lines.size()));
  for (const LineNumber& ln : lines) {
    w.U2(ln.start_pc);
    w.U2(ln.line);
  }
  return w.Take();
}

StatusOr<std::vector<uint8_t>> EncodeLocalVariableTable(std::span<const LocalVariable> locals) {
  JTG_RETURN_IF_ERROR(CheckU16(locals.size(), "LocalVariableTable"));
  ByteWriter w;
  w.U2(static_cast<uint16_t>(locals.size()));
  for (const LocalVariable& v : locals) {
    w.U2(v.start_pc);
    w.U2(v.length);
    w.U2(v.name_index);
    w.U2(v.descriptor_index);
    w.U2(v.index);
  }
  return w.Take();
}

StatusOr<std::vector<uint8_t>> EncodeStackMapTable(std::span<const StackMapFrame> frames) {
  JTG_RETURN_IF_ERROR(CheckU16(frames.size(), "StackMapTable"));
  ByteWriter w;
  w.U2(static_cast<uint16_t>(frames.size()));
  int64_t prev = -1;
  for (size_t i = 0; i < frames.size(); ++i) {
    const StackMapFrame& f = frames[i];
    int64_t d = static_cast<int64_t>(f.offset) - prev - 1;
    if (d < 0 || d > 0xFFFF) return Mismatch(i, "offsets must increase by at most 65536");
    const uint16_t delta = static_cast<uint16_t>(d);
    prev = f.offset;
    const uint8_t t = f.frame_type;
    if (t <= 63 || t == 251) {  // same
      if (!f.locals.empty() || !f.stack.empty()) return Mismatch(i, "same frame with types");
      if (t <= 63 && delta <= 63) {
        w.U1(static_cast<uint8_t>(delta));
      } else {
        w.U1(251);
        w.U2(delta);
      }
    } else if (t <= 127 || t == 247) {  // same_locals_1_stack_item
      if (!f.locals.empty() || f.stack.size() != 1) {
        return Mismatch(i, "same_locals_1_stack_item frame needs exactly one stack item");
      }
      if (t <= 127 && delta <= 63) {
        w.U1(static_cast<uint8_t>(64 + delta));
      } else {
        w.U1(247);
        w.U2(delta);
      }
      WriteTypes(w, f.stack);
    } else if (t >= 248 && t <= 250) {  // chop
      if (f.chopped < 1 || f.chopped > 3 || !f.locals.empty() || !f.stack.empty()) {
        return Mismatch(i, "chop frame needs chopped in 1..3 and no types");
      }
      w.U1(static_cast<uint8_t>(251 - f.chopped));
      w.U2(delta);
    } else if (t >= 252 && t <= 254) {  // append
      if (f.locals.empty() || f.locals.size() > 3 || !f.stack.empty()) {
        return Mismatch(i, "append frame needs 1..3 locals and no stack");
      }
      w.U1(static_cast<uint8_t>(251 + f.locals.size()));
      w.U2(delta);
      WriteTypes(w, f.locals);
    } else if (t == 255) {  // full
      JTG_RETURN_IF_ERROR(CheckU16(f.locals.size(), "full frame locals"));
      JTG_RETURN_IF_ERROR(CheckU16(f.stack.size(), "full frame stack"));
      w.U1(255);
      w.U2(delta);
      w.U2(static_cast<uint16_t>(f.locals.size()));
      WriteTypes(w, f.locals);
      w.U2(static_cast<uint16_t>(f.stack.size()));
      WriteTypes(w, f.stack);
    } else {
      return Mismatch(i, "reserved frame type");
    }
  }
  return w.Take();
}

}  // namespace jtg::classfile
