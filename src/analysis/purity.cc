#include "analysis/purity.h"

#include <array>

#include "absl/strings/str_cat.h"
#include "classfile/bytecode.h"

namespace jtg::analysis {

namespace {

uint16_t U2(const std::vector<uint8_t>& code, uint32_t at) {
  return static_cast<uint16_t>((code[at] << 8) | code[at + 1]);
}

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// Methods of java.util's collections, maps, iterators and of java.util.Collections/Arrays
// that change the receiver (or, for the static helpers, an argument).
bool MutatingName(std::string_view name) {
  static constexpr std::array<std::string_view, 38> kNames = {"add",
                                                              "addAll",
                                                              "addFirst",
                                                              "addLast",
                                                              "put",
                                                              "putAll",
                                                              "putIfAbsent",
                                                              "remove",
                                                              "removeAll",
                                                              "removeIf",
                                                              "retainAll",
                                                              "clear",
                                                              "set",
                                                              "sort",
                                                              "replaceAll",
                                                              "replace",
                                                              "compute",
                                                              "computeIfAbsent",
                                                              "computeIfPresent",
                                                              "merge",
                                                              "push",
                                                              "pop",
                                                              "poll",
                                                              "pollFirst",
                                                              "pollLast",
                                                              "offer",
                                                              "offerFirst",
                                                              "offerLast",
                                                              "removeFirst",
                                                              "removeLast",
                                                              "setValue",
                                                              "trimToSize",
                                                              "ensureCapacity",
                                                              "fill",
                                                              "shuffle",
                                                              "reverse",
                                                              "swap",
                                                              "setAll"};
  for (std::string_view n : kNames) {
    if (n == name) return true;
  }
  return false;
}

bool IsArrayStore(uint8_t opcode) { return opcode >= 0x4f && opcode <= 0x56; }  // iastore..

}  // namespace

std::pair<std::string, const classfile::MethodInfo*> Purity::Resolve(
    const std::string& owner, const std::string& name, const std::string& descriptor) {
  std::string cls = owner;
  for (int hops = 0; hops < 32 && !cls.empty(); ++hops) {
    if (IsJdkClassName(cls)) return {cls, nullptr};  // inherited from the JDK
    const classfile::ClassFile* c = classes_.Load(cls);
    if (c == nullptr) return {"", nullptr};
    for (const auto& m : c->methods) {
      if (c->MethodName(m) == name && c->MethodDescriptor(m) == descriptor) return {cls, &m};
    }
    cls = std::string(c->SuperName());
  }
  return {"", nullptr};
}

PurityVerdict Purity::JdkCall(std::string_view owner, std::string_view name, std::string_view desc,
                              bool fresh) const {
  std::string what(owner);
  what.append(".").append(name);
  if (impure_jdk_ && impure_jdk_(owner, name, desc)) return {false, "calls " + what};
  if (owner == "java/lang/reflect/Array" && (name == "newInstance" || name == "getLength")) {
    return {true, ""};  // allocates, or reads a length
  }
  if (StartsWith(owner, "java/io/") || StartsWith(owner, "java/nio/") ||
      StartsWith(owner, "java/net/") || StartsWith(owner, "java/lang/reflect/") ||
      StartsWith(owner, "java/util/concurrent/atomic/") || owner == "java/lang/System" ||
      owner == "java/lang/ThreadLocal" || owner == "java/util/Random" ||
      StartsWith(owner, "java/util/logging/")) {
    return {false, "calls " + what};
  }
  if (StartsWith(owner, "java/util/") && MutatingName(name) && !fresh) {
    return {false, "calls " + what};
  }
  return {true, ""};
}

const PurityVerdict& Purity::Of(const std::string& owner, const std::string& name,
                                const std::string& descriptor) {
  const std::string key = absl::StrCat(owner, ".", name, descriptor);
  auto it = memo_.find(key);
  if (it != memo_.end()) return it->second;
  PurityVerdict v = Compute(owner, name, descriptor, 0);
  return memo_.emplace(key, std::move(v)).first->second;
}

PurityVerdict Purity::Compute(const std::string& owner, const std::string& name,
                              const std::string& descriptor, int depth) {
  namespace op = classfile::op;
  auto [decl, method] = Resolve(owner, name, descriptor);
  if (decl == "java/lang/Object" && name != "equals" && name != "hashCode" && name != "toString" &&
      name != "getClass") {
    return {false, absl::StrCat("cannot see ", owner, ".", name)};  // no such method
  }
  if (!decl.empty() && IsJdkClassName(decl)) return JdkCall(decl, name, descriptor, false);
  if (method == nullptr) return {false, absl::StrCat("cannot see ", owner, ".", name)};
  const std::string key = absl::StrCat(decl, ".", name, descriptor);
  if (depth > 0) {
    if (auto memo = memo_.find(key); memo != memo_.end()) return memo->second;
  }
  if (!method->code) return {false, "no code for " + key};
  if (!in_progress_.insert(key).second) return {true, ""};  // recursion: the outer frame decides
  struct Guard {
    std::set<std::string>& set;
    std::string key;
    ~Guard() { set.erase(key); }
  } guard{in_progress_, key};

  const classfile::ClassFile* c = classes_.Load(decl);
  const auto& code = method->code->code;
  auto insns = classfile::DecodeCode(code);
  if (!insns.ok()) return {false, "cannot decode " + key};
  const bool constructor = name == "<init>";
  // Facts of the whole method first: does it allocate arrays or JDK collections itself?
  bool allocates_array = false, allocates_collection = false;
  for (const auto& in : *insns) {
    if (in.opcode == op::kNewarray || in.opcode == op::kAnewarray ||
        in.opcode == op::kMultianewarray) {
      allocates_array = true;
    }
    if (in.opcode == op::kNew && in.length >= 3) {
      auto cls = c->cp.ClassName(U2(code, in.offset + 1));
      if (cls.ok() && StartsWith(*cls, "java/util/")) allocates_collection = true;
    }
  }
  for (const auto& in : *insns) {
    if (IsArrayStore(in.opcode) && !allocates_array) return {false, "stores into an array"};
    switch (in.opcode) {
      case op::kPutstatic: return {false, "writes a static field"};
      case op::kPutfield:
        if (!constructor) return {false, "writes a field"};
        break;
      case op::kInvokevirtual:
      case op::kInvokespecial:
      case op::kInvokestatic:
      case op::kInvokeinterface: {
        auto ref = c->cp.Member(U2(code, in.offset + 1));
        if (!ref.ok()) return {false, "bad constant pool reference"};
        const std::string callee_owner(ref->owner), callee(ref->name), desc(ref->descriptor);
        if (callee_owner.empty() || callee_owner[0] == '[') break;  // array clone()
        if (IsJdkClassName(callee_owner)) {
          PurityVerdict v = JdkCall(callee_owner, callee, desc, allocates_collection);
          if (!v.pure) return v;
          break;
        }
        if (depth >= max_depth_) {
          return {false, absl::StrCat("calls too deep: ", callee_owner, ".", callee)};
        }
        PurityVerdict v = Compute(callee_owner, callee, desc, depth + 1);
        if (!v.pure) return v;
        break;
      }
      case op::kMonitorenter:
      case op::kMonitorexit:
      default: break;
    }
  }
  return {true, ""};
}

}  // namespace jtg::analysis
