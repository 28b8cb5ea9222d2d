// Interprocedural loop nesting (see loop_index.h). Three passes per entry:
//   1. discovery: breadth first over the call graph from the entry, analysing each method
//      once (CFG, loops, call sites) and resolving its call sites' callees;
//   2. distance: for each discovered method, the fewest calls to a method with a loop
//      (reverse breadth first from the methods with loops), used to prune chains;
//   3. chains: breadth first over call chains (frames), recording every loop of every
//      frame with the frame's depth, and its pair with the nearest enclosing outer loop.
#include "perf/loop_index.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <limits>
#include <map>

#include "analysis/cfg.h"
#include "analysis/dominators.h"
#include "analysis/loops.h"
#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "perf/jdk_dispatch.h"

namespace jtg::perf {

namespace op = classfile::op;
using classfile::ClassFile;
using classfile::MethodInfo;

namespace {

constexpr int kInf = std::numeric_limits<int>::max();
constexpr size_t kNone = std::numeric_limits<size_t>::max();

struct Target {
  std::string receiver;  // empty for static/special calls
  int method = 0;
};

struct Site {
  std::vector<uint32_t> dominators;  // block start offsets, entry first
  uint32_t offset = 0;
  uint16_t line = 0;
  uint8_t depth = 0;
  int32_t loop = -1;
  uint8_t opcode = 0;
  std::string owner, name, desc;
  std::vector<Target> targets;
};

struct Method {
  MethodKey key;
  bool analysed = false, resolved = false;
  std::vector<LoopRef> loops;
  std::vector<Site> sites;  // calls that may be followed (skip_names and invokedynamic out)
  bool receivers_capped = false;
};

// One call chain: frames[0] is the entry; a frame's chain is its parents' plus one call.
struct Frame {
  int method = 0;
  int parent = -1;             // frame index
  int site = -1, target = -1;  // in the parent's method
  uint32_t depth_in = 0;       // sum of the call sites' depths along the chain
  int calls = 0;
  std::vector<size_t> loop_index;  // per loop of the method: index into LoopIndex::loops
};

}  // namespace

struct LoopIndexer::State {
  State(ClassBytesFn bytes, SubtypesFn subtypes, LoopIndexOptions opts)
      : options(std::move(opts)), resolver(std::move(bytes), std::move(subtypes)) {}

  LoopIndexOptions options;

  MethodResolver resolver;
  std::map<MethodKey, int> ids;
  std::vector<Method> methods;

  // Per Index call.
  std::chrono::steady_clock::time_point deadline;
  LoopIndex* out = nullptr;

  bool Truncate(std::string reason) {
    if (!out->truncated) {
      out->truncated = true;
      out->truncated_reason = std::move(reason);
    }
    return true;
  }
  bool OutOfTime() {
    if (std::chrono::steady_clock::now() < deadline) return false;
    return Truncate(absl::StrCat("time limit ", options.limits.time_limit_ms, " ms"));
  }

  bool Followed(const std::string& owner) const {
    if (options.follow_class) return options.follow_class(owner);
    return !IsJdkClass(owner) || IsFollowedJdkClass(owner);
  }

  int Id(const MethodKey& key) {
    auto [it, added] = ids.emplace(key, static_cast<int>(methods.size()));
    if (added) {
      Method m;
      m.key = key;
      methods.push_back(std::move(m));
    }
    return it->second;
  }

