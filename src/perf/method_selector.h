// `--method` of `jtestgen perf`: a method name, optionally with parameter types given by
// simple or qualified Java names: `subtract`, `subtract()`, `subtract(List,List)`,
// `subtract(java.util.List,java.util.List)`, `index(int[],java.lang.String...)`.
// Pure functions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::perf {

struct MethodPattern {
  std::string name;
  std::optional<std::vector<std::string>> params;  // none: any overload
};

// Errors: InvalidArgument naming the text when it is not `name` or `name(T,...)`.
StatusOr<MethodPattern> ParseMethodPattern(const std::string& text);

// Whether method `name` with JVM `descriptor` matches. A parameter type matches when its
// Java name equals the pattern's, or its simple name does (`List` matches java.util.List);
// `T...` matches an array T[].
bool Matches(const MethodPattern& p, const std::string& name, const std::string& descriptor);

// Java form of a method for reports: "bar(java.util.Collection,int[])".
std::string JavaSignature(const std::string& name, const std::string& descriptor);

}  // namespace jtg::perf
