// Candidate sequence search (generate/search/candidate_search.h) and the field effects it relies on
// (analysis/field_effects.h), on JTestCraft's TemperatureMonitor and on Alarm/Detector in
// tests/fixtures/construct.
#include "generate/search/candidate_search.h"

#include <algorithm>
#include <string>
#include <vector>

#include "analysis/field_effects.h"
#include "classpath/classpath.h"
#include "generate/values/universe.h"
#include "gtest/gtest.h"
#include "jvm_fixture.h"

namespace jtg {
namespace {

const std::string kFixtures = JTG_FIXTURES_DIR;
constexpr char kMonitor[] = "fixtures/construct/TemperatureMonitor";

TEST(FieldEffects, ReadsAndWritesTransitively) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  analysis::FieldEffects fx(*cp);
  const std::string t = std::string(kMonitor) + ".temperature";
  const std::string e = std::string(kMonitor) + ".enabled";
  const auto& update = fx.Of(kMonitor, "updateTemperature", "(I)V");
  EXPECT_TRUE(update.writes.contains(t));
  EXPECT_TRUE(update.reads.contains(e));
  EXPECT_FALSE(update.writes.contains(e));
  const auto& get = fx.Of(kMonitor, "getTemperature", "()I");
  EXPECT_TRUE(get.writes.empty());
  EXPECT_TRUE(get.reads.contains(t));
  // Alarm.check reads Detector's fields only through its getters: followed one call down.
  const auto& check = fx.Of("fixtures/construct/Alarm", "check",
                            "(Lfixtures/construct/Detector;)Ljava/lang/String;");
  EXPECT_TRUE(check.reads.contains("fixtures/construct/Detector.level"));
  EXPECT_TRUE(check.reads.contains("fixtures/construct/Detector.calibrated"));
  analysis::FieldEffects shallow(*cp, 0);
  EXPECT_FALSE(shallow
                   .Of("fixtures/construct/Alarm", "check",
                       "(Lfixtures/construct/Detector;)Ljava/lang/String;")
                   .reads.contains("fixtures/construct/Detector.level"));
  // A method that does not exist has no effects.
  EXPECT_TRUE(fx.Of(kMonitor, "nothing", "()V").reads.empty());
}

// Candidate sequences as "name,name,...,MUT".
std::vector<std::string> Enumerate(generate::CandidateSearch& cs, size_t limit) {
  std::vector<std::string> out;
  std::vector<int> seq;
  while (out.size() < limit && cs.Next(&seq)) {
    std::string s;
    for (int i : seq) {
      s += (s.empty() ? "" : ",") + (i < 0 ? std::string("MUT") : cs.invokables()[i]->name);
    }
    out.push_back(s);
  }
  return out;
}

generate::CallablePtr Target(generate::Universe& u, const std::string& name) {
  for (const auto& t : u.targets()) {
    if (t->name == name) return t;
  }
  return nullptr;
}

TEST(CandidateSearch, TemperatureMonitorShortestFirst) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, kMonitor);
  ASSERT_TRUE(u.ok()) << u.status();
  analysis::FieldEffects fx(*cp);
  generate::CandidateSearch cs(**u, fx, Target(**u, "warning"), 3);
  auto all = Enumerate(cs, 1000);
  EXPECT_TRUE(cs.exhausted());
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all[0], "MUT");
  auto has = [&](const std::string& s) {
    return std::find(all.begin(), all.end(), s) != all.end();
  };
  EXPECT_TRUE(has("<init>,MUT"));
  EXPECT_TRUE(has("updateTemperature,MUT"));
  EXPECT_TRUE(has("setEnabled,updateTemperature,MUT"));
  // setEnabled alone influences nothing warning() reads.
  EXPECT_FALSE(has("setEnabled,MUT"));
  // getTemperature defines nothing and returns a primitive: never prepended.
  for (const auto& s : all) EXPECT_EQ(s.find("getTemperature"), std::string::npos) << s;
  // Shortest first.
  for (size_t i = 1; i < all.size(); ++i) {
    EXPECT_LE(std::count(all[i - 1].begin(), all[i - 1].end(), ','),
              std::count(all[i].begin(), all[i].end(), ','));
  }
}

