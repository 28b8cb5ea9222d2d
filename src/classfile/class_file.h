// In-memory model of a class file (JVMS 17 chapter 4), parser and writer.
//
// The model keeps every attribute's raw bytes in file order, so Write(Parse(b)) == b byte
// for byte. The attributes the analyses need are also decoded (Code with its exception
// table; LineNumberTable, LocalVariableTable, StackMapTable inside Code; Signature) and
// validated while parsing. A pass that changes code re-encodes the decoded form into the
// raw attribute (see attributes.h: Encode*), the writer only ever writes raw bytes.
//
// Supported versions: major 45..kMaxMajorVersion (Java 1.1 .. 25). Newer versions are read
// forward (parsed as 25) and ParseResult::warning says so, as JaCoCo does.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "classfile/constant_pool.h"
#include "common/status.h"

namespace jtg::classfile {

inline constexpr uint16_t kMinMajorVersion = 45;
inline constexpr uint16_t kMaxMajorVersion = 69;  // Java 25

enum AccessFlags : uint16_t {
  kAccPublic = 0x0001,
  kAccPrivate = 0x0002,
  kAccProtected = 0x0004,
  kAccStatic = 0x0008,
  kAccFinal = 0x0010,
  kAccSynchronized = 0x0020,
  kAccSuper = 0x0020,
  kAccVolatile = 0x0040,
  kAccBridge = 0x0040,
  kAccTransient = 0x0080,
  kAccVarargs = 0x0080,
  kAccNative = 0x0100,
  kAccInterface = 0x0200,
  kAccAbstract = 0x0400,
  kAccStrict = 0x0800,
  kAccSynthetic = 0x1000,
  kAccAnnotation = 0x2000,
  kAccEnum = 0x4000,
  kAccModule = 0x8000,
};

// A raw attribute: name index into the constant pool and its info bytes.
struct Attribute {
  uint16_t name_index = 0;
  std::vector<uint8_t> info;
};

struct ExceptionHandler {
  uint16_t start_pc = 0, end_pc = 0, handler_pc = 0;
  uint16_t catch_type = 0;  // 0 = any (finally)
};

struct LineNumber {
  uint16_t start_pc = 0, line = 0;
};

struct LocalVariable {  // LocalVariableTable and LocalVariableTypeTable entries
  uint16_t start_pc = 0, length = 0, name_index = 0, descriptor_index = 0, index = 0;
};

// StackMapTable verification_type_info (JVMS §4.7.4).
struct VerificationType {
  enum Tag : uint8_t {
    kTop = 0,
    kInteger = 1,
    kFloat = 2,
    kDouble = 3,
    kLong = 4,
    kNull = 5,
    kUninitializedThis = 6,
    kObject = 7,
    kUninitialized = 8
  };
  uint8_t tag = kTop;
  uint16_t data = 0;  // kObject: class cp index; kUninitialized: offset of the `new`
  bool operator==(const VerificationType&) const = default;
};

// One stack map frame. frame_type is the byte as read (0..255) and is kept so the encoder
// reproduces the original choice of frame kind; `offset` is the absolute bytecode offset
// the frame applies to (decoded from offset_delta). For chop frames `chopped` is k; locals
// holds the appended locals (append) or all locals (full); stack holds the stack items
// (same_locals_1_stack_item[_extended]: one item; full: all).
struct StackMapFrame {
  uint8_t frame_type = 0;
  uint32_t offset = 0;
  uint8_t chopped = 0;
  std::vector<VerificationType> locals;
  std::vector<VerificationType> stack;
};

struct CodeAttribute {
  uint16_t max_stack = 0, max_locals = 0;
  std::vector<uint8_t> code;
  std::vector<ExceptionHandler> handlers;
  std::vector<Attribute> attributes;  // raw, in file order (LineNumberTable, ...)

  // Decoded views of the sub-attributes (empty if absent). Multiple LineNumberTable or
  // LocalVariableTable attributes are concatenated in order.
  std::vector<LineNumber> lines;
  std::vector<LocalVariable> locals;
  std::vector<LocalVariable> local_types;  // LocalVariableTypeTable
  std::vector<StackMapFrame> frames;       // StackMapTable, absolute offsets
  bool has_stack_map = false;
};

struct FieldInfo {
  uint16_t access = 0, name_index = 0, descriptor_index = 0;
  std::vector<Attribute> attributes;
  std::optional<uint16_t> signature_index;  // Signature attribute's Utf8 index
};

struct MethodInfo {
  uint16_t access = 0, name_index = 0, descriptor_index = 0;
  std::vector<Attribute> attributes;  // raw, in file order, the Code attribute included
  // Decoded Code attribute and its position in `attributes`. The writer writes only the raw
  // attributes: after changing `code`, call EncodeCode to refresh the raw Code attribute.
  std::optional<CodeAttribute> code;
  int code_attribute = -1;
  std::optional<uint16_t> signature_index;
};

struct ClassFile {
  uint16_t minor_version = 0, major_version = 0;
  ConstantPool cp;
  uint16_t access = 0, this_class = 0, super_class = 0;
  std::vector<uint16_t> interfaces;
  std::vector<FieldInfo> fields;
  std::vector<MethodInfo> methods;
  std::vector<Attribute> attributes;
  std::optional<uint16_t> signature_index;

  // Convenience lookups; empty string_view on a malformed index (the parser validated them).
  std::string_view Name() const;       // internal form, e.g. java/util/List
  std::string_view SuperName() const;  // empty for java/lang/Object and module-info
  std::string_view MethodName(const MethodInfo& m) const;
  std::string_view MethodDescriptor(const MethodInfo& m) const;
  std::string_view FieldName(const FieldInfo& f) const;
  std::string_view FieldDescriptor(const FieldInfo& f) const;
};

struct ParseResult {
  ClassFile cls;
  std::string warning;  // non-empty when the class was read forward (too-new version)
};

// Parses and validates a class file. `what` names the input in error messages (a class
// name or path). Errors: DataLoss("<what>: offset N: <reason>") for truncated or malformed
// input (bad magic, bad cp tag or index, code length 0 or > 65535, attribute overrun,
// branch/handler/frame offsets out of range, ...).
StatusOr<ParseResult> Parse(std::span<const uint8_t> bytes, std::string_view what);

// Serializes a class from its raw attributes. Never fails for a model produced by Parse;
// returns
// ResourceExhausted if a table grew past its u16 limit.
StatusOr<std::vector<uint8_t>> Write(const ClassFile& cls);

// Re-encodes m.code (including its lines, locals, local_types and frames into their raw
// sub-attributes) into m.attributes[m.code_attribute]. Errors: ResourceExhausted when code
// passes 65535 bytes or a table passes 65535 entries; the method is left unchanged then.
Status EncodeCode(ClassFile& cls, MethodInfo& m);

// Appends a method with access flags `access`, name `name`, descriptor `desc` and the code
// `code` to cls.methods, its Code attribute encoded (EncodeCode). Errors: ResourceExhausted
// on constant pool overflow or when the code passes EncodeCode's limits; `cls.methods` is
// unchanged then.
Status AppendMethod(ClassFile& cls, uint16_t access, std::string_view name, std::string_view desc,
                    CodeAttribute code);

}  // namespace jtg::classfile
