// InstrumentLoopReads (read_probes.h): find the loop, put the header, back-edge and read
// snippets into an insertion list, lay the code out again (code_layout.h) and relocate its
// tables (relocate_tables.h), as the coverage instrumenter does.
#include "instrument/read_probes.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "analysis/cfg.h"
#include "analysis/loops.h"
#include "classfile/class_file.h"
#include "instrument/code_layout.h"
#include "instrument/insertions.h"
#include "instrument/relocate_tables.h"

namespace jtg::instrument {
namespace {

namespace op = classfile::op;
using classfile::Insn;
using classfile::InsnKind;

// Array loads iaload..saload (0x2e..0x35): the element type's Reads method and name.
struct ArrayLoad {
  uint8_t opcode;
  char kind;  // Reads method: i j f d a
  const char* element;
};
constexpr ArrayLoad kArrayLoads[] = {
    {0x2e, 'i', "int[] element"},    {0x2f, 'j', "long[] element"},
    {0x30, 'f', "float[] element"},  {0x31, 'd', "double[] element"},
    {0x32, 'a', "Object[] element"}, {0x33, 'i', "byte[]/boolean[] element"},
    {0x34, 'i', "char[] element"},   {0x35, 'i', "short[] element"},
};

// Reads method kind of a field descriptor's type.
char KindOfField(std::string_view desc) {
  switch (desc.empty() ? 'V' : desc[0]) {
    case 'J': return 'j';
    case 'F': return 'f';
    case 'D': return 'd';
    case 'L':
    case '[': return 'a';
    default: return 'i';  // Z B C S I
  }
}

// Constant pool indices of the Reads methods, added on first use.
class ReadsRefs {
 public:
  explicit ReadsRefs(classfile::ConstantPool& cp) : cp_(cp) {}

  StatusOr<uint16_t> Marker(const char* name) {  // head, back, noBack: ()V
    uint16_t& r = markers_[std::string(name)];
    if (r == 0) {
      JTG_ASSIGN_OR_RETURN(r, cp_.AddMethodref(kReadsClass, name, "()V"));
    }
    return r;
  }

  StatusOr<uint16_t> Record(char kind) {
    uint16_t& r = records_[std::string(1, kind)];
    if (r == 0) {
      const char* desc = kind == 'j'   ? "(JI)V"
                         : kind == 'f' ? "(FI)V"
                         : kind == 'd' ? "(DI)V"
                         : kind == 'a' ? "(Ljava/lang/Object;I)V"
                                       : "(II)V";
      JTG_ASSIGN_OR_RETURN(r, cp_.AddMethodref(kReadsClass, std::string(1, kind), desc));
    }
    return r;
  }

