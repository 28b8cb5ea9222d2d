#include "report/record_filter.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace jtg::report {
namespace {

using classfile::ClassFile;

constexpr uint8_t kAload0 = 0x2a, kAload1 = 0x2b, kInvokeDynamic = 0xba, kGetField = 0xb4;
constexpr uint8_t kIreturn = 0xac, kAreturn = 0xb0;

uint16_t U2(std::span<const uint8_t> b, size_t at) {
  return static_cast<uint16_t>((b[at] << 8) | b[at + 1]);
}

// The BootstrapMethods entry `index` names java.lang.runtime.ObjectMethods.bootstrap.
bool IsObjectMethodsBootstrap(const ClassFile& cls, uint16_t index) {
  for (const classfile::Attribute& a : cls.attributes) {
    auto name = cls.cp.Utf8(a.name_index);
    if (!name.ok() || *name != "BootstrapMethods") continue;
    std::span<const uint8_t> b(a.info);
    if (b.size() < 2) return false;
    size_t at = 2;
    for (uint16_t i = 0, n = U2(b, 0); i < n; ++i) {
      if (at + 4 > b.size()) return false;
      const uint16_t handle = U2(b, at), args = U2(b, at + 2);
      if (i == index) {
        if (!cls.cp.Is(handle, classfile::kCpMethodHandle)) return false;
        auto ref = cls.cp.Member(cls.cp.entries()[handle].b);
        return ref.ok() && ref->owner == "java/lang/runtime/ObjectMethods" &&
               ref->name == "bootstrap";
      }
      at += 4 + 2 * size_t{args};
    }
    return false;
  }
  return false;
}

// code[at..at+4] is `invokedynamic <name> ObjectMethods.bootstrap`.
bool IsObjectMethodsCall(const ClassFile& cls, std::span<const uint8_t> code, size_t at,
                         std::string_view name) {
  if (code[at] != kInvokeDynamic) return false;
  const uint16_t index = U2(code, at + 1);
  if (!cls.cp.Is(index, classfile::kCpInvokeDynamic)) return false;
  const classfile::CpEntry& indy = cls.cp.entries()[index];
  if (!cls.cp.Is(indy.b, classfile::kCpNameAndType)) return false;
  auto indy_name = cls.cp.Utf8(cls.cp.entries()[indy.b].a);
  return indy_name.ok() && *indy_name == name && IsObjectMethodsBootstrap(cls, indy.a);
}

}  // namespace

bool IsRecordGenerated(const ClassFile& cls, const classfile::MethodInfo& m) {
  if (cls.SuperName() != "java/lang/Record" || !m.code.has_value()) return false;
  const std::span<const uint8_t> c(m.code->code);
  const std::string_view name = cls.MethodName(m), desc = cls.MethodDescriptor(m);
  if (name == "toString" && desc == "()Ljava/lang/String;") {
    return c.size() == 7 && c[0] == kAload0 && IsObjectMethodsCall(cls, c, 1, name) &&
           c[6] == kAreturn;
  }
  if (name == "hashCode" && desc == "()I") {
    return c.size() == 7 && c[0] == kAload0 && IsObjectMethodsCall(cls, c, 1, name) &&
           c[6] == kIreturn;
  }
  if (name == "equals" && desc == "(Ljava/lang/Object;)Z") {
    return c.size() == 8 && c[0] == kAload0 && c[1] == kAload1 &&
           IsObjectMethodsCall(cls, c, 2, name) && c[7] == kIreturn;
  }
  // A component accessor: aload_0; getfield #f; ireturn..areturn, f named as the method.
  if (!desc.starts_with("()") || c.size() != 5 || c[0] != kAload0 || c[1] != kGetField ||
      c[4] < kIreturn || c[4] > kAreturn) {
    return false;
  }
  auto field = cls.cp.Member(U2(c, 2));
  return field.ok() && field->name == name;
}

}  // namespace jtg::report
