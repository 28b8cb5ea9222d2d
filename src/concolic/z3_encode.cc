#include "concolic/z3_encode.h"

#include <algorithm>
#include <bit>
#include <limits>

#include "absl/strings/str_cat.h"
#include "concolic/strings.h"

namespace jtg::concolic {
namespace {

bool IsFloating(Sort s) { return s == Sort::kFloat || s == Sort::kDouble; }

bool HasFloating(const Expr& e) {
  if (IsFloating(e->sort)) return true;
  return std::any_of(e->args.begin(), e->args.end(), HasFloating);
}

}  // namespace

z3::sort Z3Encoder::SortOf(Sort s) {
  switch (s) {
    case Sort::kInt: return ctx_.bv_sort(32);
    case Sort::kLong: return ctx_.bv_sort(64);
    case Sort::kFloat: return ctx_.fpa_sort(8, 24);
    case Sort::kDouble: return ctx_.fpa_sort(11, 53);
    case Sort::kBool:
    case Sort::kString:
    case Sort::kRef: break;
  }
  return ctx_.bool_sort();
}

z3::expr Z3Encoder::Input(int32_t index, Sort sort) {
  if (auto it = inputs_.find(index); it != inputs_.end()) return it->second;
  return ctx_.constant(absl::StrCat("in", index).c_str(), SortOf(sort));
}

z3::expr Z3Encoder::FloatConst(uint64_t bits, Sort sort) {
  const unsigned width = sort == Sort::kFloat ? 32 : 64;
  const z3::expr bv = ctx_.bv_val(bits, width);
  return z3::expr(ctx_, Z3_mk_fpa_to_fp_bv(ctx_, bv, SortOf(sort)));
}

// JVMS 2.8.3: NaN -> 0; at or beyond the range -> MIN / MAX; else round toward zero.
z3::expr Z3Encoder::ToInteger(const z3::expr& f, unsigned width, Sort from) {
  const double hi = width == 32 ? 2147483648.0 : 9223372036854775808.0;  // 2^31, 2^63
  const z3::expr top =
      FloatConst(from == Sort::kFloat ? std::bit_cast<uint32_t>(static_cast<float>(hi))
                                      : std::bit_cast<uint64_t>(hi),
                 from);
  const z3::expr bottom = z3::expr(ctx_, Z3_mk_fpa_neg(ctx_, top));
  const uint64_t max = width == 32 ? std::numeric_limits<int32_t>::max()
                                   : static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  const uint64_t min = width == 32 ? 0x80000000ull : 0x8000000000000000ull;
  const z3::expr nan(ctx_, Z3_mk_fpa_is_nan(ctx_, f));
  const z3::expr ge(ctx_, Z3_mk_fpa_geq(ctx_, f, top));
  const z3::expr le(ctx_, Z3_mk_fpa_leq(ctx_, f, bottom));
  const z3::expr rtz(ctx_, Z3_mk_fpa_rtz(ctx_));
  const z3::expr cut(ctx_, Z3_mk_fpa_to_sbv(ctx_, rtz, f, width));
  return z3::ite(nan, ctx_.bv_val(0, width),
                 z3::ite(ge, ctx_.bv_val(max, width), z3::ite(le, ctx_.bv_val(min, width), cut)));
}

z3::expr Z3Encoder::Encode(const Expr& e) {
  if (auto it = memo_.find(e.get()); it != memo_.end()) return it->second.second;
  if (IsStringOp(e->op)) {
    z3::expr r = EncodeStringOp(*e);
    memo_.emplace(e.get(), std::make_pair(e, r));
    return r;
  }
  std::vector<z3::expr> args;
  for (const Expr& a : e->args) args.push_back(Encode(a));
  z3::expr r = EncodeNode(*e, args);
  memo_.emplace(e.get(), std::make_pair(e, r));
  return r;
}

z3::expr Z3Encoder::EncodeNode(const Node& n, const std::vector<z3::expr>& x) {
  const z3::expr rne(ctx_, Z3_mk_fpa_rne(ctx_));  // z3::expr holds a reference
  auto fp = [&](Z3_ast a) { return z3::expr(ctx_, a); };
  const Sort s = n.args.empty() ? n.sort : n.args[0]->sort;
  auto three_way = [&](const z3::expr& lt, const z3::expr& eq) {
    return z3::ite(lt, ctx_.bv_val(-1, 32), z3::ite(eq, ctx_.bv_val(0, 32), ctx_.bv_val(1, 32)));
  };
  auto fcmp = [&](int on_nan) {
    const z3::expr nan = fp(Z3_mk_fpa_is_nan(ctx_, x[0])) || fp(Z3_mk_fpa_is_nan(ctx_, x[1]));
    return z3::ite(
        nan, ctx_.bv_val(on_nan, 32),
        three_way(fp(Z3_mk_fpa_lt(ctx_, x[0], x[1])), fp(Z3_mk_fpa_eq(ctx_, x[0], x[1]))));
  };
  // The shift distance as a bit-vector of the shifted value's width, masked.
  auto distance = [&]() {
    if (s == Sort::kLong) return z3::zext(x[1], 32) & ctx_.bv_val(63, 64);
    return x[1] & ctx_.bv_val(31, 32);
  };
  switch (n.op) {
    case Op::kConst:
      if (n.sort == Sort::kBool) return ctx_.bool_val(n.bits != 0);
      if (IsFloating(n.sort)) return FloatConst(n.bits, n.sort);
      return ctx_.bv_val(n.bits, n.sort == Sort::kInt ? 32 : 64);
    case Op::kVar: {
      if (n.narrow == 0) return Input(n.var, n.sort);
      const unsigned width = n.narrow == 'Z' ? 1 : n.narrow == 'B' ? 8 : 16;
      const z3::expr v = ctx_.bv_const(absl::StrCat("in", n.var).c_str(), width);
      z3::expr wide =
          n.narrow == 'B' || n.narrow == 'S' ? z3::sext(v, 32 - width) : z3::zext(v, 32 - width);
      inputs_.emplace(n.var, wide);
      narrow_width_[n.var] = width;
      return wide;
    }
    case Op::kAdd: return IsFloating(s) ? fp(Z3_mk_fpa_add(ctx_, rne, x[0], x[1])) : x[0] + x[1];
    case Op::kSub: return IsFloating(s) ? fp(Z3_mk_fpa_sub(ctx_, rne, x[0], x[1])) : x[0] - x[1];
    case Op::kMul: return IsFloating(s) ? fp(Z3_mk_fpa_mul(ctx_, rne, x[0], x[1])) : x[0] * x[1];
    case Op::kDiv: return IsFloating(s) ? fp(Z3_mk_fpa_div(ctx_, rne, x[0], x[1])) : x[0] / x[1];
    case Op::kRem: return z3::srem(x[0], x[1]);
    case Op::kNeg: return IsFloating(s) ? fp(Z3_mk_fpa_neg(ctx_, x[0])) : -x[0];
    case Op::kAnd: return x[0] & x[1];
    case Op::kOr: return x[0] | x[1];
    case Op::kXor: return x[0] ^ x[1];
    case Op::kShl: return z3::shl(x[0], distance());
    case Op::kShr: return z3::ashr(x[0], distance());
    case Op::kUshr: return z3::lshr(x[0], distance());
    case Op::kI2L: return z3::sext(x[0], 32);
    case Op::kL2I: return x[0].extract(31, 0);
    case Op::kI2B: return z3::sext(x[0].extract(7, 0), 24);
    case Op::kI2C: return z3::zext(x[0].extract(15, 0), 16);
    case Op::kI2S: return z3::sext(x[0].extract(15, 0), 16);
    case Op::kI2F:
    case Op::kL2F: return fp(Z3_mk_fpa_to_fp_signed(ctx_, rne, x[0], SortOf(Sort::kFloat)));
    case Op::kI2D:
    case Op::kL2D: return fp(Z3_mk_fpa_to_fp_signed(ctx_, rne, x[0], SortOf(Sort::kDouble)));
    case Op::kF2D: return fp(Z3_mk_fpa_to_fp_float(ctx_, rne, x[0], SortOf(Sort::kDouble)));
    case Op::kD2F: return fp(Z3_mk_fpa_to_fp_float(ctx_, rne, x[0], SortOf(Sort::kFloat)));
    case Op::kF2I: return ToInteger(x[0], 32, Sort::kFloat);
    case Op::kF2L: return ToInteger(x[0], 64, Sort::kFloat);
    case Op::kD2I: return ToInteger(x[0], 32, Sort::kDouble);
    case Op::kD2L: return ToInteger(x[0], 64, Sort::kDouble);
    case Op::kLcmp: return three_way(x[0] < x[1], x[0] == x[1]);
    case Op::kFcmpl:
    case Op::kDcmpl: return fcmp(-1);
    case Op::kFcmpg:
    case Op::kDcmpg: return fcmp(1);
    case Op::kEq: return x[0] == x[1];
    case Op::kNe: return x[0] != x[1];
    case Op::kLt: return x[0] < x[1];  // bvslt
    case Op::kGe: return x[0] >= x[1];
    case Op::kGt: return x[0] > x[1];
    case Op::kLe: return x[0] <= x[1];
    case Op::kNot: return !x[0];
    default: break;
  }
  return ctx_.bool_val(false);
}

Value Z3Encoder::Read(const z3::model& model, const z3::expr& term, Sort sort) {
  return ReadGround(model.eval(term, true).simplify(), sort);
}

Value Z3Encoder::ReadGround(const z3::expr& v, Sort sort) {
  if (sort == Sort::kBool) return Value::Bool(v.is_true());
  // fp.to_ieee_bv of NaN is unspecified (SMT-LIB): ask whether the numeral is NaN first.
  if (IsFloating(sort) && Z3_fpa_is_numeral_nan(ctx_, v)) {
    return sort == Sort::kFloat ? Value::Float(std::numeric_limits<float>::quiet_NaN())
                                : Value::Double(std::numeric_limits<double>::quiet_NaN());
  }
  uint64_t raw = 0;
  (IsFloating(sort) ? v.mk_to_ieee_bv().simplify() : v).is_numeral_u64(raw);
  return Value{sort, raw};
}

absl::StatusOr<Value> EvalWithZ3(const Expr& e, std::span<const Value> inputs) {
  z3::context ctx;
  Z3Encoder enc(ctx);
  z3::expr term = enc.Encode(e);  // first: it registers the narrow inputs
  z3::expr_vector from(ctx), to(ctx);
  for (size_t i = 0; i < inputs.size(); ++i) {
    const auto index = static_cast<int32_t>(i);
    if (const unsigned w = enc.NarrowWidth(index); w != 0) {
      from.push_back(ctx.bv_const(absl::StrCat("in", index).c_str(), w));
      to.push_back(ctx.bv_val(static_cast<uint64_t>(inputs[i].bits & ((1ull << w) - 1)), w));
    } else {
      from.push_back(enc.Input(index, inputs[i].sort));
      to.push_back(enc.Encode(Const(inputs[i])));
    }
  }
  z3::expr v = term.substitute(from, to).simplify();
  if (!v.is_numeral() && !v.is_true() && !v.is_false() && !v.is_fpa()) {
    return absl::InvalidArgumentError(absl::StrCat("Z3 leaves ", v.to_string()));
  }
  return enc.ReadGround(v, e->sort);
}

SolveResult Solve(std::span<const Expr> conditions, std::span<const Sort> sorts,
                  absl::Duration timeout) {
  const absl::Time start = absl::Now();
  z3::context ctx;
  Z3Encoder enc(ctx);
  // Without floating point, the plain SMT core answers the arithmetic of hashes and
  // checksums far sooner than the default bit-blasting tactic (a four-char polynomial
  // checksum: 61 ms against 3.7 s); with it, the default does better.
  const bool floating = std::any_of(conditions.begin(), conditions.end(), HasFloating);
  z3::solver solver = floating ? z3::solver(ctx) : z3::tactic(ctx, "smt").mk_solver();
  z3::params p(ctx);
  p.set("timeout", static_cast<unsigned>(absl::ToInt64Milliseconds(timeout)));
  solver.set(p);
  for (const Expr& c : conditions) solver.add(enc.Encode(c));
  for (size_t i = 0; i < sorts.size(); ++i) {  // a text input's length is within the bound
    if (sorts[i] == Sort::kString) solver.add(enc.TextBound(static_cast<int32_t>(i)));
  }
  SolveResult r;
  switch (solver.check()) {
    case z3::sat: {
      r.answer = SolveResult::Answer::kSat;
      const z3::model m = solver.get_model();
      r.texts.resize(sorts.size());
      for (size_t i = 0; i < sorts.size(); ++i) {
        const auto index = static_cast<int32_t>(i);
        if (sorts[i] == Sort::kString) {
          r.texts[i] = enc.ReadText(m, index);
          r.model.push_back(Value{Sort::kString, 0});
        } else {
          r.model.push_back(enc.Read(m, enc.Input(index, sorts[i]), sorts[i]));
        }
      }
      break;
    }
    case z3::unsat: r.answer = SolveResult::Answer::kUnsat; break;
    case z3::unknown: r.answer = SolveResult::Answer::kTimeout; break;
  }
  r.time = absl::Now() - start;
  return r;
}

}  // namespace jtg::concolic
