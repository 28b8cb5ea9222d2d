#include "perf/goal_builder.h"

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
  return c;
}

Status PrepareCounting(CountingJvm& c) {
  JTG_RETURN_IF_ERROR(c.vm->LetJavaBaseReadRuntime());
  c.transformer->CountJdkClasses(c.jdk_classes);
  JTG_ASSIGN_OR_RETURN(int n, c.vm->RetransformLoadedClasses(c.jdk_classes));
  (void)n;
  return absl::OkStatus();
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
  indexer_ = std::make_unique<LoopIndexer>(std::move(bytes), std::move(subtypes));
}

int32_t GoalBuilder::BlockAt(const MethodKey& m, uint32_t offset) {
  auto plan = c_.transformer->Plan(m.owner);
  if (!plan) return 0;
  for (const auto& mp : plan->methods) {
    if (mp.name != m.name || mp.descriptor != m.desc || !mp.instrumented) continue;
    for (const auto& b : mp.blocks) {
      if (offset >= b.start && offset < b.end) return b.chain_next != 0 ? b.chain_next : b.id;
    }
  }
  return 0;
}

bool GoalBuilder::Counted(const LoopRef& loop, CountedLoop* out) {
  // Load (and so instrument) the class first: a class the tests have not touched yet has
  // no plan.
  ex_.FindClass(loop.method.owner);
  auto plan = c_.transformer->Plan(loop.method.owner);
  if (!plan) return false;
  const instrument::MethodPlan* mp = nullptr;
  for (const auto& m : plan->methods) {
    if (m.name == loop.method.name && m.descriptor == loop.method.desc && m.instrumented) mp = &m;
  }
  if (mp == nullptr) return false;
  for (uint32_t o : loop.back_edge_offsets) {
    int32_t id = 0;
    for (const auto& br : mp->branches) {
      if (br.offset == o) id = br.id;  // the taken outcome: the jump back
    }
    if (id == 0) id = BlockAt(loop.method, o);
    if (id != 0) out->iter_ids.push_back(id);
  }
  int32_t head = BlockAt(loop.method, loop.header_offset);
  if (head != 0) out->head_ids.push_back(head);
  out->where.method = loop.method.JavaName();
  out->where.line = loop.line;
  return !out->iter_ids.empty() && !out->head_ids.empty();
}

StatusOr<std::vector<LoopGoal>> GoalBuilder::For(const generate::CallablePtr& entry,
                                                 size_t max_goals) {
  MethodKey key{entry->owner, entry->name, entry->descriptor};
  JTG_ASSIGN_OR_RETURN(LoopIndex index, indexer_->Index(key));
  std::vector<CountedLoop> counted(index.loops.size());
  std::vector<bool> ok(index.loops.size(), false);
  std::vector<std::vector<int32_t>> paths(index.loops.size());
  for (size_t i = 0; i < index.loops.size(); ++i) {
    const ReachedLoop& r = index.loops[i];
    ok[i] = Counted(r.loop, &counted[i]);
    counted[i].where.depth = static_cast<int>(r.depth);
    for (const CallStep& step : r.chain) {
      int32_t b = BlockAt(step.caller, step.offset);
      if (b != 0) paths[i].push_back(b);
    }
  }
  std::vector<LoopGoal> out;
  size_t longs = 0, pairs = 0;
  for (size_t i = 0; i < index.loops.size() && longs < max_goals; ++i) {
    if (!ok[i] || IsJdkClass(index.loops[i].loop.method.owner)) continue;
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
