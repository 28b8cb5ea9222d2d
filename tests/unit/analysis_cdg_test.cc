// Control dependence (analysis/control_dependence.h) and the plan's control_deps
// (instrument/plan.h), checked against the `// cdg[NAME]: DEPS` comments written next to
// the code of tests/fixtures/cdg/Deps.java (the format is described there).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

#include "analysis/cfg.h"
#include "analysis/control_dependence.h"
#include "classfile/class_file.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::analysis {
namespace {

namespace fs = std::filesystem;
using classfile::ClassFile;
using classfile::MethodInfo;
using instrument::MethodPlan;

constexpr char kClass[] = "fixtures/cdg/Deps.class";
constexpr char kSource[] = "tests/fixtures/cdg/Deps.java";

ClassFile LoadFixture() {
  auto bytes = testutil::ReadBytes(fs::path(JTG_FIXTURES_DIR) / kClass);
  auto parsed = classfile::Parse(bytes, kClass);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return parsed.ok() ? std::move(parsed->cls) : ClassFile{};
}

struct Comment {
  int line = 0;
  std::string label;
  std::optional<std::string> deps;  // absent: label only
};

std::vector<Comment> ReadComments() {
  std::vector<Comment> out;
  std::istringstream in(testutil::ReadText(fs::path(JTG_SOURCE_DIR) / kSource));
  // Only comments after code (not the format description in the Javadoc).
  const std::regex re(R"(^\s*[^\s/*].*//\s*cdg\[(\w+)\](?::\s*(.*\S))?\s*$)");
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    std::smatch m;
    if (!std::regex_search(text, m, re)) continue;
    Comment c{line, m[1], std::nullopt};
    if (m[2].matched) c.deps = m[2];
    out.push_back(c);
  }
  return out;
}

// The method holding the first instruction javac attributes to `line`, and that pc.
struct Site {
  const MethodInfo* method = nullptr;
  uint32_t pc = 0;
};

std::optional<Site> Locate(const ClassFile& cls, int line) {
  for (const MethodInfo& m : cls.methods) {
    if (!m.code) continue;
    std::optional<uint32_t> pc;
    for (const auto& ln : m.code->lines) {
      if (ln.line == line && (!pc || ln.start_pc < *pc)) pc = ln.start_pc;
    }
    if (pc) return Site{&m, *pc};
  }
  return std::nullopt;
}

Cfg CfgOf(const MethodInfo& m) {
  auto cfg = BuildCfg(*m.code);
  EXPECT_TRUE(cfg.ok()) << cfg.status();
  return cfg.ok() ? *cfg : Cfg{};
}

uint32_t BlockAtPc(const Cfg& cfg, uint32_t pc) {
  for (uint32_t b = 0; b < cfg.blocks.size(); ++b) {
    if (cfg.blocks[b].start <= pc && pc < cfg.blocks[b].end) return b;
  }
  ADD_FAILURE() << "no block at pc " << pc;
  return 0;
}

// Outcome goal id -> "branch block start>target block start", from the plan and the
// original code.
std::map<int32_t, std::string> OutcomeNames(const MethodPlan& plan, const Cfg& cfg) {
  std::map<int32_t, std::string> out;
  auto name = [&](uint32_t branch_pc, uint32_t target_pc) {
    return absl::StrCat(cfg.blocks[BlockAtPc(cfg, branch_pc)].start, ">",
                        cfg.blocks[BlockAtPc(cfg, target_pc)].start);
  };
  auto insn_at = [&](uint32_t pc) -> const classfile::Insn& {
    return cfg.insns[cfg.blocks[BlockAtPc(cfg, pc)].last_insn];
  };
  for (const auto& br : plan.branches) {
    const classfile::Insn& in = insn_at(br.offset);
    out[br.id] = name(br.offset, in.targets[0]);
    out[br.id + 1] = name(br.offset, in.offset + in.length);
  }
  for (const auto& sw : plan.switches) {
    const classfile::Insn& in = insn_at(sw.offset);
    out[sw.default_goal] = name(sw.offset, in.targets[0]);
    for (size_t k = 0; k < sw.key_goal.size(); ++k) {
      out[sw.key_goal[k]] = name(sw.offset, in.targets[k + 1]);
    }
  }
  return out;
}

