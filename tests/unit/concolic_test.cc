// The concolic interpreter, its expressions and their Z3 encoding (src/concolic), against the
// JVM: each method of tests/fixtures/concolic/Ops.java runs in a JVM (concolic.Driver) and
// through the interpreter on the same seeded random and boundary inputs; the JVM's result, the
// interpreter's, the concrete evaluation of the result's expression and Z3's evaluation of it
// must agree, and every recorded path condition must hold on the inputs. Then the hard
// branches of Ops are flipped by solving negated path conditions with Z3.
#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "classfile/class_file.h"
#include "concolic/constraint_tree.h"
#include "concolic/eval.h"
#include "concolic/interpreter.h"
#include "concolic/z3_encode.h"
#include "generate/search/solver_step.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::concolic {
namespace {

namespace fs = std::filesystem;

class ConcolicTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto parsed = classfile::Parse(
        testutil::ReadBytes(fs::path(JTG_FIXTURES_DIR) / "concolic/Ops.class"), "Ops");
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    ops_ = new classfile::ClassFile(std::move(parsed->cls));
  }
  static void TearDownTestSuite() { delete ops_; }

  static const classfile::MethodInfo& Method(std::string_view name) {
    for (const auto& m : ops_->methods) {
      if (ops_->MethodName(m) == name) return m;
    }
    ADD_FAILURE() << "no method " << name;
    return ops_->methods[0];
  }

  // The JVM's results of `calls` (method name, inputs): hex bits or "throws <class>".
  static std::vector<std::string> RunInJvm(
      const std::vector<std::pair<std::string, std::vector<Value>>>& calls) {
    testutil::TempDir tmp("concolic");
    const fs::path in = tmp.path() / "calls.txt";
    {
      std::ofstream out(in);
      for (const auto& [name, args] : calls) {
        out << name;
        for (const Value& v : args) out << " " << std::hex << v.bits;
        out << "\n";
      }
    }
    std::string output;
    const int rc = testutil::Run(absl::StrCat(testutil::JavaHome(), "/bin/java -cp ",
                                              JTG_FIXTURES_DIR, " concolic.Driver < ", in.string()),
                                 &output);
    EXPECT_EQ(rc, 0) << output;
    return absl::StrSplit(output, '\n', absl::SkipEmpty());
  }

  static classfile::ClassFile* ops_;
};
classfile::ClassFile* ConcolicTest::ops_ = nullptr;

// Random inputs of `sort`, one in four a boundary value (extremes, zero, NaN, infinities).
Value RandomValue(Sort sort, std::mt19937_64& rng) {
  const bool edge = rng() % 4 == 0;
  const uint64_t r = rng();
  switch (sort) {
    case Sort::kInt: {
      static constexpr int32_t kEdges[] = {
          0,  1,  -1, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(),
          31, 32, 33};
      return Value::Int(edge ? kEdges[r % 8]
                             : static_cast<int32_t>(r % 3 == 0 ? r % 2000 - 1000 : r));
    }
    case Sort::kLong: {
      static constexpr int64_t kEdges[] = {
          0,  1, -1, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(),
          63, 64};
      return Value::Long(edge ? kEdges[r % 7]
                              : static_cast<int64_t>(r % 3 == 0 ? r % 2000 - 1000 : r));
    }
    case Sort::kFloat: {
      static constexpr float kEdges[] = {0.0f,
                                         -0.0f,
                                         1.0f,
                                         std::numeric_limits<float>::quiet_NaN(),
                                         std::numeric_limits<float>::infinity(),
                                         -std::numeric_limits<float>::infinity(),
                                         2147483648.0f,
                                         -2147483904.0f,
                                         1e20f,
                                         std::numeric_limits<float>::denorm_min()};
      if (edge) return Value::Float(kEdges[r % 10]);
      return Value::Float(static_cast<float>(static_cast<int64_t>(r % 2000000) - 1000000) / 997.0f);
    }
    case Sort::kDouble: {
      static constexpr double kEdges[] = {0.0,
                                          -0.0,
                                          1.0,
                                          std::numeric_limits<double>::quiet_NaN(),
                                          std::numeric_limits<double>::infinity(),
                                          -1e300,
                                          9.3e18,
                                          -2147483649.0,
                                          1e-320};
      if (edge) return Value::Double(kEdges[r % 9]);
      return Value::Double(static_cast<double>(static_cast<int64_t>(r % 2000000) - 1000000) /
                           997.0);
    }
    case Sort::kBool:
    case Sort::kString:
    case Sort::kRef: break;
  }
  return Value::Bool(r % 2 == 0);
}

