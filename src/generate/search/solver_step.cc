#include "generate/search/solver_step.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "concolic/strings.h"
#include "concolic/z3_encode.h"
#include "generate/search/solver_replay.h"

namespace jtg::generate {

SolverStep::SolverStep(classfile::ClassFile cut, const instrument::ClassPlan& plan,
                       SolverOptions opts)
    : cut_(std::move(cut)), opts_(std::move(opts)) {
  for (const classfile::CpEntry& e : cut_.cp.entries()) {
    if (e.tag != classfile::kCpString) continue;
    if (auto utf8 = cut_.cp.Utf8(e.a); utf8.ok()) {
      std::u16string text = concolic::DecodeModifiedUtf8(*utf8);
      hashed_constants_.emplace(concolic::JavaHashCode(text), std::move(text));
    }
  }
  if (!opts_.log_path.empty()) {
    log_ = std::make_unique<std::ofstream>(opts_.log_path);
    if (!*log_) log_.reset();
  }
  std::map<std::string, int32_t> index;  // by name + descriptor
  for (size_t i = 0; i < cut_.methods.size(); ++i) {
    const classfile::MethodInfo& m = cut_.methods[i];
    if (!m.code.has_value()) continue;
    index[std::string(cut_.MethodName(m)) + std::string(cut_.MethodDescriptor(m))] =
        static_cast<int32_t>(i);
  }
  for (const instrument::MethodPlan& mp : plan.methods) {
    auto it = index.find(mp.name + mp.descriptor);
    if (it == index.end()) continue;
    const std::string& key = it->first;
    const int32_t m = it->second;
    for (const instrument::BranchGoal& br : mp.branches) {
      goals_.emplace(br.id, Side{key, m, br.offset, 0, true});
      goals_.emplace(br.id + 1, Side{key, m, br.offset, 0, false});
    }
    for (const instrument::SwitchGoal& sw : mp.switches) {
      for (size_t i = 0; i < sw.keys.size() && i < sw.key_goal.size(); ++i) {
        goals_.emplace(sw.key_goal[i], Side{key, m, sw.offset, static_cast<int32_t>(i + 1), true});
      }
      if (!sw.keys.empty()) {  // the default: the key is none of the cases
        goals_.emplace(sw.default_goal,
                       Side{key, m, sw.offset, static_cast<int32_t>(sw.keys.size()), false});
      }
    }
  }
}

std::vector<concolic::Expr> SolverStep::HashHints(const std::vector<concolic::Expr>& conditions) {
  using concolic::Op;
  std::vector<concolic::Expr> hints;
  for (const concolic::Expr& c : conditions) {
    if (c->op != Op::kEq || c->args.size() != 2) continue;
    const concolic::Expr& lhs = c->args[0];
    const concolic::Expr& rhs = c->args[1];
    if (lhs->op != Op::kStrHash || !rhs->IsConst()) continue;
    auto it = hashed_constants_.find(rhs->AsValue().AsInt());
    if (it != hashed_constants_.end()) {
      hints.push_back(concolic::Nary(Op::kStrEq, {lhs->args[0], concolic::StrConst(it->second)}));
    }
  }
  return hints;
}

bool SolverStep::GaveUp(const Side& side) {
  return asked_methods_[side.method] == 0 && unmodelled_[side.method] >= kGiveUpAfter;
}

void SolverStep::Log(const std::string& line) {
  if (log_) *log_ << line.substr(0, 4000) << "\n" << std::flush;
}

concolic::ConstraintTree& SolverStep::Tree(const std::string& method, const std::string& shape) {
  if (trees_.size() > kMaxTrees) trees_.clear();  // bounded memory; paths may be solved again
  return trees_[method + "|" + shape];
}

bool SolverStep::TrySolve(const Side& side, const testcase::TestCase& shared, size_t call,
                          std::vector<testcase::TestCase>& made) {
  const testcase::TestCase t = UntieLiterals(shared, call);
  auto replay = ReplayTest(cut_, t, call, kMaxSteps);
  if (!replay.ok()) {
    if (replay.status().code() == absl::StatusCode::kUnimplemented) {
      ++stats_.unmodelled;
      ++unmodelled_[side.method];
    }
    Log(absl::StrCat("replay for ", side.method, ": ", replay.status().message()));
    return false;
  }
  for (const std::string& what : replay->run.concretized) {
    Log(absl::StrCat("concretized in ", side.method, ": ", what));
  }
  const std::vector<concolic::PathBranch>& path = replay->run.path;
  ++asked_methods_[side.method];
  concolic::ConstraintTree& tree = Tree(side.method, replay->shape);
  tree.Insert(path);
  std::optional<concolic::ConstraintTree::Query> q;
  for (size_t k = replay->last_from; k < path.size() && !q; ++k) {
    const concolic::PathBranch& b = path[k];
    if (b.method == side.index && b.offset == side.offset && b.arm == side.arm &&
        b.taken != side.taken) {
      q = tree.QueryOther(path, k);
    }
  }
  if (!q) return false;
  std::vector<concolic::Expr> conditions = replay->run.domain;
  conditions.insert(conditions.end(), q->conditions.begin(), q->conditions.end());
  concolic::SolveResult r;
  // A hashCode equal to a constant's (javac's switch on strings): first ask for that very
  // constant, which Z3 answers at once where inverting the hash could take it too long.
  if (std::vector<concolic::Expr> hints = HashHints(q->conditions); !hints.empty()) {
    std::vector<concolic::Expr> hinted = conditions;
    hinted.insert(hinted.end(), hints.begin(), hints.end());
    r = concolic::Solve(hinted, replay->run.input_sorts, opts_.query_timeout);
  }
  if (r.answer != concolic::SolveResult::Answer::kSat) {
    r = concolic::Solve(conditions, replay->run.input_sorts, opts_.query_timeout);
  }
  using Answer = concolic::SolveResult::Answer;
  using State = concolic::ConstraintTree::State;
  if (log_) {
    std::string conds;
    for (const concolic::Expr& c : q->conditions)
      absl::StrAppend(&conds, " ", concolic::ToString(c));
    static constexpr const char* kAnswers[] = {"sat", "unsat", "timeout"};
    Log(absl::StrCat("query ", side.method, " offset ", side.offset, " arm ", side.arm,
                     side.taken ? " taken" : " not taken", ": ",
                     kAnswers[static_cast<int>(r.answer)], " in ",
                     absl::ToInt64Milliseconds(r.time), " ms;", conds));
  }
  if (r.answer != Answer::kSat) {
    ++(r.answer == Answer::kUnsat ? stats_.unsat : stats_.timeout);
    tree.Mark(q->node, r.answer == Answer::kUnsat ? State::kInfeasible : State::kTimeout);
    return true;
  }
  ++stats_.sat;
  // The copy ends with the call (what follows does not matter for the goal); the model's
  // values go into the literals the inputs stand for.
  testcase::TestCase copy = t;
  copy.stmts.resize(call + 1);
  WriteInputs(replay->input_stmt, r.model, r.texts, copy);
  // The divergence check on the model: the tree learns the path the model takes.
  if (auto check = ReplayTest(cut_, copy, call, kMaxSteps); check.ok()) {
    tree.Insert(check->run.path, q->node);
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
  // Goals asked about least often first, so that every goal gets its turn across rounds.
  std::vector<int32_t> order = goals;
  std::stable_sort(order.begin(), order.end(),
                   [&](int32_t a, int32_t b) { return asked_[a] < asked_[b]; });
  for (int32_t g : order) {
    auto side = goals_.find(g);
    if (side == goals_.end() || GaveUp(side->second) ||
        (asked_[g] == 0 && unmodelled_goal_[g] >= kGiveUpAfter)) {
      continue;
    }
    bool answered = false;
    int tries = 0;  // replays for this goal in this round
    for (const testcase::TestCase* t : tests) {
      if (absl::Now() > deadline || tries >= kTriesPerRound) break;
      for (size_t s = 0; s < t->size() && !answered && tries < kTriesPerRound; ++s) {
        const testcase::Stmt& st = t->stmts[s];
        if (st.kind != testcase::StmtKind::kCall || st.callable == nullptr ||
            st.callable->owner != owner ||
            st.callable->name + st.callable->descriptor != side->second.method) {
          continue;
        }
        ++tries;
        const int64_t unmodelled = stats_.unmodelled;
        answered = TrySolve(side->second, *t, s, made);
        unmodelled_goal_[g] += static_cast<int>(stats_.unmodelled - unmodelled);
      }
      if (answered) break;
    }
    if (answered) ++queries, ++asked_[g];
    if (queries >= opts_.queries_per_round || absl::Now() > deadline) break;
  }
  stats_.seconds += absl::ToDoubleSeconds(absl::Now() - start);
  return made;
}

}  // namespace jtg::generate