const MethodPlan* PlanOf(const instrument::ClassPlan& plan, std::string_view name) {
  for (const auto& m : plan.methods) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

// The first block of the straight-line chain that ends with block `b`: blocks are also split
// at the start of source lines with calls (as JaCoCo places probes), so a branch edge can
// target the block just before the one that holds a line's first instruction.
uint32_t ChainStart(const Cfg& cfg, uint32_t b) {
  while (cfg.blocks[b].preds.size() == 1) {
    uint32_t p = cfg.blocks[b].preds[0];
    if (cfg.blocks[p].succs.size() != 1 || cfg.blocks[p].end != cfg.blocks[b].start) break;
    b = p;
  }
  return b;
}

TEST(AnalysisCdg, PlanControlDepsMatchFixtureComments) {
  const ClassFile original = LoadFixture();
  ClassFile cls = LoadFixture();
  instrument::IdAllocator ids;
  auto result = instrument::InstrumentClass(cls, instrument::Options{}, ids);
  ASSERT_TRUE(result.ok()) << result.status();

  const std::vector<Comment> comments = ReadComments();
  ASSERT_GE(comments.size(), 40u);
  std::map<std::string, int> line_of;
  for (const Comment& c : comments) line_of[c.label] = c.line;

  int checked = 0;
  for (const Comment& c : comments) {
    if (!c.deps) continue;
    SCOPED_TRACE(absl::StrCat("Deps.java:", c.line, " cdg[", c.label, "]: ", *c.deps));
    auto site = Locate(original, c.line);
    ASSERT_TRUE(site.has_value()) << "no code on that line";
    const std::string method(original.MethodName(*site->method));
    const MethodPlan* plan = PlanOf(result->plan, method);
    ASSERT_NE(plan, nullptr);
    ASSERT_TRUE(plan->instrumented) << plan->SkipText();
    const Cfg cfg = CfgOf(*site->method);
    ASSERT_EQ(plan->blocks.size(), cfg.blocks.size());
    const uint32_t block = BlockAtPc(cfg, site->pc);

    std::vector<std::string> expected;
    std::istringstream tokens(*c.deps);
    for (std::string tok; tokens >> tok;) {
      if (tok == "-") continue;
      const auto gt = tok.find('>');
      ASSERT_NE(gt, std::string::npos) << tok;
      const std::string from = tok.substr(0, gt), to = tok.substr(gt + 1);
      ASSERT_TRUE(line_of.count(from) && line_of.count(to)) << "unknown label in " << tok;
      auto a = Locate(original, line_of[from]), b = Locate(original, line_of[to]);
      ASSERT_TRUE(a && b && a->method == site->method && b->method == site->method) << tok;
      expected.push_back(absl::StrCat(cfg.blocks[BlockAtPc(cfg, a->pc)].start, ">",
                                      cfg.blocks[ChainStart(cfg, BlockAtPc(cfg, b->pc))].start));
    }
    std::sort(expected.begin(), expected.end());

    const auto names = OutcomeNames(*plan, cfg);
    const std::vector<int32_t>& deps = plan->blocks[block].control_deps;
    EXPECT_TRUE(std::is_sorted(deps.begin(), deps.end()));
    std::vector<std::string> actual;
    for (int32_t id : deps) {
      auto it = names.find(id);
      ASSERT_NE(it, names.end()) << "goal " << id << " is not a branch outcome of " << method;
      actual.push_back(it->second);
    }
    std::sort(actual.begin(), actual.end());
    EXPECT_EQ(actual, expected) << "in " << method << " (blocks named by start offset)";
    ++checked;
  }
  EXPECT_GE(checked, 40);

  // A conditional's / switch's control_deps are those of the block it ends.
  for (const MethodPlan& m : result->plan.methods) {
    auto block_deps = [&](uint32_t pc) -> const std::vector<int32_t>* {
      for (const auto& g : m.blocks) {
        if (g.start <= pc && pc < g.end) return &g.control_deps;
      }
      return nullptr;
    };
    for (const auto& br : m.branches) {
      ASSERT_NE(block_deps(br.offset), nullptr);
      EXPECT_EQ(br.control_deps, *block_deps(br.offset)) << m.name << " @" << br.offset;
    }
    for (const auto& sw : m.switches) {
      ASSERT_NE(block_deps(sw.offset), nullptr);
      EXPECT_EQ(sw.control_deps, *block_deps(sw.offset)) << m.name << " @" << sw.offset;
    }
  }
}

// Block holding the first instruction of the line labelled `label` in `method`.
struct Labelled {
  Cfg cfg;
  std::map<std::string, uint32_t> block;
};

Labelled LabelledCfg(const ClassFile& cls, std::string_view method) {
  Labelled out;
  for (const MethodInfo& m : cls.methods) {
    if (cls.MethodName(m) == method) out.cfg = CfgOf(m);
  }
  for (const Comment& c : ReadComments()) {
    auto site = Locate(cls, c.line);
    if (site && cls.MethodName(*site->method) == method) {
      out.block[c.label] = BlockAtPc(out.cfg, site->pc);
    }
  }
  return out;
}

TEST(AnalysisCdg, LoopConditionDependsOnItselfAndOnEntry) {
  const ClassFile cls = LoadFixture();
  Labelled l = LabelledCfg(cls, "loopIf");
  ASSERT_EQ(l.cfg.blocks.size(), 6u);
  const ControlDependence cd = ComputeControlDependence(l.cfg);
  const uint32_t cond = l.block["l"], test = l.block["lif"], even = l.block["leven"],
                 inc = l.block["linc"], end = l.block["lend"];
  const ControlDep stay{cond, Outcome::kFallThrough, test};
  EXPECT_EQ(cd.deps[cond], std::vector<ControlDep>{stay});
  EXPECT_TRUE(cd.entry_dependent[cond]);
  EXPECT_TRUE(cd.entry_dependent[0]);
  EXPECT_TRUE(cd.entry_dependent[end]);
  EXPECT_FALSE(cd.entry_dependent[test]);
  EXPECT_EQ(cd.deps[inc], std::vector<ControlDep>{stay});
  EXPECT_EQ(cd.deps[even], (std::vector<ControlDep>{{test, Outcome::kFallThrough, even}}));
  EXPECT_TRUE(cd.deps[end].empty());
  EXPECT_EQ(cd.depth[cond], 0);
  EXPECT_EQ(cd.depth[test], 1);
  EXPECT_EQ(cd.depth[even], 2);

  // Outcomes: taken first (to the loop exit), then the fall-through into the body.
  EXPECT_EQ(OutcomesOf(l.cfg, cond), (std::vector<ControlDep>{{cond, Outcome::kTaken, end}, stay}));
  EXPECT_TRUE(OutcomesOf(l.cfg, inc).empty());  // goto: not a branch
}

TEST(AnalysisCdg, AncestorsAndApproachLevel) {
  const ClassFile cls = LoadFixture();
  Labelled l = LabelledCfg(cls, "nested");
  const ControlDependence cd = ComputeControlDependence(l.cfg);
  const uint32_t outer = l.block["n1"], inner = l.block["n2"], then = l.block["n3"],
                 after = l.block["n4"], end = l.block["nend"];
  const ControlDep outer_true{outer, Outcome::kFallThrough, inner};
  const ControlDep inner_true{inner, Outcome::kFallThrough, then};

  const std::vector<AncestorDep> anc = Ancestors(cd, then);
  ASSERT_EQ(anc.size(), 2u);
  EXPECT_EQ(anc[0].dep, inner_true);
  EXPECT_EQ(anc[0].distance, 1);
  EXPECT_EQ(anc[1].dep, outer_true);
  EXPECT_EQ(anc[1].distance, 2);
  EXPECT_TRUE(Ancestors(cd, end).empty());
  EXPECT_EQ(cd.depth[then], 2);
  EXPECT_EQ(cd.depth[after], 1);

  const size_t n = l.cfg.blocks.size();
  auto executed = [&](std::vector<uint32_t> blocks) {
    std::vector<bool> e(n, false);
    for (uint32_t b : blocks) e[b] = true;
    return e;
  };
  // x <= 0: only the outer test and the return ran; one unmet dependency (the inner test).
  Approach a = ApproachLevel(cd, then, executed({outer, end}));
  EXPECT_EQ(a.level, 1);
  ASSERT_TRUE(a.closest.has_value());
  EXPECT_EQ(*a.closest, outer_true);
  // x > 0, y <= 0: the inner test ran; steer its outcome.
  a = ApproachLevel(cd, then, executed({outer, inner, after, end}));
  EXPECT_EQ(a.level, 0);
  EXPECT_EQ(*a.closest, inner_true);
  // Covered.
  a = ApproachLevel(cd, then, executed({outer, inner, then, after, end}));
  EXPECT_EQ(a.level, 0);
  EXPECT_FALSE(a.closest.has_value());
  // Method not reached: level = depth.
  a = ApproachLevel(cd, then, executed({}));
  EXPECT_EQ(a.level, 2);
  EXPECT_FALSE(a.closest.has_value());
}

TEST(AnalysisCdg, HandlerBranchesAreLocalToTheHandler) {
  const ClassFile cls = LoadFixture();
  Labelled l = LabelledCfg(cls, "guarded");
  const ControlDependence cd = ComputeControlDependence(l.cfg);
  const uint32_t handler = l.block["gcatch"], after = l.block["gafter"];
  EXPECT_TRUE(cd.deps[handler].empty());
  EXPECT_FALSE(cd.entry_dependent[handler]);
  EXPECT_EQ(cd.depth[handler], 0);
  EXPECT_EQ(cd.deps[after].size(), 1u);
  EXPECT_EQ(cd.depth[after], 1);
}

// Over every fixture class: control_deps only name branch outcomes of the same method.
TEST(AnalysisCdg, ControlDepsAreOutcomesOfTheSameMethod) {
  const fs::path root(JTG_FIXTURES_DIR);
  int deps = 0;
  for (const fs::path& rel : testutil::ClassFiles(root)) {
    SCOPED_TRACE(rel.string());
    auto bytes = testutil::ReadBytes(root / rel);
    instrument::IdAllocator ids;
    auto result = instrument::InstrumentBytes(bytes, rel.string(), instrument::Options{}, ids);
    ASSERT_TRUE(result.ok()) << result.status();
    for (const MethodPlan& m : result->plan.methods) {
      std::vector<int32_t> outcomes;
      for (const auto& br : m.branches) outcomes.insert(outcomes.end(), {br.id, br.id + 1});
      for (const auto& sw : m.switches) {
        outcomes.insert(outcomes.end(), sw.target_goals.begin(), sw.target_goals.end());
      }
      auto check = [&](const std::vector<int32_t>& v) {
        for (int32_t id : v) {
          ++deps;
          EXPECT_NE(std::find(outcomes.begin(), outcomes.end(), id), outcomes.end())
              << m.name << m.descriptor << " goal " << id;
        }
      };
      for (const auto& g : m.blocks) check(g.control_deps);
      for (const auto& g : m.branches) check(g.control_deps);
      for (const auto& g : m.switches) check(g.control_deps);
      if (!m.blocks.empty()) {
        EXPECT_TRUE(m.blocks[0].control_deps.empty()) << m.name;  // the entry block
      }
    }
  }
  EXPECT_GT(deps, 50);
}

TEST(AnalysisCdg, NoGoalsWithoutCoverage) {
  ClassFile cls = LoadFixture();
  instrument::IdAllocator ids;
  instrument::Options options;
  options.coverage = false;
  auto result = instrument::InstrumentClass(cls, options, ids);
  ASSERT_TRUE(result.ok()) << result.status();
  for (const MethodPlan& m : result->plan.methods) EXPECT_TRUE(m.blocks.empty()) << m.name;
}

}  // namespace
}  // namespace jtg::analysis
