#include "instrument/void_calls.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "classfile/descriptor.h"
#include "instrument/insertions.h"
#include "instrument/probe_emit.h"

namespace jtg::instrument {
namespace {

namespace op = classfile::op;

constexpr uint16_t kMaxSlots = 250;  // the helper's id slot stays a one-byte local index

bool IsInvoke(uint8_t o) { return o >= op::kInvokevirtual && o <= op::kInvokeinterface; }

uint16_t RefAt(const classfile::CodeAttribute& code, const classfile::Insn& in) {
  return static_cast<uint16_t>((code.code[in.offset + 1] << 8) | code.code[in.offset + 2]);
}

// PIT's default avoidCallsTo and jtestgen's own exclusions (void_calls.h).
bool Avoided(std::string_view owner, std::string_view name) {
  static constexpr std::string_view kLogging[] = {
      "java/util/logging/", "org/apache/log4j/",           "org/apache/logging/log4j/",
      "org/slf4j/",         "org/apache/commons/logging/",
  };
  for (std::string_view p : kLogging) {
    if (owner.starts_with(p)) return true;
  }
  if (owner == "java/lang/invoke/MethodHandle" || owner == "java/lang/invoke/VarHandle") {
    return true;
  }
  if (owner == "java/lang/System" && name == "exit") return true;
  return owner == "java/lang/Runtime" && (name == "exit" || name == "halt");
}

// The parameters of a method descriptor as type letters (I J F D, A for references; B C S Z
// read as I), appended to `letters`, and their local slots, added to `slots`; false if
// malformed.
bool Params(std::string_view desc, std::string& letters, uint16_t& slots) {
  auto md = classfile::ParseMethodDescriptor(desc);
  if (!md.ok()) return false;
  for (const classfile::TypeDesc& t : md->params) {
    const char c = t.IsReference()                                     ? 'A'
                   : (t.base == 'J' || t.base == 'D' || t.base == 'F') ? t.base
                                                                       : 'I';
    letters += c;
    slots += t.IsWide() ? 2 : 1;
  }
  return true;
}

void Load(std::vector<uint8_t>& c, char letter, uint16_t slot) {
  static constexpr std::string_view kLetters = "IJFDA";  // iload lload fload dload aload
  c.push_back(static_cast<uint8_t>(op::kIload + kLetters.find(letter)));
  c.push_back(static_cast<uint8_t>(slot));
}

}  // namespace

bool IsVoidCallSite(const classfile::Insn& in, const classfile::CodeAttribute& code,
                    const classfile::ConstantPool& cp, std::string_view method) {
  if (!IsInvoke(in.opcode) || method == "<clinit>") return false;
  auto m = cp.Member(RefAt(code, in));
  if (!m.ok() || m->name == "<init>" || !m->descriptor.ends_with(")V")) return false;
  if (Avoided(m->owner, m->name)) return false;
  std::string letters;
  uint16_t slots = in.opcode == op::kInvokestatic ? 0 : 1;
  return Params(m->descriptor, letters, slots) && slots <= kMaxSlots;
}

bool CanHoldVoidCallHelpers(const classfile::ClassFile& cls) {
  return (cls.access & classfile::kAccInterface) == 0 || cls.major_version >= 52;
}

StatusOr<uint16_t> VoidCallHelpers::HelperFor(const classfile::Insn& in,
                                              const classfile::CodeAttribute& code,
                                              classfile::ClassFile& cls) {
  if (!IsInvoke(in.opcode)) return absl::InvalidArgumentError("void call site is no invoke");
  const std::pair<uint8_t, uint16_t> key{in.opcode, RefAt(code, in)};
  if (auto r = index_.find(key); r != index_.end()) return helpers_[r->second].ref;
  JTG_ASSIGN_OR_RETURN(auto target, cls.cp.Member(key.second));
  Helper h;
  h.opcode = in.opcode;
  h.target = key.second;
  std::string receiver;
  if (in.opcode == op::kInvokespecial) {
    receiver = "L" + std::string(cls.Name()) + ";";
  } else if (in.opcode != op::kInvokestatic) {
    receiver = target.owner.starts_with('[') ? std::string(target.owner)
                                             : "L" + std::string(target.owner) + ";";
  }
  if (!receiver.empty()) {
    h.params = "A";
    h.slots = 1;
  }
  if (!target.descriptor.ends_with(")V") || !Params(target.descriptor, h.params, h.slots) ||
      h.slots > kMaxSlots) {
    return absl::InvalidArgumentError("void call site calls no void method");
  }
  h.interface_args = static_cast<uint8_t>(h.slots);
  const std::string_view args =
      target.descriptor.substr(1, target.descriptor.size() - 3);  // between '(' and ")V"
  h.descriptor = "(" + receiver + std::string(args) + "I)V";
  h.name = absl::StrCat("jtg$void$", helpers_.size());
  const bool iface = (cls.access & classfile::kAccInterface) != 0;
  const std::string owner(cls.Name());
  JTG_ASSIGN_OR_RETURN(h.ref, iface ? cls.cp.AddInterfaceMethodref(owner, h.name, h.descriptor)
                                    : cls.cp.AddMethodref(owner, h.name, h.descriptor));
  index_.emplace(key, helpers_.size());
  helpers_.push_back(std::move(h));
  return helpers_.back().ref;
}

Status VoidCallHelpers::AddTo(classfile::ClassFile& cls) {
  if (added_ == helpers_.size()) return absl::OkStatus();
  JTG_ASSIGN_OR_RETURN(uint16_t void_call,
                       cls.cp.AddMethodref(kPitMutationClass, "voidCall", "(II)Z"));
  for (; added_ < helpers_.size(); ++added_) {  // in the order they were handed out
    const Helper* h = &helpers_[added_];
    classfile::CodeAttribute code;
    std::vector<uint8_t>& c = code.code;
    Load(c, 'I', h->slots);  // Stack: id
    c.push_back(op::kSipush);
    U16(c, h->opcode);           // id, opcode
    Invokestatic(c, void_call);  // run the call?
    c.push_back(op::kIfne);
    U16(c, 4);  // over the return below
    c.push_back(op::kReturn);
    const auto call = static_cast<uint32_t>(c.size());
    uint16_t slot = 0;
    for (char p : h->params) {
      Load(c, p, slot);
      slot += (p == 'J' || p == 'D') ? 2 : 1;
    }
    c.push_back(h->opcode);
    U16(c, h->target);
    if (h->opcode == op::kInvokeinterface) {
      c.push_back(h->interface_args);
      c.push_back(0);
    }
    c.push_back(op::kReturn);
    code.max_stack = std::max<uint16_t>(h->slots, 2);
    code.max_locals = static_cast<uint16_t>(h->slots + 1);
    if (cls.major_version >= 50) {
      code.has_stack_map = true;
      classfile::StackMapFrame same;  // same_frame: the parameters, an empty stack
      same.frame_type = 0;
      same.offset = call;
      code.frames.push_back(std::move(same));
    }
    JTG_RETURN_IF_ERROR(classfile::AppendMethod(
        cls, classfile::kAccPrivate | classfile::kAccStatic | classfile::kAccSynthetic, h->name,
        h->descriptor, std::move(code)));
  }
  return absl::OkStatus();
}

}  // namespace jtg::instrument
