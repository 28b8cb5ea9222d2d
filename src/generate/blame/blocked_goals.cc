#include "generate/blame/blocked_goals.h"

#include <algorithm>
#include <set>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "classfile/descriptor.h"
#include "classfile/names.h"

namespace jtg::generate {

namespace {

// Java source name of a type as `instanceof` or a class header names it.
std::string SourceName(const std::string& internal_or_array) {
  if (!internal_or_array.empty() && internal_or_array[0] == '[') {
    auto t = classfile::ParseFieldDescriptor(internal_or_array);
    if (t.ok()) return t->JavaName();
  }
  return classfile::JavaSourceName(internal_or_array);
}

// Answers "did an X arrive?" for R3, memoized over (runtime class, X).
class SubtypeCache {
 public:
  explicit SubtypeCache(const InstanceOfFn& fn) : fn_(fn) {}
  bool AnyInstance(const std::set<std::string>& classes, const std::string& type) {
    const std::string binary = classfile::ToBinary(type);
    for (const auto& c : classes) {
      if (c == binary) return true;
      auto key = std::make_pair(c, type);
      auto it = memo_.find(key);
      if (it == memo_.end()) it = memo_.emplace(key, fn_ && fn_(c, type)).first;
      if (it->second) return true;
    }
    return false;
  }

 private:
  const InstanceOfFn& fn_;
  absl::flat_hash_map<std::pair<std::string, std::string>, bool> memo_;
};

// R3: the nearest uncovered "is an X" outcome that `goal` is or depends on, with no X seen.
std::string MissingSubtype(const CoverageModel& model, int32_t goal,
                           const absl::flat_hash_set<int32_t>& reached,
                           const std::set<std::string>& classes, SubtypeCache& cache) {
  std::vector<int32_t> frontier = {goal};
  absl::flat_hash_set<int32_t> seen = {goal};
  while (!frontier.empty()) {
    std::vector<int32_t> next;
    for (int32_t g : frontier) {
      std::string x = model.InstanceofTypeOf(g);
      if (!x.empty() && !reached.contains(g) && !cache.AnyInstance(classes, x)) return x;
      for (int32_t d : model.DepsOf(g)) {
        if (seen.insert(d).second) next.push_back(d);
      }
    }
    frontier = std::move(next);
  }
  return "";
}

// R1 and R2 for a method under test; empty when neither applies.
GoalBlame CallBlame(const MethodLog& m, bool ran) {
  const testcase::Callable& c = *m.callable;
  const auto& params = c.desc.params;
  if (!ran) {
    if (!c.is_static && !c.IsConstructor()) return {classfile::JavaSourceName(c.owner), 1};
    for (const auto& p : params) {
      if (p.IsReference()) return {p.JavaName(), 1};
    }
    return {};
  }
  if (m.calls == 0) return {};  // ran only indirectly: no record of its slots
  for (size_t k = 0; k < params.size() && k < m.params.size(); ++k) {
    if (params[k].IsReference() && m.params[k].non_null == 0) return {params[k].JavaName(), 2};
  }
  return {};
}

}  // namespace

BlockedGoals BlameUncovered(const CoverageModel& model, const BuildLog& log,
                            const absl::flat_hash_set<int32_t>& reached,
                            const std::vector<int>& uncovered_lines,
                            const InstanceOfFn& instance_of) {
  BlockedGoals out;
  // Methods that ran: entered by a call, or with any goal reached (also indirectly).
  std::set<std::string> ran;
  for (const auto& [key, m] : log.methods()) {
    if (m.calls > 0) ran.insert(key);
  }
  for (int32_t g : model.goals()) {
    if (reached.contains(g)) ran.insert(model.MethodKeyOf(g));
  }
  const std::set<std::string> all_classes = log.AllRuntimeClasses();
  absl::flat_hash_map<std::string, std::set<std::string>> method_classes;
  SubtypeCache cache(instance_of);

  std::vector<int32_t> goals = model.goals();
  std::sort(goals.begin(), goals.end());
  for (int32_t g : goals) {
    if (reached.contains(g)) continue;
    const std::string key = model.MethodKeyOf(g);
    const MethodLog* m = log.Find(key);
    GoalBlame blame;
    if (m != nullptr) blame = CallBlame(*m, ran.contains(key));
    if (blame.type.empty()) {
      const std::set<std::string>* classes = &all_classes;
      if (m != nullptr) {
        auto it = method_classes.find(key);
        if (it == method_classes.end()) {
          std::set<std::string> mine = m->receiver.runtime_classes;
          for (const auto& p : m->params) {
            mine.insert(p.runtime_classes.begin(), p.runtime_classes.end());
          }
          it = method_classes.emplace(key, std::move(mine)).first;
        }
        classes = &it->second;
      }
      std::string x = MissingSubtype(model, g, reached, *classes, cache);
      if (!x.empty()) blame = {SourceName(x), 3};
    }
    if (!blame.type.empty()) out.goals.emplace(g, std::move(blame));
  }

  // Aggregate per type: branches, lines (each uncovered line once), methods.
  std::map<std::string, BlockedType> by_type;
  std::map<std::string, std::set<std::string>> methods;
  std::set<int> open_lines(uncovered_lines.begin(), uncovered_lines.end());
  for (const auto& [g, blame] : out.goals) {  // ascending goal id
    BlockedType& t = by_type[blame.type];
    t.type = blame.type;
    methods[blame.type].insert(model.MethodKeyOf(g));
    if (!model.IsBlock(g)) {
      ++t.branches;
      ++out.branches;
      continue;
    }
    for (uint16_t line : model.LinesOf(g)) {
      if (open_lines.erase(line) > 0) {
        ++t.lines;
        ++out.lines;
      }
    }
  }
  for (auto& [name, t] : by_type) {
    if (t.branches == 0 && t.lines == 0) continue;  // its blocks' lines are covered elsewhere
    t.methods.assign(methods[name].begin(), methods[name].end());
    out.types.push_back(std::move(t));
  }
  std::stable_sort(out.types.begin(), out.types.end(),
                   [](const BlockedType& a, const BlockedType& b) {
                     if (a.branches != b.branches) return a.branches > b.branches;
                     return a.lines > b.lines;
                   });
  return out;
}

std::vector<UnreachedMethod> UnreachedNestedMethods(const CoverageModel& model,
                                                    const absl::flat_hash_set<int32_t>& reached) {
  std::map<std::string, UnreachedMethod> by_method;
  std::set<std::string> ran;
  for (int32_t g : model.goals()) {
    if (!model.IsNested(g)) continue;
    const std::string key = model.MethodKeyOf(g);
    if (reached.contains(g)) ran.insert(key);
    UnreachedMethod& m = by_method[key];
    m.method = key;
    ++(model.IsBlock(g) ? m.blocks : m.branches);
  }
  std::vector<UnreachedMethod> out;
  for (auto& [key, m] : by_method) {
    if (!ran.contains(key)) out.push_back(std::move(m));
  }
  std::stable_sort(out.begin(), out.end(), [](const UnreachedMethod& a, const UnreachedMethod& b) {
    return a.branches > b.branches;
  });
  return out;
}

}  // namespace jtg::generate
