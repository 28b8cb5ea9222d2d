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
    default: break;
  }
  return ctx_.bool_val(false);
}

}  // namespace jtg::concolic
