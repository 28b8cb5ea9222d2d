// Generic parameter types of a method (from its Signature attribute, classfile/signature.h)
// prepared for value building: which element types a List<String> or Map<String, Long>
// argument must hold. Pure functions, no state.
#pragma once

#include <vector>

#include "classfile/descriptor.h"
#include "classfile/signature.h"

namespace jtg::generate {

// The generic types of `desc.params`, one per descriptor parameter, with type variables
// resolved:
//   - a method type variable bounded by a type other than Object, Comparable or
//     Serializable becomes its (resolved) bound: <T extends Number> -> Number;
//   - any other type variable (unbounded, Comparable-bounded, or the class's own) becomes
//     the unbounded wildcard `*`, meaning "free: any element type".
// When the signature lists fewer parameters than the descriptor (synthetic leading ones: an
// inner class's outer instance, an enum's name and ordinal), the last ones are matched and
// the leading ones get `*`. Empty if the signature lists more parameters than the descriptor.
std::vector<classfile::GenericType> ResolvedGenericParams(const classfile::MethodSignature& sig,
                                                          const classfile::MethodDesc& desc);

// Whether `g` pins any element type: a class type with a type argument other than `*`, or an
// array of such. False for nullptr.
bool PinsElements(const classfile::GenericType* g);

// The type an element of a collection with type argument `arg` must have: `? extends X` and
// `? super X` give X, `*` and Object give nullptr (free). Borrowed from `arg`.
const classfile::GenericType* ElementType(const classfile::GenericType& arg);

// The erasure of a class or array type (kClass -> Lname;, kArray -> [component); a
// primitive stays primitive; type variables and wildcards erase to java/lang/Object.
classfile::TypeDesc Erasure(const classfile::GenericType& g);

}  // namespace jtg::generate
