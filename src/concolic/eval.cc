#include "concolic/eval.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "concolic/strings.h"

namespace jtg::concolic {
namespace {

template <typename To, typename From>
To Saturate(From f) {  // JVMS 2.8.3: NaN -> 0, out of range -> MIN or MAX, else truncate
  if (std::isnan(f)) return 0;
  if (f >= static_cast<From>(std::numeric_limits<To>::max())) return std::numeric_limits<To>::max();
  if (f <= static_cast<From>(std::numeric_limits<To>::min())) return std::numeric_limits<To>::min();
  return static_cast<To>(f);
}

template <typename T>
int32_t Compare(T a, T b, int32_t on_nan) {
  if (std::isnan(a) || std::isnan(b)) return on_nan;
  return a < b ? -1 : (a == b ? 0 : 1);
}

// Wrapping arithmetic on the unsigned representation (signed overflow is undefined in C++).
template <typename S, typename U>
absl::StatusOr<S> Integral(Op op, S a, S b) {
  const U ua = static_cast<U>(a), ub = static_cast<U>(b);
  constexpr int kMask = sizeof(S) * 8 - 1;
  switch (op) {
    case Op::kAdd: return static_cast<S>(ua + ub);
    case Op::kSub: return static_cast<S>(ua - ub);
    case Op::kMul: return static_cast<S>(ua * ub);
    case Op::kDiv:
    case Op::kRem:
      if (b == 0) return absl::InvalidArgumentError("division by zero");
      if (a == std::numeric_limits<S>::min() && b == -1) return op == Op::kDiv ? a : S{0};
      return op == Op::kDiv ? static_cast<S>(a / b) : static_cast<S>(a % b);
    case Op::kAnd: return static_cast<S>(ua & ub);
    case Op::kOr: return static_cast<S>(ua | ub);
    case Op::kXor: return static_cast<S>(ua ^ ub);
    case Op::kShl: return static_cast<S>(ua << (static_cast<uint32_t>(b) & kMask));
    case Op::kShr: return static_cast<S>(a >> (static_cast<uint32_t>(b) & kMask));
    case Op::kUshr: return static_cast<S>(ua >> (static_cast<uint32_t>(b) & kMask));
    default: return absl::InvalidArgumentError("not an integer operation");
  }
}

template <typename F>
absl::StatusOr<F> Floating(Op op, F a, F b) {
  switch (op) {
    case Op::kAdd: return a + b;
    case Op::kSub: return a - b;
    case Op::kMul: return a * b;
    case Op::kDiv: return a / b;
    default: return absl::InvalidArgumentError("not a floating-point operation");
  }
}

absl::StatusOr<Value> Conversion(Op op, const Value& a) {
  switch (op) {
    case Op::kI2L: return Value::Long(a.AsInt());
    case Op::kI2F: return Value::Float(static_cast<float>(a.AsInt()));
    case Op::kI2D: return Value::Double(static_cast<double>(a.AsInt()));
    case Op::kL2I: return Value::Int(static_cast<int32_t>(static_cast<uint32_t>(a.bits)));
    case Op::kL2F: return Value::Float(static_cast<float>(a.AsLong()));
    case Op::kL2D: return Value::Double(static_cast<double>(a.AsLong()));
    case Op::kF2I: return Value::Int(Saturate<int32_t>(a.AsFloat()));
    case Op::kF2L: return Value::Long(Saturate<int64_t>(a.AsFloat()));
    case Op::kF2D: return Value::Double(static_cast<double>(a.AsFloat()));
    case Op::kD2I: return Value::Int(Saturate<int32_t>(a.AsDouble()));
    case Op::kD2L: return Value::Long(Saturate<int64_t>(a.AsDouble()));
    case Op::kD2F: return Value::Float(static_cast<float>(a.AsDouble()));
    case Op::kI2B: return Value::Int(static_cast<int8_t>(a.AsInt()));
    case Op::kI2C: return Value::Int(static_cast<uint16_t>(a.AsInt()));
    case Op::kI2S: return Value::Int(static_cast<int16_t>(a.AsInt()));
    case Op::kNeg:
      switch (a.sort) {
        case Sort::kInt:
          return Value::Int(static_cast<int32_t>(0u - static_cast<uint32_t>(a.bits)));
        case Sort::kLong: return Value::Long(static_cast<int64_t>(0ull - a.bits));
        case Sort::kFloat: return Value::Float(-a.AsFloat());
        case Sort::kDouble: return Value::Double(-a.AsDouble());
        case Sort::kBool:
        case Sort::kString:
        case Sort::kRef: break;
      }
      break;
    case Op::kNot: return Value::Bool(!a.AsBool());
    default: break;
  }
  return absl::InvalidArgumentError("not a unary operation");
}

}  // namespace

absl::StatusOr<Value> Apply(Op op, std::span<const Value> args) {
  if (args.size() == 1) return Conversion(op, args[0]);
  if (args.size() != 2) return absl::InvalidArgumentError("one or two arguments");
  const Value& a = args[0];
  const Value& b = args[1];
  switch (op) {
    case Op::kLcmp:
      return Value::Int(a.AsLong() < b.AsLong() ? -1 : a.AsLong() == b.AsLong() ? 0 : 1);
    case Op::kFcmpl: return Value::Int(Compare(a.AsFloat(), b.AsFloat(), -1));
    case Op::kFcmpg: return Value::Int(Compare(a.AsFloat(), b.AsFloat(), 1));
    case Op::kDcmpl: return Value::Int(Compare(a.AsDouble(), b.AsDouble(), -1));
    case Op::kDcmpg: return Value::Int(Compare(a.AsDouble(), b.AsDouble(), 1));
    case Op::kEq: return Value::Bool(a.AsInt() == b.AsInt());
    case Op::kNe: return Value::Bool(a.AsInt() != b.AsInt());
    case Op::kLt: return Value::Bool(a.AsInt() < b.AsInt());
    case Op::kGe: return Value::Bool(a.AsInt() >= b.AsInt());
    case Op::kGt: return Value::Bool(a.AsInt() > b.AsInt());
    case Op::kLe: return Value::Bool(a.AsInt() <= b.AsInt());
    default: break;
  }
  switch (a.sort) {
    case Sort::kInt: {
      auto r = Integral<int32_t, uint32_t>(op, a.AsInt(), b.AsInt());
      if (!r.ok()) return r.status();
      return Value::Int(*r);
    }
    case Sort::kLong: {
      // The shift distance of lshl/lshr/lushr is an int.
      const int64_t rhs = b.sort == Sort::kInt ? b.AsInt() : b.AsLong();
      auto r = Integral<int64_t, uint64_t>(op, a.AsLong(), rhs);
      if (!r.ok()) return r.status();
      return Value::Long(*r);
    }
    case Sort::kFloat: {
      auto r = Floating(op, a.AsFloat(), b.AsFloat());
      if (!r.ok()) return r.status();
      return Value::Float(*r);
    }
    case Sort::kDouble: {
      auto r = Floating(op, a.AsDouble(), b.AsDouble());
      if (!r.ok()) return r.status();
      return Value::Double(*r);
    }
    case Sort::kBool:
    case Sort::kString:
    case Sort::kRef: break;
  }
  return absl::InvalidArgumentError("no operation on booleans but kNot");
}

namespace {

bool HasText(const Expr& e) {
  if (e->sort == Sort::kString || IsStringOp(e->op)) return true;
  return std::any_of(e->args.begin(), e->args.end(), HasText);
}

// `e` with the inputs put in and rebuilt, which folds it (expr.h): the evaluation of terms
// over texts, whose values a Value cannot hold.
Expr Substitute(const Expr& e, std::span<const Value> inputs,
                absl::flat_hash_map<const Node*, Expr>& memo) {
  if (e->op == Op::kConst) return e;
  if (e->op == Op::kVar) {
    const auto i = static_cast<size_t>(e->var);
    return i < inputs.size() && inputs[i].sort == e->sort ? Const(inputs[i]) : e;
  }
  if (auto it = memo.find(e.get()); it != memo.end()) return it->second;
  std::vector<Expr> args;
  for (const Expr& a : e->args) args.push_back(Substitute(a, inputs, memo));
  Expr r = Nary(e->op, std::move(args));
  memo.emplace(e.get(), r);
  return r;
}

}  // namespace

absl::StatusOr<Value> Eval(const Expr& e, std::span<const Value> inputs) {
  if (HasText(e)) {
    absl::flat_hash_map<const Node*, Expr> memo;
    const Expr v = Substitute(e, inputs, memo);
    if (!v->IsConst() || v->sort == Sort::kString) {
      return absl::InvalidArgumentError(absl::StrCat("does not reduce to a value: ", ToString(v)));
    }
    return v->AsValue();
  }
  absl::flat_hash_map<const Node*, Value> memo;  // the DAG shares subterms
  struct Rec {
    std::span<const Value> inputs;
    absl::flat_hash_map<const Node*, Value>& memo;
    absl::StatusOr<Value> operator()(const Expr& n) {
      if (n->op == Op::kConst) return n->AsValue();
      if (n->op == Op::kVar) {
        if (n->var < 0 || static_cast<size_t>(n->var) >= inputs.size() ||
            inputs[static_cast<size_t>(n->var)].sort != n->sort) {
          return absl::InvalidArgumentError(absl::StrCat("no input ", n->var, " of its sort"));
        }
        return inputs[static_cast<size_t>(n->var)];
      }
      if (auto it = memo.find(n.get()); it != memo.end()) return it->second;
      std::vector<Value> args;
      for (const Expr& a : n->args) {
        auto v = (*this)(a);
        if (!v.ok()) return v.status();
        args.push_back(*v);
      }
      auto v = Apply(n->op, args);
      if (v.ok()) memo.emplace(n.get(), *v);
      return v;
    }
  };
  return Rec{inputs, memo}(e);
}

}  // namespace jtg::concolic
