// The constraint tree of one method under test (JTestCraft, den Hollander 2010, section 6):
// every path condition observed is inserted once; each branch passed leaves its other side
// as an unexplored leaf, so each path is sent to the solver at most once and never solved
// again. Leaves are unexplored (in the frontier), pending (handed out as a query, awaiting
// its answer), terminal (a run ended there), infeasible (the solver proved it unsat),
// timed out, or diverged (the solver's model did not drive the run down that side: a
// modelling gap, kept out of the frontier so it is not solved again).
// Selection is uniform over the frontier in O(1) (the thesis' scan of the tree spent most of
// its time there). Not thread-safe: one tree per search thread.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "concolic/expr.h"
#include "concolic/interpreter.h"

namespace jtg::concolic {

class ConstraintTree {
 public:
  enum class State : uint8_t {
    kInner,       // a run passed through it
    kUnexplored,  // the other side of a branch passed; in the frontier
    kPending,     // handed out by Next, no answer yet
    kTerminal,    // a run ended here
    kInfeasible,
    kTimeout,
    kDiverged,
  };

  // A query for the solver: the conjunction of `conditions` (the path to the leaf, then the
  // leaf's side), for leaf `node`.
  struct Query {
    int32_t node = 0;
    std::vector<Expr> conditions;
  };

  ConstraintTree();

  // Inserts the path of a run. Returns true when the run took a side no earlier run took
  // (it explored something new). When `target` is a pending leaf, reports whether the run
  // passed through it: false means the model diverged and the leaf is marked so.
  bool Insert(std::span<const PathBranch> path, std::optional<int32_t> target = std::nullopt);

  // A uniformly drawn unexplored leaf, now pending, with its query; nullopt when the
  // frontier is empty.
  std::optional<Query> Next(std::mt19937_64& rng);

  // The query for the other side of `path[k]` (a path Insert already holds), now pending;
  // nullopt when that side is not unexplored (a run, a query or an answer has been there).
  std::optional<Query> QueryOther(std::span<const PathBranch> path, size_t k);

  // Records the solver's answer for a pending leaf that no run reached: kInfeasible or
  // kTimeout (a sat answer is recorded by Insert of the run on the model).
  void Mark(int32_t node, State state);

  State state(int32_t node) const { return nodes_[static_cast<size_t>(node)].state; }
  size_t frontier_size() const { return frontier_.size(); }
  // Leaves in `s`.
  int32_t Count(State s) const;

 private:
  struct Node {
    int32_t parent = -1;
    int32_t method = 0;  // the branch edge from the parent: method, offset, arm, side
    uint32_t offset = 0;
    int32_t arm = 0;
    bool taken = false;
    Expr condition;                 // of this edge (null at the root)
    std::vector<int32_t> children;  // at most the two sides of one branch, but a branch may
                                    // be reached with other branches after it on other paths
    State state = State::kUnexplored;
    int32_t frontier_at = -1;  // index into frontier_ while unexplored
  };

  int32_t Child(int32_t parent, const PathBranch& b, bool create);
  Query Pending(int32_t node);
  void AddToFrontier(int32_t node);
  void RemoveFromFrontier(int32_t node);

  std::vector<Node> nodes_;
  std::vector<int32_t> frontier_;
};

}  // namespace jtg::concolic
