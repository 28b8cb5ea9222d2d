// Behavioural test: runs instrumented fixtures (tests/fixtures/instr/Flow.java) under
// `java -Xverify:all` through fixtures/instr/ProbeDriver.java and checks that the goal ids
// Probes logged are those of the blocks and branch outcomes the inputs take, that the loop
// guard stops an infinite loop and that System.exit / Runtime.halt throw ExitAttempt.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;

struct Outcome {
  std::string result;
  std::set<int32_t> ids;
  std::set<std::pair<int32_t, int32_t>> switches;  // (switch id, key)
};

std::map<std::string, Outcome> ParseDriverOutput(const std::string& text) {
  std::map<std::string, Outcome> out;
  std::istringstream in(text);
  Outcome* cur = nullptr;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string head;
    words >> head;
    if (head == "scenario") {
      std::string name;
      words >> name;
      cur = &out[name];
    } else if (cur == nullptr) {
      continue;
    } else if (head == "result" || head == "threw") {
      cur->result = line;
    } else if (head == "ids") {
      for (int32_t id; words >> id;) cur->ids.insert(id);
    } else if (head == "switches") {
      for (std::string pair; words >> pair;) {
        auto colon = pair.find(':');
        cur->switches.insert({std::stoi(pair.substr(0, colon)), std::stoi(pair.substr(colon + 1))});
      }
    }
  }
  return out;
}

// Line numbers of `// mark:NAME` comments in Flow.java.
std::map<std::string, uint16_t> Marks() {
  std::map<std::string, uint16_t> marks;
  std::istringstream in(
      testutil::ReadText(fs::path(JTG_SOURCE_DIR) / "tests/fixtures/instr/Flow.java"));
  const std::regex mark(R"(//\s*mark:(\S+))");
  uint16_t n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    std::smatch m;
    if (std::regex_search(line, m, mark)) marks[m[1]] = n;
  }
  return marks;
}

class InstrumentRunTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    tmp_ = new testutil::TempDir("run");
    const fs::path out = tmp_->path() / "classes";
    ASSERT_TRUE(testutil::CompileRuntime(out));
    IdAllocator ids;
    auto dir = testutil::InstrumentDir(
        JTG_FIXTURES_DIR, out, ids, {"fixtures.instr.ProbeDriver", "fixtures.instr.VerifyLoader"});
    plan_ = new ClassPlan(dir.plans["fixtures.instr.Flow"]);
    std::string text;
    const std::string cmd = testutil::JavaHome() + "/bin/java -Xverify:all -cp '" + out.string() +
                            "' fixtures.instr.ProbeDriver sign+ sign- sum3 " +
                            "sw2 sw9 parseok parsebad isnull make nested strings sub spin " +
                            "quit halt";
    testutil::Run(cmd, &text);
    raw_ = new std::string(text);
    outcomes_ = new std::map<std::string, Outcome>(ParseDriverOutput(text));
  }
  static void TearDownTestSuite() {
    delete outcomes_;
    delete plan_;
    delete raw_;
    delete tmp_;
  }

  const Outcome& Of(const std::string& scenario) {
    static const Outcome kNone;
    auto it = outcomes_->find(scenario);
    EXPECT_NE(it, outcomes_->end()) << "no scenario " << scenario << " in:\n" << *raw_;
    return it == outcomes_->end() ? kNone : it->second;
  }
  const MethodPlan& Method(const std::string& name) {
    for (const auto& m : plan_->methods) {
      if (m.name == name) return m;
    }
    ADD_FAILURE() << "no method " << name;
    static const MethodPlan kNone;
    return kNone;
  }
  // Goal id of the block of `method` that holds the line tagged `mark`.
  int32_t BlockAt(const std::string& method, const std::string& mark) {
    static const auto marks = Marks();
    auto line = marks.find(mark);
    EXPECT_NE(line, marks.end()) << mark;
    for (const auto& b : Method(method).blocks) {
      if (std::find(b.lines.begin(), b.lines.end(), line->second) != b.lines.end()) return b.id;
    }
    ADD_FAILURE() << "no block at " << mark;
    return -1;
  }

  static testutil::TempDir* tmp_;
  static ClassPlan* plan_;
  static std::string* raw_;
  static std::map<std::string, Outcome>* outcomes_;
};

testutil::TempDir* InstrumentRunTest::tmp_ = nullptr;
ClassPlan* InstrumentRunTest::plan_ = nullptr;
std::string* InstrumentRunTest::raw_ = nullptr;
std::map<std::string, Outcome>* InstrumentRunTest::outcomes_ = nullptr;

