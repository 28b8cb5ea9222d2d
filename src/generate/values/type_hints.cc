#include "generate/values/type_hints.h"

#include <set>

#include "classfile/bytecode.h"

namespace jtg::generate {

namespace {
uint16_t U2(const std::vector<uint8_t>& code, uint32_t at) {
  return static_cast<uint16_t>((code[at] << 8) | code[at + 1]);
}
}  // namespace

TypeHints CollectTypeHints(const classfile::ClassFile& cls) {
  namespace op = classfile::op;
  std::string self(cls.Name());
  std::map<std::string, std::set<std::string>> own;      // method -> types
  std::map<std::string, std::set<std::string>> callees;  // method -> same-class methods
  for (const auto& m : cls.methods) {
    if (!m.code) continue;
    const auto& code = m.code->code;
    auto insns = classfile::DecodeCode(code);
    if (!insns.ok()) continue;
    std::string key = std::string(cls.MethodName(m)) + std::string(cls.MethodDescriptor(m));
    auto& types = own[key];
    for (const auto& in : *insns) {
      if (in.length < 3) continue;
      uint16_t idx = U2(code, in.offset + 1);
      if (in.opcode == op::kCheckcast || in.opcode == op::kInstanceof) {
        auto n = cls.cp.ClassName(idx);
        if (n.ok() && !n->empty() && (*n)[0] != '[') types.emplace(*n);
      } else if (in.opcode == op::kInvokevirtual || in.opcode == op::kInvokespecial ||
                 in.opcode == op::kInvokestatic || in.opcode == op::kInvokeinterface) {
        auto ref = cls.cp.Member(idx);
        if (ref.ok() && ref->owner == self) {
          callees[key].insert(std::string(ref->name) + std::string(ref->descriptor));
        }
      }
    }
  }
  TypeHints out;
  for (const auto& [key, types] : own) {
    std::set<std::string> all = types;
    for (const auto& callee : callees[key]) {
      auto it = own.find(callee);
      if (it != own.end()) all.insert(it->second.begin(), it->second.end());
    }
    out[key].assign(all.begin(), all.end());
  }
  return out;
}

}  // namespace jtg::generate
