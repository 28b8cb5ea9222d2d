#include "generate/goals/coverage_model.h"

#include <cmath>

#include "classfile/class_file.h"

namespace jtg::generate {

double CoverageSummary::BranchPct() const {
  return branches_total == 0 ? 100.0 : 100.0 * branches_covered / branches_total;
}
double CoverageSummary::LinePct() const {
  return lines_total == 0 ? 100.0 : 100.0 * lines_covered / lines_total;
}

namespace {
bool Counted(const instrument::MethodPlan& m) {
  bool synthetic = (m.access & classfile::kAccSynthetic) != 0;
  bool bridge = (m.access & classfile::kAccBridge) != 0;
  if (bridge) return false;
  if (synthetic && m.name.rfind("lambda$", 0) != 0) return false;
  return true;
}
}  // namespace

CoverageModel::CoverageModel(const instrument::ClassPlan& plan)
    : CoverageModel(std::vector<instrument::ClassPlan>{plan}) {}

CoverageModel::CoverageModel(const std::vector<instrument::ClassPlan>& plans)
    : class_name_(plans.front().class_name) {
  for (size_t i = 0; i < plans.size(); ++i) {
    class_names_.push_back(plans[i].class_name);
    AddPlan(plans[i], static_cast<uint16_t>(i));
  }
  goal_set_.insert(goals_.begin(), goals_.end());
  // Follow a chain only into blocks that are counted (have lines, so their ids are goals).
  for (auto it = chain_next_.begin(); it != chain_next_.end();) {
    if (!block_lines_.contains(it->second)) {
      chain_next_.erase(it++);
    } else {
      ++it;
    }
  }
}

void CoverageModel::AddPlan(const instrument::ClassPlan& plan, uint16_t index) {
  const std::string prefix = index == 0 ? "" : plan.class_name + ".";
  const uint32_t line_key = static_cast<uint32_t>(index) << 16;
  auto own = [&](int32_t g, const instrument::MethodPlan& m) {
    goal_method_[g] = m.name;
    goal_method_key_[g] = prefix + m.name + m.descriptor;
    if (index != 0) goal_class_[g] = index;
  };
  for (const auto& m : plan.methods) {
    if (!Counted(m)) continue;
    if (!m.instrumented) {
      ++not_instrumented_;
      continue;
    }
    for (const auto& b : m.blocks) {
      weights_[b.id] = BlockWeight{b.insn_count, b.allocations, b.entry};
      if (b.lines.empty()) continue;
      block_lines_[b.id] = b.lines;
      for (uint16_t l : b.lines) all_lines_.insert(line_key | l);
      goals_.push_back(b.id);
      own(b.id, m);
      goal_line_[b.id] = b.lines.front();
      if (!b.control_deps.empty()) deps_[b.id] = b.control_deps;
      if (b.chain_next != 0) chain_next_[b.id] = b.chain_next;  // pruned below if not counted
    }
    for (const auto& br : m.branches) {
      for (int32_t g : {br.id, br.id + 1}) {
        goals_.push_back(g);
        branch_goals_.push_back(g);
        own(g, m);
        goal_line_[g] = br.line;
        if (!br.control_deps.empty()) deps_[g] = br.control_deps;
      }
      if (!br.instanceof_type.empty()) {
        instanceof_true_[br.instanceof_when_taken ? br.id : br.id + 1] = br.instanceof_type;
      }
    }
    // The static initializer runs once, at load, before any test: its mutants cannot be
    // killed by a test (its ROR mutants are never created either).
    if (m.name != "<clinit>") {
      for (const auto& br : m.branches) {
        if (index == 0) cut_jumps_[br.id] = br.opcode;
      }
      for (const auto& site : m.mutation_sites) {
        mutation_sites_[site.id] = site;
        goal_method_[site.id] = m.name;
        if (index != 0) goal_class_[site.id] = index;
      }
    }
    for (const auto& sw : m.switches) {
      SwitchInfo info{sw.keys, sw.key_goal, sw.default_goal};
      switches_[sw.switch_id] = std::move(info);
      for (int32_t g : sw.target_goals) {
        goals_.push_back(g);
        branch_goals_.push_back(g);
        own(g, m);
        goal_line_[g] = sw.line;
        if (!sw.control_deps.empty()) deps_[g] = sw.control_deps;
      }
    }
  }
}

Workload CoverageModel::WorkloadOf(const std::vector<int32_t>& ids,
                                   const std::vector<int32_t>& counts) const {
  Workload w;
  for (size_t i = 0; i < ids.size() && i < counts.size(); ++i) {
    auto it = weights_.find(ids[i]);
    if (it == weights_.end()) continue;
    const double n = counts[i];
    if (it->second.entry) w.method_calls += n;
    w.allocations += n * it->second.allocations;
    w.instructions += n * it->second.insns;
  }
  return w;
}

std::vector<int32_t> CoverageModel::GoalsReached(
    const std::vector<int32_t>& ids, const std::vector<std::pair<int32_t, int32_t>>& sw) const {
  std::vector<int32_t> out;
  for (int32_t id : ids) {
    if (goal_set_.contains(id)) out.push_back(id);
  }
  for (const auto& [sid, key] : sw) {
    auto it = switches_.find(sid);
    if (it == switches_.end()) continue;
    int32_t g = it->second.default_goal;
    for (size_t k = 0; k < it->second.keys.size(); ++k) {
      if (it->second.keys[k] == key) {
        g = it->second.key_goal[k];
        break;
      }
    }
    if (goal_set_.contains(g)) out.push_back(g);
  }
  return out;
}

void CoverageModel::SwitchDistances(const std::vector<std::pair<int32_t, int32_t>>& sw,
                                    absl::flat_hash_map<int32_t, float>& out) const {
  auto keep_min = [&out](int32_t goal, double d) {
    auto it = out.find(goal);
    float f = static_cast<float>(d);
    if (it == out.end() || f < it->second) out[goal] = f;
  };
  for (const auto& [sid, key] : sw) {
    auto it = switches_.find(sid);
    if (it == switches_.end()) continue;
    const SwitchInfo& info = it->second;
    bool matched = false;
    for (size_t k = 0; k < info.keys.size(); ++k) {
      double d = std::abs(static_cast<double>(key) - static_cast<double>(info.keys[k]));
      if (d == 0)
        matched = true;
      else
        keep_min(info.key_goal[k], d);
    }
    if (matched) keep_min(info.default_goal, 1.0);
  }
}

CoverageSummary CoverageModel::Measure(const absl::flat_hash_set<int32_t>& covered) const {
  CoverageSummary s;
  s.branches_total = static_cast<int>(branch_goals_.size());
  for (int32_t g : branch_goals_) s.branches_covered += covered.contains(g) ? 1 : 0;
  // A block ending in a goto to a single-predecessor block counts (as in JaCoCo) only when
  // the probe at the end of that chain fired.
  auto chain_covered = [&](int32_t id) {
    for (int hops = 0; hops < 64; ++hops) {
      if (!covered.contains(id)) return false;
      auto next = chain_next_.find(id);
      if (next == chain_next_.end()) return true;
      id = next->second;
    }
    return true;
  };
  auto class_of = [this](int32_t g) -> uint16_t {
    auto it = goal_class_.find(g);
    return it == goal_class_.end() ? 0 : it->second;
  };
  std::set<uint32_t> lines;  // (class index << 16 | line), as all_lines_
  for (const auto& [id, ls] : block_lines_) {
    if (!chain_covered(id)) continue;
    const uint32_t key = static_cast<uint32_t>(class_of(id)) << 16;
    for (uint16_t l : ls) lines.insert(key | l);
  }
  s.lines_total = static_cast<int>(all_lines_.size());
  s.lines_covered = static_cast<int>(lines.size());
  std::set<int> open;
  for (uint32_t l : all_lines_) {
    if (!lines.contains(l)) open.insert(static_cast<int>(l & 0xffff));
  }
  // A line some class covers is not listed as uncovered (the source view shows it run).
  for (uint32_t l : lines) open.erase(static_cast<int>(l & 0xffff));
  s.uncovered_lines.assign(open.begin(), open.end());
  if (class_names_.size() > 1) {
    s.classes.resize(class_names_.size());
    for (size_t i = 0; i < class_names_.size(); ++i) s.classes[i].class_name = class_names_[i];
    for (int32_t g : branch_goals_) {
      ClassCoverage& c = s.classes[class_of(g)];
      ++c.branches_total;
      c.branches_covered += covered.contains(g) ? 1 : 0;
    }
    for (uint32_t l : all_lines_) {
      ClassCoverage& c = s.classes[l >> 16];
      ++c.lines_total;
      c.lines_covered += lines.contains(l) ? 1 : 0;
    }
  }
  s.methods_not_instrumented = not_instrumented_;
  return s;
}

std::string CoverageModel::Describe(int32_t goal) const {
  auto it = goal_line_.find(goal);
  std::string where = it == goal_line_.end() ? "" : " line " + std::to_string(it->second);
  return (block_lines_.contains(goal) ? "block" : "branch") + where;
}

const std::vector<int32_t>& CoverageModel::DepsOf(int32_t goal) const {
  static const std::vector<int32_t> kNone;
  auto it = deps_.find(goal);
  return it == deps_.end() ? kNone : it->second;
}

std::string CoverageModel::MethodOf(int32_t goal) const {
  auto it = goal_method_.find(goal);
  return it == goal_method_.end() ? "" : it->second;
}

std::string CoverageModel::MethodKeyOf(int32_t goal) const {
  auto it = goal_method_key_.find(goal);
  return it == goal_method_key_.end() ? "" : it->second;
}

const std::vector<uint16_t>& CoverageModel::LinesOf(int32_t goal) const {
  static const std::vector<uint16_t> kNone;
  auto it = block_lines_.find(goal);
  return it == block_lines_.end() ? kNone : it->second;
}

std::string CoverageModel::InstanceofTypeOf(int32_t goal) const {
  auto it = instanceof_true_.find(goal);
  return it == instanceof_true_.end() ? "" : it->second;
}

}  // namespace jtg::generate
