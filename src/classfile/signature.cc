#include "classfile/signature.h"

#include "absl/strings/str_format.h"
#include "classfile/descriptor.h"

namespace jtg::classfile {
namespace {

constexpr int kMaxNesting = 255;  // arrays and type arguments; guards the recursion

// A recursive-descent reader over one signature string.
class Reader {
 public:
  explicit Reader(std::string_view s) : s_(s) {}

  bool AtEnd() const { return pos_ >= s_.size(); }
  char Peek() const { return AtEnd() ? '\0' : s_[pos_]; }

  Status Bad(std::string_view why) const {
    return absl::DataLossError(absl::StrFormat("bad signature \"%s\" at %d: %s", s_, pos_, why));
  }

  Status Expect(char c) {
    if (Peek() != c) return Bad(absl::StrFormat("expected '%c'", c));
    ++pos_;
    return absl::OkStatus();
  }

  // Identifier (JVMS §4.7.9.1): one or more characters other than . ; [ / < > :
  Status Identifier(std::string& out) {
    size_t start = pos_;
    while (!AtEnd() && std::string_view(".;[/<>:").find(s_[pos_]) == std::string_view::npos) {
      ++pos_;
    }
    if (pos_ == start) return Bad("expected an identifier");
    out.assign(s_.substr(start, pos_ - start));
    return absl::OkStatus();
  }

  // TypeParameters: '<' TypeParameter+ '>', or nothing.
  Status TypeParams(std::vector<TypeParameter>& out) {
    if (Peek() != '<') return absl::OkStatus();
    ++pos_;
    if (Peek() == '>') return Bad("empty type parameter list");
    while (Peek() != '>') {
      TypeParameter p;
      JTG_RETURN_IF_ERROR(Identifier(p.name));
      JTG_RETURN_IF_ERROR(Expect(':'));
      if (Peek() != ':') {  // class bound (optional)
        GenericType b;
        JTG_RETURN_IF_ERROR(ReferenceType(b, 0));
        p.bounds.push_back(std::move(b));
      }
      while (Peek() == ':') {  // interface bounds
        ++pos_;
        GenericType b;
        JTG_RETURN_IF_ERROR(ReferenceType(b, 0));
        p.bounds.push_back(std::move(b));
      }
      out.push_back(std::move(p));
      if (AtEnd()) return Bad("unterminated type parameter list");
    }
    ++pos_;
    return absl::OkStatus();
  }

  // JavaTypeSignature: a reference type or a base type (V only if `void_ok`).
  Status JavaType(GenericType& out, int nesting, bool void_ok) {
    char c = Peek();
    if (std::string_view("BCDFIJSZ").find(c) != std::string_view::npos && c != '\0') {
      ++pos_;
      out = GenericType{};
      out.kind = GenericType::kPrim;
      out.prim = c;
      return absl::OkStatus();
    }
    if (c == 'V' && void_ok) {
      ++pos_;
      out = GenericType{};
      return absl::OkStatus();
    }
    return ReferenceType(out, nesting);
  }

  Status ReferenceType(GenericType& out, int nesting) {
    if (nesting > kMaxNesting) return Bad("nested too deeply");
    out = GenericType{};
    switch (Peek()) {
      case 'L': return ClassType(out, nesting);
      case 'T':
        ++pos_;
        out.kind = GenericType::kTypeVar;
        JTG_RETURN_IF_ERROR(Identifier(out.name));
        return Expect(';');
      case '[': {
        ++pos_;
        out.kind = GenericType::kArray;
        out.args.emplace_back();
        return JavaType(out.args[0], nesting + 1, /*void_ok=*/false);
      }
      default: return Bad("expected a reference type (L, T or [)");
    }
  }

  // 'L' [package/]SimpleClass ('.' SimpleClass)* ';', each SimpleClass with optional args.
  Status ClassType(GenericType& out, int nesting) {
    ++pos_;  // 'L'
    out.kind = GenericType::kClass;
    std::string part;
    JTG_RETURN_IF_ERROR(Identifier(part));
    out.name = part;
    while (Peek() == '/') {
      ++pos_;
      JTG_RETURN_IF_ERROR(Identifier(part));
      out.name += "/" + part;
    }
    JTG_RETURN_IF_ERROR(TypeArgs(out.args, nesting));
    while (Peek() == '.') {  // inner class suffix: its own arguments replace the outer ones
      ++pos_;
      JTG_RETURN_IF_ERROR(Identifier(part));
      out.name += "$" + part;
      out.args.clear();
      JTG_RETURN_IF_ERROR(TypeArgs(out.args, nesting));
    }
    return Expect(';');
  }

