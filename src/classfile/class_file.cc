// ClassFile convenience lookups.
#include "classfile/class_file.h"

namespace jtg::classfile {
namespace {

std::string_view Utf8Or(const ConstantPool& cp, uint16_t index) {
  StatusOr<std::string_view> s = cp.Utf8(index);
  return s.ok() ? *s : std::string_view();
}

std::string_view ClassOr(const ConstantPool& cp, uint16_t index) {
  StatusOr<std::string_view> s = cp.ClassName(index);
  return s.ok() ? *s : std::string_view();
}

}  // namespace

std::string_view ClassFile::Name() const { return ClassOr(cp, this_class); }
std::string_view ClassFile::SuperName() const {
  return super_class == 0 ? std::string_view() : ClassOr(cp, super_class);
}
std::string_view ClassFile::MethodName(const MethodInfo& m) const {
  return Utf8Or(cp, m.name_index);
}
std::string_view ClassFile::MethodDescriptor(const MethodInfo& m) const {
  return Utf8Or(cp, m.descriptor_index);
}
std::string_view ClassFile::FieldName(const FieldInfo& f) const { return Utf8Or(cp, f.name_index); }
std::string_view ClassFile::FieldDescriptor(const FieldInfo& f) const {
  return Utf8Or(cp, f.descriptor_index);
}

}  // namespace jtg::classfile
