#include "generate/goals/goals.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "instrument/mutation_ops.h"

namespace jtg::generate {

using testcase::Observed;
using testcase::StmtKind;

GoalModel::GoalModel(const CoverageModel& coverage, const std::vector<CallablePtr>& targets,
                     bool weak_mutation)
    : coverage_(coverage), weak_mutation_(weak_mutation) {
  for (int32_t g : coverage.goals()) {
    structural_.push_back(g);
    kinds_[g] = coverage.IsBlock(g) ? GoalKind::kLine : GoalKind::kBranch;
  }
  std::sort(structural_.begin(), structural_.end());
  for (const auto& c : targets) {
    std::string m = c->name + c->descriptor;
    Dynamic(GoalKind::kMethod, "method:" + m);
    Dynamic(GoalKind::kMethodNoException, "normal:" + m);
  }
  if (!weak_mutation_) return;
  // Removed void calls last, as no objective: the other goals keep the ids they would have.
  const int32_t void_call = instrument::PitMutant(instrument::PitMutator::kVoidMethodCalls);
  for (bool voids : {false, true}) {
    for (const auto& [site, info] : coverage.mutation_sites()) {
      for (int32_t k : info.mutants) {
        if ((k == void_call) != voids) continue;
        int32_t id = Dynamic(GoalKind::kWeakMutation,
                             "mutant:" + std::to_string(site) + ":" + std::to_string(k));
        mutant_site_[id] = site;
        mutant_k_[id] = k;
        site_mutant_[{site, k}] = id;
        if (voids) not_objectives_.insert(id);
      }
    }
  }
}

int32_t GoalModel::Dynamic(GoalKind kind, const std::string& key) {
  auto it = dynamic_ids_.find(key);
  if (it != dynamic_ids_.end()) return it->second;
  int32_t id = next_dynamic_++;
  dynamic_ids_.emplace(key, id);
  kinds_[id] = kind;
  return id;
}

int32_t GoalModel::FindMutantGoal(int32_t id, int32_t k) const {
  auto it = dynamic_ids_.find("mutant:" + std::to_string(id) + ":" + std::to_string(k));
  return it == dynamic_ids_.end() ? -1 : it->second;
}

int32_t GoalModel::MutantGoal(int32_t cond, int32_t k) {
  int32_t id =
      Dynamic(GoalKind::kWeakMutation, "mutant:" + std::to_string(cond) + ":" + std::to_string(k));
  mutant_cond_[id] = cond;
  mutant_k_[id] = k;
  return id;
}

void GoalModel::EvaluateMutants(const testcase::ExecResult& r, Evaluation* e) {
  absl::flat_hash_set<int32_t>* reached = &e->reached;
  // Only conditionals of the class under test: both outcomes are structural goals.
  auto is_cut_conditional = [this](int32_t cond) {
    return std::binary_search(structural_.begin(), structural_.end(), cond) &&
           std::binary_search(structural_.begin(), structural_.end(), cond + 1) &&
           !coverage_.IsBlock(cond);
  };
  constexpr int32_t kAlwaysJump = 6;  // also the operator index of reference compares
  const auto& sites = coverage_.mutation_sites();
  for (const auto& [cond, k] : r.mutants) {
    if (auto site = sites.find(cond); site != sites.end()) {  // operator mutation site
      if (k == -1 - site->second.opcode) {
        e->sites_reached.insert(cond);
      } else if (auto m = site_mutant_.find({cond, k}); m != site_mutant_.end()) {
        reached->insert(m->second);
      }
      continue;
    }
    if (k < -1 - kAlwaysJump || k > kAlwaysJump || !is_cut_conditional(cond)) continue;
    if (k >= 0) {
      reached->insert(MutantGoal(cond, k));
      continue;
    }
    int32_t op = -1 - k;  // reached marker: create the conditional's mutants
    ror_op_[cond] = op;
    // The other relational operators (not for reference compares), then the jump always
    // taken (PIT's REMOVE_CONDITIONALS_*_ELSE).
    for (int32_t m = 0; op != kAlwaysJump && m < kAlwaysJump; ++m) {
      if (m != op) MutantGoal(cond, m);
    }
    MutantGoal(cond, kAlwaysJump);
  }
}

std::string GoalModel::Category(const Observed& o, const classfile::TypeDesc& t) {
  switch (o.kind) {
    case Observed::kPrimitive:
    case Observed::kObject:
      if (o.kind == Observed::kObject && !o.boxed) {
        if (o.size >= 0) return o.size == 0 ? "empty" : "nonempty";
        return "nonnull";
      }
      switch (o.prim) {
        case 'Z': return o.i ? "true" : "false";
        case 'C': {
          int64_t c = o.i;
          if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return "alpha";
          if (c >= '0' && c <= '9') return "digit";
          return "other";
        }
        case 'F':
        case 'D': return o.d < 0 ? "neg" : o.d == 0 ? "zero" : "pos";
        default: return o.i < 0 ? "neg" : o.i == 0 ? "zero" : "pos";
      }
    case Observed::kString: return o.s.empty() ? "empty" : "nonempty";
    case Observed::kNull: return "null";
    case Observed::kNone: break;
  }
  (void)t;
  return "";
}

Evaluation GoalModel::Evaluate(const testcase::TestCase& tc, const testcase::ExecResult& r) {
  Evaluation e;
  e.length = tc.size();
  e.failed = !r.Writable();
  e.threw = r.threw_at >= 0;
  for (int32_t g : coverage_.GoalsReached(r.goals, r.switches)) e.reached.insert(g);
  for (const auto& [g, d] : r.distances) e.distance[g] = d;
  coverage_.SwitchDistances(r.switches, e.distance);
  if (weak_mutation_) EvaluateMutants(r, &e);
  if (!r.goal_counts.empty()) e.workload = coverage_.WorkloadOf(r.goals, r.goal_counts);
  const std::string& cut = coverage_.class_name();
  for (size_t i = 0; i < tc.size(); ++i) {
    const auto& s = tc.stmts[i];
    bool threw = static_cast<int>(i) == r.threw_at;
    if (static_cast<int>(i) > r.threw_at && r.threw_at >= 0) break;
    if (s.kind != StmtKind::kCall || s.callable->owner != cut) continue;
    std::string m = s.callable->name + s.callable->descriptor;
    e.reached.insert(Dynamic(GoalKind::kMethod, "method:" + m));
    if (threw) {
      if (r.Writable()) {
        e.reached.insert(Dynamic(GoalKind::kException, "exception:" + m + ":" + r.exception_class));
      }
      break;
    }
    e.reached.insert(Dynamic(GoalKind::kMethodNoException, "normal:" + m));
    if (i < r.values.size() && s.ProducesValue() && !s.callable->IsConstructor()) {
      std::string cat = Category(r.values[i], s.type);
      if (!cat.empty())
        e.reached.insert(Dynamic(GoalKind::kOutput, absl::StrCat("output:", m, ":", cat)));
    }
    for (size_t k = 0; k < s.args.size(); ++k) {
      size_t a = static_cast<size_t>(s.args[k]);
      if (a >= r.values.size()) continue;
      std::string cat = Category(r.values[a], tc.stmts[a].type);
      if (!cat.empty()) {
        e.reached.insert(Dynamic(GoalKind::kInput, absl::StrCat("input:", m, ":", k, ":", cat)));
      }
    }
  }
  return e;
}

double GoalModel::Fitness(const Evaluation& e, int32_t goal,
                          absl::flat_hash_map<int32_t, double>* memo) const {
  if (e.failed) return std::numeric_limits<double>::infinity();
  if (e.reached.contains(goal)) return 0;
  if (goal >= kDynamicBase) {
    if (auto s = mutant_site_.find(goal); s != mutant_site_.end()) {
      if (e.sites_reached.contains(s->second)) return 0.5;
      return 1 + SiteApproach(e, s->second, memo);
    }
    auto m = mutant_cond_.find(goal);
    if (m == mutant_cond_.end()) return 1;
    int32_t cond = m->second;
    if (e.reached.contains(cond) || e.reached.contains(cond + 1)) return 0.5;
    return 1 + Fitness(e, cond, memo);
  }
  auto cached = memo->find(goal);
  if (cached != memo->end()) return cached->second;
  auto d = e.distance.find(goal);
  if (d != e.distance.end()) {
    double v = d->second / (d->second + 1.0);
    memo->emplace(goal, v);
    return v;
  }
  // Guard against control-dependence cycles (loops): mark as in progress.
  memo->emplace(goal, 1e9);
  double best = 1e9;
  const auto& deps = coverage_.DepsOf(goal);
  if (deps.empty()) {
    best = 1;
  } else {
    for (int32_t dep : deps) best = std::min(best, 1 + Fitness(e, dep, memo));
  }
  (*memo)[goal] = best;
  return best;
}

double GoalModel::SiteApproach(const Evaluation& e, int32_t site,
                               absl::flat_hash_map<int32_t, double>* memo) const {
  const auto& deps = coverage_.mutation_sites().at(site).control_deps;
  if (deps.empty()) return 1;
  double best = 1e9;
  for (int32_t dep : deps) best = std::min(best, 1 + Fitness(e, dep, memo));
  return best;
}

std::vector<int32_t> GoalModel::AllGoals() const {
  std::vector<int32_t> out = structural_;
  for (const auto& [key, id] : dynamic_ids_) {
    if (!not_objectives_.contains(id)) out.push_back(id);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int32_t> GoalModel::Released(const absl::flat_hash_set<int32_t>& covered) const {
  std::vector<int32_t> out;
  for (int32_t g : AllGoals()) {
    if (covered.contains(g)) continue;
    if (auto s = mutant_site_.find(g); s != mutant_site_.end()) {
      const auto& deps = coverage_.mutation_sites().at(s->second).control_deps;
      if (deps.empty() ||
          std::any_of(deps.begin(), deps.end(), [&](int32_t d) { return covered.contains(d); })) {
        out.push_back(g);
      }
      continue;
    }
    if (g >= kDynamicBase) {
      out.push_back(g);
      continue;
    }
    const auto& deps = coverage_.DepsOf(g);
    bool released = deps.empty() || std::any_of(deps.begin(), deps.end(),
                                                [&](int32_t d) { return covered.contains(d); });
    if (released) out.push_back(g);
  }
  return out;
}

GoalKind GoalModel::Kind(int32_t goal) const {
  auto it = kinds_.find(goal);
  return it == kinds_.end() ? GoalKind::kBranch : it->second;
}

size_t GoalModel::CountOf(GoalKind k, const absl::flat_hash_set<int32_t>& covered,
                          size_t* total) const {
  size_t n = 0, t = 0;
  for (const auto& [id, kind] : kinds_) {
    if (kind != k) continue;
    ++t;
    n += covered.contains(id) ? 1 : 0;
  }
  if (total != nullptr) *total = t;
  return n;
}

bool GoalModel::IsPitDefaultMutant(int32_t goal) const {
  auto mk = mutant_k_.find(goal);
  if (mk == mutant_k_.end()) return false;
  const int32_t k = mk->second;
  if (auto s = mutant_site_.find(goal); s != mutant_site_.end()) {
    if (coverage_.IsNested(s->second)) return false;
    if (k >= instrument::kPitMutantBase) return true;
    const auto& site = coverage_.mutation_sites().at(s->second);
    return k == instrument::PitMathReplacement(site.opcode);
  }
  auto c = mutant_cond_.find(goal);
  if (c == mutant_cond_.end() || coverage_.IsNested(c->second)) return false;
  if (k == 6) return true;  // the jump always taken
  auto op = ror_op_.find(c->second);
  if (op == ror_op_.end()) return false;
  static constexpr int32_t kBoundary[] = {-1, -1, 5, 4, 3, 2};  // eq ne lt ge gt le
  return op->second >= 0 && op->second < 6 && kBoundary[op->second] == k;
}

std::pair<size_t, size_t> GoalModel::PitDefaultScore(
    const absl::flat_hash_set<int32_t>& killed) const {
  size_t n = 0, total = 0;
  for (int32_t g : killed) n += IsPitDefaultMutant(g) ? 1 : 0;
  for (const auto& [id, opcode] : coverage_.cut_jumps()) {
    const bool order = (opcode >= 0x9b && opcode <= 0x9e) || (opcode >= 0xa1 && opcode <= 0xa4);
    total += order ? 2 : 1;
  }
  for (const auto& [id, site] : coverage_.mutation_sites()) {
    if (coverage_.IsNested(id)) continue;
    for (int32_t k : site.mutants) total += k >= instrument::kPitMutantBase ? 1 : 0;
    total += instrument::IsMutableOperator(site.opcode) ? 1 : 0;
  }
  return {n, total};
}

std::string GoalModel::Describe(int32_t goal) const {
  for (const auto& [key, id] : dynamic_ids_) {
    if (id != goal) continue;
    std::string out = key;
    if (auto s = mutant_site_.find(goal); s != mutant_site_.end()) {
      const auto& site = coverage_.mutation_sites().at(s->second);
      const int32_t k = std::stoi(key.substr(key.rfind(':') + 1));
      out += " (" + std::string(instrument::MutantClass(site.opcode, k)) + " " +
             std::string(instrument::SiteMnemonic(site.opcode));
      if (k < instrument::kPitMutantBase) {  // an operator: the replacing one
        out += "->" + std::string(instrument::OperatorMnemonic(static_cast<uint8_t>(k)));
      }
      out += ", line " + std::to_string(site.line) + ")";
    } else if (auto c = mutant_cond_.find(goal); c != mutant_cond_.end()) {
      static constexpr const char* kRor[] = {"eq", "ne", "lt", "ge", "gt", "le"};
      const int k = std::stoi(key.substr(key.rfind(':') + 1));
      auto op = ror_op_.find(c->second);
      if (k == 6) {
        out += " (REMOVE_CONDITIONALS_ELSE: the jump always taken)";
      } else {
        const bool known = op != ror_op_.end() && op->second >= 0 && op->second < 6;
        out += std::string(" (ROR ") + (known ? kRor[op->second] : "?") + "->" +
               (k >= 0 && k < 6 ? kRor[k] : "?") + ")";
      }
    }
    return out;
  }
  return coverage_.Describe(goal);
}

}  // namespace jtg::generate
