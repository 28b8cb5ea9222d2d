// Symbolic expressions over the JVM's primitive values: the terms of a path condition in
// concolic execution (issue 23; JTestCraft's symbolic virtual machine, den Hollander 2010,
// sections 8-9: fixed-width bit-vectors for the integer family, here also IEEE 754 binary32
// and binary64 for float and double, JVMS 2.3 and 2.8).
//
// Sorts follow the JVM's computational types (JVMS 2.11.1): boolean, byte, char and short
// values are kInt (their narrowing is an operation: kI2B, kI2C, kI2S), kBool is the sort of
// a branch condition. An Expr is an immutable DAG node shared by std::shared_ptr: cheap to
// copy, safe to read from several threads, never mutated after construction. Operations
// whose arguments are all constants are folded by the factory functions (JTestCraft's
// constant substitution), so a condition that does not depend on an input is a constant.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace jtg::concolic {

// kString: a java.lang.String's text, a sequence of UTF-16 code units (Z3's sequence theory
// over 16-bit characters). kRef: a reference in the interpreter's heap (Value::bits is the
// object's index + 1, 0 for null); it never appears in an Expr.
enum class Sort : uint8_t { kInt, kLong, kFloat, kDouble, kBool, kString, kRef };

// Bits of a value of `sort` in the low bits of a uint64_t: int and float (raw IEEE bits)
// in the low 32, bool 0 or 1.
struct Value {
  Sort sort = Sort::kInt;
  uint64_t bits = 0;

  static Value Int(int32_t v);
  static Value Long(int64_t v);
  static Value Float(float v);
  static Value Double(double v);
  static Value Bool(bool v);
  int32_t AsInt() const;
  int64_t AsLong() const;
  float AsFloat() const;
  double AsDouble() const;
  bool AsBool() const { return bits != 0; }
  // Equal bits, or both NaN for float and double (the JVM's NaNs are not told apart).
  bool SameAs(const Value& o) const;
  std::string ToString() const;
};

enum class Op : uint8_t {
  kConst,
  kVar,
  // Arithmetic on two operands of one sort (int, long, float, double); JVMS 6.5 iadd ...
  kAdd,
  kSub,
  kMul,
  kDiv,  // int/long: truncating, MIN / -1 = MIN; the caller guards the divisor != 0
  kRem,  // int/long only (frem/drem are concretized: fmod is not IEEE remainder)
  kNeg,
  // Bitwise and shifts, int and long; the shift distance is an int masked to 5 or 6 bits.
  kAnd,
  kOr,
  kXor,
  kShl,
  kShr,
  kUshr,
  // Conversions (JVMS 2.8.3 for floating to integer: NaN to 0, saturating).
  kI2L,
  kI2F,
  kI2D,
  kL2I,
  kL2F,
  kL2D,
  kF2I,
  kF2L,
  kF2D,
  kD2I,
  kD2L,
  kD2F,
  kI2B,
  kI2C,
  kI2S,
  // Three-way comparisons to an int -1, 0, 1; the l variants give -1 on NaN, g give 1.
  kLcmp,
  kFcmpl,
  kFcmpg,
  kDcmpl,
  kDcmpg,
  // Conditions (kBool) on two ints: if_icmp<cond> and if<cond> against 0.
  kEq,
  kNe,
  kLt,
  kGe,
  kGt,
  kLe,
  kNot,  // of a kBool
  // java.lang.String (concolic/strings.h): text t, s; indexes and results are ints.
  kStrLen,        // t.length()
  kStrCharAt,     // t.charAt(i), zero-extended; the caller branches on the bounds first
  kStrEq,         // t.equals(s): kBool
  kStrConcat,     // t + s
  kStrUnit,       // the one-character text of char c (low 16 bits of an int)
  kStrPrefix,     // t.startsWith(s): kBool
  kStrSuffix,     // t.endsWith(s): kBool
  kStrContains,   // t.contains(s): kBool
  kStrIndexOf,    // t.indexOf(s, from): int
  kStrSubstring,  // t.substring(b, e); the caller branches on the bounds first
  kStrHash,       // t.hashCode() (String.hashCode's polynomial, JLS)
  kStrIsInt,      // Integer.parseInt(t) returns (ASCII digits, an optional sign, in range): kBool
  kStrToInt,      // Integer.parseInt(t) where kStrIsInt holds (0 elsewhere)
};

struct Node;
using Expr = std::shared_ptr<const Node>;

struct Node {
  Op op = Op::kConst;
  Sort sort = Sort::kInt;
  std::vector<Expr> args;
  uint64_t bits = 0;    // kConst: the value's bits (Value layout)
  int32_t var = -1;     // kVar: the input's index (the caller's numbering)
  char narrow = 0;      // kVar of kInt: B, C, S or Z for a narrower Java type
  std::u16string text;  // kConst of kString: the characters

  bool IsConst() const { return op == Op::kConst; }
  Value AsValue() const { return Value{sort, bits}; }
};

// Leaves.
Expr Const(Value v);
// `narrow` (B, C, S or Z) marks an int input of a narrower Java type: the Z3 encoding makes it
// a bit-vector of that width, extended (the domain conditions still state its range).
Expr Var(int32_t index, Sort sort, char narrow = 0);

// A string constant.
Expr StrConst(std::u16string text);

// Operations; constant arguments are folded. Preconditions (checked by assert, a
// programming error otherwise): argument sorts as documented on Op; kDiv/kRem of int or long
// with a constant zero divisor is not folded (the JVM throws; the caller branches first).
Expr Unary(Op op, Expr a);
Expr Binary(Op op, Expr a, Expr b);
// Any operation of any arity (the string operations take up to three arguments).
Expr Nary(Op op, std::vector<Expr> args);

// The sort an operation yields for operands of sort `operand`.
Sort ResultSort(Op op, Sort operand);

// A readable prefix form for logs and test messages, e.g. (add (var 0 int) (const 3 int)).
std::string ToString(const Expr& e);

// True when `e` contains no kVar (it does not depend on an input).
bool IsGround(const Expr& e);

}  // namespace jtg::concolic
