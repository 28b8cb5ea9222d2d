// ClassConstants (class_constants.h).
#include "generate/values/class_constants.h"

#include <set>

#include "classfile/bytecode.h"
#include "classfile/names.h"

namespace jtg::generate {

std::vector<std::u16string> ClassConstants(const classfile::ClassFile& cls) {
  std::set<std::u16string> out;
  const auto& entries = cls.cp.entries();
  for (const auto& m : cls.methods) {
    if (!m.code) continue;
    const auto& code = m.code->code;
    auto insns = classfile::DecodeCode(code);
    if (!insns.ok()) continue;
    for (const auto& in : *insns) {
      uint16_t index = 0;
      if (in.opcode == classfile::op::kLdc) {
        index = code[in.offset + 1];
      } else if (in.opcode == classfile::op::kLdcW) {
        index = static_cast<uint16_t>(code[in.offset + 1] << 8 | code[in.offset + 2]);
      } else {
        continue;
      }
      if (index >= entries.size() || entries[index].tag != classfile::kCpClass) continue;
      auto name = cls.cp.ClassName(index);
      if (!name.ok() || name->empty() || name->front() == '[') continue;
      bool ascii = true;
      for (unsigned char ch : *name) ascii = ascii && ch < 0x80;
      if (!ascii) continue;
      const std::string binary = classfile::ToBinary(*name);
      out.insert(std::u16string(binary.begin(), binary.end()));
    }
  }
  return {out.begin(), out.end()};
}

}  // namespace jtg::generate
