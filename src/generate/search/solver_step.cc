#include "generate/search/solver_step.h"

#include "concolic/interpreter.h"
#include "concolic/z3_encode.h"

namespace jtg::generate {
namespace {

using concolic::Value;

// The value of a literal of primitive type `type` (Literal::type), as the interpreter's input.
Value ToValue(const testcase::Literal& lit) {
  switch (lit.type) {
    case 'J': return Value::Long(lit.i);
    case 'F': return Value::Float(static_cast<float>(lit.d));
    case 'D': return Value::Double(lit.d);
    default: return Value::Int(static_cast<int32_t>(lit.i));
  }
}

void FromValue(const Value& v, testcase::Literal& lit) {
  switch (lit.type) {
    case 'J': lit.i = v.AsLong(); break;
    case 'F': lit.d = v.AsFloat(); break;
    case 'D': lit.d = v.AsDouble(); break;
    default: lit.i = v.AsInt(); break;
  }
}

bool PrimitiveParams(std::string_view desc) {
  for (size_t i = 1; i < desc.size() && desc[i] != ')'; ++i) {
    if (!concolic::InputSort(desc[i])) return false;
  }
  return true;
}

}  // namespace

SolverStep::SolverStep(classfile::ClassFile cut, const instrument::ClassPlan& plan, uint64_t seed,
                       SolverOptions opts)
    : cut_(std::move(cut)), rng_(seed), opts_(opts) {
  for (const classfile::MethodInfo& m : cut_.methods) {
    const std::string_view desc = cut_.MethodDescriptor(m);
    if ((m.access & classfile::kAccStatic) == 0 || !m.code.has_value() || !PrimitiveParams(desc)) {
      continue;
    }
    methods_[std::string(cut_.MethodName(m)) + std::string(desc)].info = &m;
  }
  for (const instrument::MethodPlan& mp : plan.methods) {
    const std::string key = mp.name + mp.descriptor;
    if (!methods_.contains(key)) continue;
    for (const instrument::BranchGoal& br : mp.branches) {
      goals_.emplace(br.id, Side{key, br.offset, 0, true});
      goals_.emplace(br.id + 1, Side{key, br.offset, 0, false});
    }
    for (const instrument::SwitchGoal& sw : mp.switches) {
      for (size_t i = 0; i < sw.keys.size() && i < sw.key_goal.size(); ++i) {
        goals_.emplace(sw.key_goal[i], Side{key, sw.offset, static_cast<int32_t>(i + 1), true});
      }
      if (!sw.keys.empty()) {  // the default: the key is none of the cases
        goals_.emplace(sw.default_goal,
                       Side{key, sw.offset, static_cast<int32_t>(sw.keys.size()), false});
      }
    }
  }
}

bool SolverStep::TrySolve(const Side& side, const testcase::TestCase& t, size_t call,
                          std::vector<testcase::TestCase>& made) {
  const testcase::Stmt& st = t.stmts[call];
  Method& m = methods_.at(side.method);
  const std::string_view desc = cut_.MethodDescriptor(*m.info);
  std::vector<Value> inputs;
  for (size_t p = 1, i = 0; p < desc.size() && desc[p] != ')'; ++p, ++i) {
    if (i >= st.args.size()) return false;
    const testcase::Stmt& a = t.stmts[static_cast<size_t>(st.args[i])];
    if (a.kind != testcase::StmtKind::kLiteral || a.lit.type != desc[p] || a.lit.n_mult != 0) {
      return false;
    }
    inputs.push_back(ToValue(a.lit));
  }
  auto run = concolic::RunConcolic(cut_, *m.info, inputs, 100'000);
  if (!run.ok()) {
    if (run.status().code() == absl::StatusCode::kUnimplemented) ++stats_.unmodelled;
    return false;
  }
  m.tree.Insert(run->path);
  std::optional<concolic::ConstraintTree::Query> q;
  for (size_t k = 0; k < run->path.size() && !q; ++k) {
    const concolic::PathBranch& b = run->path[k];
    if (b.offset == side.offset && b.arm == side.arm && b.taken != side.taken) {
      q = m.tree.QueryOther(run->path, k);
    }
  }
  if (!q) return false;
  std::vector<concolic::Expr> conditions = run->domain;
  conditions.insert(conditions.end(), q->conditions.begin(), q->conditions.end());
  const concolic::SolveResult r =
      concolic::Solve(conditions, run->input_sorts, opts_.query_timeout);
  using Answer = concolic::SolveResult::Answer;
  using State = concolic::ConstraintTree::State;
  if (r.answer != Answer::kSat) {
    ++(r.answer == Answer::kUnsat ? stats_.unsat : stats_.timeout);
    m.tree.Mark(q->node, r.answer == Answer::kUnsat ? State::kInfeasible : State::kTimeout);
    return true;
  }
  ++stats_.sat;
  // The copy ends with the call (what follows does not matter for the goal), and the call
  // gets literals of its own just before it: a literal the test shares between parameters
  // or with other statements keeps its value there.
  testcase::TestCase copy = t;
  copy.stmts.resize(call);
  testcase::Stmt moved = st;
  for (size_t i = 0; i < r.model.size(); ++i) {
    testcase::Stmt lit = t.stmts[static_cast<size_t>(st.args[i])];
    FromValue(r.model[i], lit.lit);
    moved.args[i] = static_cast<int>(copy.stmts.size());
    copy.stmts.push_back(std::move(lit));
  }
  copy.stmts.push_back(std::move(moved));
  // The divergence check on the model: the tree learns the path the model takes.
  if (auto check = concolic::RunConcolic(cut_, *m.info, r.model, 100'000); check.ok()) {
    m.tree.Insert(check->path, q->node);
  }
  made.push_back(std::move(copy));
  return true;
}

std::vector<testcase::TestCase> SolverStep::Round(
    const std::vector<int32_t>& goals, const std::vector<const testcase::TestCase*>& tests,
    absl::Time deadline) {
  const absl::Time start = absl::Now();
  ++stats_.rounds;
  std::vector<testcase::TestCase> made;
  int queries = 0;
  const std::string owner(cut_.Name());
  for (int32_t g : goals) {
    auto side = goals_.find(g);
    if (side == goals_.end()) continue;
    bool answered = false;
    for (const testcase::TestCase* t : tests) {
      for (size_t s = 0; s < t->size() && !answered; ++s) {
        const testcase::Stmt& st = t->stmts[s];
        if (st.kind != testcase::StmtKind::kCall || st.callable == nullptr ||
            st.callable->owner != owner ||
            st.callable->name + st.callable->descriptor != side->second.method) {
          continue;
        }
        answered = TrySolve(side->second, *t, s, made);
      }
      if (answered) break;
    }
    if (answered) ++queries;
    if (queries >= opts_.queries_per_round || absl::Now() > deadline) break;
  }
  stats_.seconds += absl::ToDoubleSeconds(absl::Now() - start);
  return made;
}

}  // namespace jtg::generate