TEST_F(InstrumentRunTest, ConditionalOutcomesAndBlocks) {
  const auto& branch = Method("sign").branches.at(0);  // ifle: taken when x <= 0
  const Outcome& pos = Of("sign+");
  EXPECT_EQ(pos.result, "result 1");
  EXPECT_TRUE(pos.ids.count(branch.id + 1)) << "fall through";
  EXPECT_FALSE(pos.ids.count(branch.id));
  EXPECT_TRUE(pos.ids.count(BlockAt("sign", "sign.pos")));
  EXPECT_FALSE(pos.ids.count(BlockAt("sign", "sign.neg")));
  EXPECT_TRUE(pos.ids.count(Method("sign").blocks.at(0).id));

  const Outcome& neg = Of("sign-");
  EXPECT_EQ(neg.result, "result -1");
  EXPECT_TRUE(neg.ids.count(branch.id));
  EXPECT_FALSE(neg.ids.count(branch.id + 1));
  EXPECT_TRUE(neg.ids.count(BlockAt("sign", "sign.neg")));
  EXPECT_FALSE(neg.ids.count(BlockAt("sign", "sign.pos")));

  // Only goals of sign itself were logged.
  std::set<int32_t> own;
  for (const auto& b : Method("sign").blocks) own.insert(b.id);
  own.insert(branch.id);
  own.insert(branch.id + 1);
  for (int32_t id : pos.ids) EXPECT_TRUE(own.count(id)) << id;
}

TEST_F(InstrumentRunTest, LoopTakesBothOutcomes) {
  const Outcome& o = Of("sum3");
  EXPECT_EQ(o.result, "result 3");
  const auto& branch = Method("sumTo").branches.at(0);
  EXPECT_TRUE(o.ids.count(branch.id));
  EXPECT_TRUE(o.ids.count(branch.id + 1));
  EXPECT_TRUE(o.ids.count(BlockAt("sumTo", "sumTo.body")));
  EXPECT_TRUE(o.ids.count(BlockAt("sumTo", "sumTo.end")));
  EXPECT_EQ(o.ids.size(), Method("sumTo").blocks.size() + 2);
}

TEST_F(InstrumentRunTest, SwitchLogsKeys) {
  const SwitchGoal& g = Method("sw").switches.at(0);
  const Outcome& two = Of("sw2");
  EXPECT_EQ(two.result, "result 20");
  EXPECT_TRUE(two.switches.count({g.switch_id, 2}));
  EXPECT_TRUE(two.ids.count(BlockAt("sw", "sw.two")));
  const Outcome& nine = Of("sw9");
  EXPECT_EQ(nine.result, "result 0");
  EXPECT_TRUE(nine.switches.count({g.switch_id, 9}));
  EXPECT_TRUE(nine.ids.count(BlockAt("sw", "sw.default")));
  EXPECT_FALSE(nine.ids.count(BlockAt("sw", "sw.two")));
}

TEST_F(InstrumentRunTest, ExceptionsCutBlocksShort) {
  const Outcome& ok = Of("parseok");
  EXPECT_EQ(ok.result, "result 12");
  EXPECT_TRUE(ok.ids.count(BlockAt("parse", "parse.try")));
  EXPECT_FALSE(ok.ids.count(BlockAt("parse", "parse.catch")));
  const Outcome& bad = Of("parsebad");
  EXPECT_EQ(bad.result, "result -1");
  EXPECT_FALSE(bad.ids.count(BlockAt("parse", "parse.try")));  // parseInt threw
  EXPECT_TRUE(bad.ids.count(BlockAt("parse", "parse.catch")));
}

TEST_F(InstrumentRunTest, NullChecksAndOtherShapesRun) {
  const auto& branch = Method("isNull").branches.at(0);  // ifnonnull
  const Outcome& o = Of("isnull");
  EXPECT_EQ(o.result, "result true");
  EXPECT_TRUE(o.ids.count(branch.id + 1));
  EXPECT_FALSE(o.ids.count(branch.id));
  EXPECT_EQ(Of("make").result, "result yes");
  EXPECT_EQ(Of("nested").result, "result 23");
  EXPECT_EQ(Of("strings").result, "result B");
  EXPECT_EQ(Of("sub").result, "result 4");
}

TEST_F(InstrumentRunTest, LoopGuardStopsInfiniteLoop) {
  EXPECT_EQ(Of("spin").result, "threw jtestgen.rt.BudgetExceeded");
}

TEST_F(InstrumentRunTest, ExitAndHaltThrowExitAttempt) {
  EXPECT_EQ(Of("quit").result, "threw jtestgen.rt.ExitAttempt 7");
  EXPECT_EQ(Of("halt").result, "threw jtestgen.rt.ExitAttempt 3");
}

}  // namespace
}  // namespace jtg::instrument
