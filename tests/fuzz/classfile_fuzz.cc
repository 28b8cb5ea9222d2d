// libFuzzer target: the class-file parser (classfile::Parse) on arbitrary bytes, and, when
// it accepts them, the writer: Write(Parse(b)) must succeed and give back exactly b (the
// model keeps every raw attribute; class_file.h), and that must parse again.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

#include "classfile/class_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> bytes(data, size);
  auto parsed = jtg::classfile::Parse(bytes, "fuzz");
  if (!parsed.ok()) return 0;
  auto written = jtg::classfile::Write(parsed->cls);
  if (!written.ok()) {
    std::fprintf(stderr, "Write failed on a parsed class: %s\n",
                 std::string(written.status().message()).c_str());
    std::abort();
  }
  if (written->size() != size || !std::equal(written->begin(), written->end(), data)) {
    std::fprintf(stderr, "Write(Parse(b)) != b (%zu bytes in, %zu out)\n", size, written->size());
    std::abort();
  }
  if (!jtg::classfile::Parse(*written, "fuzz rewritten").ok()) std::abort();
  return 0;
}
