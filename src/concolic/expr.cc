#include "concolic/expr.h"

#include <bit>
#include <cassert>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "concolic/eval.h"
#include "concolic/strings.h"

namespace jtg::concolic {

Value Value::Int(int32_t v) { return {Sort::kInt, static_cast<uint32_t>(v)}; }
Value Value::Long(int64_t v) { return {Sort::kLong, static_cast<uint64_t>(v)}; }
Value Value::Float(float v) { return {Sort::kFloat, std::bit_cast<uint32_t>(v)}; }
Value Value::Double(double v) { return {Sort::kDouble, std::bit_cast<uint64_t>(v)}; }
Value Value::Bool(bool v) { return {Sort::kBool, v ? 1u : 0u}; }
int32_t Value::AsInt() const { return static_cast<int32_t>(static_cast<uint32_t>(bits)); }
int64_t Value::AsLong() const { return static_cast<int64_t>(bits); }
float Value::AsFloat() const { return std::bit_cast<float>(static_cast<uint32_t>(bits)); }
double Value::AsDouble() const { return std::bit_cast<double>(bits); }

bool Value::SameAs(const Value& o) const {
  if (sort != o.sort) return false;
  if (sort == Sort::kFloat && AsFloat() != AsFloat()) return o.AsFloat() != o.AsFloat();
  if (sort == Sort::kDouble && AsDouble() != AsDouble()) return o.AsDouble() != o.AsDouble();
  return bits == o.bits;
}

std::string Value::ToString() const {
  switch (sort) {
    case Sort::kInt: return absl::StrCat(AsInt());
    case Sort::kLong: return absl::StrCat(AsLong(), "L");
    case Sort::kFloat: return absl::StrCat(AsFloat(), "f");
    case Sort::kDouble: return absl::StrCat(AsDouble(), "d");
    case Sort::kBool: return AsBool() ? "true" : "false";
    case Sort::kString: return "<text>";
    case Sort::kRef: return bits == 0 ? "null" : absl::StrCat("@", bits - 1);
  }
  return "?";
}

Sort ResultSort(Op op, Sort operand) {
  switch (op) {
    case Op::kI2L:
    case Op::kF2L:
    case Op::kD2L: return Sort::kLong;
    case Op::kI2F:
    case Op::kL2F:
    case Op::kD2F: return Sort::kFloat;
    case Op::kI2D:
    case Op::kL2D:
    case Op::kF2D: return Sort::kDouble;
    case Op::kL2I:
    case Op::kF2I:
    case Op::kD2I:
    case Op::kI2B:
    case Op::kI2C:
    case Op::kI2S:
    case Op::kLcmp:
    case Op::kFcmpl:
    case Op::kFcmpg:
    case Op::kDcmpl:
    case Op::kDcmpg: return Sort::kInt;
    case Op::kEq:
    case Op::kNe:
    case Op::kLt:
    case Op::kGe:
    case Op::kGt:
    case Op::kLe:
    case Op::kNot:
    case Op::kStrEq:
    case Op::kStrPrefix:
    case Op::kStrSuffix:
    case Op::kStrContains:
    case Op::kStrIsInt: return Sort::kBool;
    case Op::kStrLen:
    case Op::kStrCharAt:
    case Op::kStrIndexOf:
    case Op::kStrHash:
    case Op::kStrToInt: return Sort::kInt;
    case Op::kStrConcat:
    case Op::kStrUnit:
    case Op::kStrSubstring: return Sort::kString;
    default: return operand;
  }
}

Expr Const(Value v) {
  auto n = std::make_shared<Node>();
  n->op = Op::kConst;
  n->sort = v.sort;
  n->bits = v.bits;
  return n;
}

Expr StrConst(std::u16string text) {
  auto n = std::make_shared<Node>();
  n->op = Op::kConst;
  n->sort = Sort::kString;
  n->text = std::move(text);
  return n;
}

Expr Var(int32_t index, Sort sort, char narrow) {
  auto n = std::make_shared<Node>();
  n->op = Op::kVar;
  n->sort = sort;
  n->var = index;
  n->narrow = narrow;
  return n;
}

namespace {

Expr Make(Op op, std::vector<Expr> args) {
  if (IsStringOp(op)) {
    if (auto folded = FoldString(op, args)) return *folded;
    auto n = std::make_shared<Node>();
    n->op = op;
    n->sort = ResultSort(op, args[0]->sort);
    n->args = std::move(args);
    return n;
  }
  bool ground = true;
  std::vector<Value> values;
  for (const Expr& a : args) {
    ground = ground && a->IsConst();
    if (a->IsConst()) values.push_back(a->AsValue());
  }
  if (ground) {
    auto v = Apply(op, values);
    if (v.ok()) return Const(*v);  // a division by zero stays a term
  }
  auto n = std::make_shared<Node>();
  n->op = op;
  n->sort = ResultSort(op, args[0]->sort);
  n->args = std::move(args);
  return n;
}

const char* OpName(Op op) {
  static constexpr const char* kNames[] = {
      "const",        "var",         "add",        "sub",      "mul",        "div",
      "rem",          "neg",         "and",        "or",       "xor",        "shl",
      "shr",          "ushr",        "i2l",        "i2f",      "i2d",        "l2i",
      "l2f",          "l2d",         "f2i",        "f2l",      "f2d",        "d2i",
      "d2l",          "d2f",         "i2b",        "i2c",      "i2s",        "lcmp",
      "fcmpl",        "fcmpg",       "dcmpl",      "dcmpg",    "eq",         "ne",
      "lt",           "ge",          "gt",         "le",       "not",        "str.len",
      "str.at",       "str.eq",      "str.++",     "str.unit", "str.prefix", "str.suffix",
      "str.contains", "str.indexof", "str.substr", "str.hash"};
  return kNames[static_cast<size_t>(op)];
}

const char* SortName(Sort s) {
  switch (s) {
    case Sort::kInt: return "int";
    case Sort::kLong: return "long";
    case Sort::kFloat: return "float";
    case Sort::kDouble: return "double";
    case Sort::kBool: return "bool";
    case Sort::kString: return "string";
    case Sort::kRef: return "ref";
  }
  return "?";
}

}  // namespace

Expr Unary(Op op, Expr a) {
  if (op == Op::kNot && a->op == Op::kNot) return a->args[0];  // not not c is c
  return Make(op, {std::move(a)});
}

Expr Binary(Op op, Expr a, Expr b) {
  // Shifts of long and string indexes take an int.
  assert(a->sort == b->sort || b->sort == Sort::kInt);
  return Make(op, {std::move(a), std::move(b)});
}

Expr Nary(Op op, std::vector<Expr> args) { return Make(op, std::move(args)); }

std::string ToString(const Expr& e) {
  if (e->op == Op::kConst && e->sort == Sort::kString) {
    return absl::StrCat("(const \"", Printable(e->text), "\")");
  }
  if (e->op == Op::kConst) return absl::StrCat("(const ", e->AsValue().ToString(), ")");
  if (e->op == Op::kVar) return absl::StrCat("(var ", e->var, " ", SortName(e->sort), ")");
  std::string s = absl::StrCat("(", OpName(e->op));
  for (const Expr& a : e->args) absl::StrAppend(&s, " ", ToString(a));
  return s + ")";
}

bool IsGround(const Expr& e) {
  if (e->op == Op::kVar) return false;
  for (const Expr& a : e->args) {
    if (!IsGround(a)) return false;
  }
  return true;
}

}  // namespace jtg::concolic
