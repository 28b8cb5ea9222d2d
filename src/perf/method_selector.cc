#include "perf/method_selector.h"

#include "classfile/descriptor.h"

namespace jtg::perf {

namespace {

std::string Trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t");
  size_t b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Java name of a type: java.util.List, int[], java.lang.String[][].
std::string JavaName(const classfile::TypeDesc& t) {
  std::string base;
  if (t.base == 'L') {
    base = classfile::JavaSourceName(t.class_name);
  } else {
    base = std::string(classfile::PrimitiveName(t.base));
  }
  for (int i = 0; i < t.dims; ++i) base += "[]";
  return base;
}

bool TypeMatches(std::string want, const classfile::TypeDesc& t) {
  if (want.size() > 3 && want.ends_with("...")) want = want.substr(0, want.size() - 3) + "[]";
  std::string have = JavaName(t);
  if (want == have) return true;
  // Simple name: the part after the last '.' of the element type, dims kept.
  size_t dot = have.rfind('.', have.find('['));
  if (have.find('[') == std::string::npos) dot = have.rfind('.');
  std::string simple = dot == std::string::npos ? have : have.substr(dot + 1);
  return want == simple;
}

}  // namespace

StatusOr<MethodPattern> ParseMethodPattern(const std::string& text) {
  MethodPattern p;
  std::string t = Trim(text);
  size_t open = t.find('(');
  if (open == std::string::npos) {
    p.name = t;
  } else {
    if (t.back() != ')') {
      return absl::InvalidArgumentError("--method '" + text + "': expected name(Type,...)");
    }
    p.name = Trim(t.substr(0, open));
    std::string inner = t.substr(open + 1, t.size() - open - 2);
    std::vector<std::string> params;
    if (!Trim(inner).empty()) {
      size_t start = 0;
      while (true) {
        size_t comma = inner.find(',', start);
        params.push_back(Trim(inner.substr(start, comma - start)));
        if (params.back().empty()) {
          return absl::InvalidArgumentError("--method '" + text + "': empty parameter type");
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    }
    p.params = std::move(params);
  }
  if (p.name.empty() || p.name.find_first_of(" .<>") != std::string::npos) {
    return absl::InvalidArgumentError("--method '" + text + "': not a method name");
  }
  return p;
}

bool Matches(const MethodPattern& p, const std::string& name, const std::string& descriptor) {
  if (p.name != name) return false;
  if (!p.params) return true;
  auto desc = classfile::ParseMethodDescriptor(descriptor);
  if (!desc.ok() || desc->params.size() != p.params->size()) return false;
  for (size_t i = 0; i < desc->params.size(); ++i) {
    if (!TypeMatches((*p.params)[i], desc->params[i])) return false;
  }
  return true;
}

std::string JavaSignature(const std::string& name, const std::string& descriptor) {
  auto desc = classfile::ParseMethodDescriptor(descriptor);
  std::string out = name + "(";
  if (desc.ok()) {
    for (size_t i = 0; i < desc->params.size(); ++i) {
      out += (i > 0 ? "," : "") + JavaName(desc->params[i]);
    }
  }
  return out + ")";
}

}  // namespace jtg::perf
