// PlanViews (pipeline_steps.h): entries reached through a collection view of the class under
// test, e.g. `map.values().removeAll(list)`.
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "classfile/names.h"
#include "generate/values/value_factory.h"
#include "perf/goal_builder.h"
#include "perf/pipeline_steps.h"
#include "perf/sized_inputs.h"

namespace jtg::perf::pipeline {

namespace {

bool IsViewType(const classfile::TypeDesc& t) {
  static const std::set<std::string> kViews = {"java/util/Collection", "java/util/Set",
                                               "java/util/List", "java/util/SortedSet",
                                               "java/util/NavigableSet"};
  return t.dims == 0 && t.base == 'L' && kViews.contains(t.class_name);
}

// The runtime class (internal name) of `view` called on a receiver the factory builds; empty
// when no receiver can be built or the call throws.
std::string ViewClass(PerfSession& s, ClassWork& w, const generate::CallablePtr& view) {
  generate::SequencePool pool;
  generate::ValueFactory factory(*w.universe, pool, *s.executor, s.rng, generate::FactoryLimits{});
  testcase::TestCase tc;
  const int recv = factory.Generate(tc, Obj(w.internal), 1);
  if (recv < 0 || tc.stmts[static_cast<size_t>(recv)].kind == testcase::StmtKind::kNull) return "";
  testcase::Stmt call;
  call.kind = testcase::StmtKind::kCall;
  call.callable = view;
  call.receiver = recv;
  call.type = view->desc.ret;
  tc.stmts.push_back(std::move(call));
  const testcase::ExecResult r = s.executor->Run(tc);
  if (!r.Normal() || r.values.size() < tc.size()) return "";
  const auto& v = r.values.back();
  if (v.kind != testcase::Observed::kObject || v.runtime_class.empty()) return "";
  return classfile::ToInternal(v.runtime_class);
}

}  // namespace

void PlanViews(PerfSession& s, ClassWork& w, const std::optional<MethodPattern>& pattern) {
  if (w.universe->cut_is_abstract()) return;
  GoalBuilder goal_builder(s.counting, *w.universe, s.cp, *s.executor);
  static const char* const kBulk[] = {"removeAll", "retainAll", "containsAll"};
  const std::string bulk_desc = "(Ljava/util/Collection;)Z";
  for (const auto& view : w.universe->calls()) {
    if (view->is_static || view->IsConstructor() || !view->desc.params.empty() ||
        !IsViewType(view->desc.ret)) {
      continue;
    }
    const bool view_named = pattern && pattern->name == view->name;
    std::string runtime;  // learned once per view, when an entry needs it
    for (const char* bulk : kBulk) {
      if (pattern && !view_named && !Matches(*pattern, bulk, bulk_desc)) continue;
      if (runtime.empty()) runtime = ViewClass(s, w, view);
      if (runtime.empty()) break;
      // Goals from the view's class (its own or inherited removeAll); the search calls the
      // interface method on the value the view returns.
      auto on_view = std::make_shared<testcase::Callable>(
          *testcase::NewCallable(runtime, bulk, bulk_desc, false));
      auto goals = goal_builder.For(on_view);
      if (!goals.ok() || goals->empty()) continue;
      EntryWork e;
      e.entry = testcase::NewCallable("java/util/Collection", bulk, bulk_desc, false, true);
      e.view = view;
      e.sig = absl::StrCat(view->name, "().", JavaSignature(bulk, bulk_desc));
      e.goals = std::move(*goals);
      w.entries.push_back(std::move(e));
    }
  }
}

}  // namespace jtg::perf::pipeline
