// The concolic interpreter beyond primitives (issue 23): String operations against Z3's
// sequence theory, and the solver step on tests whose hard branch needs a computed string,
// a char array, a string switch or two calls on an object (tests/fixtures/hard).
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <limits>
#include <random>

#include "classfile/class_file.h"
#include "concolic/strings.h"
#include "concolic/z3_encode.h"
#include "generate/search/solver_replay.h"
#include "generate/search/solver_step.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::concolic {
namespace {

namespace fs = std::filesystem;

// Random texts over a few letters, or (one in three) a number: digits with a sign, some
// beyond the int range.
std::u16string RandomText(std::mt19937_64& rng) {
  static constexpr char16_t kAlphabet[] = u"ab\u00e9\u4e2d";
  static constexpr char16_t kNumber[] = u"-+0123456789";
  std::u16string s;
  if (rng() % 3 == 0) {
    const size_t n = rng() % 12;
    for (size_t i = 0; i < n; ++i) s.push_back(kNumber[i == 0 ? rng() % 12 : 2 + rng() % 10]);
    return s;
  }
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
        {Nary(Op::kStrIsInt, {va}), Nary(Op::kStrIsInt, {ca})},
        {Nary(Op::kStrToInt, {va}), Nary(Op::kStrToInt, {ca})},
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
  EXPECT_EQ(JavaParseInt(u"-2147483648"), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(JavaParseInt(u"2147483648"), std::nullopt);
  EXPECT_EQ(JavaParseInt(u"+007"), 7);
  EXPECT_EQ(JavaParseInt(u"-"), std::nullopt);
}

// A class of tests/fixtures/hard and its probe plan.
struct Fixture {
  classfile::ClassFile cls;
  instrument::ClassPlan plan;
};

Fixture Load(const std::string& internal) {
  const auto bytes = testutil::ReadBytes(fs::path(JTG_FIXTURES_DIR) / (internal + ".class"));
  auto parsed = classfile::Parse(bytes, internal);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  instrument::Options o;
  instrument::IdAllocator ids;
  auto plan = instrument::InstrumentBytes(bytes, internal, o, ids);
  EXPECT_TRUE(plan.ok()) << plan.status();
  return {std::move(parsed->cls), std::move(plan->plan)};
}

// Every branch and switch goal of `method`.
std::vector<int32_t> GoalsOf(const instrument::ClassPlan& plan, std::string_view method) {
  std::vector<int32_t> goals;
  for (const auto& m : plan.methods) {
    if (m.name != method) continue;
    for (const auto& b : m.branches) goals.insert(goals.end(), {b.id, b.id + 1});
    for (const auto& sw : m.switches) {
      goals.insert(goals.end(), sw.key_goal.begin(), sw.key_goal.end());
      goals.push_back(sw.default_goal);
    }
  }
  return goals;
}

testcase::Stmt Lit(char type, int64_t v) {
  testcase::Stmt s;
  s.kind = testcase::StmtKind::kLiteral;
  s.type.base = type;
  s.lit.type = type;
  s.lit.i = v;
  return s;
}

testcase::Stmt Text(std::u16string v) {
  testcase::Stmt s;
  s.kind = testcase::StmtKind::kLiteral;
  s.type.base = 'L';
  s.type.class_name = "java/lang/String";
  s.lit.type = 's';
  s.lit.s = std::move(v);
  return s;
}

testcase::Stmt Call(const std::string& owner, const std::string& name, const std::string& desc,
                    std::vector<int> args, int receiver = -1) {
  testcase::Stmt s;
  s.kind = testcase::StmtKind::kCall;
  s.callable = testcase::NewCallable(owner, name, desc, receiver < 0 && name != "<init>");
  s.receiver = receiver;
  s.args = std::move(args);
  if (name == "<init>") {
    s.type.base = 'L';
    s.type.class_name = owner;
  } else {
    s.type.base = desc.back() == 'V' ? 'V' : 'I';
  }
  return s;
}

// Runs solver rounds on the goals of `method` with `t` until a made test passes `accept`.
bool SolveFor(const Fixture& f, std::string_view method, const testcase::TestCase& t,
              const std::function<bool(const testcase::TestCase&)>& accept) {
  generate::SolverStep step(f.cls, f.plan);
  const std::vector<int32_t> goals = GoalsOf(f.plan, method);
  std::vector<testcase::TestCase> pool{t};
  for (int round = 0; round < 4; ++round) {
    std::vector<const testcase::TestCase*> tests;
    for (const auto& p : pool) tests.push_back(&p);
    std::vector<testcase::TestCase> made = step.Round(goals, tests, absl::InfiniteFuture());
    for (const auto& m : made) {
      if (accept(m)) return true;
    }
    pool.insert(pool.end(), made.begin(), made.end());
  }
  return false;
}

constexpr const char* kHard = "hard/HardBranches";

TEST(ConcolicSolverStep, FindsAStringTheCodeComputes) {
  const Fixture f = Load(kHard);
  testcase::TestCase t;
  t.stmts = {Text(u"abc"), Call(kHard, "computedString", "(Ljava/lang/String;)I", {0})};
  EXPECT_TRUE(SolveFor(f, "computedString", t,
                       [](const testcase::TestCase& m) { return m.stmts[0].lit.s == u"kmoqsu"; }));
}

TEST(ConcolicSolverStep, FindsTheCaseOfASwitchOnStrings) {
  const Fixture f = Load(kHard);
  testcase::TestCase t;
  t.stmts = {Text(u"zz"), Call(kHard, "stringSwitch", "(Ljava/lang/String;)I", {0})};
  EXPECT_TRUE(SolveFor(f, "stringSwitch", t, [](const testcase::TestCase& m) {
    return m.stmts[0].lit.s == u"alpha7-omega";
  }));
}

TEST(ConcolicSolverStep, SolvesAChecksumOverACharArray) {
  const Fixture f = Load(kHard);
  testcase::TestCase t;
  t.stmts = {Lit('C', 'a'), Lit('C', 'b'), Lit('C', 'c'), Lit('C', 'd')};
  testcase::Stmt array;
  array.kind = testcase::StmtKind::kNewArray;
  array.type.base = 'C';
  array.type.dims = 1;
  array.args = {0, 1, 2, 3};
  t.stmts.push_back(array);
  t.stmts.push_back(Call(kHard, "checksum", "([C)I", {4}));
  EXPECT_TRUE(SolveFor(f, "checksum", t, [](const testcase::TestCase& m) {
    const testcase::Stmt& a = m.stmts[static_cast<size_t>(m.stmts.back().args[0])];
    uint32_t sum = 0;
    for (int e : a.args)
      sum = sum * 31 + static_cast<uint32_t>(m.stmts[static_cast<size_t>(e)].lit.i);
    return a.args.size() == 4 && sum == 3'000'000;
  }));
}

TEST(ConcolicSolverStep, WritesTheDigitsParseIntNeeds) {
  const Fixture f = Load("concolic/Ops");
  testcase::TestCase t;
  t.stmts = {Text(u"12"), Call("concolic/Ops", "parsed", "(Ljava/lang/String;)I", {0})};
  EXPECT_TRUE(SolveFor(f, "parsed", t, [](const testcase::TestCase& m) {
    return JavaParseInt(m.stmts[0].lit.s) == 424242;
  }));
}

// An object from a call the interpreter does not follow (here a JDK constructor) may be
// passed along, not used.
TEST(ConcolicSolverStep, ObjectsFromOtherClassesArePassedAlongNotUsed) {
  const Fixture f = Load("concolic/Ops");
  testcase::TestCase t;
  t.stmts = {Call("java/util/ArrayList", "<init>", "()V", {}), Lit('I', 5),
             Call("concolic/Ops", "passes", "(Ljava/lang/Object;I)I", {0, 1})};
  EXPECT_TRUE(SolveFor(f, "passes", t, [](const testcase::TestCase& m) {
    return m.size() == 3 && m.stmts[1].lit.i == 101;
  }));
  testcase::TestCase u = t;
  u.stmts[2] = Call("concolic/Ops", "uses", "(Ljava/lang/Object;I)I", {0, 1});
  auto replay = generate::ReplayTest(f.cls, u, 2, 10'000);
  ASSERT_FALSE(replay.ok());
  EXPECT_EQ(replay.status().code(), absl::StatusCode::kUnimplemented) << replay.status();
  // A call of another class given an object of the class under test may change it: the
  // replay stops there.
  testcase::TestCase w;
  w.stmts = {
      Call("concolic/Ops", "<init>", "()V", {}),
      Call("java/util/Objects", "requireNonNull", "(Ljava/lang/Object;)Ljava/lang/Object;", {0}),
      Lit('I', 5), Call("concolic/Ops", "passes", "(Ljava/lang/Object;I)I", {1, 2})};
  w.stmts[1].type.base = 'L';
  w.stmts[1].type.class_name = "java/lang/Object";
  EXPECT_FALSE(generate::ReplayTest(f.cls, w, 3, 10'000).ok());
}

// total == 0x7777 after two add(x) calls (total += 3x): the path condition spans three calls
// on one object, and the model sets the literals of both add calls.
TEST(ConcolicSolverStep, SolvesAConditionSetByTwoCallsOnAnObject) {
  const std::string counter = "hard/HardBranches$Counter";
  const Fixture f = Load(counter);
  testcase::TestCase t;
  t.stmts = {Call(counter, "<init>", "()V", {}),   Lit('I', 1),
             Call(counter, "add", "(I)V", {1}, 0), Lit('I', 2),
             Call(counter, "add", "(I)V", {3}, 0), Call(counter, "check", "()I", {}, 0)};
  EXPECT_TRUE(SolveFor(f, "check", t, [](const testcase::TestCase& m) {
    if (m.size() != 6) return false;
    const auto x = static_cast<uint32_t>(m.stmts[1].lit.i),
               y = static_cast<uint32_t>(m.stmts[3].lit.i);
    return 3 * x + 3 * y == 0x7777u;
  }));
}

}  // namespace
}  // namespace jtg::concolic
