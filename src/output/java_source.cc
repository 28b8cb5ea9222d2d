#include "output/java_source.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace jtg::output {

namespace {
std::string Escape(char16_t c, char quote) {
  switch (c) {
    case u'\n': return "\\n";
    case u'\t': return "\\t";
    case u'\r': return "\\r";
    case u'\b': return "\\b";
    case u'\f': return "\\f";
    case u'\\': return "\\\\";
  }
  if (c == static_cast<char16_t>(quote)) return std::string("\\") + quote;
  char buf[16];
  if (c < 0x20) {
    std::snprintf(buf, sizeof buf, "\\%03o", static_cast<unsigned>(c));
    return buf;
  }
  if (c >= 0x7f) {
    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
    return buf;
  }
  return std::string(1, static_cast<char>(c));
}

std::string Shortest(double d, bool is_float) {
  char buf[64];
  std::to_chars_result r = is_float ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(d))
                                    : std::to_chars(buf, buf + sizeof buf, d);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}
}  // namespace

std::string StringLiteral(const std::u16string& s) {
  std::string out = "\"";
  for (char16_t c : s) out += Escape(c, '"');
  return out + "\"";
}

std::string CharLiteral(char16_t c) { return "'" + Escape(c, '\'') + "'"; }

std::string PrimitiveLiteral(char prim, int64_t i, double d) {
  switch (prim) {
    case 'Z': return i ? "true" : "false";
    case 'B': return "(byte) " + std::to_string(static_cast<int8_t>(i));
    case 'S': return "(short) " + std::to_string(static_cast<int16_t>(i));
    case 'C': return CharLiteral(static_cast<char16_t>(i));
    case 'I': {
      int32_t v = static_cast<int32_t>(i);
      if (v == INT32_MIN) return "Integer.MIN_VALUE";
      return std::to_string(v);
    }
    case 'J':
      if (i == INT64_MIN) return "Long.MIN_VALUE";
      return std::to_string(i) + "L";
    case 'F': {
      float f = static_cast<float>(d);
      if (std::isnan(f)) return "Float.NaN";
      if (std::isinf(f)) return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
      return Shortest(f, true) + "F";
    }
    case 'D':
      if (std::isnan(d)) return "Double.NaN";
      if (std::isinf(d)) return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
      return Shortest(d, false);
  }
  return "0";
}

std::string LiteralExpr(const testcase::Literal& lit) {
  if (lit.type == 's') return StringLiteral(lit.s);
  return PrimitiveLiteral(lit.type, lit.i, lit.d);
}

std::string BoxName(char prim) {
  switch (prim) {
    case 'Z': return "Boolean";
    case 'B': return "Byte";
    case 'C': return "Character";
    case 'S': return "Short";
    case 'I': return "Integer";
    case 'J': return "Long";
    case 'F': return "Float";
    case 'D': return "Double";
  }
  return "Object";
}

std::string VarStem(const classfile::TypeDesc& t) {
  std::string base;
  if (t.base == 'L') {
    std::string n = t.class_name;
    size_t p = n.find_last_of("/$");
    base = p == std::string::npos ? n : n.substr(p + 1);
  } else {
    classfile::TypeDesc prim;
    prim.base = t.base;
    base = prim.JavaName();
  }
  std::string out;
  for (char c : base) {
    if (std::isalnum(static_cast<unsigned char>(c))) out += c;
  }
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "value" + out;
  out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
  if (t.dims > 0) out += "Array";
  return out;
}

}  // namespace jtg::output

namespace jtg::output {

void TypeNamer::Reserve(const std::string& simple, const std::string& qualified) {
  simple_owner_.emplace(simple, qualified);
}

std::string TypeNamer::Name(const std::string& internal_name) {
  std::string qualified =
      source_name_ ? source_name_(internal_name) : classfile::JavaSourceName(internal_name);
  size_t dot = qualified.rfind('.');
  if (dot == std::string::npos) return qualified;
  std::string simple = qualified.substr(dot + 1);
  auto it = simple_owner_.find(simple);
  if (it == simple_owner_.end()) {
    simple_owner_.emplace(simple, qualified);
    return simple;
  }
  return it->second == qualified ? simple : qualified;
}

std::string TypeNamer::Name(const classfile::TypeDesc& t) {
  if (t.base != 'L') return t.JavaName();
  std::string out = Name(t.class_name);
  for (int d = 0; d < t.dims; ++d) out += "[]";
  return out;
}

std::vector<std::string> TypeNamer::Imports() const {
  std::vector<std::string> out;
  for (const auto& [simple, qualified] : simple_owner_) {
    if (qualified.find('.') == std::string::npos) continue;  // default package
    std::string pkg = qualified.substr(0, qualified.rfind('.'));
    bool top_level = pkg == package_ || pkg == "java.lang";
    if (top_level) continue;  // same package or java.lang: visible without import
    out.push_back("import " + qualified + ";");
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace jtg::output

namespace jtg::output {

std::string FolderString(const std::u16string& s, FolderMap* folder) {
  if (folder == nullptr || folder->path.empty() || s.find(folder->path) == std::u16string::npos) {
    return StringLiteral(s);
  }
  folder->used = true;
  std::vector<std::string> parts;
  size_t from = 0;
  for (size_t at = s.find(folder->path); at != std::u16string::npos;
       at = s.find(folder->path, from)) {
    if (at > from) parts.push_back(StringLiteral(s.substr(from, at - from)));
    parts.push_back(folder->expr);
    from = at + folder->path.size();
  }
  if (from < s.size()) parts.push_back(StringLiteral(s.substr(from)));
  std::string out;
  for (size_t k = 0; k < parts.size(); ++k) out += (k > 0 ? " + " : "") + parts[k];
  return out;
}

std::string StubBody(const testcase::StubSpec& spec, const SourceNameFn& source_name) {
  auto java_name = [&source_name](const classfile::TypeDesc& t) {
    if (t.base != 'L' || !source_name) return t.JavaName();
    std::string out = source_name(t.class_name);
    for (int d = 0; d < t.dims; ++d) out += "[]";
    return out;
  };
  std::string out = "{";
  for (const auto& o : spec.overrides) {
    auto d = classfile::ParseMethodDescriptor(o.descriptor);
    if (!d.ok()) continue;
    const classfile::TypeDesc& r = d->ret;
    out += std::string(" @Override ") + (o.is_public ? "public " : "protected ") +
           (r.base == 'V' && r.dims == 0 ? "void" : java_name(r)) + " " + o.name + "(";
    // Qualified: inside the body a simple name would first mean a member type inherited
    // from the superclass.
    for (size_t k = 0; k < d->params.size(); ++k) {
      out += (k ? ", " : "") + java_name(d->params[k]) + " p" + std::to_string(k);
    }
    out += ") { ";
    if (r.IsReference()) {
      out += "return null; ";
    } else if (r.base == 'Z') {
      out += o.value != 0 ? "return true; " : "return false; ";
    } else if (r.base == 'J') {
      out += "return 0L; ";
    } else if (r.base == 'F') {
      out += "return 0F; ";
    } else if (r.base == 'D') {
      out += "return 0.0; ";
    } else if (r.base != 'V') {
      out += "return 0; ";
    }
    out += "}";
  }
  return out + " }";
}

}  // namespace jtg::output
