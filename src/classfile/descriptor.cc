#include "classfile/descriptor.h"

#include "absl/strings/str_format.h"

namespace jtg::classfile {
namespace {

constexpr int kMaxDims = 255;  // JVMS §4.3.2

Status Bad(std::string_view d, size_t at, std::string_view why) {
  return absl::InvalidArgumentError(absl::StrFormat("bad descriptor \"%s\" at %d: %s", d, at, why));
}

// Parses one field type starting at `pos`, advancing it. `void_ok` allows V (no dims).
Status ParseType(std::string_view d, size_t& pos, bool void_ok, TypeDesc& out) {
  out = TypeDesc{};
  while (pos < d.size() && d[pos] == '[') {
    if (++out.dims > kMaxDims) return Bad(d, pos, "more than 255 array dimensions");
    ++pos;
  }
  if (pos >= d.size()) return Bad(d, pos, "missing type");
  char c = d[pos++];
  switch (c) {
    case 'B':
    case 'C':
    case 'D':
    case 'F':
    case 'I':
    case 'J':
    case 'S':
    case 'Z': out.base = c; return absl::OkStatus();
    case 'V':
      if (!void_ok || out.dims > 0) return Bad(d, pos - 1, "void is only a return type");
      out.base = 'V';
      return absl::OkStatus();
    case 'L': {
      size_t end = d.find(';', pos);
      if (end == std::string_view::npos) return Bad(d, pos, "missing ';'");
      std::string_view name = d.substr(pos, end - pos);
      if (name.empty()) return Bad(d, pos, "empty class name");
      if (name.find_first_of(".[") != std::string_view::npos) {
        return Bad(d, pos, "class name contains '.' or '['");
      }
      out.base = 'L';
      out.class_name = std::string(name);
      pos = end + 1;
      return absl::OkStatus();
    }
    default: return Bad(d, pos - 1, absl::StrFormat("unknown type character '%c'", c));
  }
}

}  // namespace

std::string_view PrimitiveName(char base) {
  switch (base) {
    case 'B': return "byte";
    case 'C': return "char";
    case 'D': return "double";
    case 'F': return "float";
    case 'I': return "int";
    case 'J': return "long";
    case 'S': return "short";
    case 'Z': return "boolean";
    default: return "void";
  }
}

std::string TypeDesc::Descriptor() const {
  std::string out(static_cast<size_t>(dims), '[');
  if (base == 'L') {
    absl::StrAppend(&out, "L", class_name, ";");
  } else {
    out.push_back(base);
  }
  return out;
}

std::string TypeDesc::JavaName() const {
  std::string out = base == 'L' ? JavaSourceName(class_name) : std::string(PrimitiveName(base));
  for (int i = 0; i < dims; ++i) out += "[]";
  return out;
}

TypeDesc TypeDesc::Component() const {
  TypeDesc c = *this;
  if (c.dims > 0) --c.dims;
  return c;
}

StatusOr<TypeDesc> ParseFieldDescriptor(std::string_view d) {
  TypeDesc t;
  size_t pos = 0;
  JTG_RETURN_IF_ERROR(ParseType(d, pos, /*void_ok=*/false, t));
  if (pos != d.size()) return Bad(d, pos, "trailing characters");
  return t;
}

StatusOr<MethodDesc> ParseMethodDescriptor(std::string_view d) {
  MethodDesc m;
  size_t pos = 0;
  if (d.empty() || d[0] != '(') return Bad(d, 0, "expected '('");
  ++pos;
  while (pos < d.size() && d[pos] != ')') {
    TypeDesc t;
    JTG_RETURN_IF_ERROR(ParseType(d, pos, /*void_ok=*/false, t));
    m.params.push_back(std::move(t));
  }
  if (pos >= d.size()) return Bad(d, pos, "missing ')'");
  ++pos;
  JTG_RETURN_IF_ERROR(ParseType(d, pos, /*void_ok=*/true, m.ret));
  if (pos != d.size()) return Bad(d, pos, "trailing characters");
  return m;
}

std::string JavaSourceName(std::string_view internal_name) {
  std::string out(internal_name);
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '/') {
      out[i] = '.';
      continue;
    }
    if (out[i] != '$') continue;
    const bool starts = i == 0 || internal_name[i - 1] == '/' || internal_name[i - 1] == '$';
    const bool ends = i + 1 == out.size() || internal_name[i + 1] == '$';
    if (!starts && !ends) out[i] = '.';
  }
  return out;
}

}  // namespace jtg::classfile
