// Class constants of the class under test: the classes its code loads with ldc / ldc_w
// (`Character.class`, `Date.class`), in binary form ("java.lang.Character"), sorted, each
// once. Array classes are left out. These are the Class values the code compares or looks
// up (a converter table keyed by type, an `if (type == Date.class)`), so tests get them as
// values of `java.lang.Class` parameters; EvoSuite seeds the type constants of its constant
// pool the same way (Fraser & Arcuri, "The seed is strong", ICST 2012, §III-B).
//
// Pure function of its argument; thread-safe. A method whose code does not decode is
// skipped.
#pragma once

#include <string>
#include <vector>

#include "classfile/class_file.h"

namespace jtg::generate {

std::vector<std::u16string> ClassConstants(const classfile::ClassFile& cls);

}  // namespace jtg::generate
