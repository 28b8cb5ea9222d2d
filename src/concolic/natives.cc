#include "concolic/natives.h"

#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "concolic/frame.h"
#include "concolic/strings.h"

namespace jtg::concolic {
namespace {

constexpr std::string_view kString = "java/lang/String";
constexpr std::string_view kBuilder = "java/lang/StringBuilder";

struct Text {
  std::u16string chars;
  Expr e;
};

bool IsText(Interpreter& in, const Slot& s) {
  if (!s.IsRef() || s.IsNull()) return false;
  const std::string& c = in.Object(s).cls;
  return c == kString || c == kBuilder;
}

Text TextOf(Interpreter& in, const Slot& s) {
  const HeapObject& o = in.Object(s);
  return {o.chars, o.text ? o.text : StrConst(o.chars)};
}

Slot Int(int32_t v, Expr e) { return {Value::Int(v), std::move(e)}; }

// A JDK exception or error constructor: nothing to model beyond the object.
bool IsThrowableInit(std::string_view owner, std::string_view name) {
  return name == "<init>" && (owner.starts_with("java/lang/") || owner.starts_with("java/util/")) &&
         (owner.ends_with("Exception") || owner.ends_with("Error"));
}

class Natives {
 public:
  Natives(Interpreter& in, CallSite site) : in_(in), site_(site) {}

  // An index check: records the decision when `cond` (true on this run when `ok`) depends
  // on an input; on failure the run throws StringIndexOutOfBoundsException.
  bool Check(int32_t arm, bool ok, const Expr& cond) {
    in_.Branch(site_.method, site_.offset, arm, !ok, ok ? cond : Unary(Op::kNot, cond));
    if (!ok) in_.run().thrown = "java/lang/StringIndexOutOfBoundsException";
    return ok;
  }

  absl::StatusOr<std::optional<Slot>> String(std::string_view sig, std::vector<Slot>& a) {
    const Text t = TextOf(in_, a[0]);
    const auto len = static_cast<int32_t>(t.chars.size());
    const Expr len_e = Nary(Op::kStrLen, {t.e});
    if (sig == "equals(Ljava/lang/Object;)Z") {
      if (a[1].IsNull() || in_.Object(a[1]).cls != kString) return Int(0, Const(Value::Int(0)));
      const Text o = TextOf(in_, a[1]);
      return Int(t.chars == o.chars ? 1 : 0, Nary(Op::kStrEq, {t.e, o.e}));
    }
    if (sig == "length()I") return Int(len, len_e);
    if (sig == "isEmpty()Z") {
      return Int(len == 0 ? 1 : 0, Binary(Op::kEq, len_e, Const(Value::Int(0))));
    }
    if (sig == "hashCode()I") return Int(JavaHashCode(t.chars), Nary(Op::kStrHash, {t.e}));
    if (sig == "toString()Ljava/lang/String;") return a[0];
    if (sig == "charAt(I)C") {
      const int32_t i = a[1].v.AsInt();
      const Expr ie = Numeric(a[1]);
      if (!Check(-1, i >= 0, Binary(Op::kGe, ie, Const(Value::Int(0)))) ||
          !Check(-2, i < len, Binary(Op::kLt, ie, len_e))) {
        return std::nullopt;
      }
      return Int(t.chars[static_cast<size_t>(i)], Nary(Op::kStrCharAt, {t.e, ie}));
    }
    if (sig == "substring(I)Ljava/lang/String;" || sig == "substring(II)Ljava/lang/String;") {
      const int32_t b = a[1].v.AsInt();
      const Expr be = Numeric(a[1]);
      const int32_t e = a.size() > 2 ? a[2].v.AsInt() : len;
      const Expr ee = a.size() > 2 ? Numeric(a[2]) : len_e;
      if (!Check(-1, b >= 0, Binary(Op::kGe, be, Const(Value::Int(0)))) ||
          !Check(-2, e <= len, Binary(Op::kLe, ee, len_e)) ||
          !Check(-3, b <= e, Binary(Op::kLe, be, ee))) {
        return std::nullopt;
      }
      return in_.NewString(t.chars.substr(static_cast<size_t>(b), static_cast<size_t>(e - b)),
                           Nary(Op::kStrSubstring, {t.e, be, ee}));
    }
    if (sig == "indexOf(I)I" || sig == "indexOf(II)I") {
      const auto c = static_cast<char16_t>(a[1].v.AsInt());
      if (a[1].v.AsInt() > 0xffff) return absl::UnimplementedError("supplementary code point");
      const int32_t from = a.size() > 2 ? a[2].v.AsInt() : 0;
      const Expr from_e = a.size() > 2 ? Numeric(a[2]) : Const(Value::Int(0));
      return Int(JavaIndexOf(t.chars, std::u16string(1, c), from),
                 Nary(Op::kStrIndexOf, {t.e, Nary(Op::kStrUnit, {Numeric(a[1])}), from_e}));
    }
    // The methods below take a String or CharSequence argument.
    if (a.size() < 2) return absl::UnimplementedError("");
    if (a[1].IsNull()) {
      in_.run().thrown = "java/lang/NullPointerException";
      return std::nullopt;
    }
    if (!IsText(in_, a[1])) return absl::UnimplementedError("");
    const Text o = TextOf(in_, a[1]);
    if (sig == "startsWith(Ljava/lang/String;)Z") {
      return Int(t.chars.starts_with(o.chars), Nary(Op::kStrPrefix, {t.e, o.e}));
    }
    if (sig == "endsWith(Ljava/lang/String;)Z") {
      return Int(t.chars.ends_with(o.chars), Nary(Op::kStrSuffix, {t.e, o.e}));
    }
    if (sig == "contains(Ljava/lang/CharSequence;)Z") {
      return Int(t.chars.find(o.chars) != std::u16string::npos, Nary(Op::kStrContains, {t.e, o.e}));
    }
    if (sig == "indexOf(Ljava/lang/String;)I" || sig == "indexOf(Ljava/lang/String;I)I") {
      const int32_t from = a.size() > 2 ? a[2].v.AsInt() : 0;
      const Expr from_e = a.size() > 2 ? Numeric(a[2]) : Const(Value::Int(0));
      return Int(JavaIndexOf(t.chars, o.chars, from), Nary(Op::kStrIndexOf, {t.e, o.e, from_e}));
    }
    if (sig == "concat(Ljava/lang/String;)Ljava/lang/String;") {
      return in_.NewString(t.chars + o.chars, Nary(Op::kStrConcat, {t.e, o.e}));
    }
    return absl::UnimplementedError("");
  }

