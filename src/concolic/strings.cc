#include "concolic/strings.h"

#include "absl/strings/str_format.h"

namespace jtg::concolic {

int32_t JavaHashCode(std::u16string_view s) {
  uint32_t h = 0;
  for (char16_t c : s) h = h * 31u + c;
  return static_cast<int32_t>(h);
}

int32_t JavaIndexOf(std::u16string_view s, std::u16string_view t, int32_t from) {
  const size_t start = from < 0 ? 0 : static_cast<size_t>(from);
  if (start > s.size()) return t.empty() ? static_cast<int32_t>(s.size()) : -1;
  const size_t at = s.find(t, start);
  return at == std::u16string_view::npos ? -1 : static_cast<int32_t>(at);
}

std::optional<int32_t> JavaParseInt(std::u16string_view s) {
  if (s.empty()) return std::nullopt;
  const bool neg = s[0] == u'-';
  const size_t start = neg || s[0] == u'+' ? 1 : 0;
  if (start == s.size()) return std::nullopt;
  int64_t v = 0;
  for (size_t k = start; k < s.size(); ++k) {
    if (s[k] < u'0' || s[k] > u'9') return std::nullopt;
    v = v * 10 + (s[k] - u'0');
    if (v > (int64_t{1} << 31)) return std::nullopt;
  }
  if (!neg && v == (int64_t{1} << 31)) return std::nullopt;
  return static_cast<int32_t>(neg ? -v : v);
}

bool IsStringOp(Op op) { return op >= Op::kStrLen && op <= Op::kStrToInt; }

std::optional<Expr> FoldString(Op op, const std::vector<Expr>& args) {
  for (const Expr& a : args) {
    if (!a->IsConst()) return std::nullopt;
  }
  auto text = [&](size_t i) -> std::u16string_view { return args[i]->text; };
  auto integer = [&](size_t i) { return args[i]->AsValue().AsInt(); };
  switch (op) {
    case Op::kStrLen: return Const(Value::Int(static_cast<int32_t>(text(0).size())));
    case Op::kStrCharAt: {
      const int32_t i = integer(1);
      if (i < 0 || static_cast<size_t>(i) >= text(0).size()) return std::nullopt;
      return Const(Value::Int(text(0)[static_cast<size_t>(i)]));
    }
    case Op::kStrEq: return Const(Value::Bool(text(0) == text(1)));
    case Op::kStrConcat: return StrConst(std::u16string(text(0)) + std::u16string(text(1)));
    case Op::kStrUnit:
      return StrConst(std::u16string(1, static_cast<char16_t>(integer(0) & 0xffff)));
    case Op::kStrPrefix: return Const(Value::Bool(text(0).starts_with(text(1))));
    case Op::kStrSuffix: return Const(Value::Bool(text(0).ends_with(text(1))));
    case Op::kStrContains:
      return Const(Value::Bool(text(0).find(text(1)) != std::u16string_view::npos));
    case Op::kStrIndexOf: return Const(Value::Int(JavaIndexOf(text(0), text(1), integer(2))));
    case Op::kStrSubstring: {
      const int32_t b = integer(1), e = integer(2);
      if (b < 0 || e < b || static_cast<size_t>(e) > text(0).size()) return std::nullopt;
      return StrConst(
          std::u16string(text(0).substr(static_cast<size_t>(b), static_cast<size_t>(e - b))));
    }
    case Op::kStrHash: return Const(Value::Int(JavaHashCode(text(0))));
    case Op::kStrIsInt: return Const(Value::Bool(JavaParseInt(text(0)).has_value()));
    case Op::kStrToInt: return Const(Value::Int(JavaParseInt(text(0)).value_or(0)));
    default: return std::nullopt;
  }
}

std::string Printable(std::u16string_view s) {
  std::string out;
  for (char16_t c : s) {
    if (c >= 0x20 && c < 0x7f && c != '\\' && c != '"') {
      out.push_back(static_cast<char>(c));
    } else {
      out += absl::StrFormat("\\u%04x", static_cast<unsigned>(c));
    }
  }
  return out;
}

}  // namespace jtg::concolic

namespace jtg::concolic {

std::u16string DecodeModifiedUtf8(std::string_view bytes) {
  std::u16string out;
  auto b = [&](size_t i) { return static_cast<unsigned char>(bytes[i]); };
  for (size_t i = 0; i < bytes.size();) {
    const unsigned c = b(i);
    if (c >= 0xe0 && c < 0xf0 && i + 2 < bytes.size()) {
      out.push_back(
          static_cast<char16_t>(((c & 0x0f) << 12) | ((b(i + 1) & 0x3f) << 6) | (b(i + 2) & 0x3f)));
      i += 3;
    } else if (c >= 0xc0 && c < 0xe0 && i + 1 < bytes.size()) {
      out.push_back(static_cast<char16_t>(((c & 0x1f) << 6) | (b(i + 1) & 0x3f)));
      i += 2;
    } else {
      out.push_back(static_cast<char16_t>(c));
      ++i;
    }
  }
  return out;
}

}  // namespace jtg::concolic
