#include "perf/goal_builder.h"

#include <algorithm>
#include <set>

#include "jvm/iteration_counter.h"
#include "jvm/jdk_counting.h"
#include "perf/jdk_dispatch.h"

namespace jtg::perf {

StatusOr<CountingJvm> StartCountingJvm(jvm::JvmOptions options,
                                       std::vector<std::string> jdk_classes) {
  CountingJvm c;
  c.transformer = std::make_unique<jvm::CoverageTransformer>();
  c.jdk_classes = std::move(jdk_classes);
  options.transformer = c.transformer.get();
  options.retransform = true;
  JTG_ASSIGN_OR_RETURN(c.vm, jvm::Jvm::Create(options));
  // Right away: classes instrumented from now on keep their original bytes (needed to map
  // back edges to probes), and the JDK whitelist gets counting probes.
  JTG_ASSIGN_OR_RETURN(int n, jvm::StartJdkCounting(*c.vm, *c.transformer, c.jdk_classes));
  (void)n;
  return c;
}

std::vector<std::string> CountedJdkClasses() {
  std::set<std::string> all;
  for (const auto& c : jvm::DefaultJdkCountedClasses()) all.insert(c);
  for (const auto& c : FollowedJdkClasses()) all.insert(c);
  return {all.begin(), all.end()};
}

bool IsAmortizedGrowth(const MethodKey& m) {
  // Rehashing when a table doubles: log n executions over n insertions, O(n) in all.
  static const std::set<std::pair<std::string, std::string>> kGrowth = {
      {"java/util/HashMap", "resize"},     {"java/util/HashMap$TreeNode", "split"},
      {"java/util/Hashtable", "rehash"},   {"java/util/IdentityHashMap", "resize"},
      {"java/util/WeakHashMap", "resize"}, {"java/util/WeakHashMap", "transfer"}};
  return kGrowth.contains({m.owner, m.name});
}

GoalBuilder::GoalBuilder(CountingJvm& c, generate::Universe& u, const classpath::Classpath& cp,
                         testcase::Executor& ex)
    : c_(c), u_(u), cp_(cp), ex_(ex) {
  ClassBytesFn bytes = [this](const std::string& name) -> StatusOr<std::vector<uint8_t>> {
    if (!IsJdkClass(name)) {
      auto b = cp_.ReadClass(name);
      if (b.ok()) return b;
    }
    return c_.vm->ReadSystemClassBytes(name);
  };
  SubtypesFn subtypes = [this](const std::string& name) { return u_.ConcreteSubtypesOf(name, 16); };
  resolver_ = std::make_unique<MethodResolver>(bytes, subtypes);
  indexer_ = std::make_unique<LoopIndexer>(std::move(bytes), std::move(subtypes));
}

int32_t GoalBuilder::BlockAt(const MethodKey& m, uint32_t offset) {
  auto code = jvm::FindMethodCode(*c_.transformer, m.owner, m.name, m.desc);
  if (!code.ok()) return 0;
  auto id = jvm::BlockGoalAt(code->plan, offset);
  return id.ok() ? *id : 0;
}

bool GoalBuilder::Counted(const LoopRef& loop, CountedLoop* out) {
  // Load (and so instrument) the class first: a class the tests have not touched yet has
  // no plan.
  ex_.FindClass(loop.method.owner);
  auto code =
      jvm::FindMethodCode(*c_.transformer, loop.method.owner, loop.method.name, loop.method.desc);
  if (!code.ok()) return false;
  for (uint32_t o : loop.back_edge_offsets) {
    auto counter = jvm::BackEdgeCounter(*code, o);
    if (!counter.ok()) return false;
    out->iter_ids.insert(out->iter_ids.end(), counter->plus.begin(), counter->plus.end());
    out->iter_minus_ids.insert(out->iter_minus_ids.end(), counter->minus.begin(),
                               counter->minus.end());
    out->exact = out->exact && counter->exact;
  }
  auto head = jvm::BlockGoalAt(code->plan, loop.header_offset);
  if (head.ok()) out->head_ids.push_back(*head);
  out->where.method = loop.method.JavaName();
  out->where.line = loop.line;
  out->method = loop.method;
  out->header_offset = loop.header_offset;
  return !out->iter_ids.empty() && !out->head_ids.empty();
}

StatusOr<std::vector<LoopGoal>> GoalBuilder::For(const generate::CallablePtr& entry,
                                                 size_t max_goals) {
  MethodKey key{entry->owner, entry->name, entry->descriptor};
  // An inherited entry: its code is in the declaring superclass (or interface).
  if (auto declared = resolver_->Lookup(entry->owner, entry->name, entry->descriptor)) {
    key = *declared;
  }
  const bool jdk_entry = IsJdkClass(entry->owner);
  JTG_ASSIGN_OR_RETURN(LoopIndex index, indexer_->Index(key));
  std::vector<CountedLoop> counted(index.loops.size());
  std::vector<bool> ok(index.loops.size(), false);
  std::vector<std::vector<int32_t>> paths(index.loops.size());
  for (size_t i = 0; i < index.loops.size(); ++i) {
    const ReachedLoop& r = index.loops[i];
    ok[i] = Counted(r.loop, &counted[i]);
    counted[i].where.depth = static_cast<int>(r.depth);
    // The loop's optimal path, reduced to the blocks every path passes: in each method of
    // the chain the blocks dominating the call site, then those dominating the header.
    auto add = [&](const MethodKey& m, uint32_t offset) {
      int32_t b = BlockAt(m, offset);
      if (b != 0 && std::find(paths[i].begin(), paths[i].end(), b) == paths[i].end()) {
        paths[i].push_back(b);
      }
    };
    for (const CallStep& step : r.chain) {
      for (uint32_t o : step.dominators) add(step.caller, o);
      add(step.caller, step.offset);
    }
    for (uint32_t o : r.loop.header_dominators) add(r.loop.method, o);
  }
  std::vector<LoopGoal> out;
  size_t longs = 0, pairs = 0;
  // Whether the entry reaches a loop outside the JDK.
  const bool reaches_own =
      std::any_of(index.loops.begin(), index.loops.end(),
                  [](const ReachedLoop& r) { return !IsJdkClass(r.loop.method.owner); });
  for (size_t i = 0; i < index.loops.size() && longs < max_goals; ++i) {
    // Loops inside the JDK are long-loop goals only when the entry is a JDK class itself,
    // when they are the (inherited) entry's own, or when the entry reaches no other loop and
    // calls their method directly (ListOrderedSet.remove is ArrayList.remove's scan).
    const bool own = index.loops[i].chain.empty();
    const bool direct = !reaches_own && index.loops[i].chain.size() == 1;
    if (!ok[i] || (IsJdkClass(index.loops[i].loop.method.owner) && !jdk_entry && !own && !direct)) {
      continue;
    }
    LoopGoal g;
    g.loops = {counted[i]};
    g.path_ids = paths[i];
    g.entry_key = entry->name + entry->descriptor;
    out.push_back(std::move(g));
    ++longs;
  }
  for (const NestedPair& p : index.pairs) {
    if (pairs >= max_goals) break;
    if (!ok[p.outer] || !ok[p.inner]) continue;
    if (IsAmortizedGrowth(index.loops[p.inner].loop.method)) continue;
    LoopGoal g;
    g.redundant = true;
    g.loops = {counted[p.outer], counted[p.inner]};
    g.path_ids = paths[p.inner];
    g.entry_key = entry->name + entry->descriptor;
    out.push_back(std::move(g));
    ++pairs;
  }
  return out;
}

}  // namespace jtg::perf