  Status Analyse(int id) {
    Method& m = methods[id];
    if (m.analysed) return absl::OkStatus();
    m.analysed = true;
    const ClassFile* cls = resolver.Class(m.key.owner);
    if (cls == nullptr)
      return absl::NotFoundError(absl::StrCat("class ", m.key.owner, " not readable"));
    const MethodInfo* mi = FindMethod(*cls, m.key.name, m.key.desc);
    if (mi == nullptr) return absl::NotFoundError(absl::StrCat("no method ", m.key.ToString()));
    if (!mi->code || (mi->access & classfile::kAccNative)) return absl::OkStatus();
    const auto& code = *mi->code;
    auto cfg = analysis::BuildCfg(code);
    if (!cfg.ok()) {
      return absl::DataLossError(absl::StrCat(m.key.ToString(), ": ", cfg.status().message()));
    }
    const analysis::LoopForest forest = analysis::FindLoops(*cfg, code.lines);
    const analysis::DomTree dom = analysis::Dominators(*cfg);
    // Start offsets of the blocks dominating `block`, entry first.
    auto dominators = [&](uint32_t block) {
      std::vector<uint32_t> out;
      for (uint32_t b = block; dom.Reachable(b) && b != dom.root; b = dom.idom[b]) {
        out.push_back(cfg->blocks[b].start);
        if (dom.idom[b] == b) break;
      }
      std::reverse(out.begin(), out.end());
      return out;
    };
    for (size_t i = 0; i < forest.loops.size(); ++i) {
      const analysis::Loop& l = forest.loops[i];
      LoopRef ref{m.key,           static_cast<int32_t>(i),
                  l.header_offset, l.tail_offsets,
                  l.line,          l.depth,
                  l.parent,        {}};
      for (uint32_t b = 0; b < cfg->blocks.size(); ++b) {
        if (cfg->blocks[b].start == l.header_offset) ref.header_dominators = dominators(b);
      }
      m.loops.push_back(std::move(ref));
    }
    const auto& skip = options.skip_names;
    for (size_t i = 0; i < cfg->insns.size(); ++i) {
      const classfile::Insn& in = cfg->insns[i];
      if (in.opcode < op::kInvokevirtual || in.opcode > op::kInvokeinterface) continue;
      const uint16_t index =
          static_cast<uint16_t>(code.code[in.offset + 1] << 8 | code.code[in.offset + 2]);
      auto ref = cls->cp.Member(index);
      if (!ref.ok()) continue;
      if (std::find(skip.begin(), skip.end(), ref->name) != skip.end()) continue;
      const uint32_t block = cfg->block_of_insn[i];
      Site s;
      s.dominators = dominators(block);
      s.offset = in.offset;
      s.line = analysis::SourceLineAt(code.lines, in.offset);
      s.depth = forest.depth[block];
      s.loop = forest.innermost[block];
      s.opcode = in.opcode;
      s.owner = std::string(ref->owner);
      s.name = std::string(ref->name);
      s.desc = std::string(ref->descriptor);
      m.sites.push_back(std::move(s));
    }
    return absl::OkStatus();
  }

  // Fills the callees of methods[id]'s call sites.
  void Resolve(int id) {
    if (methods[id].resolved) return;
    methods[id].resolved = true;
    for (size_t si = 0; si < methods[id].sites.size(); ++si) {
      const Site site = methods[id].sites[si];  // copy: Id() below may grow `methods`
      std::vector<Target> targets;
      auto add = [&](const std::string& receiver, const std::optional<MethodKey>& k) {
        if (!k || !Followed(k->owner)) return;
        const int callee = Id(*k);
        for (const Target& t : targets) {
          if (t.method == callee) return;
        }
        targets.push_back({receiver, callee});
      };
      if (site.opcode == op::kInvokestatic || site.opcode == op::kInvokespecial) {
        add("", resolver.Lookup(site.owner, site.name, site.desc));
      } else {
        const std::vector<std::string> rs = resolver.Receivers(site.owner);
        const size_t cap = options.limits.max_receivers;
        if (rs.size() > cap) methods[id].receivers_capped = true;
        for (size_t k = 0; k < rs.size() && k < cap; ++k) {
          add(rs[k], resolver.Select(rs[k], site.name, site.desc));
        }
      }
      methods[id].sites[si].targets = std::move(targets);
    }
  }

  // Pass 1: methods reachable within max_calls calls, with their breadth-first level.
  std::map<int, int> Discover(int entry) {
    std::map<int, int> level{{entry, 0}};
    std::deque<int> queue{entry};
    const int max_calls = options.limits.max_calls;
    while (!queue.empty() && !OutOfTime()) {
      const int id = queue.front();
      queue.pop_front();
      if (++out->methods_analysed > options.limits.max_methods) {
        Truncate(absl::StrCat("more than ", options.limits.max_methods, " methods"));
        break;
      }
      (void)Analyse(id);  // a callee that cannot be analysed is a dead end
      if (level[id] >= max_calls) continue;
      Resolve(id);
      if (methods[id].receivers_capped) {
        Truncate(absl::StrCat("more than ", options.limits.max_receivers,
                              " receivers at a call in ", methods[id].key.ToString()));
      }
      for (const Site& s : methods[id].sites) {
        for (const Target& t : s.targets) {
          if (level.emplace(t.method, level[id] + 1).second) queue.push_back(t.method);
        }
      }
    }
    return level;
  }

  // Pass 2: fewest calls from each discovered method to one with a loop (kInf if none).
  std::map<int, int> Distances(const std::map<int, int>& level) {
    std::map<int, int> dist;
    std::map<int, std::vector<int>> callers;
    std::deque<int> queue;
    for (auto [id, lv] : level) {
      dist[id] = kInf;
      if (!methods[id].loops.empty()) {
        dist[id] = 0;
        queue.push_back(id);
      }
      if (lv >= options.limits.max_calls || !methods[id].resolved) continue;
      for (const Site& s : methods[id].sites) {
        for (const Target& t : s.targets) callers[t.method].push_back(id);
      }
    }
    while (!queue.empty()) {
      const int v = queue.front();
      queue.pop_front();
      for (int u : callers[v]) {
        if (dist[u] == kInf) {
          dist[u] = dist[v] + 1;
          queue.push_back(u);
        }
      }
    }
    return dist;
  }

