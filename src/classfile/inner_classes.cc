#include "classfile/inner_classes.h"

#include "absl/strings/str_format.h"
#include "classfile/byte_reader.h"

namespace jtg::classfile {

StatusOr<std::vector<InnerClassEntry>> DecodeInnerClasses(const ClassFile& cls) {
  std::vector<InnerClassEntry> out;
  std::string what(cls.Name());
  for (const Attribute& a : cls.attributes) {
    auto name = cls.cp.Utf8(a.name_index);
    if (!name.ok() || *name != "InnerClasses") continue;
    ByteReader r(a.info, what, 0, "attribute InnerClasses");
    uint16_t n = 0;
    JTG_RETURN_IF_ERROR(r.U2(n));
    for (uint16_t i = 0; i < n; ++i) {
      uint16_t inner = 0, outer = 0, simple = 0;
      InnerClassEntry e;
      JTG_RETURN_IF_ERROR(r.U2(inner));
      JTG_RETURN_IF_ERROR(r.U2(outer));
      JTG_RETURN_IF_ERROR(r.U2(simple));
      JTG_RETURN_IF_ERROR(r.U2(e.access));
      auto inner_name = cls.cp.ClassName(inner);
      if (!inner_name.ok()) {
        return r.Error(absl::StrFormat("inner_class_info_index %d is not a Class", inner));
      }
      e.inner = std::string(*inner_name);
      if (outer != 0) {
        auto outer_name = cls.cp.ClassName(outer);
        if (!outer_name.ok()) {
          return r.Error(absl::StrFormat("outer_class_info_index %d is not a Class", outer));
        }
        e.outer = std::string(*outer_name);
      }
      if (simple != 0) {
        auto s = cls.cp.Utf8(simple);
        if (!s.ok()) return r.Error(absl::StrFormat("inner_name_index %d is not Utf8", simple));
        e.simple = std::string(*s);
      }
      out.push_back(std::move(e));
    }
    JTG_RETURN_IF_ERROR(r.ExpectEnd());
  }
  return out;
}

std::optional<InnerClassEntry> SelfEntry(const ClassFile& cls) {
  auto entries = DecodeInnerClasses(cls);
  if (!entries.ok()) return std::nullopt;
  for (auto& e : *entries) {
    if (e.inner == cls.Name()) return std::move(e);
  }
  return std::nullopt;
}

}  // namespace jtg::classfile