// Narrows an int input to its parameter type's range (char, byte, short, boolean).
Value Narrow(char type, Value v) {
  switch (type) {
    case 'Z': return Value::Int(v.AsInt() & 1);
    case 'B': return Value::Int(static_cast<int8_t>(v.AsInt()));
    case 'C': return Value::Int(static_cast<uint16_t>(v.AsInt()));
    case 'S': return Value::Int(static_cast<int16_t>(v.AsInt()));
    default: return v;
  }
}

TEST_F(ConcolicTest, EveryFamilyAgreesWithTheJvmOnRandomAndBoundaryInputs) {
  const char* kMethods[] = {
      "intArith",     "intDiv",      "shifts",       "longArith",     "longDiv",     "narrow",
      "widen",        "floatToInt",  "doubleToLong", "floatArith",    "doubleArith", "mixed",
      "narrowDouble", "compareLong", "compareFloat", "compareDouble", "loop",        "chars",
      "table",        "lookup",      "arrays",       "fields",        "strings",     "parse"};
  std::mt19937_64 rng(23);
  std::vector<std::pair<std::string, std::vector<Value>>> calls;
  for (const char* name : kMethods) {
    const auto& m = Method(name);
    const std::string_view desc = ops_->MethodDescriptor(m);
    for (int k = 0; k < 120; ++k) {
      std::vector<Value> args;
      for (size_t i = 1; desc[i] != ')'; ++i) {
        args.push_back(Narrow(desc[i], RandomValue(*InputSort(desc[i]), rng)));
      }
      calls.emplace_back(name, std::move(args));
    }
  }
  const std::vector<std::string> jvm = RunInJvm(calls);
  ASSERT_EQ(jvm.size(), calls.size());
  int z3_checked = 0, branches = 0;
  for (size_t c = 0; c < calls.size(); ++c) {
    const auto& [name, args] = calls[c];
    std::string call = name;
    for (const Value& v : args) absl::StrAppend(&call, " ", v.ToString());
    auto run = RunConcolic(*ops_, Method(name), args);
    ASSERT_TRUE(run.ok()) << call << ": " << run.status();
    if (!run->thrown.empty()) {
      EXPECT_EQ(jvm[c], "throws " + run->thrown) << call;
      continue;
    }
    ASSERT_TRUE(run->result.has_value()) << call;
    const Value got = *run->result;
    const uint64_t want_bits = std::stoull(jvm[c], nullptr, 16);
    EXPECT_TRUE(got.SameAs(Value{got.sort, want_bits}))
        << call << ": the interpreter gives " << got.ToString() << ", the JVM "
        << Value{got.sort, want_bits}.ToString();
    auto eval = Eval(run->result_expr, args);
    ASSERT_TRUE(eval.ok()) << call << ": " << eval.status();
    EXPECT_TRUE(eval->SameAs(got)) << call << ": " << ToString(run->result_expr);
    for (const PathBranch& b : run->path) {
      ++branches;
      auto holds = Eval(b.condition, args);
      ASSERT_TRUE(holds.ok()) << call;
      EXPECT_TRUE(holds->AsBool()) << call << ": " << ToString(b.condition);
    }
    if (c % 6 == 0) {  // Z3 is slower: every sixth call
      ++z3_checked;
      auto z3 = EvalWithZ3(run->result_expr, args);
      ASSERT_TRUE(z3.ok()) << call << ": " << z3.status();
      EXPECT_TRUE(z3->SameAs(got))
          << call << ": Z3 gives " << z3->ToString() << " for " << ToString(run->result_expr);
      for (const PathBranch& b : run->path) {
        auto holds = EvalWithZ3(b.condition, args);
        ASSERT_TRUE(holds.ok()) << call;
        EXPECT_TRUE(holds->AsBool()) << call << ": Z3 says false: " << ToString(b.condition);
      }
    }
  }
  EXPECT_GT(z3_checked, 300);
  EXPECT_GT(branches, 1000);  // the comparisons, loops and switches did branch on inputs
}