  Status TypeArgs(std::vector<GenericType>& out, int nesting) {
    if (Peek() != '<') return absl::OkStatus();
    ++pos_;
    if (Peek() == '>') return Bad("empty type argument list");
    while (Peek() != '>') {
      if (AtEnd()) return Bad("unterminated type argument list");
      GenericType a;
      char c = Peek();
      if (c == '*') {
        ++pos_;
        a.kind = GenericType::kWildcard;
        a.wildcard = '*';
      } else if (c == '+' || c == '-') {
        ++pos_;
        a.kind = GenericType::kWildcard;
        a.wildcard = c;
        a.args.emplace_back();
        JTG_RETURN_IF_ERROR(ReferenceType(a.args[0], nesting + 1));
      } else {
        JTG_RETURN_IF_ERROR(ReferenceType(a, nesting + 1));
      }
      out.push_back(std::move(a));
    }
    ++pos_;
    return absl::OkStatus();
  }

  Status End() { return AtEnd() ? absl::OkStatus() : Bad("trailing characters"); }

 private:
  std::string_view s_;
  size_t pos_ = 0;
};

}  // namespace

std::string GenericType::ToString() const {
  switch (kind) {
    case kPrim: return std::string(PrimitiveName(prim));
    case kTypeVar: return name;
    case kArray: return args.empty() ? "?[]" : args[0].ToString() + "[]";
    case kWildcard:
      if (wildcard == '*' || args.empty()) return "?";
      return std::string(wildcard == '+' ? "? extends " : "? super ") + args[0].ToString();
    case kClass: {
      std::string n = JavaSourceName(name);
      if (args.empty()) return n;
      n += "<";
      for (size_t i = 0; i < args.size(); ++i) {
        if (i > 0) n += ", ";
        n += args[i].ToString();
      }
      return n + ">";
    }
  }
  return "?";
}

StatusOr<MethodSignature> ParseMethodSignature(std::string_view s) {
  Reader r(s);
  MethodSignature m;
  JTG_RETURN_IF_ERROR(r.TypeParams(m.type_params));
  JTG_RETURN_IF_ERROR(r.Expect('('));
  while (r.Peek() != ')') {
    if (r.AtEnd()) return r.Bad("unterminated parameter list");
    GenericType p;
    JTG_RETURN_IF_ERROR(r.JavaType(p, 0, /*void_ok=*/false));
    m.params.push_back(std::move(p));
  }
  JTG_RETURN_IF_ERROR(r.Expect(')'));
  JTG_RETURN_IF_ERROR(r.JavaType(m.result, 0, /*void_ok=*/true));
  while (r.Peek() == '^') {
    JTG_RETURN_IF_ERROR(r.Expect('^'));
    GenericType t;
    JTG_RETURN_IF_ERROR(r.ReferenceType(t, 0));
    m.throws.push_back(std::move(t));
  }
  JTG_RETURN_IF_ERROR(r.End());
  return m;
}

StatusOr<GenericType> ParseFieldSignature(std::string_view s) {
  Reader r(s);
  GenericType t;
  JTG_RETURN_IF_ERROR(r.ReferenceType(t, 0));
  JTG_RETURN_IF_ERROR(r.End());
  return t;
}

StatusOr<ClassSignature> ParseClassSignature(std::string_view s) {
  Reader r(s);
  ClassSignature c;
  JTG_RETURN_IF_ERROR(r.TypeParams(c.type_params));
  if (r.Peek() != 'L') return r.Bad("expected the superclass");
  JTG_RETURN_IF_ERROR(r.ReferenceType(c.super_class, 0));
  while (!r.AtEnd()) {
    if (r.Peek() != 'L') return r.Bad("expected an interface");
    GenericType i;
    JTG_RETURN_IF_ERROR(r.ReferenceType(i, 0));
    c.interfaces.push_back(std::move(i));
  }
  return c;
}

}  // namespace jtg::classfile