  std::vector<CallStep> Chain(const std::vector<Frame>& frames, int fi) const {
    std::vector<CallStep> chain;
    for (int f = fi; frames[f].parent >= 0; f = frames[f].parent) {
      const Frame& fr = frames[f];
      const Method& caller = methods[frames[fr.parent].method];
      const Site& s = caller.sites[fr.site];
      const Target& t = s.targets[fr.target];
      chain.push_back(CallStep{caller.key, s.offset, s.line, s.depth, s.loop, t.receiver,
                               methods[t.method].key, s.dominators});
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
  }

  // The nearest loop enclosing loop `l` of frame `fi`: its intra parent, else the loop of
  // the nearest call site on the chain that lies in one. kNone if there is none.
  size_t OuterOf(const std::vector<Frame>& frames, int fi, size_t l) const {
    const int32_t parent = methods[frames[fi].method].loops[l].parent;
    if (parent >= 0) return frames[fi].loop_index[parent];
    for (int f = fi; frames[f].parent >= 0; f = frames[f].parent) {
      const Frame& caller = frames[frames[f].parent];
      const Site& s = methods[caller.method].sites[frames[f].site];
      if (s.loop >= 0) return caller.loop_index[s.loop];
    }
    return kNone;
  }

  static bool OnChain(const std::vector<Frame>& frames, int fi, int method) {
    for (int f = fi; f >= 0; f = frames[f].parent) {
      if (frames[f].method == method) return true;
    }
    return false;
  }

  // Pass 3.
  void Enumerate(int entry, const std::map<int, int>& dist) {
    const auto& lim = options.limits;
    std::vector<Frame> frames;
    frames.emplace_back();
    frames[0].method = entry;
    for (size_t fi = 0; fi < frames.size(); ++fi) {
      if (OutOfTime()) return;
      const Method& m = methods[frames[fi].method];
      frames[fi].loop_index.assign(m.loops.size(), kNone);
      const std::vector<CallStep> chain = Chain(frames, static_cast<int>(fi));
      for (size_t l = 0; l < m.loops.size(); ++l) {
        if (out->loops.size() >= lim.max_loops) {
          Truncate(absl::StrCat("more than ", lim.max_loops, " loops"));
          return;
        }
        frames[fi].loop_index[l] = out->loops.size();
        out->loops.push_back(
            ReachedLoop{m.loops[l], frames[fi].depth_in + m.loops[l].intra_depth, chain});
      }
      for (size_t l = 0; l < m.loops.size(); ++l) {
        const size_t outer = OuterOf(frames, static_cast<int>(fi), l);
        const size_t inner = frames[fi].loop_index[l];
        if (outer != kNone) out->pairs.push_back(NestedPair{outer, inner, out->loops[inner].depth});
      }
      if (frames[fi].calls >= lim.max_calls) continue;
      for (size_t si = 0; si < m.sites.size(); ++si) {
        const Site& s = m.sites[si];
        for (size_t ti = 0; ti < s.targets.size(); ++ti) {
          const int callee = s.targets[ti].method;
          auto d = dist.find(callee);
          if (d == dist.end() || d->second == kInf) continue;
          if (frames[fi].calls + 1 + d->second > lim.max_calls) continue;
          if (OnChain(frames, static_cast<int>(fi), callee)) continue;
          if (frames.size() >= lim.max_chains) {
            Truncate(absl::StrCat("more than ", lim.max_chains, " call chains"));
            continue;
          }
          Frame f;
          f.method = callee;
          f.parent = static_cast<int>(fi);
          f.site = static_cast<int>(si);
          f.target = static_cast<int>(ti);
          f.depth_in = frames[fi].depth_in + s.depth;
          f.calls = frames[fi].calls + 1;
          frames.push_back(std::move(f));
        }
      }
    }
  }
};

LoopIndexer::LoopIndexer(ClassBytesFn bytes, SubtypesFn subtypes, LoopIndexOptions options)
    : state_(std::make_unique<State>(std::move(bytes), std::move(subtypes), std::move(options))) {}

LoopIndexer::~LoopIndexer() = default;

StatusOr<LoopIndex> LoopIndexer::Index(const MethodKey& entry) {
  State& s = *state_;
  LoopIndex out;
  out.entry = entry;
  s.out = &out;
  s.deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(s.options.limits.time_limit_ms);
  const int id = s.Id(entry);
  s.methods[id].analysed = false;  // re-analyse to report this entry's errors
  s.methods[id].loops.clear();
  s.methods[id].sites.clear();
  s.methods[id].resolved = false;
  JTG_RETURN_IF_ERROR(s.Analyse(id));
  const std::map<int, int> level = s.Discover(id);
  const std::map<int, int> dist = s.Distances(level);
  s.Enumerate(id, dist);
  out.unreadable.assign(s.resolver.unreadable().begin(), s.resolver.unreadable().end());
  s.out = nullptr;
  return out;
}

}  // namespace jtg::perf
