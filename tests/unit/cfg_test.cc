// CFG tests: the `// cfg:` expectations written next to the fixture code
// (tests/fixtures/instr/Flow.java) plus specific edges and error cases.
#include "analysis/cfg.h"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "classfile/class_file.h"
#include "instrument_test_util.h"

namespace jtg::analysis {
namespace {

namespace fs = std::filesystem;
using classfile::ClassFile;

ClassFile LoadFixture(const std::string& rel) {
  auto bytes = testutil::ReadBytes(fs::path(JTG_FIXTURES_DIR) / rel);
  auto parsed = classfile::Parse(bytes, rel);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return parsed.ok() ? std::move(parsed->cls) : ClassFile{};
}

const classfile::MethodInfo* FindMethod(const ClassFile& cls, std::string_view name) {
  for (const auto& m : cls.methods) {
    if (cls.MethodName(m) == name) return &m;
  }
  return nullptr;
}

Cfg CfgOf(const ClassFile& cls, std::string_view method) {
  const auto* m = FindMethod(cls, method);
  EXPECT_NE(m, nullptr) << method;
  if (m == nullptr || !m->code) return {};
  auto cfg = BuildCfg(*m->code);
  EXPECT_TRUE(cfg.ok()) << cfg.status();
  return cfg.ok() ? *cfg : Cfg{};
}

struct Expectation {
  std::string method;
  int blocks = -1, succs = -1, exc = -1;
};

// Reads "// cfg: blocks=N succs=M exc=K" comments; the method is named on the next line.
std::vector<Expectation> ReadExpectations(const fs::path& java) {
  std::vector<Expectation> out;
  std::istringstream in(testutil::ReadText(java));
  const std::regex comment(R"(^\s*//\s*cfg:(.*))"), kv(R"((\w+)=(\d+))"), decl(R"((\w+)\s*\()");
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, comment)) continue;
    Expectation e;
    const std::string spec = m[1];
    for (std::sregex_iterator it(spec.begin(), spec.end(), kv), end; it != end; ++it) {
      const int v = std::stoi((*it)[2]);
      if ((*it)[1] == "blocks") e.blocks = v;
      if ((*it)[1] == "succs") e.succs = v;
      if ((*it)[1] == "exc") e.exc = v;
    }
    std::string next;
    std::getline(in, next);
    if (std::regex_search(next, m, decl)) e.method = m[1];
    out.push_back(e);
  }
  return out;
}

TEST(CfgTest, MatchesCommentsInFixtureSource) {
  ClassFile cls = LoadFixture("fixtures/instr/Flow.class");
  auto expectations = ReadExpectations(fs::path(JTG_SOURCE_DIR) / "tests/fixtures/instr/Flow.java");
  ASSERT_GE(expectations.size(), 9u);
  for (const Expectation& e : expectations) {
    SCOPED_TRACE(e.method);
    Cfg cfg = CfgOf(cls, e.method);
    int succs = 0, exc = 0;
    for (const Block& b : cfg.blocks) {
      succs += static_cast<int>(b.succs.size());
      exc += static_cast<int>(b.exc_succs.size());
    }
    if (e.blocks >= 0) {
      EXPECT_EQ(static_cast<int>(cfg.blocks.size()), e.blocks);
    }
    if (e.succs >= 0) {
      EXPECT_EQ(succs, e.succs);
    }
    if (e.exc >= 0) {
      EXPECT_EQ(exc, e.exc);
    }
  }
}

TEST(CfgTest, LoopEdgesAndPredecessors) {
  ClassFile cls = LoadFixture("fixtures/instr/Flow.class");
  // sumTo: B0 init, B1 i<n test, B2 body + goto B1, B3 return.
  Cfg cfg = CfgOf(cls, "sumTo");
  ASSERT_EQ(cfg.blocks.size(), 4u);
  EXPECT_EQ(cfg.blocks[0].succs, (std::vector<uint32_t>{1}));
  EXPECT_EQ(cfg.blocks[1].succs, (std::vector<uint32_t>{3, 2}));  // jump target first
  EXPECT_EQ(cfg.blocks[2].succs, (std::vector<uint32_t>{1}));
  EXPECT_TRUE(cfg.blocks[3].succs.empty());
  EXPECT_EQ(cfg.blocks[1].preds, (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(cfg.blocks[1].start, 4u);
  EXPECT_EQ(cfg.blocks[1].end, 9u);
  for (uint32_t i = 0; i < cfg.insns.size(); ++i) {
    const Block& b = cfg.blocks[cfg.block_of_insn[i]];
    EXPECT_GE(i, b.first_insn);
    EXPECT_LE(i, b.last_insn);
  }
}

TEST(CfgTest, ExceptionEdgesGoToHandlerBlocks) {
  ClassFile cls = LoadFixture("fixtures/instr/Flow.class");
  Cfg cfg = CfgOf(cls, "parse");
  ASSERT_EQ(cfg.blocks.size(), 2u);
  EXPECT_EQ(cfg.blocks[0].exc_succs, (std::vector<uint32_t>{1}));
  EXPECT_EQ(cfg.blocks[1].preds, (std::vector<uint32_t>{0}));

  Cfg locked = CfgOf(cls, "locked");  // synchronized + finally: several handlers
  int exc = 0;
  for (const Block& b : locked.blocks) exc += static_cast<int>(b.exc_succs.size());
  EXPECT_GE(exc, 3);
}

TEST(CfgTest, SwitchSuccessorsAreDistinctTargets) {
  ClassFile cls = LoadFixture("fixtures/instr/Flow.class");
  Cfg cfg = CfgOf(cls, "sw");
  ASSERT_EQ(cfg.blocks.size(), 5u);
  EXPECT_EQ(cfg.blocks[0].succs.size(), 4u);
  EXPECT_EQ(cfg.insns[cfg.blocks[0].last_insn].kind, classfile::InsnKind::kSwitch);
}

TEST(CfgTest, HandlerOffNonBoundaryIsDataLoss) {
  classfile::CodeAttribute code;
  code.code = {classfile::op::kSipush, 0, 1, classfile::op::kIreturn};
  code.handlers.push_back({0, 1, 3, 0});  // end_pc 1 is inside sipush
  auto cfg = BuildCfg(code);
  ASSERT_FALSE(cfg.ok());
  EXPECT_EQ(cfg.status().code(), absl::StatusCode::kDataLoss);
}

}  // namespace
}  // namespace jtg::analysis
