#include "classfile/constant_pool.h"

#include "absl/strings/str_format.h"

namespace jtg::classfile {

std::string_view CpTagName(uint8_t tag) {
  switch (tag) {
    case kCpUnusable: return "Unusable";
    case kCpUtf8: return "Utf8";
    case kCpInteger: return "Integer";
    case kCpFloat: return "Float";
    case kCpLong: return "Long";
    case kCpDouble: return "Double";
    case kCpClass: return "Class";
    case kCpString: return "String";
    case kCpFieldref: return "Fieldref";
    case kCpMethodref: return "Methodref";
    case kCpInterfaceMethodref: return "InterfaceMethodref";
    case kCpNameAndType: return "NameAndType";
    case kCpMethodHandle: return "MethodHandle";
    case kCpMethodType: return "MethodType";
    case kCpDynamic: return "Dynamic";
    case kCpInvokeDynamic: return "InvokeDynamic";
    case kCpModule: return "Module";
    case kCpPackage: return "Package";
    default: return "Invalid";
  }
}

namespace {

// The entry at `index` if it has `tag`, else a DataLoss naming both.
StatusOr<const CpEntry*> Get(const std::vector<CpEntry>& entries, uint16_t index, CpTag tag) {
  if (index == 0 || index >= entries.size()) {
    return absl::DataLossError(
        absl::StrFormat("constant pool index %d out of range 1..%d", index, entries.size() - 1));
  }
  const CpEntry& e = entries[index];
  if (e.tag != tag) {
    return absl::DataLossError(absl::StrFormat("constant pool index %d is %s, expected %s", index,
                                               CpTagName(e.tag), CpTagName(tag)));
  }
  return &e;
}

Status Full(size_t size) {
  if (size < 0xFFFF) return absl::OkStatus();
  return absl::ResourceExhaustedError("constant pool would exceed 65535 entries");
}

}  // namespace

bool ConstantPool::Is(uint16_t index, CpTag tag) const {
  return index != 0 && index < entries_.size() && entries_[index].tag == tag;
}

StatusOr<std::string_view> ConstantPool::Utf8(uint16_t index) const {
  JTG_ASSIGN_OR_RETURN(const CpEntry* e, Get(entries_, index, kCpUtf8));
  return std::string_view(e->bytes);
}

StatusOr<std::string_view> ConstantPool::ClassName(uint16_t class_index) const {
  JTG_ASSIGN_OR_RETURN(const CpEntry* e, Get(entries_, class_index, kCpClass));
  return Utf8(e->a);
}

StatusOr<ConstantPool::MemberRef> ConstantPool::Member(uint16_t ref_index) const {
  if (!Is(ref_index, kCpFieldref) && !Is(ref_index, kCpMethodref) &&
      !Is(ref_index, kCpInterfaceMethodref)) {
    return absl::DataLossError(absl::StrFormat(
        "constant pool index %d is not a Fieldref, Methodref or InterfaceMethodref", ref_index));
  }
  const CpEntry& ref = entries_[ref_index];
  MemberRef out;
  JTG_ASSIGN_OR_RETURN(out.owner, ClassName(ref.a));
  JTG_ASSIGN_OR_RETURN(const CpEntry* nat, Get(entries_, ref.b, kCpNameAndType));
  JTG_ASSIGN_OR_RETURN(out.name, Utf8(nat->a));
  JTG_ASSIGN_OR_RETURN(out.descriptor, Utf8(nat->b));
  return out;
}

void ConstantPool::IndexNew() {
  for (; indexed_ < entries_.size(); ++indexed_) {
    const CpEntry& e = entries_[indexed_];
    const auto i = static_cast<uint16_t>(indexed_);
    if (e.tag == kCpUtf8) {
      utf8_index_.try_emplace(e.bytes, i);
    } else if (e.tag != kCpUnusable && e.tag != kCpLong && e.tag != kCpDouble) {
      ref_index_.try_emplace(RefKey{e.tag, e.a, e.b, e.value}, i);
    }
  }
}

StatusOr<uint16_t> ConstantPool::AddUtf8(std::string_view s) {
  IndexNew();
  // (absl::string_view is not std::string_view in this abseil)
  if (auto it = utf8_index_.find(absl::string_view(s.data(), s.size())); it != utf8_index_.end()) {
    return it->second;
  }
  JTG_RETURN_IF_ERROR(Full(entries_.size()));
  CpEntry e;
  e.tag = kCpUtf8;
  e.bytes = std::string(s);
  entries_.push_back(std::move(e));
  return static_cast<uint16_t>(entries_.size() - 1);
}

// Finds or appends an entry with the given tag and operands (not Utf8/Long/Double).
StatusOr<uint16_t> ConstantPool::FindOrAdd(CpTag tag, uint16_t a, uint16_t b, uint64_t value) {
  IndexNew();
  if (auto it = ref_index_.find(RefKey{tag, a, b, value}); it != ref_index_.end()) {
    return it->second;
  }
  JTG_RETURN_IF_ERROR(Full(entries_.size()));
  CpEntry e;
  e.tag = tag;
  e.a = a;
  e.b = b;
  e.value = value;
  entries_.push_back(std::move(e));
  return static_cast<uint16_t>(entries_.size() - 1);
}

StatusOr<uint16_t> ConstantPool::AddClass(std::string_view internal_name) {
  JTG_ASSIGN_OR_RETURN(uint16_t name, AddUtf8(internal_name));
  return FindOrAdd(kCpClass, name, 0, 0);
}

StatusOr<uint16_t> ConstantPool::AddNameAndType(std::string_view name, std::string_view desc) {
  JTG_ASSIGN_OR_RETURN(uint16_t n, AddUtf8(name));
  JTG_ASSIGN_OR_RETURN(uint16_t d, AddUtf8(desc));
  return FindOrAdd(kCpNameAndType, n, d, 0);
}

StatusOr<uint16_t> ConstantPool::AddMethodref(std::string_view owner, std::string_view name,
                                              std::string_view desc) {
  JTG_ASSIGN_OR_RETURN(uint16_t c, AddClass(owner));
  JTG_ASSIGN_OR_RETURN(uint16_t nat, AddNameAndType(name, desc));
  return FindOrAdd(kCpMethodref, c, nat, 0);
}

StatusOr<uint16_t> ConstantPool::AddInterfaceMethodref(std::string_view owner,
                                                       std::string_view name,
                                                       std::string_view desc) {
  JTG_ASSIGN_OR_RETURN(uint16_t c, AddClass(owner));
  JTG_ASSIGN_OR_RETURN(uint16_t nat, AddNameAndType(name, desc));
  return FindOrAdd(kCpInterfaceMethodref, c, nat, 0);
}

StatusOr<uint16_t> ConstantPool::AddFieldref(std::string_view owner, std::string_view name,
                                             std::string_view desc) {
  JTG_ASSIGN_OR_RETURN(uint16_t c, AddClass(owner));
  JTG_ASSIGN_OR_RETURN(uint16_t nat, AddNameAndType(name, desc));
  return FindOrAdd(kCpFieldref, c, nat, 0);
}

StatusOr<uint16_t> ConstantPool::AddInteger(int32_t v) {
  return FindOrAdd(kCpInteger, 0, 0, static_cast<uint32_t>(v));
}

}  // namespace jtg::classfile
