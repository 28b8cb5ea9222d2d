// Shared helpers for the classfile_* tests: real class bytes from the system jars and a
// tiny hand-built class with one method whose Code attribute the test controls.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "classfile/byte_writer.h"
#include "classpath/classpath.h"
#include "gtest/gtest.h"

namespace jtg::classfile::testing {

inline constexpr const char* kLang3Jar = "/usr/share/java/commons-lang3.jar";
inline constexpr const char* kCollectionsJar = "/usr/share/java/commons-collections3.jar";
inline constexpr const char* kGuavaJar = "/usr/share/java/guava.jar";

// Bytes of `name` from `jar`; fails the test (and returns empty) if unavailable.
inline std::vector<uint8_t> JarClass(std::string_view jar, std::string_view name) {
  auto cp = classpath::Classpath::Open(jar);
  EXPECT_TRUE(cp.ok()) << cp.status();
  if (!cp.ok()) return {};
  auto bytes = cp->ReadClass(name);
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? *bytes : std::vector<uint8_t>{};
}

// Constant pool of the built class: 1 Utf8 "T", 2 Class #1, 3 Utf8 java/lang/Object,
// 4 Class #3, 5 Utf8 "m", 6 Utf8 "()V", 7 Utf8 "Code", 8 Utf8 "StackMapTable".
inline constexpr uint16_t kBuiltObjectClass = 4;
inline constexpr uint16_t kBuiltStackMapName = 8;

struct CodeSpec {
  std::vector<uint8_t> code;
  std::vector<uint16_t> handlers;     // 4 u2 per handler
  std::vector<uint8_t> stack_map;     // StackMapTable info (omitted when empty)
  int64_t code_length_override = -1;  // written instead of code.size() when >= 0
};

inline CodeSpec WithCode(std::vector<uint8_t> code) {
  CodeSpec s;
  s.code = std::move(code);
  return s;
}

// Builds "class T extends Object { static void m() { <code> } }", version 52.0.
inline std::vector<uint8_t> BuildClass(const CodeSpec& spec) {
  ByteWriter w;
  w.U4(0xCAFEBABE);
  w.U2(0);
  w.U2(52);
  const char* utf8[] = {"T",   nullptr, "java/lang/Object", nullptr, "m",
                        "()V", "Code",  "StackMapTable"};
  w.U2(9);
  for (int i = 0; i < 8; ++i) {
    if (utf8[i] == nullptr) {
      w.U1(7);
      w.U2(static_cast<uint16_t>(i));  // Class -> previous Utf8
    } else {
      w.U1(1);
      w.U2(static_cast<uint16_t>(std::string_view(utf8[i]).size()));
      w.Bytes(std::string_view(utf8[i]));
    }
  }
  w.U2(0x21);
  w.U2(2);
  w.U2(4);
  w.U2(0);  // interfaces
  w.U2(0);  // fields
  w.U2(1);  // methods
  w.U2(0x0008);
  w.U2(5);
  w.U2(6);
  w.U2(1);  // one attribute: Code
  ByteWriter c;
  c.U2(4);
  c.U2(4);
  c.U4(static_cast<uint32_t>(spec.code_length_override >= 0 ? spec.code_length_override
                                                            : spec.code.size()));
  c.Bytes(spec.code);
  c.U2(static_cast<uint16_t>(spec.handlers.size() / 4));
  for (uint16_t v : spec.handlers) c.U2(v);
  c.U2(spec.stack_map.empty() ? 0 : 1);
  if (!spec.stack_map.empty()) {
    c.U2(kBuiltStackMapName);
    c.U4(static_cast<uint32_t>(spec.stack_map.size()));
    c.Bytes(spec.stack_map);
  }
  std::vector<uint8_t> info = c.Take();
  w.U2(7);
  w.U4(static_cast<uint32_t>(info.size()));
  w.Bytes(info);
  w.U2(0);  // class attributes
  return w.Take();
}

// Offset of code[0] in a class built by BuildClass.
inline size_t BuiltCodeOffset() {
  // header 10 + cp (8 entries) + class header 12 + method header 8 + attr header 6 +
  // max_stack/max_locals/code_length 8.
  size_t cp = 0;
  for (std::string_view s : {"T", "java/lang/Object", "m", "()V", "Code", "StackMapTable"})
    cp += 3 + s.size();
  cp += 2 * 3;
  return 10 + cp + 12 + 8 + 6 + 8;
}

}  // namespace jtg::classfile::testing
