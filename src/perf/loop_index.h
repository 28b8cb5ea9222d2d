// Interprocedural loop nesting from one entry method: every loop reachable through call
// chains, with its interprocedural depth, and every nested pair (outer loop, inner loop),
// possibly in different methods (WhiteSyn's interprocedural paths to loops of a given nesting
// depth: Linggi, "WhiteSyn: a fully automatic test generation tool for performance bugs",
// MSc thesis, ETH Zurich, 2018).
//
// Per method: natural loops (analysis/loops.h) and call sites with their intra-method loop
// depth. From the entry, call chains are followed breadth first, so shorter chains come
// first:
//   - at most `max_calls` calls per chain, and no method twice on a chain (no recursion);
//   - invokestatic/invokespecial: the method is looked up from the named class upwards;
//   - invokevirtual/invokeinterface: one callee per receiver class, selected as the JVM
//     would (method_resolver.h). Receivers: the named class if it is concrete, plus, for a
//     JDK type, the implementations of jdk_dispatch.h (List -> ArrayList, LinkedList), and
//     for any other type, the concrete subtypes the caller's SubtypesFn reports (e.g. an
//     interface implemented only in another jar);
//   - not followed: calls named in `skip_names` (size, isEmpty, hashCode, equals, toString,
//     compareTo, iterator, hasNext, next, getClass), invokedynamic, native and abstract
//     methods, and methods of classes `follow_class` rejects (default: JDK classes outside
//     jdk_dispatch.h's FollowedJdkClasses).
// Depth: a chain's call sites each contribute the depth of their enclosing loop; a loop L
// reached through the chain has depth = sum over the chain's call sites + L's own depth.
// In the WhiteSyn example, Utils.subtract's loop (depth 1) calls List.contains, which
// reaches ArrayList.indexOfRange's loops: 1 + 0 + 0 + 1 = depth 2.
// Pairs: the outer loop of a reached loop I is its intra-method parent if it has one,
// otherwise the innermost loop enclosing the nearest call site on I's chain that lies in a
// loop (WhiteSyn's Λ for δ = 2). Only that nearest outer loop is paired, so a triple nest
// gives two pairs, (A, B) and (B, C); the depth of a pair is I's depth (>= 2).
// Limits (LoopIndexLimits, except max_calls, which is part of the definition) stop the
// search early with LoopIndex::truncated set and a reason.
//
// Ownership: LoopIndexer owns its caches (parsed classes, analysed methods), kept across
// Index calls; the callbacks are copied. Not thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/status.h"
#include "perf/method_resolver.h"

namespace jtg::perf {

// One call on a chain.
struct CallStep {
  MethodKey caller;
  uint32_t offset = 0;   // the invoke instruction in `caller`
  uint16_t line = 0;     // its source line (0 without a LineNumberTable)
  uint8_t depth = 0;     // intra-method loop depth of the call site
  int32_t loop = -1;     // innermost loop of the call site (index into caller's loops), -1
  std::string receiver;  // class dispatched on (virtual/interface calls), else empty
  MethodKey callee;      // the selected method (its declaring class)
  // Start offsets of the basic blocks (analysis/cfg.h) of `caller` that dominate the call
  // site's block, itself included, entry first: the blocks every path from the method's
  // entry to the call passes (WhiteSyn's optimal-path reduction, exact, whitesyn.md §6).
  std::vector<uint32_t> dominators;
};

// Static facts of one loop of one method.
struct LoopRef {
  MethodKey method;
  int32_t index = 0;                        // in the method's analysis::LoopForest::loops
  uint32_t header_offset = 0;               // first instruction of the header
  std::vector<uint32_t> back_edge_offsets;  // last instruction of each tail block
  uint16_t line = 0;                        // source line of the header
  uint8_t intra_depth = 1;
  int32_t parent = -1;                      // intra-method parent (index), -1
  std::vector<uint32_t> header_dominators;  // start offsets of the blocks dominating the
                                            // header (itself included), entry first
};

struct ReachedLoop {
  LoopRef loop;
  uint32_t depth = 1;           // interprocedural depth
  std::vector<CallStep> chain;  // entry -> ... -> loop.method; empty for the entry's loops
};

struct NestedPair {
  size_t outer = 0, inner = 0;  // indices into LoopIndex::loops; outer's chain is a prefix
                                // of inner's (equal when they share a method)
  uint32_t depth = 2;           // loops[inner].depth
};

struct LoopIndex {
  MethodKey entry;
  std::vector<ReachedLoop> loops;  // breadth first: the entry's loops, then by chain length
  std::vector<NestedPair> pairs;   // in the order of their inner loops
  bool truncated = false;
  std::string truncated_reason;         // "time limit 1000 ms", "more than 512 loops", ...
  size_t methods_analysed = 0;          // methods this call visited (cached analyses included)
  std::vector<std::string> unreadable;  // classes whose bytes could not be read or parsed,
                                        // over all of the indexer's calls so far; sorted
};

struct LoopIndexLimits {
  int max_calls = 6;             // calls per chain
  int64_t time_limit_ms = 1000;  // per Index call
  size_t max_methods = 4000;     // methods analysed per Index call
  size_t max_loops = 512;        // entries of LoopIndex::loops
  size_t max_chains = 20000;     // call chains expanded
  size_t max_receivers = 16;     // receiver classes per virtual call site
};

struct LoopIndexOptions {
  LoopIndexLimits limits;
  std::vector<std::string> skip_names = {"size",      "isEmpty",  "hashCode", "equals", "toString",
                                         "compareTo", "iterator", "hasNext",  "next",   "getClass"};
  // Whether a class's methods are followed; empty: non-JDK classes and FollowedJdkClasses.
  std::function<bool(const std::string& internal_name)> follow_class;
};

class LoopIndexer {
 public:
  LoopIndexer(ClassBytesFn bytes, SubtypesFn subtypes, LoopIndexOptions options = {});
  ~LoopIndexer();
  LoopIndexer(const LoopIndexer&) = delete;
  LoopIndexer& operator=(const LoopIndexer&) = delete;

  // Loops and nested pairs reachable from `entry`. Errors: NotFound if the entry's class
  // cannot be read or does not declare the method; DataLoss if its code does not decode.
  // An entry without code (abstract, native) gives an empty index.
  StatusOr<LoopIndex> Index(const MethodKey& entry);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace jtg::perf
