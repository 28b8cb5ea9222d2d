#include "instrument/relocate_tables.h"

#include <algorithm>

namespace jtg::instrument {
namespace {

using classfile::StackMapFrame;
using classfile::VerificationType;

void RelocateTypes(const Layout& layout, std::vector<VerificationType>& types) {
  for (VerificationType& t : types) {
    if (t.tag == VerificationType::kUninitialized) {
      t.data = static_cast<uint16_t>(layout.MapInsn(t.data));
    }
  }
}

void RelocateLocals(const Layout& layout, std::vector<classfile::LocalVariable>& vars) {
  for (auto& v : vars) {
    uint32_t start = layout.MapLabel(v.start_pc);
    uint32_t end = layout.MapLabel(uint32_t{v.start_pc} + v.length);
    v.start_pc = static_cast<uint16_t>(start);
    v.length = static_cast<uint16_t>(end - start);
  }
}

bool IsTypeAnnotations(const classfile::ConstantPool& cp, uint16_t name_index) {
  auto name = cp.Utf8(name_index);
  return name.ok() &&
         (*name == "RuntimeVisibleTypeAnnotations" || *name == "RuntimeInvisibleTypeAnnotations");
}

}  // namespace

void RederiveFrameTypes(std::vector<StackMapFrame>& frames) {
  for (size_t i = 0; i < frames.size(); ++i) {
    StackMapFrame& f = frames[i];
    const uint32_t delta = i == 0 ? f.offset : f.offset - frames[i - 1].offset - 1;
    if (f.frame_type <= 63 || f.frame_type == 251) {  // same_frame[_extended]
      f.frame_type = delta <= 63 ? static_cast<uint8_t>(delta) : 251;
    } else if (f.frame_type <= 127 || f.frame_type == 247) {  // same_locals_1_stack_item
      f.frame_type = delta <= 63 ? static_cast<uint8_t>(64 + delta) : 247;
    }
    // chop (248-250), append (252-254) and full (255) carry an explicit u2 delta.
  }
}

void RelocateTables(const Layout& layout, const classfile::ConstantPool& cp,
                    classfile::CodeAttribute& code) {
  for (auto& h : code.handlers) {
    h.start_pc = static_cast<uint16_t>(layout.MapLabel(h.start_pc));
    h.end_pc = static_cast<uint16_t>(layout.MapLabel(h.end_pc));
    h.handler_pc = static_cast<uint16_t>(layout.MapLabel(h.handler_pc));
  }
  for (auto& ln : code.lines) ln.start_pc = static_cast<uint16_t>(layout.MapLabel(ln.start_pc));
  RelocateLocals(layout, code.locals);
  RelocateLocals(layout, code.local_types);
  for (StackMapFrame& f : code.frames) {
    f.offset = layout.MapLabel(f.offset);
    RelocateTypes(layout, f.locals);
    RelocateTypes(layout, f.stack);
  }
  RederiveFrameTypes(code.frames);
  std::erase_if(code.attributes,
                [&](const classfile::Attribute& a) { return IsTypeAnnotations(cp, a.name_index); });
}

}  // namespace jtg::instrument
