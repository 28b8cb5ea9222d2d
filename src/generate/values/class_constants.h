// Class constants of the class under test: the classes its code loads with ldc / ldc_w
// (`Character.class`, `Date.class`), in binary form ("java.lang.Character"), sorted, each
// once. Array classes are left out. These are the Class values the code compares or looks
// up (a converter table keyed by type, an `if (type == Date.class)`), so tests get them as
// values of `java.lang.Class` parameters, as EvoSuite draws a Class value from the types its
// constant pool collected from the CUT's ldc instructions (its ConstantPoolManager and
// ClassPrimitiveStatement; seeding in general: Fraser & Arcuri, "The seed is strong", ICST
// 2012).
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
