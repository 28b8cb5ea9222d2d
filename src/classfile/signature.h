// Generic signatures of the Signature attribute (JVMS 17 §4.7.9.1): class, method and field
// signatures parsed into trees of GenericType. Pure data and functions, no state.
//
// Errors: DataLoss("bad signature \"...\" at N: why"), N the byte offset in the input.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace jtg::classfile {

// One Java type as a signature spells it.
//   kPrim:     `prim` is B C D F I J S Z, or V (a method's return only).
//   kClass:    `name` is the internal name; inner class suffixes are joined with '$'
//              (Lp/Outer<TT;>.Inner<TU;>; -> "p/Outer$Inner"); `args` are the type arguments
//              of the innermost class (those of the enclosing classes are dropped).
//   kTypeVar:  `name` is the variable's name (TT; -> "T").
//   kArray:    `args[0]` is the component type.
//   kWildcard: only as a type argument. `wildcard` is '*' (args empty), '+' (? extends
//              args[0]) or '-' (? super args[0]).
struct GenericType {
  enum Kind : uint8_t { kPrim, kClass, kTypeVar, kArray, kWildcard };
  Kind kind = kPrim;
  char prim = 'V';
  char wildcard = 0;
  std::string name;
  std::vector<GenericType> args;

  // Java source form, for messages and tests: java.util.List<? extends T>, int[].
  std::string ToString() const;
};

// `<T:Ljava/lang/Number;>`: the name and its bounds (class bound first when present, then
// interface bounds); an empty class bound (`T::Ljava/lang/Comparable;`) is omitted.
struct TypeParameter {
  std::string name;
  std::vector<GenericType> bounds;
};

struct MethodSignature {
  std::vector<TypeParameter> type_params;
  std::vector<GenericType> params;
  GenericType result;  // kPrim 'V' for void
  std::vector<GenericType> throws;
};

struct ClassSignature {
  std::vector<TypeParameter> type_params;
  GenericType super_class;
  std::vector<GenericType> interfaces;
};

StatusOr<MethodSignature> ParseMethodSignature(std::string_view s);
// A field signature is a reference type signature (class, type variable or array).
StatusOr<GenericType> ParseFieldSignature(std::string_view s);
StatusOr<ClassSignature> ParseClassSignature(std::string_view s);

}  // namespace jtg::classfile
