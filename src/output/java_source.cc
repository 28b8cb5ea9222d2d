#include "output/java_source.h"

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
  std::string p = PrimitiveLiteral(lit.type, lit.i, lit.d);
  if (p[0] == '-' || p[0] == '(') return p;  // still a single expression for our uses
  return p;
}

std::string SourceType(const classfile::TypeDesc& t) { return t.JavaName(); }

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
