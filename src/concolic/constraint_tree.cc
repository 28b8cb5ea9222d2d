#include "concolic/constraint_tree.h"

#include <algorithm>

namespace jtg::concolic {

ConstraintTree::ConstraintTree() {
  nodes_.push_back(Node{});
  nodes_[0].state = State::kInner;
}

int32_t ConstraintTree::Child(int32_t parent, const PathBranch& b, bool create) {
  for (int32_t c : nodes_[static_cast<size_t>(parent)].children) {
    const Node& n = nodes_[static_cast<size_t>(c)];
    if (n.method == b.method && n.offset == b.offset && n.arm == b.arm && n.taken == b.taken) {
      return c;
    }
  }
  if (!create) return -1;
  Node n;
  n.parent = parent;
  n.method = b.method;
  n.offset = b.offset;
  n.arm = b.arm;
  n.taken = b.taken;
  n.condition = b.condition;
  nodes_.push_back(std::move(n));
  const int32_t id = static_cast<int32_t>(nodes_.size() - 1);
  nodes_[static_cast<size_t>(parent)].children.push_back(id);
  return id;
}

void ConstraintTree::AddToFrontier(int32_t node) {
  Node& n = nodes_[static_cast<size_t>(node)];
  n.state = State::kUnexplored;
  n.frontier_at = static_cast<int32_t>(frontier_.size());
  frontier_.push_back(node);
}

void ConstraintTree::RemoveFromFrontier(int32_t node) {
  Node& n = nodes_[static_cast<size_t>(node)];
  if (n.frontier_at < 0) return;
  const int32_t last = frontier_.back();
  frontier_[static_cast<size_t>(n.frontier_at)] = last;
  nodes_[static_cast<size_t>(last)].frontier_at = n.frontier_at;
  frontier_.pop_back();
  n.frontier_at = -1;
}

bool ConstraintTree::Insert(std::span<const PathBranch> path, std::optional<int32_t> target) {
  bool fresh = false, reached_target = false;
  int32_t at = 0;
  for (const PathBranch& b : path) {
    int32_t next = Child(at, b, /*create=*/false);
    if (next < 0) {
      next = Child(at, b, /*create=*/true);
      fresh = true;
    } else if (nodes_[static_cast<size_t>(next)].state != State::kInner &&
               nodes_[static_cast<size_t>(next)].state != State::kTerminal) {
      RemoveFromFrontier(next);
      fresh = true;
    }
    if (target && next == *target) reached_target = true;
    nodes_[static_cast<size_t>(next)].state = State::kInner;
    // The other side, unexplored unless some run or query has been there.
    const PathBranch other{b.offset, b.arm, !b.taken, Unary(Op::kNot, b.condition), b.method};
    if (Child(at, other, /*create=*/false) < 0) AddToFrontier(Child(at, other, /*create=*/true));
    at = next;
  }
  Node& end = nodes_[static_cast<size_t>(at)];
  if (end.children.empty()) {
    if (end.state != State::kTerminal && at != 0) fresh = true;
    end.state = State::kTerminal;
  }
  if (target && !reached_target && nodes_[static_cast<size_t>(*target)].state == State::kPending) {
    nodes_[static_cast<size_t>(*target)].state = State::kDiverged;
  }
  return fresh;
}

ConstraintTree::Query ConstraintTree::Pending(int32_t node) {
  RemoveFromFrontier(node);
  nodes_[static_cast<size_t>(node)].state = State::kPending;
  Query q;
  q.node = node;
  for (int32_t n = node; n > 0; n = nodes_[static_cast<size_t>(n)].parent) {
    q.conditions.push_back(nodes_[static_cast<size_t>(n)].condition);
  }
  std::reverse(q.conditions.begin(), q.conditions.end());
  return q;
}

std::optional<ConstraintTree::Query> ConstraintTree::Next(std::mt19937_64& rng) {
  if (frontier_.empty()) return std::nullopt;
  return Pending(frontier_[rng() % frontier_.size()]);
}

std::optional<ConstraintTree::Query> ConstraintTree::QueryOther(std::span<const PathBranch> path,
                                                                size_t k) {
  int32_t at = 0;
  for (size_t i = 0; i < k && i < path.size(); ++i) {
    at = Child(at, path[i], /*create=*/false);
    if (at < 0) return std::nullopt;
  }
  if (k >= path.size()) return std::nullopt;
  const PathBranch other{path[k].offset, path[k].arm, !path[k].taken, nullptr, path[k].method};
  const int32_t node = Child(at, other, /*create=*/false);
  if (node < 0 || nodes_[static_cast<size_t>(node)].state != State::kUnexplored) {
    return std::nullopt;
  }
  return Pending(node);
}

void ConstraintTree::Mark(int32_t node, State state) {
  Node& n = nodes_[static_cast<size_t>(node)];
  RemoveFromFrontier(node);
  n.state = state;
}

int32_t ConstraintTree::Count(State s) const {
  return static_cast<int32_t>(
      std::count_if(nodes_.begin(), nodes_.end(), [s](const Node& n) { return n.state == s; }));
}

}  // namespace jtg::concolic
