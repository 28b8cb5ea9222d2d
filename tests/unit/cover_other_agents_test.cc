// coverage/other_agents.h without a JVM: a class's own bytes and jtestgen's instrumentation
// of them carry no other agent's mark; a member name JaCoCo or Cobertura adds does. (The
// agent's use of it, with JaCoCo's real agent first on the command line, is e2e_cover's
// "JaCoCo's agent first" step.)
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "classfile/class_file.h"
#include "coverage/other_agents.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::coverage {
namespace {

std::vector<uint8_t> Branchy() {
  return testutil::ReadBytes(std::filesystem::path(JTG_COVER_FIXTURES_DIR) / "cover/Branchy.class");
}

// `bytes` with one more CONSTANT_Utf8 entry, `name`, as an agent adding a member would.
std::vector<uint8_t> WithName(const std::vector<uint8_t>& bytes, const std::string& name) {
  auto parsed = classfile::Parse(bytes, "Branchy");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_TRUE(parsed->cls.cp.AddUtf8(name).ok());
  auto out = classfile::Write(parsed->cls);
  EXPECT_TRUE(out.ok()) << out.status();
  return out.ok() ? *out : std::vector<uint8_t>{};
}

TEST(OtherAgentMarkTest, OwnBytesAndOurProbesCarryNoMark) {
  const std::vector<uint8_t> own = Branchy();
  ASSERT_FALSE(own.empty());
  EXPECT_EQ(OtherAgentMark(own), "");
  instrument::Options o;
  o.probe_style = instrument::ProbeStyle::kArray;
  instrument::IdAllocator ids;
  auto ours = instrument::InstrumentBytes(own, "cover/Branchy", o, ids);
  ASSERT_TRUE(ours.ok()) << ours.status();
  EXPECT_EQ(OtherAgentMark(ours->bytes), "");
}

TEST(OtherAgentMarkTest, JacocoCoberturaAndPitMembersAreMarks) {
  const std::vector<uint8_t> own = Branchy();
  EXPECT_EQ(OtherAgentMark(WithName(own, "$jacocoData")), "$jacocoData");
  EXPECT_EQ(OtherAgentMark(WithName(own, "$jacocoInit")), "$jacocoInit");
  EXPECT_EQ(OtherAgentMark(WithName(own, "__cobertura_counters")), "__cobertura_counters");
  EXPECT_EQ(OtherAgentMark(WithName(own, "$$pitCoverageProbes")), "$$pitCoverageProbes");
  // A prefix is not the name.
  EXPECT_EQ(OtherAgentMark(WithName(own, "$jacocoDat")), "");
  EXPECT_EQ(OtherAgentMark({}), "");
}

TEST(OtherAgentMarkTest, PitProbesAreToldFromOtherMarks) {
  const std::vector<uint8_t> own = Branchy();
  EXPECT_TRUE(CarriesPitProbes(WithName(own, "$$pitCoverageProbes")));
  EXPECT_FALSE(CarriesPitProbes(WithName(own, "$jacocoData")));
  EXPECT_FALSE(CarriesPitProbes(own));
}

TEST(PitMinion, TheTwoMinionMainClassesAndNothingElse) {
  EXPECT_TRUE(IsPitMinion("org.pitest.coverage.execute.CoverageMinion 38211 foo"));
  EXPECT_TRUE(IsPitMinion("org.pitest.mutationtest.execute.MutationTestMinion 40133"));
  EXPECT_TRUE(IsPitMinion("org.pitest.mutationtest.execute.MutationTestMinion"));
  EXPECT_FALSE(IsPitMinion("org.pitest.mutationtest.execute.MutationTestMinionX 1"));
  EXPECT_FALSE(IsPitMinion("org.apache.maven.surefire.booter.ForkedBooter /tmp/x"));
  EXPECT_FALSE(IsPitMinion(""));
}

}  // namespace
}  // namespace jtg::coverage
