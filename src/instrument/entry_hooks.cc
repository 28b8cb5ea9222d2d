#include "instrument/entry_hooks.h"

#include <algorithm>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "instrument/code_layout.h"
#include "instrument/insertions.h"
#include "instrument/relocate_tables.h"

namespace jtg::instrument {

namespace {

constexpr uint8_t kBipush = 0x10, kIload = 0x15, kLload = 0x16, kAload = 0x19, kAconstNull = 0x01,
                  kWide = 0xc4;

void Load(std::vector<uint8_t>& out, uint8_t opcode, uint16_t slot) {
  if (slot > 255) {
    out.push_back(kWide);
    out.push_back(opcode);
    U16(out, slot);
  } else {
    out.push_back(opcode);
    out.push_back(static_cast<uint8_t>(slot));
  }
}

}  // namespace

StatusOr<std::vector<uint8_t>> InsertEntryHooks(std::span<const uint8_t> class_bytes,
                                                std::string_view what,
                                                const std::vector<EntryHook>& hooks) {
  JTG_ASSIGN_OR_RETURN(classfile::ParseResult parsed, classfile::Parse(class_bytes, what));
  classfile::ClassFile& cls = parsed.cls;
  for (const EntryHook& h : hooks) {
    classfile::MethodInfo* method = nullptr;
    auto params = [](std::string_view desc) { return desc.substr(0, desc.find(')') + 1); };
    for (auto& m : cls.methods) {
      if (cls.MethodName(m) == h.method_name &&
          params(cls.MethodDescriptor(m)) == params(h.method_desc) && m.code) {
        method = &m;
      }
    }
    if (method == nullptr && h.optional) continue;
    if (method == nullptr) {
      return absl::NotFoundError(
          absl::StrCat(std::string(what), ": no method with code ", h.method_name, h.method_desc));
    }
    const classfile::CodeAttribute& original = *method->code;
    JTG_ASSIGN_OR_RETURN(auto insns, classfile::DecodeCode(original.code));
    if (insns.empty()) continue;
    Insertions ins(insns.size());
    std::vector<uint8_t>& snippet = ins.at_label[0];
    uint16_t words = 0;
    if (h.kind >= 0) {
      snippet.push_back(kBipush);
      snippet.push_back(static_cast<uint8_t>(h.kind));
      ++words;
    }
    for (const auto& [type, slot] : h.loads) {
      switch (type) {
        case 'I':
          Load(snippet, kIload, slot);
          words += 1;
          break;
        case 'J':
          Load(snippet, kLload, slot);
          words += 2;
          break;
        case 'A':
          Load(snippet, kAload, slot);
          words += 1;
          break;
        default:
          snippet.push_back(kAconstNull);
          words += 1;
          break;
      }
    }
    JTG_ASSIGN_OR_RETURN(uint16_t ref, cls.cp.AddMethodref(h.hook_owner, h.hook_name, h.hook_desc));
    Invokestatic(snippet, ref);
    ins.extra_stack = words;
    if (uint32_t{original.max_stack} + words > 65535) {
      return absl::ResourceExhaustedError(
          absl::StrCat(std::string(what), ".", h.method_name, ": max_stack overflow"));
    }
    JTG_ASSIGN_OR_RETURN(Assembled assembled, AssembleCode(original.code, insns, ins));
    classfile::CodeAttribute code = original;
    code.code = std::move(assembled.code);
    code.max_stack = static_cast<uint16_t>(original.max_stack + words);
    RelocateTables(assembled.layout, cls.cp, code);
    *method->code = std::move(code);
    JTG_RETURN_IF_ERROR(classfile::EncodeCode(cls, *method));
  }
  return classfile::Write(cls);
}

}  // namespace jtg::instrument
