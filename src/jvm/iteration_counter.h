// Loop iterations from probe hit counts: maps a loop of an instrumented method (its header,
// or one of its back-edge jumps) to the goal ids whose hit counts add up to the number of
// times the loop iterated in one execution (ExecResult::goals / goal_counts, filled under
// ExecutorOptions::hit_counts).
//
// Rule, per back-edge jump J (the jump instruction that returns to the loop header; its
// block T ends with J):
//   - J is goto/goto_w: iterations = count(block goal of T). The block probe sits right
//     before the goto (instrument.h), so it fires once per jump. Exact.
//   - J is a conditional jump and the plan has J's BranchGoal (full coverage probes, e.g. the
//     class under test): iterations = count(BranchGoal::id), the "taken" outcome, i.e. the
//     jumps back to the header. Exact.
//   - J is conditional in a blocks-only plan (instrument::Options::owner_blocks_only, the
//     whitelisted JDK classes): count(T) counts the jumps back plus the times J fell
//     through. When the fall-through block F is entered only from T (no other normal
//     predecessor, not a handler), iterations = count(T) - count(F), exact unless F throws
//     before its probe. Otherwise iterations = count(T) and `exact` is false: the count may
//     exceed the true one by one per loop execution that left through J (javac emits
//     conditional back edges only for do-while loops).
//   - J is a switch: Unimplemented (javac never emits one).
// A loop with several back edges (a `continue` in a while loop) iterates the sum over them.
// A count is per execution: the probes count from Probes.begin to Probes.drain, including
// JDK code that the executor itself runs on the execution's thread in between.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/class_file.h"
#include "common/status.h"
#include "instrument/plan.h"
#include "jvm/coverage_transformer.h"

namespace jtg::jvm {

// iterations = sum of count(plus) - sum of count(minus), with count(g) = the hit count of
// goal g in one execution (0 when not reached).
struct IterationCounter {
  std::vector<int32_t> plus, minus;  // goal ids
  bool exact = true;                 // see the rule above
};

// One method of an instrumented class: its probe plan and its original (uninstrumented)
// code, whose offsets the plan's BlockGoal::start/end and BranchGoal::offset use.
struct MethodCode {
  instrument::MethodPlan plan;
  classfile::CodeAttribute code;
};

// The method `name` + `descriptor` of a class from its plan and its original class bytes.
// Errors: NotFound (no such method in the plan or the bytes), FailedPrecondition (abstract,
// native, or not instrumented: the skip reason), DataLoss from parsing.
StatusOr<MethodCode> MakeMethodCode(const instrument::ClassPlan& plan,
                                    std::span<const uint8_t> original_bytes, std::string_view name,
                                    std::string_view descriptor);
// Same, from what the transformer kept (its counting mode keeps the original bytes).
// Errors as above, plus NotFound for a class it did not instrument in counting mode.
StatusOr<MethodCode> FindMethodCode(const CoverageTransformer& transformer,
                                    const std::string& internal_name, std::string_view name,
                                    std::string_view descriptor);

// Goal id of the block probe of the basic block holding `offset` (a block's start or any
// offset inside it): its hit count = the executions of that block that reached its end.
// Errors: NotFound when no planned block holds the offset.
StatusOr<int32_t> BlockGoalAt(const instrument::MethodPlan& plan, uint32_t offset);

// The counter of the back edge whose jump instruction is at `jump_offset` (the rule above).
// Errors: InvalidArgument when no jump starts there, Unimplemented for a switch, NotFound
// when the plan lacks the block.
StatusOr<IterationCounter> BackEdgeCounter(const MethodCode& method, uint32_t jump_offset);

// The counter of the loop whose header block starts at `header_offset`: the sum over every
// goto/conditional jump to the header that lies at or after it (the back edges, for code
// laid out as javac does). Errors: NotFound when no such jump exists; as BackEdgeCounter.
StatusOr<IterationCounter> LoopCounter(const MethodCode& method, uint32_t header_offset);

// The iterations one execution made: `goals` and `counts` as in ExecResult::goals and
// goal_counts (parallel). Never negative.
int64_t CountIterations(const IterationCounter& counter, std::span<const int32_t> goals,
                        std::span<const int32_t> counts);

}  // namespace jtg::jvm
