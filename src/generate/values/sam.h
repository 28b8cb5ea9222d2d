// Functional interfaces (JLS 17 §9.8) read from class files: an interface whose abstract
// methods, after the public methods of java.lang.Object (equals, hashCode, toString) are set
// aside, are all override-equivalent, so one abstract method (the SAM) remains. Super-
// interfaces are walked with their type arguments substituted (Consumer<String>.accept(T) is
// accept(String)); default, static, private, bridge and synthetic methods are ignored, and
// an abstract method that a default method of a subinterface overrides does not count. Not
// functional: annotation types, sealed interfaces (PermittedSubclasses), interfaces whose
// single method has its own type parameters (no lambda can implement a generic method), and
// interfaces with a supertype that cannot be read.
//
// The value factory makes a kLambda statement for such a type (lambda_values.cc).
//
// Ownership: SamCatalog owns its cache and the Callables it hands out; it calls its reader
// on the caller's thread. Not thread-safe.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "classfile/signature.h"
#include "common/status.h"
#include "generate/values/producer.h"

namespace jtg::generate {

struct Sam {
  std::string iface;  // internal name of the functional interface
  // Its single abstract method as declared (owner: the declaring interface, which may be
  // a superinterface of `iface`).
  CallablePtr method;
  // The method's return type in terms of `iface`'s own type variables (kPrim 'V': void).
  classfile::GenericType result;
  std::vector<classfile::TypeParameter> type_params;  // of `iface`

  size_t arity() const { return method->desc.params.size(); }
  bool returns_void() const {
    return result.kind == classfile::GenericType::kPrim && result.prim == 'V';
  }
};

// Class file bytes by internal name (NotFound when absent).
using ClassBytesFn = std::function<StatusOr<std::vector<uint8_t>>(const std::string&)>;

// The SAM of interface `internal_name`, or nullopt when it is not a functional interface
// (or not an interface, or a class of its hierarchy cannot be read or parsed).
std::optional<Sam> FindSam(const std::string& internal_name, const ClassBytesFn& read);

// What a lambda of `sam`'s interface must return where a value of generic type `use` (the
// interface with type arguments, e.g. Supplier<String>; nullptr or raw: none) is expected:
// `sam.result` with the interface's type variables replaced by the use site's arguments
// (`? extends X` and `? super X` give X), or else by their first bound; a variable with
// neither becomes `*` (erases to Object).
classfile::GenericType SamResultAt(const Sam& sam, const classfile::GenericType* use);

class SamCatalog {
 public:
  explicit SamCatalog(ClassBytesFn read) : read_(std::move(read)) {}
  // Cached FindSam; nullptr when not functional.
  const Sam* Find(const std::string& internal_name);

 private:
  ClassBytesFn read_;
  std::map<std::string, std::optional<Sam>> cache_;
};

}  // namespace jtg::generate
