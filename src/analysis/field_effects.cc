#include "analysis/field_effects.h"

#include "classfile/bytecode.h"

namespace jtg::analysis {

namespace {

uint16_t U2(const std::vector<uint8_t>& code, uint32_t at) {
  return static_cast<uint16_t>((code[at] << 8) | code[at + 1]);
}

// Element kind of an array load or store opcode; 0 for other opcodes.
char ArrayKind(uint8_t opcode, bool* store) {
  static constexpr char kKinds[] = {'I', 'J', 'F', 'D', 'A', 'B', 'C', 'S'};
  if (opcode >= 0x2e && opcode <= 0x35) {  // iaload .. saload
    *store = false;
    return kKinds[opcode - 0x2e];
  }
  if (opcode >= 0x4f && opcode <= 0x56) {  // iastore .. sastore
    *store = true;
    return kKinds[opcode - 0x4f];
  }
  return 0;
}

}  // namespace

std::string FieldEffects::Resolve(const std::string& owner, const std::string& name,
                                  const std::string& descriptor) {
  std::string cls = owner;
  for (int hops = 0; hops < 32 && !cls.empty(); ++hops) {
    const classfile::ClassFile* c = classes_.Load(cls);
    if (c == nullptr) return "";
    for (const auto& m : c->methods) {
      if (c->MethodName(m) == name && c->MethodDescriptor(m) == descriptor) return cls;
    }
    cls = std::string(c->SuperName());
  }
  return "";
}

std::string FieldEffects::FieldOwner(const std::string& owner, std::string_view name) {
  std::string cls = owner;
  for (int hops = 0; hops < 32 && !cls.empty(); ++hops) {
    const classfile::ClassFile* c = classes_.Load(cls);
    if (c == nullptr) break;
    for (const auto& f : c->fields) {
      if (c->FieldName(f) == name) return cls;
    }
    cls = std::string(c->SuperName());
  }
  return owner;
}

const MethodEffects& FieldEffects::Of(const std::string& owner, const std::string& name,
                                      const std::string& descriptor) {
  std::string key = owner + "." + name + descriptor;
  auto it = memo_.find(key);
  if (it != memo_.end()) return it->second;
  MethodEffects e = Compute(owner, name, descriptor, 0);
  return memo_.emplace(key, std::move(e)).first->second;
}

MethodEffects FieldEffects::Compute(const std::string& owner, const std::string& name,
                                    const std::string& descriptor, int depth) {
  namespace op = classfile::op;
  MethodEffects out;
  std::string decl = Resolve(owner, name, descriptor);
  if (decl.empty()) return out;
  std::string key = decl + "." + name + descriptor;
  if (depth > 0) {
    auto memo = memo_.find(key);
    if (memo != memo_.end()) return memo->second;  // full-depth facts are a superset
  }
  if (!in_progress_.insert(key).second)
    return out;  // recursive call: facts come from the outer frame
  const classfile::ClassFile* c = classes_.Load(decl);
  const classfile::MethodInfo* method = nullptr;
  for (const auto& m : c->methods) {
    if (c->MethodName(m) == name && c->MethodDescriptor(m) == descriptor) method = &m;
  }
  if (method != nullptr && method->code) {
    const auto& code = method->code->code;
    auto insns = classfile::DecodeCode(code);
    if (insns.ok()) {
      for (const auto& in : *insns) {
        bool store = false;
        if (char k = ArrayKind(in.opcode, &store)) {
          (store ? out.array_stores : out.array_loads).insert(k);
          continue;
        }
        if (in.length < 3) continue;
        uint16_t idx = U2(code, in.offset + 1);
        switch (in.opcode) {
          case op::kGetfield:
          case op::kGetstatic:
          case op::kPutfield:
          case op::kPutstatic: {
            auto ref = c->cp.Member(idx);
            if (!ref.ok()) break;
            std::string field =
                FieldOwner(std::string(ref->owner), ref->name) + "." + std::string(ref->name);
            bool write = in.opcode == op::kPutfield || in.opcode == op::kPutstatic;
            if (in.opcode == op::kGetstatic || in.opcode == op::kPutstatic) {
              (write ? out.static_writes : out.static_reads).insert(field);
            }
            (write ? out.writes : out.reads).insert(std::move(field));
            break;
          }
          case op::kInvokevirtual:
          case op::kInvokespecial:
          case op::kInvokestatic:
          case op::kInvokeinterface: {
            if (depth >= max_depth_) break;
            auto ref = c->cp.Member(idx);
            if (!ref.ok()) break;
            MethodEffects sub = Compute(std::string(ref->owner), std::string(ref->name),
                                        std::string(ref->descriptor), depth + 1);
            out.reads.insert(sub.reads.begin(), sub.reads.end());
            out.writes.insert(sub.writes.begin(), sub.writes.end());
            out.static_reads.insert(sub.static_reads.begin(), sub.static_reads.end());
            out.static_writes.insert(sub.static_writes.begin(), sub.static_writes.end());
            out.array_loads.insert(sub.array_loads.begin(), sub.array_loads.end());
            out.array_stores.insert(sub.array_stores.begin(), sub.array_stores.end());
            break;
          }
          default: break;
        }
      }
    }
  }
  in_progress_.erase(key);
  return out;
}

}  // namespace jtg::analysis