TEST(CandidateSearch, PartialOrderReductionKeepsOneOrderOfIndependentCalls) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, "fixtures/construct/Alarm");
  ASSERT_TRUE(u.ok()) << u.status();
  analysis::FieldEffects fx(*cp);
  generate::CandidateSearch cs(**u, fx, Target(**u, "check"), 3);
  // Collaborator mutators are invokables; getters are not (they write nothing).
  std::vector<std::string> names;
  for (const auto& c : cs.invokables()) names.push_back(c->owner + "." + c->name);
  auto has_name = [&](const std::string& s) {
    return std::find(names.begin(), names.end(), s) != names.end();
  };
  EXPECT_TRUE(has_name("fixtures/construct/Detector.calibrate"));
  EXPECT_TRUE(has_name("fixtures/construct/Detector.setLevel"));
  EXPECT_TRUE(has_name("fixtures/construct/Detector.<init>"));
  EXPECT_FALSE(has_name("fixtures/construct/Detector.level"));
  auto all = Enumerate(cs, 1000);
  auto has = [&](const std::string& s) {
    return std::find(all.begin(), all.end(), s) != all.end();
  };
  EXPECT_TRUE(has("calibrate,MUT"));
  EXPECT_TRUE(has("setLevel,MUT"));
  // calibrate and setLevel do not influence each other: one order only.
  EXPECT_NE(has("calibrate,setLevel,MUT"), has("setLevel,calibrate,MUT"));
}

// A materialized candidate binds the collaborator calls and the MUT to one Detector, and
// running it reaches the state no constructor gives: check() returns "alarm".
TEST(CandidateSearch, MaterializedCandidateSharesTheCollaborator) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, "fixtures/construct/Alarm");
  ASSERT_TRUE(u.ok()) << u.status();
  analysis::FieldEffects fx(*cp);
  generate::CandidateSearch cs(**u, fx, Target(**u, "check"), 3);
  std::vector<int> want;
  for (const char* name : {"calibrate", "setLevel"}) {
    for (size_t i = 0; i < cs.invokables().size(); ++i) {
      if (cs.invokables()[i]->name == name) want.push_back(static_cast<int>(i));
    }
  }
  ASSERT_EQ(want.size(), 2u);
  want.push_back(-1);
  auto& ex = *testing::GetSharedJvm().executor;
  generate::SequencePool pool;
  generate::Rng rng(7);
  generate::ValueFactory factory(**u, pool, ex, rng, generate::FactoryLimits{});
  int alarms = 0;
  for (int k = 0; k < 30; ++k) {
    testcase::TestCase tc;
    ASSERT_TRUE(cs.Materialize(want, factory, ex, &tc));
    // The last three calls: calibrate, setLevel, check, all on the same Detector.
    ASSERT_GE(tc.size(), 3u);
    const auto& check = tc.stmts.back();
    ASSERT_EQ(check.callable->name, "check");
    int detector = check.args[0];
    int calls = 0;
    for (const auto& s : tc.stmts) {
      if (s.callable && (s.callable->name == "calibrate" || s.callable->name == "setLevel")) {
        EXPECT_EQ(s.receiver, detector);
        ++calls;
      }
    }
    EXPECT_EQ(calls, 2);
    testcase::ExecResult r = ex.Run(tc);
    ASSERT_TRUE(r.Normal()) << r.setup_error;
    const auto& v = r.values.back();
    alarms += v.s == u"alarm" ? 1 : 0;
    EXPECT_NE(v.s, u"uncalibrated");
  }
  // setLevel's argument is generated (seeds include 80 and random ints): some exceed 80.
  EXPECT_GT(alarms, 0);
}

}  // namespace
}  // namespace jtg