// Flips the hard branches of Ops: from all-zero inputs, negate the last branch of the path
// (keeping the ones before it), solve, run again, until the method returns 1; at most 12
// queries. The model's inputs must make the JVM return 1 too.
TEST_F(ConcolicTest, TheSolverFlipsBranchesSearchCannotReach) {
  for (const char* name : {"magic", "hashed", "longEq", "doubleEq", "nested"}) {
    const auto& m = Method(name);
    std::vector<Value> inputs;
    const std::string_view desc = ops_->MethodDescriptor(m);
    for (size_t i = 1; desc[i] != ')'; ++i) inputs.push_back(Value{*InputSort(desc[i]), 0});
    bool reached = false;
    for (int query = 0; query < 12 && !reached; ++query) {
      auto run = RunConcolic(*ops_, m, inputs);
      ASSERT_TRUE(run.ok()) << name << ": " << run.status();
      if (run->result && run->result->AsInt() == 1) {
        reached = true;
        break;
      }
      ASSERT_FALSE(run->path.empty()) << name << ": no branch depends on the inputs";
      // Negate the deepest branch whose negation is satisfiable.
      bool solved = false;
      for (size_t k = run->path.size(); k-- > 0 && !solved;) {
        std::vector<Expr> query_conds = run->domain;
        for (size_t i = 0; i < k; ++i) query_conds.push_back(run->path[i].condition);
        query_conds.push_back(Unary(Op::kNot, run->path[k].condition));
        SolveResult r = Solve(query_conds, run->input_sorts, absl::Seconds(5));
        if (r.answer == SolveResult::Answer::kSat) {
          inputs = r.model;
          solved = true;
        }
      }
      ASSERT_TRUE(solved) << name << ": no negation is satisfiable";
    }
    ASSERT_TRUE(reached) << name;
    const std::vector<std::string> jvm = RunInJvm({{name, inputs}});
    ASSERT_EQ(jvm.size(), 1u);
    EXPECT_EQ(jvm[0], "1") << name << ": the JVM does not take the branch on the model";
  }
}

// Explores every path of a method with the constraint tree: from all-zero inputs, solve the
// frontier's leaves until none is left. Each path is solved once: queries = the leaves
// handed out, each ending terminal, infeasible or diverged.
struct Exploration {
  int32_t terminal = 0, infeasible = 0, diverged = 0, timeout = 0, queries = 0;
  std::vector<int32_t> results;  // the int results of the runs, in order
};

Exploration Explore(const classfile::ClassFile& cls, const classfile::MethodInfo& m) {
  Exploration x;
  std::vector<Value> inputs;
  const std::string_view desc = cls.MethodDescriptor(m);
  for (size_t i = 1; desc[i] != ')'; ++i) inputs.push_back(Value{*InputSort(desc[i]), 0});
  ConstraintTree tree;
  std::mt19937_64 rng(7);
  auto first = RunConcolic(cls, m, inputs);
  EXPECT_TRUE(first.ok()) << first.status();
  if (!first.ok()) return x;
  tree.Insert(first->path);
  x.results.push_back(first->result->AsInt());
  while (auto q = tree.Next(rng)) {
    ++x.queries;
    std::vector<Expr> conds = first->domain;
    conds.insert(conds.end(), q->conditions.begin(), q->conditions.end());
    const SolveResult r = Solve(conds, first->input_sorts, absl::Seconds(5));
    if (r.answer != SolveResult::Answer::kSat) {
      tree.Mark(q->node, r.answer == SolveResult::Answer::kUnsat
                             ? ConstraintTree::State::kInfeasible
                             : ConstraintTree::State::kTimeout);
      continue;
    }
    auto run = RunConcolic(cls, m, r.model);
    EXPECT_TRUE(run.ok()) << run.status();
    if (!run.ok()) break;
    EXPECT_TRUE(tree.Insert(run->path, q->node)) << "a solved leaf gave no new path";
    x.results.push_back(run->result ? run->result->AsInt() : -999);
  }
  x.terminal = tree.Count(ConstraintTree::State::kTerminal);
  x.infeasible = tree.Count(ConstraintTree::State::kInfeasible);
  x.diverged = tree.Count(ConstraintTree::State::kDiverged);
  x.timeout = tree.Count(ConstraintTree::State::kTimeout);
  return x;
}

