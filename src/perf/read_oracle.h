// The redundancy oracle of `jtestgen perf` (Toddler: Nistor, Song, Marinov, Lu, "Toddler:
// Detecting Performance Problems via Similar Memory-Access Patterns", ICSE 2013; WhiteSyn
// runs its winning redundant-traversal tests under it: Linggi, MSc thesis, ETH Zurich,
// 2018): a redundant traversal's test is run once at a small size with read probes on the
// inner loop, and the values the inner loop reads in each of its executions (one per outer
// iteration) are compared across executions (perf/read_similarity.h). A quadratic
// Utils.subtract over two lists re-reads the same elements of the second list in every
// execution of ArrayList.indexOfRange's scan; a nested loop over a matrix reads new cells
// in every row and is not similar.
//
// One run (RunReadOracle):
//   1. the inner loop's class, from the original bytes the counting transformer kept, gets
//      read probes on that loop (instrument/read_probes.h); an application class also
//      keeps its loop guards and exit rewrites (instrument.h, no coverage probes), a JDK
//      class has none (as in counting mode);
//   2. the transformer serves those bytes (CoverageTransformer::SetOverride) and the class
//      is retransformed; JDK java.util classes work too (java.base already reads the runtime
//      helper's module in counting mode, jvm/jdk_counting.h);
//   3. jtestgen/rt/Reads is armed, the test runs at size n (the executor's window on the
//      last statement: only the call under test is recorded, on its own thread), the log is
//      taken;
//   4. the override is cleared and the class retransformed again: the transformer hands
//      back its cached counting bytes, so the class counts exactly as before. This step
//      runs on every path once step 2 was attempted.
// During the run the class has no block probes: nothing else may rely on its counts then.
//
// Ownership: borrows the JVM, the transformer and the executor (the one `jtestgen perf`
// uses, ExecutorOptions::window_last); call on the JVM's creating thread, between runs.
#pragma once

#include "common/status.h"
#include "jvm/coverage_transformer.h"
#include "jvm/jvm.h"
#include "perf/finding.h"
#include "perf/loop_objectives.h"
#include "perf/read_similarity.h"
#include "testcase/executor.h"

namespace jtg::perf {

struct ReadOracleContext {
  jvm::Jvm& vm;
  jvm::CoverageTransformer& transformer;
  testcase::Executor& executor;
};

struct ReadOracleOptions {
  int n = 64;                // size parameter of the run (TestCase::n)
  int max_events = 1 << 22;  // events the recorder keeps (16 bytes each)
  SimilarityOptions similarity;
};

// Runs `test` once with read probes on `inner` (a CountedLoop with method and
// header_offset, e.g. the inner loop of a redundant-traversal goal) and judges the reads.
// Errors: FailedPrecondition when the loop's class has no original bytes in the
// transformer (not instrumented in counting mode) or the run did not end normally (with
// the reason); as InstrumentLoopReads (NotFound, Unimplemented, ResourceExhausted,
// DataLoss); Internal for a failed retransform or a missing jtestgen.rt.Reads.
StatusOr<ReadRedundancy> RunReadOracle(const ReadOracleContext& c, const CountedLoop& inner,
                                       testcase::TestCase test,
                                       const ReadOracleOptions& options = {});

// The oracle on the inner loop of a redundant-traversal goal (goal.loops.back()), never
// failing: an error becomes applicable = false with "read oracle not run: <error>" as the
// summary. A goal that is not redundant gives the same with the reason.
ReadRedundancy RepeatedReads(const ReadOracleContext& c, const LoopGoal& goal,
                             const testcase::TestCase& test, const ReadOracleOptions& options = {});

}  // namespace jtg::perf
