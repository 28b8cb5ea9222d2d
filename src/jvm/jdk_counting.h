// Iteration counting inside JDK classes (`jtestgen perf`): the inner loop of e.g.
// CollectionUtils.containsAny is ArrayList.indexOfRange, so a whitelist of java.util classes
// gets block probes (instrument::Options::owner_blocks_only) whose hit counts feed
// iteration_counter.h exactly as the class under test's probes do.
//
// Wiring (StartJdkCounting does it in this order):
//   1. the Jvm was created with JvmOptions::retransform (the capability must be held before
//      the ClassFileLoadHook is first enabled, i.e. at creation) and the CoverageTransformer;
//   2. Jvm::LetJavaBaseReadRuntime: java.base must read the bootstrap loader's unnamed
//      module, where jtestgen.rt.Probes lives, before any probe in java.util runs;
//   3. CoverageTransformer::CountJdkClasses(whitelist): listed classes that load from now on
//      are instrumented as they load;
//   4. Jvm::RetransformLoadedClasses(whitelist): those already loaded (ArrayList, HashMap,
//      ... load long before the engine) are retransformed; the transformer caches their
//      instrumented bytes and returns them on any later retransform.
// JDK probes have no loop guards (a BudgetExceeded thrown inside a HashMap that class
// loading uses would corrupt it), no exit rewriting and no mutation, and count only on the
// thread of the current execution (Probes.hitOwner). The transformer's IdAllocator gives
// them ids disjoint from the application's. Boot classes are not verified unless the JVM
// runs with -XX:+BytecodeVerificationLocal (the unit test does).
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "jvm/coverage_transformer.h"
#include "jvm/jvm.h"

namespace jtg::jvm {

// java/util/ArrayList, LinkedList, ArrayDeque, Vector, AbstractCollection, AbstractList,
// HashMap, HashSet, TreeMap (internal names). Probes uses none of them (only arrays and
// java.util.Arrays), so a probe never re-enters itself.
std::vector<std::string> DefaultJdkCountedClasses();

// Steps 2-4 above. Returns how many classes were retransformed. On a retransform error the
// whitelist is emptied again (no further JDK class is instrumented; the JVMTI call changed
// none) and the error is returned. REQUIRES: `jvm` created with JvmOptions::retransform and
// `transformer`; call on the creating thread, outside an execution.
StatusOr<int> StartJdkCounting(Jvm& jvm, CoverageTransformer& transformer,
                               const std::vector<std::string>& classes);

}  // namespace jtg::jvm