 private:
  classfile::ConstantPool& cp_;
  std::map<std::string, uint16_t> markers_, records_;
};

// Appends a call of the marker `name` to `out`.
Status EmitMarker(ReadsRefs& refs, const char* name, std::vector<uint8_t>& out) {
  JTG_ASSIGN_OR_RETURN(uint16_t ref, refs.Marker(name));
  Invokestatic(out, ref);  // Stack: ... -> ...
  return absl::OkStatus();
}

// Back-edge markers of the tail block ending with `last` (index `i`).
Status EmitBackEdge(const Insn& last, size_t i, const std::vector<Insn>& insns, uint32_t header,
                    ReadsRefs& refs, Insertions& ins) {
  const bool taken_to_header =
      (last.kind == InsnKind::kGoto || last.kind == InsnKind::kConditional) &&
      last.targets[0] == header;
  const bool falls_to_header = last.kind != InsnKind::kGoto && last.kind != InsnKind::kReturn &&
                               last.kind != InsnKind::kThrow && i + 1 < insns.size() &&
                               insns[i + 1].offset == header;
  if (last.kind == InsnKind::kSwitch || last.kind == InsnKind::kJsr ||
      last.kind == InsnKind::kRet) {
    return absl::UnimplementedError("a switch or jsr back edge");
  }
  if (taken_to_header) {
    JTG_RETURN_IF_ERROR(EmitMarker(refs, "back", ins.at_label[i]));
    if (last.kind == InsnKind::kConditional && !falls_to_header) {
      JTG_RETURN_IF_ERROR(EmitMarker(refs, "noBack", ins.after[i]));
    }
  } else if (falls_to_header) {
    JTG_RETURN_IF_ERROR(EmitMarker(refs, "back", ins.after[i]));
  }
  return absl::OkStatus();
}

// The read at insn `in`, or false if it is not one. Fills kind and the site's description.
StatusOr<bool> ReadOf(const Insn& in, const std::vector<uint8_t>& code,
                      const classfile::ConstantPool& cp, char* kind, std::string* what) {
  if (in.opcode == op::kGetfield || in.opcode == op::kGetstatic) {
    const uint16_t index = static_cast<uint16_t>((code[in.offset + 1] << 8) | code[in.offset + 2]);
    JTG_ASSIGN_OR_RETURN(auto ref, cp.Member(index));
    *kind = KindOfField(ref.descriptor);
    *what =
        std::string(ref.owner) + "." + std::string(ref.name) + ":" + std::string(ref.descriptor);
    return true;
  }
  for (const ArrayLoad& a : kArrayLoads) {
    if (in.opcode == a.opcode) {
      *kind = a.kind;
      *what = a.element;
      return true;
    }
  }
  return false;
}

}  // namespace

StatusOr<LoopReads> InstrumentLoopReads(std::span<const uint8_t> class_bytes, std::string_view what,
                                        const LoopReadTarget& target) {
  JTG_ASSIGN_OR_RETURN(classfile::ParseResult parsed, classfile::Parse(class_bytes, what));
  classfile::ClassFile& cls = parsed.cls;
  classfile::MethodInfo* method = nullptr;
  for (auto& m : cls.methods) {
    if (cls.MethodName(m) == target.method_name && cls.MethodDescriptor(m) == target.method_desc &&
        m.code) {
      method = &m;
    }
  }
  if (method == nullptr) {
    return absl::NotFoundError(std::string(what) + ": no method with code " + target.method_name +
                               target.method_desc);
  }
  const classfile::CodeAttribute& original = *method->code;
  JTG_ASSIGN_OR_RETURN(analysis::Cfg cfg, analysis::BuildCfg(original));
  analysis::LoopForest forest = analysis::FindLoops(cfg, original.lines);
  const int32_t li = forest.LoopAtOffset(target.header_offset);
  if (li < 0) {
    return absl::NotFoundError(std::string(what) + "." + target.method_name +
                               ": no loop at offset " + std::to_string(target.header_offset));
  }
  const analysis::Loop& loop = forest.loops[static_cast<size_t>(li)];

  LoopReads out;
  out.loop_line = loop.line;
  ReadsRefs refs(cls.cp);
  Insertions ins(cfg.insns.size());
  const uint32_t header_insn = cfg.blocks[loop.header].first_insn;
  JTG_RETURN_IF_ERROR(EmitMarker(refs, "head", ins.at_label[header_insn]));
  for (uint32_t t : loop.tails) {
    const uint32_t i = cfg.blocks[t].last_insn;
    JTG_RETURN_IF_ERROR(EmitBackEdge(cfg.insns[i], i, cfg.insns, loop.header_offset, refs, ins));
    ++out.tails;
  }
  std::vector<uint32_t> body;  // instruction indices of the body, in offset order
  for (uint32_t b : loop.blocks) {
    for (uint32_t i = cfg.blocks[b].first_insn; i <= cfg.blocks[b].last_insn; ++i)
      body.push_back(i);
  }
  std::sort(body.begin(), body.end());
  for (uint32_t i : body) {
    const Insn& in = cfg.insns[i];
    char kind = 'i';
    std::string desc;
    JTG_ASSIGN_OR_RETURN(bool read, ReadOf(in, original.code, cls.cp, &kind, &desc));
    if (!read) continue;
    if (out.sites.size() >= 32767)
      return absl::ResourceExhaustedError("more than 32767 read sites");
    const int32_t id = static_cast<int32_t>(out.sites.size());
    out.sites.push_back(
        {id, in.offset, analysis::SourceLineAt(original.lines, in.offset), in.opcode, desc});
    // Stack: ..., v  (v: two words for long/double)
    std::vector<uint8_t>& dest = ins.after[i];
    const bool wide = kind == 'j' || kind == 'd';
    dest.push_back(wide ? op::kDup2 : op::kDup);  // ..., v, v
    dest.push_back(op::kSipush);                  // ..., v, v, site
    U16(dest, static_cast<uint16_t>(id));
    JTG_ASSIGN_OR_RETURN(uint16_t ref, refs.Record(kind));
    Invokestatic(dest, ref);  // ..., v
    ins.extra_stack = std::max<uint16_t>(ins.extra_stack, wide ? 3 : 2);
  }
  if (uint32_t{original.max_stack} + ins.extra_stack > 65535) {
    return absl::ResourceExhaustedError("max_stack overflow");
  }
  JTG_ASSIGN_OR_RETURN(Assembled assembled, AssembleCode(original.code, cfg.insns, ins));
  classfile::CodeAttribute code = original;
  code.code = std::move(assembled.code);
  code.max_stack = static_cast<uint16_t>(original.max_stack + ins.extra_stack);
  RelocateTables(assembled.layout, cls.cp, code);
  *method->code = std::move(code);
  JTG_RETURN_IF_ERROR(classfile::EncodeCode(cls, *method));
  JTG_ASSIGN_OR_RETURN(out.bytes, classfile::Write(cls));
  return out;
}

}  // namespace jtg::instrument
