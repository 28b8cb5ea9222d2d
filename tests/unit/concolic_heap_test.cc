// The concolic interpreter beyond primitives (issue 23): String operations against Z3's
// sequence theory, and the solver step on tests whose hard branch needs a computed string,
// a char array, a string switch or two calls on an object (tests/fixtures/hard).
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "classfile/class_file.h"
#include "concolic/strings.h"
#include "concolic/z3_encode.h"
#include "generate/search/solver_step.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::concolic {
namespace {

namespace fs = std::filesystem;

std::u16string RandomText(std::mt19937_64& rng) {
  static constexpr char16_t kAlphabet[] = u"ab\u00e9\u4e2d";
  std::u16string s;
  const size_t n = rng() % 5;
  for (size_t i = 0; i < n; ++i) s.push_back(kAlphabet[rng() % 4]);
  return s;
}

// For random texts, Z3 agrees with the concrete semantics of every string operation: with the
// inputs fixed to the texts, "result != folded value" is unsat.
TEST(ConcolicStrings, Z3AgreesWithTheConcreteSemantics) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 20; ++round) {
    const std::u16string a = RandomText(rng), b = RandomText(rng);
    const Expr va = Var(0, Sort::kString), vb = Var(1, Sort::kString);
    const Expr ca = StrConst(a), cb = StrConst(b);
    const auto len = static_cast<int32_t>(a.size());
    const int32_t i = len == 0 ? 0 : static_cast<int32_t>(rng() % a.size());
    const int32_t from = static_cast<int32_t>(rng() % (a.size() + 3)) - 1;
    const Expr ci = Const(Value::Int(i)), cfrom = Const(Value::Int(from));
    const Expr ce = Const(Value::Int(len));
    std::vector<std::pair<Expr, Expr>> cases = {
        {Nary(Op::kStrLen, {va}), Nary(Op::kStrLen, {ca})},
        {Nary(Op::kStrEq, {va, vb}), Nary(Op::kStrEq, {ca, cb})},
        {Nary(Op::kStrConcat, {va, vb}), Nary(Op::kStrConcat, {ca, cb})},
        {Nary(Op::kStrPrefix, {va, vb}), Nary(Op::kStrPrefix, {ca, cb})},
        {Nary(Op::kStrSuffix, {va, vb}), Nary(Op::kStrSuffix, {ca, cb})},
        {Nary(Op::kStrContains, {va, vb}), Nary(Op::kStrContains, {ca, cb})},
        {Nary(Op::kStrIndexOf, {va, vb, cfrom}), Nary(Op::kStrIndexOf, {ca, cb, cfrom})},
        {Nary(Op::kStrSubstring, {va, ci, ce}), Nary(Op::kStrSubstring, {ca, ci, ce})},
        {Nary(Op::kStrHash, {va}), Nary(Op::kStrHash, {ca})},
    };
    if (len > 0) {
      cases.push_back({Nary(Op::kStrCharAt, {va, ci}), Nary(Op::kStrCharAt, {ca, ci})});
      cases.push_back({Nary(Op::kStrUnit, {Nary(Op::kStrCharAt, {va, ci})}),
                       Nary(Op::kStrUnit, {Nary(Op::kStrCharAt, {ca, ci})})});
    }
    for (const auto& [symbolic, folded] : cases) {
      ASSERT_TRUE(folded->IsConst()) << ToString(folded);
      const Expr differs = symbolic->sort == Sort::kString
                               ? Unary(Op::kNot, Nary(Op::kStrEq, {symbolic, folded}))
                               : Binary(Op::kNe, symbolic, folded);
      const Expr conds[] = {Nary(Op::kStrEq, {va, ca}), Nary(Op::kStrEq, {vb, cb}), differs};
      const Sort sorts[] = {Sort::kString, Sort::kString};
      const SolveResult r = Solve(conds, sorts, absl::Seconds(5));
      EXPECT_EQ(r.answer, SolveResult::Answer::kUnsat)
          << ToString(symbolic) << " on \"" << Printable(a) << "\", \"" << Printable(b) << "\"";
    }
  }
  EXPECT_EQ(JavaHashCode(u"ab"), 97 * 31 + 98);
}

}  // namespace
}  // namespace jtg::concolic