TEST_F(ConcolicTest, TheConstraintTreeExploresEveryPathOnce) {
  // Five nested conditions: six paths, five queries, the last path returns 1.
  Exploration nested = Explore(*ops_, Method("nested"));
  EXPECT_EQ(nested.terminal, 6);
  EXPECT_EQ(nested.queries, 5);
  EXPECT_EQ(nested.infeasible + nested.diverged + nested.timeout, 0);
  EXPECT_NE(std::find(nested.results.begin(), nested.results.end(), 1), nested.results.end());

  // A switch of three cases: four paths, each result once.
  Exploration table = Explore(*ops_, Method("table"));
  EXPECT_EQ(table.terminal, 4);
  std::vector<int32_t> got = table.results;
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, (std::vector<int32_t>{-1, 10, 20, 30}));

  // a < b, a > b, a == b and unordered: the fourth path needs a NaN, which the
  // floating-point theory finds.
  Exploration floats = Explore(*ops_, Method("compareFloat"));
  got = floats.results;
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, (std::vector<int32_t>{1, 2, 3, 4}));
  EXPECT_EQ(floats.diverged, 0);

  // A loop of (n & 15) iterations: sixteen paths; a sixteenth iteration is infeasible.
  Exploration loop = Explore(*ops_, Method("loop"));
  EXPECT_EQ(loop.terminal, 16);
  EXPECT_EQ(loop.infeasible, 1);
  EXPECT_EQ(loop.diverged, 0);
}

// The solver step on a test calling Ops.magic(x, x) with one literal for both parameters:
// for the goal "x * 31 + y == 0xCAFEBABE" (unsat with x == y), a new test whose parameters
// have literals of their own that satisfy it; the same goal is not solved twice.
TEST_F(ConcolicTest, TheSolverStepWritesAModelIntoACopyOfTheTest) {
  const auto bytes = testutil::ReadBytes(fs::path(JTG_FIXTURES_DIR) / "concolic/Ops.class");
  instrument::Options o;
  instrument::IdAllocator ids;
  auto plan = instrument::InstrumentBytes(bytes, "concolic/Ops", o, ids);
  ASSERT_TRUE(plan.ok()) << plan.status();
  int32_t goal = -1;  // the fall-through of magic's if_icmpne: the equality holds
  for (const auto& m : plan->plan.methods) {
    if (m.name == "magic" && !m.branches.empty()) goal = m.branches[0].id + 1;
  }
  ASSERT_GE(goal, 0);
  generate::SolverStep step(*ops_, plan->plan);
  ASSERT_TRUE(step.Handles(goal));

  testcase::TestCase t;
  testcase::Stmt lit;
  lit.kind = testcase::StmtKind::kLiteral;
  lit.type.base = 'I';
  lit.lit.type = 'I';
  lit.lit.i = 5;
  t.stmts.push_back(lit);
  testcase::Stmt call;
  call.kind = testcase::StmtKind::kCall;
  call.callable = testcase::NewCallable("concolic/Ops", "magic", "(II)I", true);
  call.type.base = 'I';
  call.args = {0, 0};
  t.stmts.push_back(call);

  auto made = step.Round({goal}, {&t}, absl::InfiniteFuture());
  ASSERT_EQ(made.size(), 1u);
  const testcase::TestCase& m = made[0];
  ASSERT_EQ(m.size(), 3u);  // a literal for each parameter (the shared one untied), the call
  const testcase::Stmt& c = m.stmts[2];
  ASSERT_EQ(c.args.size(), 2u);
  const int32_t x = static_cast<int32_t>(m.stmts[static_cast<size_t>(c.args[0])].lit.i);
  const int32_t y = static_cast<int32_t>(m.stmts[static_cast<size_t>(c.args[1])].lit.i);
  EXPECT_EQ(static_cast<uint32_t>(x) * 31u + static_cast<uint32_t>(y), 0xCAFEBABEu);
  EXPECT_EQ(step.stats().sat, 1);
  // That side was solved: asking again for it is no query.
  EXPECT_TRUE(step.Round({goal}, {&t}, absl::InfiniteFuture()).empty());
  EXPECT_EQ(step.stats().sat + step.stats().unsat + step.stats().timeout, 1);
}

}  // namespace
}  // namespace jtg::concolic
