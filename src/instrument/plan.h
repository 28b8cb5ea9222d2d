// Probe plan of a class: which coverage goals it has and the global goal ids of its probes.
// Produced by the instrumenter (instrument.h), kept by the engine to map the ids that
// jtestgen.rt.Probes logs back to lines and branches.
//
// Goal ids are global across all classes of one run: IdAllocator hands out ranges.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jtg::instrument {

// A basic block (JaCoCo-style: split at jump targets, handler starts and after jumps,
// returns, throws and switches; not at calls). Covered when its block probe fires; the probe
// sits before the block's last instruction when that transfers control, else after it,
// so a block cut short by an exception does not count (as in JaCoCo).
struct BlockGoal {
  int32_t id = 0;                 // goal id logged by Probes.hit
  uint32_t start = 0, end = 0;    // original bytecode offsets [start, end)
  std::vector<uint16_t> lines;    // source lines of its instructions (may be empty)
};

// One conditional jump: goal `id` = jump taken, `id + 1` = falls through.
struct BranchGoal {
  int32_t id = 0;
  uint32_t offset = 0;  // original offset of the jump
  uint16_t line = 0;    // 0 if unknown
};

// One tableswitch/lookupswitch. Probes.sw logs (switch_id, key); the engine maps the key to
// the case's target. Branch outcomes are counted per distinct target (default included),
// as JaCoCo counts them: `target_goal[k]` is the goal id of `targets[k]`.
struct SwitchGoal {
  int32_t switch_id = 0;
  uint32_t offset = 0;
  uint16_t line = 0;
  std::vector<int32_t> keys;          // case keys in order
  std::vector<int32_t> key_goal;      // goal id for keys[i]
  int32_t default_goal = 0;           // goal id of the default target
  std::vector<int32_t> target_goals;  // distinct goal ids (== branches of this switch)
};

struct MethodPlan {
  std::string name, descriptor;
  uint16_t access = 0;
  bool instrumented = false;
  std::string skip_reason;  // why not instrumented (too large, jump overflow, ...)
  std::vector<BlockGoal> blocks;
  std::vector<BranchGoal> branches;
  std::vector<SwitchGoal> switches;
};

struct ClassPlan {
  std::string class_name;  // internal name
  std::vector<MethodPlan> methods;
};

// Hands out global goal ids. Not thread-safe: the engine serializes class loading.
class IdAllocator {
 public:
  int32_t Allocate(int32_t n) {
    int32_t first = next_;
    next_ += n;
    return first;
  }
  int32_t AllocateSwitch() { return next_switch_++; }
  int32_t next() const { return next_; }

 private:
  int32_t next_ = 1;  // 0 is never a goal
  int32_t next_switch_ = 0;
};

}  // namespace jtg::instrument