  absl::StatusOr<std::optional<Slot>> Builder(std::string_view name, std::string_view desc,
                                              std::vector<Slot>& a) {
    HeapObject& sb = in_.Object(a[0]);
    if (name == "<init>") {
      sb.chars.clear();
      sb.text = StrConst(u"");
      if (desc == "(Ljava/lang/String;)V" || desc == "(Ljava/lang/CharSequence;)V") {
        if (!IsText(in_, a[1])) return absl::UnimplementedError("");
        Text t = TextOf(in_, a[1]);
        in_.Object(a[0]).chars = std::move(t.chars);
        in_.Object(a[0]).text = std::move(t.e);
      } else if (desc != "()V" && desc != "(I)V") {
        return absl::UnimplementedError("");
      }
      return std::nullopt;
    }
    if (name == "append") {
      Text add;
      if (desc == "(C)Ljava/lang/StringBuilder;") {
        add = {std::u16string(1, static_cast<char16_t>(a[1].v.AsInt())),
               Nary(Op::kStrUnit, {Numeric(a[1])})};
      } else if (desc == "(I)Ljava/lang/StringBuilder;" || desc == "(J)Ljava/lang/StringBuilder;" ||
                 desc == "(Z)Ljava/lang/StringBuilder;") {
        const Value v = a[1].v;
        const std::string digits = desc[1] == 'J'   ? absl::StrCat(v.AsLong())
                                   : desc[1] == 'Z' ? (v.AsInt() != 0 ? "true" : "false")
                                                    : absl::StrCat(v.AsInt());
        if (!IsGround(Numeric(a[1]))) in_.Concretized("StringBuilder.append of a number");
        add.chars.assign(digits.begin(), digits.end());
        add.e = StrConst(add.chars);
      } else if (a[1].IsNull()) {
        add.chars = u"null";
        add.e = StrConst(add.chars);
      } else if (IsText(in_, a[1])) {
        add = TextOf(in_, a[1]);
      } else {
        return absl::UnimplementedError("");
      }
      HeapObject& o = in_.Object(a[0]);
      o.chars += add.chars;
      o.text = Nary(Op::kStrConcat, {o.text ? o.text : StrConst(u""), add.e});
      return a[0];
    }
    const std::string sig = std::string(name) + std::string(desc);
    if (sig == "toString()Ljava/lang/String;") {
      const Text t = TextOf(in_, a[0]);
      return in_.NewString(t.chars, t.e);
    }
    if (sig == "length()I" || sig == "charAt(I)C") return String(sig, a);
    return absl::UnimplementedError("");
  }

  // Integer.parseInt: whether the text parses is a decision at the call (taken: it throws
  // NumberFormatException).
  absl::StatusOr<std::optional<Slot>> ParseInt(std::vector<Slot>& a) {
    if (a[0].IsNull() || !IsText(in_, a[0])) return absl::UnimplementedError("");
    const Text t = TextOf(in_, a[0]);
    const std::optional<int32_t> v = JavaParseInt(t.chars);
    const Expr valid = Nary(Op::kStrIsInt, {t.e});
    in_.Branch(site_.method, site_.offset, 0, !v, v ? valid : Unary(Op::kNot, valid));
    if (!v) {
      in_.run().thrown = "java/lang/NumberFormatException";
      return std::nullopt;
    }
    return Int(*v, Nary(Op::kStrToInt, {t.e}));
  }

 private:
  Interpreter& in_;
  CallSite site_;
};

}  // namespace

absl::StatusOr<std::optional<Slot>> CallNative(Interpreter& in, CallSite site,
                                               std::string_view owner, std::string_view name,
                                               std::string_view desc, std::vector<Slot>& args) {
  if ((owner == "java/lang/Object" && name == "<init>") || IsThrowableInit(owner, name)) {
    return std::nullopt;
  }
  // The no-argument constructor of a JDK abstract collection the class extends
  // (AbstractCollection, AbstractList, AbstractMap, ...): it sets no state the class's code
  // reads through its own fields.
  if (name == "<init>" && desc == "()V" && owner.starts_with("java/util/Abstract") &&
      !args.empty() && !args[0].IsNull() && in.Object(args[0]).cls == in.cls().Name()) {
    return std::nullopt;
  }
  Natives n(in, site);
  if (owner == kString && name != "<init>" && !args.empty() && IsText(in, args[0])) {
    return n.String(std::string(name) + std::string(desc), args);
  }
  if ((owner == kBuilder || owner == "java/lang/AbstractStringBuilder") && !args.empty() &&
      IsText(in, args[0])) {
    return n.Builder(name, desc, args);
  }
  if (owner == "java/lang/Integer" && name == "parseInt" && desc == "(Ljava/lang/String;)I") {
    return n.ParseInt(args);
  }
  return absl::UnimplementedError("");
}

}  // namespace jtg::concolic
