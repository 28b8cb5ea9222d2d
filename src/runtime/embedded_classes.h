// The Java runtime helper classes (src/runtime/java), compiled by javac at build time and
// embedded in the binary by tools/embed_classes.cmake. They are defined in the embedded JVM
// with DefineClass on the bootstrap loader: nothing is added to the user's classpath.
#pragma once

#include <cstddef>

namespace jtg::runtime {

struct EmbeddedClass {
  const char* name;  // internal name, e.g. jtestgen/rt/Probes
  const unsigned char* bytes;
  size_t size;
};

extern const EmbeddedClass kEmbeddedClasses[];
extern const int kEmbeddedClassCount;

}  // namespace jtg::runtime
