// Write(): serializes a ClassFile from its raw attributes (see class_file.h).
#include "classfile/attribute_list.h"
#include "classfile/byte_writer.h"
#include "classfile/class_file.h"
#include "classfile/constant_pool_io.h"

namespace jtg::classfile {
namespace {

template <typename Member>
Status WriteMembers(const std::vector<Member>& members, std::string_view what, ByteWriter& w) {
  JTG_RETURN_IF_ERROR(CheckU16(members.size(), what));
  w.U2(static_cast<uint16_t>(members.size()));
  for (const Member& m : members) {
    w.U2(m.access);
    w.U2(m.name_index);
    w.U2(m.descriptor_index);
    JTG_RETURN_IF_ERROR(WriteAttributeList(m.attributes, w));
  }
  return absl::OkStatus();
}

}  // namespace

StatusOr<std::vector<uint8_t>> Write(const ClassFile& cls) {
  ByteWriter w;
  w.U4(0xCAFEBABE);
  w.U2(cls.minor_version);
  w.U2(cls.major_version);
  JTG_RETURN_IF_ERROR(WriteConstantPool(cls.cp, w));
  w.U2(cls.access);
  w.U2(cls.this_class);
  w.U2(cls.super_class);
  JTG_RETURN_IF_ERROR(CheckU16(cls.interfaces.size(), "interface"));
  w.U2(static_cast<uint16_t>(cls.interfaces.size()));
  for (uint16_t i : cls.interfaces) w.U2(i);
  JTG_RETURN_IF_ERROR(WriteMembers(cls.fields, "field", w));
  JTG_RETURN_IF_ERROR(WriteMembers(cls.methods, "method", w));
  JTG_RETURN_IF_ERROR(WriteAttributeList(cls.attributes, w));
  return w.Take();
}

}  // namespace jtg::classfile
