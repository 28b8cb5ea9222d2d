// Constant pool of a class file (JVMS 17 §4.4): entries kept exactly as read so that the
// class writer reproduces the original bytes, plus appenders used by the instrumenter.
//
// Ownership: a ConstantPool owns its entries. Not thread-safe for mutation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace jtg::classfile {

enum CpTag : uint8_t {
  kCpUnusable = 0,  // index 0 and the second slot of a Long/Double
  kCpUtf8 = 1,
  kCpInteger = 3,
  kCpFloat = 4,
  kCpLong = 5,
  kCpDouble = 6,
  kCpClass = 7,
  kCpString = 8,
  kCpFieldref = 9,
  kCpMethodref = 10,
  kCpInterfaceMethodref = 11,
  kCpNameAndType = 12,
  kCpMethodHandle = 15,
  kCpMethodType = 16,
  kCpDynamic = 17,
  kCpInvokeDynamic = 18,
  kCpModule = 19,
  kCpPackage = 20,
};

// One constant pool slot. Field use by tag:
//   Utf8: bytes (raw modified UTF-8, not decoded).
//   Integer/Float: value (low 32 bits, raw bits).  Long/Double: value (raw 64 bits).
//   Class/String/MethodType/Module/Package: a = the Utf8 index.
//   Fieldref/Methodref/InterfaceMethodref: a = class index, b = NameAndType index.
//   NameAndType: a = name index, b = descriptor index.
//   MethodHandle: a = reference_kind (1..9), b = reference index.
//   Dynamic/InvokeDynamic: a = bootstrap method attr index, b = NameAndType index.
struct CpEntry {
  uint8_t tag = kCpUnusable;
  uint16_t a = 0;
  uint16_t b = 0;
  uint64_t value = 0;
  std::string bytes;
};

// Name of a tag for messages ("Utf8", "Methodref", ...; "Invalid" for unknown tags).
std::string_view CpTagName(uint8_t tag);

class ConstantPool {
 public:
  // entries()[0] is the unusable slot 0; size() is constant_pool_count.
  const std::vector<CpEntry>& entries() const { return entries_; }
  std::vector<CpEntry>& mutable_entries() { return entries_; }
  uint16_t size() const { return static_cast<uint16_t>(entries_.size()); }

  // Typed accessors: NotFound/DataLoss-style error if the index is out of range or the
  // entry has another tag.
  StatusOr<std::string_view> Utf8(uint16_t index) const;
  StatusOr<std::string_view> ClassName(uint16_t class_index) const;  // internal form a/b/C
  // For Fieldref/Methodref/InterfaceMethodref: owner class, member name, descriptor.
  struct MemberRef {
    std::string_view owner, name, descriptor;
  };
  StatusOr<MemberRef> Member(uint16_t ref_index) const;
  // Checks an index has the given tag (used by the parser's validation).
  bool Is(uint16_t index, CpTag tag) const;

  // Appenders: return the index of an equal existing entry or a new one. They fail with
  // ResourceExhausted when the pool would pass 65535 slots.
  StatusOr<uint16_t> AddUtf8(std::string_view s);
  StatusOr<uint16_t> AddClass(std::string_view internal_name);
  StatusOr<uint16_t> AddNameAndType(std::string_view name, std::string_view desc);
  StatusOr<uint16_t> AddMethodref(std::string_view owner, std::string_view name,
                                  std::string_view desc);
  StatusOr<uint16_t> AddFieldref(std::string_view owner, std::string_view name,
                                 std::string_view desc);
  StatusOr<uint16_t> AddInteger(int32_t v);

 private:
  std::vector<CpEntry> entries_ = std::vector<CpEntry>(1);
};

}  // namespace jtg::classfile
