// Natural loops (analysis/loops.h): hand-built block graphs (self loop, two tails,
// nesting, an irreducible cycle, a catch handler rejoining the body, dead code), the
// `// loop[NAME]:` expectations written next to tests/fixtures/perf/LoopShapes.java, and
// the shape of commons-collections3's CollectionUtils.containsAny (when the jar exists).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <utility>

#include "analysis/loops.h"
#include "classfile/class_file.h"
#include "classpath/classpath.h"
#include "instrument_test_util.h"

namespace jtg::analysis {
namespace {

namespace fs = std::filesystem;
using Ids = std::vector<uint32_t>;

// A block graph without instructions: `succs[b]` normal successors, `exc` (block, handler).
Cfg Graph(const std::vector<std::vector<uint32_t>>& succs,
          const std::vector<std::pair<uint32_t, uint32_t>>& exc = {}) {
  Cfg cfg;
  cfg.blocks.resize(succs.size());
  for (uint32_t b = 0; b < succs.size(); ++b) {
    cfg.blocks[b].succs = succs[b];
    cfg.blocks[b].start = 10 * b;
  }
  for (auto [from, handler] : exc) cfg.blocks[from].exc_succs.push_back(handler);
  for (uint32_t b = 0; b < succs.size(); ++b) {
    for (uint32_t s : cfg.blocks[b].succs) cfg.blocks[s].preds.push_back(b);
    for (uint32_t s : cfg.blocks[b].exc_succs) cfg.blocks[s].preds.push_back(b);
  }
  return cfg;
}

TEST(AnalysisLoops, WhileLoop) {
  // 0 init, 1 test (-> 3 exit, -> 2 body), 2 body -> 1, 3 return.
  LoopForest f = FindLoops(Graph({{1}, {3, 2}, {1}, {}}));
  ASSERT_EQ(f.loops.size(), 1u);
  EXPECT_EQ(f.loops[0].header, 1u);
  EXPECT_EQ(f.loops[0].tails, (Ids{2}));
  EXPECT_EQ(f.loops[0].blocks, (Ids{1, 2}));
  EXPECT_EQ(f.loops[0].header_offset, 10u);
  EXPECT_EQ(f.loops[0].tail_offsets, (Ids{20}));  // no instructions: the block start
  EXPECT_EQ(f.loops[0].parent, -1);
  EXPECT_EQ(f.innermost, (std::vector<int32_t>{-1, 0, 0, -1}));
  EXPECT_EQ(f.depth, (std::vector<uint8_t>{0, 1, 1, 0}));
  EXPECT_TRUE(f.irreducible.empty());
  EXPECT_EQ(f.LoopAtOffset(10), 0);
  EXPECT_EQ(f.LoopAtOffset(20), -1);
}

TEST(AnalysisLoops, SelfLoopAndTwoTails) {
  // 1 is a do-while block jumping to itself; 2..5: header 2 with tails 3 and 4.
  LoopForest f = FindLoops(Graph({{1}, {1, 2}, {3, 6}, {2, 4}, {2}, {}, {}}));
  ASSERT_EQ(f.loops.size(), 2u);
  EXPECT_EQ(f.loops[0].header, 1u);
  EXPECT_EQ(f.loops[0].tails, (Ids{1}));
  EXPECT_EQ(f.loops[0].blocks, (Ids{1}));
  EXPECT_EQ(f.loops[1].header, 2u);
  EXPECT_EQ(f.loops[1].tails, (Ids{3, 4}));
  EXPECT_EQ(f.loops[1].blocks, (Ids{2, 3, 4}));
  EXPECT_EQ(f.depth[5], 0);  // dead block
}

TEST(AnalysisLoops, NestingAndSiblings) {
  // 1 outer header, 2 inner header, 3 inner body, 4 outer latch; 6 a later sibling loop.
  LoopForest f = FindLoops(Graph({{1}, {2, 5}, {3, 4}, {2}, {1}, {6}, {6, 7}, {}}));
  ASSERT_EQ(f.loops.size(), 3u);
  EXPECT_EQ(f.loops[0].blocks, (Ids{1, 2, 3, 4}));
  EXPECT_EQ(f.loops[1].blocks, (Ids{2, 3}));
  EXPECT_EQ(f.loops[1].parent, 0);
  EXPECT_EQ(f.loops[1].depth, 2);
  EXPECT_EQ(f.loops[2].parent, -1);
  EXPECT_EQ(f.loops[2].depth, 1);
  EXPECT_EQ(f.innermost, (std::vector<int32_t>{-1, 0, 1, 1, 0, -1, 2, -1}));
  EXPECT_EQ(f.depth, (std::vector<uint8_t>{0, 1, 2, 2, 1, 0, 1, 0}));
}

TEST(AnalysisLoops, IrreducibleCycleIsListedNotALoop) {
  // 0 -> 1, 0 -> 2, 1 <-> 2: neither 1 nor 2 dominates the other.
  LoopForest f = FindLoops(Graph({{1, 2}, {2, 3}, {1}, {}}));
  EXPECT_TRUE(f.loops.empty());
  ASSERT_EQ(f.irreducible.size(), 1u);
  const RetreatingEdge e = f.irreducible[0];
  EXPECT_TRUE((e.from == 2 && e.to == 1) || (e.from == 1 && e.to == 2));
}

TEST(AnalysisLoops, CatchHandlerRejoiningTheBody) {
  // 1 header, 2 try (throws to handler 3), 3 catch -> 4, 2 -> 4, 4 update -> 1, 5 exit.
  // With the normal-edge dominators the handler is its own root, so 1 would not dominate
  // 4; LoopDominators sees the exception edge.
  Cfg cfg = Graph({{1}, {2, 5}, {4}, {4}, {1}, {}}, {{2, 3}});
  EXPECT_FALSE(Dominators(cfg).Dominates(1, 4));
  EXPECT_TRUE(LoopDominators(cfg).Dominates(1, 4));
  LoopForest f = FindLoops(cfg);
  ASSERT_EQ(f.loops.size(), 1u);
  EXPECT_EQ(f.loops[0].blocks, (Ids{1, 2, 3, 4}));
  EXPECT_TRUE(f.irreducible.empty());
}

TEST(AnalysisLoops, ExceptionEdgeNeverFormsALoop) {
  // Block 1 is covered by a handler that is itself (javac's monitorexit handlers).
  LoopForest f = FindLoops(Graph({{1}, {2}, {}}, {{1, 1}}));
  EXPECT_TRUE(f.loops.empty());
  EXPECT_TRUE(f.irreducible.empty());
}

// --- LoopShapes -----------------------------------------------------------------------

struct Expected {
  std::string name, parent;
  int line = 0, depth = 0, tails = 0;
};

// "// loop[NAME]: depth=D tails=T [parent=P] [header=+K]", header line = comment line + K.
std::vector<Expected> ReadExpectations(const fs::path& java) {
  std::vector<Expected> out;
  std::istringstream in(testutil::ReadText(java));
  const std::regex comment(R"(^\s*//\s*loop\[(\w+)\]:(.*))"), kv(R"((\w+)=\+?(\w+))");
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    std::smatch m;
    if (!std::regex_search(text, m, comment)) continue;
    Expected e;
    e.name = m[1];
    e.line = line + 1;
    const std::string spec = m[2];
    for (std::sregex_iterator it(spec.begin(), spec.end(), kv), end; it != end; ++it) {
      const std::string key = (*it)[1], value = (*it)[2];
      if (key == "depth") e.depth = std::stoi(value);
      if (key == "tails") e.tails = std::stoi(value);
      if (key == "parent") e.parent = value;
      if (key == "header") e.line = line + std::stoi(value);
    }
    out.push_back(e);
  }
  return out;
}

classfile::ClassFile Load(const fs::path& file) {
  auto parsed = classfile::Parse(testutil::ReadBytes(file), file.string());
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return parsed.ok() ? std::move(parsed->cls) : classfile::ClassFile{};
}

struct Found {
  std::string method;
  Loop loop;
  int parent_line = 0;
};

// Every loop of every method of `cls`, by header line.
std::multimap<int, Found> LoopsByLine(const classfile::ClassFile& cls) {
  std::multimap<int, Found> out;
  for (const auto& m : cls.methods) {
    if (!m.code) continue;
    auto cfg = BuildCfg(*m.code);
    EXPECT_TRUE(cfg.ok()) << cfg.status();
    if (!cfg.ok()) continue;
    LoopForest f = FindLoops(*cfg, m.code->lines);
    EXPECT_TRUE(f.irreducible.empty()) << cls.MethodName(m);
    for (const Loop& l : f.loops) {
      const int parent_line = l.parent < 0 ? 0 : f.loops[l.parent].line;
      out.emplace(l.line, Found{std::string(cls.MethodName(m)), l, parent_line});
    }
  }
  return out;
}

TEST(AnalysisLoops, LoopShapesExpectations) {
  const auto expected =
      ReadExpectations(fs::path(JTG_SOURCE_DIR) / "tests/fixtures/perf/LoopShapes.java");
  ASSERT_GE(expected.size(), 15u);
  const auto cls = Load(fs::path(JTG_FIXTURES_DIR) / "fixtures/perf/LoopShapes.class");
  const auto found = LoopsByLine(cls);
  EXPECT_EQ(found.size(), expected.size()) << "a loop without a comment, or a missing loop";
  std::map<std::string, int> line_of;
  for (const Expected& e : expected) line_of[e.name] = e.line;
  for (const Expected& e : expected) {
    SCOPED_TRACE("loop[" + e.name + "] at line " + std::to_string(e.line));
    ASSERT_EQ(found.count(e.line), 1u);
    const Found& f = found.find(e.line)->second;
    EXPECT_EQ(f.loop.depth, e.depth);
    EXPECT_EQ(static_cast<int>(f.loop.tails.size()), e.tails);
    EXPECT_EQ(f.loop.tail_offsets.size(), f.loop.tails.size());
    EXPECT_EQ(f.parent_line, e.parent.empty() ? 0 : line_of[e.parent]);
    for (uint32_t off : f.loop.tail_offsets) EXPECT_GE(off, f.loop.header_offset);
  }
}

TEST(AnalysisLoops, LoopShapesBackEdgeInstructions) {
  const auto cls = Load(fs::path(JTG_FIXTURES_DIR) / "fixtures/perf/LoopShapes.class");
  for (const auto& m : cls.methods) {
    if (!m.code) continue;
    auto cfg = BuildCfg(*m.code);
    ASSERT_TRUE(cfg.ok());
    for (const Loop& l : FindLoops(*cfg, m.code->lines).loops) {
      for (size_t i = 0; i < l.tails.size(); ++i) {
        // javac closes every back edge with a jump to the header.
        const auto& insn = cfg->insns[cfg->blocks[l.tails[i]].last_insn];
        EXPECT_EQ(insn.offset, l.tail_offsets[i]);
        ASSERT_FALSE(insn.targets.empty()) << cls.MethodName(m);
        EXPECT_EQ(insn.targets[0], l.header_offset) << cls.MethodName(m);
      }
    }
  }
}

TEST(AnalysisLoops, CommonsCollectionsContainsAny) {
  const char* jar = "/usr/share/java/commons-collections3.jar";
  if (!fs::exists(jar)) GTEST_SKIP() << jar << " not installed";
  auto cp = classpath::Classpath::Open(jar);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto bytes = cp->ReadClass("org/apache/commons/collections/CollectionUtils");
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  auto parsed = classfile::Parse(*bytes, "CollectionUtils");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  const auto& cls = parsed->cls;
  for (const auto& m : cls.methods) {
    if (cls.MethodName(m) != "containsAny" ||
        cls.MethodDescriptor(m) != "(Ljava/util/Collection;Ljava/util/Collection;)Z") {
      continue;
    }
    auto cfg = BuildCfg(*m.code);
    ASSERT_TRUE(cfg.ok());
    LoopForest f = FindLoops(*cfg, m.code->lines);
    // 3.2.2: L1 header pc 22 (line 202), conditional back edge `ifeq 22` at pc 43;
    // L2 header pc 58 (line 208), `ifeq 58` at pc 79.
    ASSERT_EQ(f.loops.size(), 2u);
    EXPECT_EQ(f.loops[0].header_offset, 22u);
    EXPECT_EQ(f.loops[0].line, 202);
    EXPECT_EQ(f.loops[0].tail_offsets, (Ids{43}));
    EXPECT_EQ(f.loops[1].header_offset, 58u);
    EXPECT_EQ(f.loops[1].line, 208);
    EXPECT_EQ(f.loops[1].tail_offsets, (Ids{79}));
    return;
  }
  FAIL() << "containsAny(Collection,Collection) not found";
}

}  // namespace
}  // namespace jtg::analysis
