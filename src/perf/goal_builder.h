// Loop goals of one entry method for `jtestgen perf`: the loop index (loop_index.h) of the
// entry mapped onto probe ids of the instrumented classes, and the JVM set-up that makes
// those probes count (the class under test and the classpath are instrumented as usual; a
// whitelist of java.util classes gets counting-only block probes, retransformed when
// already loaded; jvm/coverage_transformer.h CountJdkClasses).
//
// Probe ids of a loop: its iterations are counted by the rule of jvm/iteration_counter.h
// per back edge (taken outcome of a conditional jump, or its block and fall-through block
// in blocks-only JDK code, or the block of a goto); its header block's hits are entries
// plus iterations.
// The path of a loop (WhiteSyn's optimal path after its reduction to the blocks common to all
// paths, whitesyn.md §6) is computed exactly, without enumerating paths: in each method of
// the call chain, the blocks that dominate the call site (and the call site's own block),
// then in the loop's method the blocks that dominate its header. Every execution that reaches
// the loop through that chain passes them all.
//
// Ownership: CountingJvm owns the transformer and the JVM; GoalBuilder borrows them, the
// universe and the classpath (all must outlive it). Not thread-safe.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "classpath/classpath.h"
#include "generate/values/universe.h"
#include "jvm/coverage_transformer.h"
#include "jvm/jvm.h"
#include "perf/loop_index.h"
#include "perf/loop_objectives.h"
#include "testcase/executor.h"

namespace jtg::perf {

struct CountingJvm {
  std::unique_ptr<jvm::CoverageTransformer> transformer;
  std::unique_ptr<jvm::Jvm> vm;
  std::vector<std::string> jdk_classes;  // counted JDK classes
};

// Starts the JVM able to retransform (options.transformer is replaced) and turns on
// counting (jvm/jdk_counting.h): `jdk_classes` get counting probes, retransformed if loaded.
StatusOr<CountingJvm> StartCountingJvm(jvm::JvmOptions options,
                                       std::vector<std::string> jdk_classes);
// The JDK classes counted: those the loop index reads (jdk_dispatch.h) and the default
// whitelist (jdk_counting.h); the transformer takes the java.util ones.
std::vector<std::string> CountedJdkClasses();

// Whether `m` is a loop of amortized growth (HashMap.resize, Hashtable.rehash, ...): it runs
// once per doubling of a table, O(n) over n insertions, so a pair with it as the inner loop
// is no redundant traversal however its iterations fit at a few sizes.
bool IsAmortizedGrowth(const MethodKey& m);

class GoalBuilder {
 public:
  GoalBuilder(CountingJvm& c, generate::Universe& u, const classpath::Classpath& cp,
              testcase::Executor& ex);
  // Long-loop goals for the loops of non-JDK classes reachable from `entry` (of any class
  // when `entry` is a JDK class's, e.g. java.util.AbstractCollection.containsAll), and
  // redundant-traversal goals for its nested pairs (at most `max_goals` of each). An entry
  // the class inherits (Universe::calls(): its owner is the class under test) is analysed
  // in its declaring class; the loops of its own code are goals even when that class is the
  // JDK's (a list inheriting AbstractList.addAll), and so are the loops of JDK methods the
  // entry calls directly when it reaches no loop outside the JDK (ListOrderedSet.remove).
  // Errors: as LoopIndexer::Index.
  StatusOr<std::vector<LoopGoal>> For(const generate::CallablePtr& entry, size_t max_goals = 16);

 private:
  // Probe ids of `loop`; false if its class or method has no plan (not instrumented).
  bool Counted(const LoopRef& loop, CountedLoop* out);
  int32_t BlockAt(const MethodKey& m, uint32_t offset);

  CountingJvm& c_;
  generate::Universe& u_;
  const classpath::Classpath& cp_;
  testcase::Executor& ex_;
  std::unique_ptr<LoopIndexer> indexer_;
  std::unique_ptr<MethodResolver> resolver_;  // the declaring class of an inherited entry
};

}  // namespace jtg::perf
