// Z3Encoder's texts (z3_encode.h): java.lang.String values as a length and a bounded array of
// UTF-16 code units, every operation unrolled over the bound in bit-vector logic.
#include "absl/strings/str_cat.h"
#include "concolic/strings.h"
#include "concolic/z3_encode.h"

namespace jtg::concolic {

z3::expr Z3Encoder::TextBound(int32_t index) {
  const z3::expr len = ctx_.bv_const(absl::StrCat("in", index, "_len").c_str(), 32);
  return len >= ctx_.bv_val(0, 32) && len <= ctx_.bv_val(kMaxText, 32);
}

std::u16string Z3Encoder::ReadText(const z3::model& model, int32_t index) {
  const TextTerm t = Text(Var(index, Sort::kString));
  uint64_t len = 0;
  model.eval(t.len, true).simplify().is_numeral_u64(len);
  std::u16string out;
  for (uint64_t k = 0; k < len && k < static_cast<uint64_t>(kMaxText); ++k) {
    uint64_t c = 0;
    model.eval(t.at[k], true).simplify().is_numeral_u64(c);
    out.push_back(static_cast<char16_t>(c));
  }
  return out;
}

Z3Encoder::TextTerm Z3Encoder::Text(const Expr& e) {
  if (auto it = texts_.find(e.get()); it != texts_.end()) return it->second.second;
  TextTerm t = EncodeText(*e);
  texts_.emplace(e.get(), std::make_pair(e, t));
  return t;
}

z3::expr Z3Encoder::Pick(const TextTerm& t, const z3::expr& index) {
  z3::expr r = ctx_.bv_val(0, 16);
  for (int k = kMaxText; k-- > 0;) r = z3::ite(index == ctx_.bv_val(k, 32), t.at[k], r);
  return r;
}

z3::expr Z3Encoder::Matches(const TextTerm& s, const TextTerm& t, int from) {
  z3::expr ok = ctx_.bv_val(from, 32) + t.len <= s.len;
  for (int k = 0; k < kMaxText; ++k) {
    const z3::expr in_t = ctx_.bv_val(k, 32) < t.len;
    ok = ok &&
         z3::implies(in_t, from + k < kMaxText ? s.at[from + k] == t.at[k] : ctx_.bool_val(false));
  }
  return ok;
}

Z3Encoder::TextTerm Z3Encoder::EncodeText(const Node& n) {
  auto bv = [&](int v) { return ctx_.bv_val(v, 32); };
  TextTerm r{bv(0), std::vector<z3::expr>(kMaxText, ctx_.bv_val(0, 16))};
  switch (n.op) {
    case Op::kConst:
      r.len = bv(static_cast<int>(n.text.size()));
      for (size_t k = 0; k < n.text.size() && k < static_cast<size_t>(kMaxText); ++k) {
        r.at[k] = ctx_.bv_val(static_cast<unsigned>(n.text[k]), 16);
      }
      return r;
    case Op::kVar:
      r.len = ctx_.bv_const(absl::StrCat("in", n.var, "_len").c_str(), 32);
      for (int k = 0; k < kMaxText; ++k) {
        r.at[k] = ctx_.bv_const(absl::StrCat("in", n.var, "_", k).c_str(), 16);
      }
      return r;
    case Op::kStrUnit:
      r.len = bv(1);
      r.at[0] = Encode(n.args[0]).extract(15, 0);
      return r;
    case Op::kStrConcat: {
      const TextTerm a = Text(n.args[0]), b = Text(n.args[1]);
      r.len = a.len + b.len;
      for (int k = 0; k < kMaxText; ++k) {
        r.at[k] = z3::ite(bv(k) < a.len, a.at[k], Pick(b, bv(k) - a.len));
      }
      return r;
    }
    case Op::kStrSubstring: {
      const TextTerm s = Text(n.args[0]);
      const z3::expr b = Encode(n.args[1]), e = Encode(n.args[2]);
      r.len = e - b;
      for (int k = 0; k < kMaxText; ++k) r.at[k] = Pick(s, b + bv(k));
      return r;
    }
    default: return r;  // no other operation yields a text
  }
}

z3::expr Z3Encoder::EncodeStringOp(const Node& n) {
  auto bv = [&](int v) { return ctx_.bv_val(v, 32); };
  auto text = [&](size_t i) { return Text(n.args[i]); };
  switch (n.op) {
    case Op::kStrLen: return text(0).len;
    case Op::kStrCharAt: return z3::zext(Pick(text(0), Encode(n.args[1])), 16);
    case Op::kStrEq: {
      const TextTerm a = text(0), b = text(1);
      return a.len == b.len && Matches(a, b, 0);
    }
    case Op::kStrPrefix: return Matches(text(0), text(1), 0);
    case Op::kStrSuffix: {
      const TextTerm s = text(0), p = text(1);
      const z3::expr start = s.len - p.len;
      z3::expr ok = p.len <= s.len;
      for (int k = 0; k < kMaxText; ++k) {
        ok = ok && z3::implies(bv(k) < p.len, Pick(s, start + bv(k)) == p.at[k]);
      }
      return ok;
    }
    case Op::kStrContains: {
      const TextTerm s = text(0), t = text(1);
      z3::expr any = ctx_.bool_val(false);
      for (int j = 0; j <= kMaxText; ++j) any = any || Matches(s, t, j);
      return any;
    }
    case Op::kStrIndexOf: {
      const TextTerm s = text(0), t = text(1);
      const z3::expr from = Encode(n.args[2]);
      const z3::expr f = z3::ite(from < bv(0), bv(0), from);
      z3::expr r = bv(-1);
      for (int j = kMaxText; j >= 0; --j) r = z3::ite(bv(j) >= f && Matches(s, t, j), bv(j), r);
      return z3::ite(t.len == bv(0), z3::ite(f <= s.len, f, s.len), r);
    }
    case Op::kStrHash: {
      const TextTerm s = text(0);
      std::vector<z3::expr> by_length{bv(0)};
      for (int k = 1; k <= kMaxText; ++k) {
        by_length.push_back(by_length.back() * bv(31) + z3::zext(s.at[k - 1], 16));
      }
      z3::expr r = by_length.back();
      for (int k = kMaxText; k-- > 0;) {
        r = z3::ite(s.len == bv(k), by_length[static_cast<size_t>(k)], r);
      }
      return r;
    }
    case Op::kStrIsInt:
    case Op::kStrToInt: {
      const auto [valid, value] = ParseInt(text(0));
      return n.op == Op::kStrIsInt ? valid : value;
    }
    default: break;
  }
  return ctx_.bool_val(false);
}

// Integer.parseInt over texts of at most 11 characters (a sign and ten digits; a longer
// text, which parses only with leading zeros, is taken not to parse): for a run of digits
// from `start` (0, or 1 after a sign) to the end, its value in 64 bits, held at 2^31 + 1
// once past 2^31 (it never shrinks), and whether every character of the run is an ASCII
// digit.
std::pair<z3::expr, z3::expr> Z3Encoder::ParseInt(const TextTerm& t) {
  auto bv = [&](int64_t v, unsigned w) { return ctx_.bv_val(v, w); };
  const int64_t two31 = int64_t{1} << 31;
  const z3::expr neg = t.at[0] == bv('-', 16), plus = t.at[0] == bv('+', 16);
  z3::expr valid = ctx_.bool_val(false), value = bv(0, 32);
  for (int start = 0; start <= 1; ++start) {
    const z3::expr sign_ok = start == 0 ? !neg && !plus : neg || plus;
    const z3::expr limit =
        start == 0 ? bv(two31 - 1, 64) : z3::ite(neg, bv(two31, 64), bv(two31 - 1, 64));
    z3::expr v = bv(0, 64), digits = ctx_.bool_val(true);
    for (int k = start; k < kMaxParsed; ++k) {
      const z3::expr c = t.at[k];
      digits = digits && c >= bv('0', 16) && c <= bv('9', 16);  // signed compare of 16 bits:
      // '0'..'9' are below 0x8000, so a character from 0x8000 on is negative and fails
      const z3::expr next = v * bv(10, 64) + z3::zext(c - bv('0', 16), 48);
      v = z3::ite(next > bv(two31, 64), bv(two31 + 1, 64), next);
      const z3::expr here = t.len == bv(k + 1, 32) && sign_ok && digits && v <= limit;
      valid = valid || here;
      const z3::expr as_int = v.extract(31, 0);
      value = z3::ite(here, start == 0 ? as_int : z3::ite(neg, -as_int, as_int), value);
    }
  }
  return {valid, value};
}

}  // namespace jtg::concolic
