// Type hints: the class types a method of the class under test tests for or casts to
// (`instanceof T`, `checkcast T`), including those of the methods of the same class it
// calls directly (one hop, which covers private helpers and overload chains). When an
// argument of a wide declared type (Object, CharSequence, Collection ...) is built, the
// value factory sometimes builds a hinted subtype instead, so both sides of
// `cs instanceof String` and `coll instanceof Bag` get exercised. This is JTestCraft's
// treatment of wide parameter types (den Hollander, "Automatic unit test generation", MSc
// thesis, TU Delft, 2010).
//
// Pure function of the parsed class file; no state.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "classfile/class_file.h"

namespace jtg::generate {

// Method key ("name" + descriptor) -> sorted, distinct internal names of the non-array
// class types checked or cast to in that method and in same-class methods it invokes.
// Methods without code, or whose code does not decode, get no entry.
using TypeHints = std::map<std::string, std::vector<std::string>>;
TypeHints CollectTypeHints(const classfile::ClassFile& cls);

}  // namespace jtg::generate
