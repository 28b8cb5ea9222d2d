// Constant pool of a class file (JVMS 17 §4.4): entries kept exactly as read so that the
// class writer reproduces the original bytes, plus appenders used by the instrumenter.
//
// Ownership: a ConstantPool owns its entries. Not thread-safe for mutation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
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
  // Also drops the appenders' lookup index (rebuilt on the next append).
  std::vector<CpEntry>& mutable_entries() {
    utf8_index_.clear();
    ref_index_.clear();
    indexed_ = 1;
    return entries_;
  }
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

  // Appenders: return the index of an equal existing entry (the first) or a new one, in
  // amortized O(1) through a hash index of the entries. They fail with ResourceExhausted
  // when the pool would pass 65535 slots.
  StatusOr<uint16_t> AddUtf8(std::string_view s);
  StatusOr<uint16_t> AddClass(std::string_view internal_name);
  StatusOr<uint16_t> AddNameAndType(std::string_view name, std::string_view desc);
  StatusOr<uint16_t> AddMethodref(std::string_view owner, std::string_view name,
                                  std::string_view desc);
  StatusOr<uint16_t> AddInterfaceMethodref(std::string_view owner, std::string_view name,
                                           std::string_view desc);
  StatusOr<uint16_t> AddFieldref(std::string_view owner, std::string_view name,
                                 std::string_view desc);
  StatusOr<uint16_t> AddInteger(int32_t v);

 private:
  using RefKey = std::tuple<uint8_t, uint16_t, uint16_t, uint64_t>;  // tag, a, b, value
  void IndexNew();  // indexes entries_[indexed_ ..]
  StatusOr<uint16_t> FindOrAdd(CpTag tag, uint16_t a, uint16_t b, uint64_t value);

  std::vector<CpEntry> entries_ = std::vector<CpEntry>(1);
  // Lookup index of the appenders: Utf8 bytes, and (tag, a, b, value) of the other entries
  // but Long/Double, each to its first index; covers entries_[1 .. indexed_).
  absl::flat_hash_map<std::string, uint16_t> utf8_index_;
  absl::flat_hash_map<RefKey, uint16_t> ref_index_;
  size_t indexed_ = 1;
};

}  // namespace jtg::classfile
