// A way to obtain a value of some type: a constructor or static method call, or a static
// field read. Shared by the universe (user types) and the JDK catalog (JDK types).
#pragma once

#include <memory>
#include <string>

#include "classfile/descriptor.h"
#include "testcase/test_case.h"

namespace jtg::generate {

using CallablePtr = std::shared_ptr<const testcase::Callable>;

struct Producer {
  enum Kind { kCall, kStaticField } kind = kCall;
  CallablePtr callable;      // kCall: constructor or static method
  std::string owner, field;  // kStaticField
  classfile::TypeDesc type;  // declared type of the produced value
  // A static factory of the class that returns one of its supertypes (a decorator's
  // `decorate` returning the interface): the statement is declared as `type` and the value
  // cast to it (the executor checks the cast; the writer spells it).
  bool downcast = false;
};

}  // namespace jtg::generate
