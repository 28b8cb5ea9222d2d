// `jtestgen cover` data and commands without a JVM: class patterns, the coverage file's
// round trip and corruption errors, the agent options, the java command line of
// `jtestgen cover`, and report counters from a plan and covered slots.
#include <gtest/gtest.h>

#include <filesystem>

#include "agent/agent_options.h"
#include "cover/run_cover.h"
#include "coverage/class_filter.h"
#include "coverage/class_hash.h"
#include "coverage/coverage_file.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"
#include "report/class_coverage.h"

namespace jtg {
namespace {

namespace fs = std::filesystem;

TEST(ClassFilterTest, StarStaysInOnePackageDoubleStarDescends) {
  using coverage::MatchClassPattern;
  EXPECT_TRUE(MatchClassPattern("com.x.*", "com.x.Foo"));
  EXPECT_TRUE(MatchClassPattern("com.x.*", "com.x.Foo$Inner"));
  EXPECT_FALSE(MatchClassPattern("com.x.*", "com.x.y.Foo"));
  EXPECT_TRUE(MatchClassPattern("com.x.**", "com.x.y.Foo"));
  EXPECT_FALSE(MatchClassPattern("com.x.**", "com.xy.Foo"));
  EXPECT_TRUE(MatchClassPattern("com.x.Fo?", "com.x.Foo"));
  EXPECT_FALSE(MatchClassPattern("com.x.Fo?", "com.x.Fooo"));
}

TEST(ClassFilterTest, ExcludesAndTheNeverList) {
  coverage::ClassFilter f("com.x.**:java.**", "com.x.gen.*");
  EXPECT_TRUE(f.Accepts("com/x/Foo"));
  EXPECT_FALSE(f.Accepts("com/x/gen/Made"));
  EXPECT_FALSE(f.Accepts("java/util/ArrayList"));  // never the JDK
  EXPECT_FALSE(f.Accepts("com/x/Foo$$Lambda$14"));
  EXPECT_FALSE(f.Accepts("com/x/Foo$MockitoMock$fgA80CfU"));  // made at run time
  EXPECT_FALSE(f.Accepts("com/x/Foo$MockitoMock$fgA80CfU$auxiliary$bjRuOAT9"));
  EXPECT_FALSE(f.Accepts("com/x/Foo$ByteBuddy$Y1"));
  EXPECT_FALSE(f.Accepts("org/y/Bar"));
}

TEST(CoverageFileTest, RoundTrip) {
  coverage::CoverageFile f;
  f.mode = "ddst";
  f.pid = 77;
  f.includes = "com.x.*";
  f.start_ms = 1000;
  f.dump_ms = 2000;
  f.stats.retransform_batches = 3;
  f.stats.retransform_ms = 12.5;
  f.classes.push_back({"com/x/Foo", 7, 0x0123456789abcdefull, 5, {0, 3, 4}, 2, ""});
  f.classes.push_back({"com/x/Bar", 42, 42, 0, {}, 0, "not instrumented: x"});
  auto back = coverage::ParseCoverageJson(coverage::ToJson(f), "mem");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->mode, "ddst");
  EXPECT_EQ(back->pid, 77);
  EXPECT_EQ(back->stats.retransform_batches, 3);
  ASSERT_EQ(back->classes.size(), 2u);
  EXPECT_EQ(back->classes[0].hash, 0x0123456789abcdefull);
  EXPECT_EQ(back->classes[0].defined_hash, 7u);
  EXPECT_EQ(back->classes[0].covered, (std::vector<int32_t>{0, 3, 4}));
  EXPECT_EQ(back->classes[0].retransforms, 2);
  EXPECT_EQ(back->classes[1].note, "not instrumented: x");

  testutil::TempDir dir("covfile");
  const std::string path = (dir.path() / coverage::CoverageFileName(77)).string();
  ASSERT_TRUE(coverage::WriteCoverageFile(f, path).ok());
  auto read = coverage::ReadCoverageDir(dir.path().string());
  ASSERT_TRUE(read.ok()) << read.status();
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ((*read)[0].classes[0].name, "com/x/Foo");
}

TEST(CoverageFileTest, CorruptionErrors) {
  auto bad = coverage::ParseCoverageJson("{\"format\":\"other\"}", "f.json");
  EXPECT_EQ(bad.status().message(), "f.json: not a jtestgen coverage file");
  auto slot = coverage::ParseCoverageJson(
      R"({"format":"jtestgen-coverage","version":1,"classes":[{"name":"A","hash":"0000000000000001","slots":2,"covered":[2]}]})",
      "g.json");
  EXPECT_EQ(slot.status().message(), "g.json: A: slot 2 outside 0..1");
  EXPECT_FALSE(coverage::ParseCoverageJson("[1,", "h.json").ok());
  EXPECT_FALSE(coverage::HexToHash("12").has_value());
  EXPECT_EQ(coverage::HexToHash(coverage::HashToHex(99)), 99u);
  testutil::TempDir empty("covempty");
  EXPECT_EQ(coverage::ReadCoverageDir(empty.path().string()).status().code(),
            absl::StatusCode::kNotFound);
}

TEST(AgentOptionsTest, ParsesAndRejects) {
  auto o = agent::ParseAgentOptions("mode=ddst,includes=com.x.*:org.**,out=/tmp/c,interval_ms=50");
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->mode, agent::Mode::kDdst);
  EXPECT_EQ(o->includes, "com.x.*:org.**");
  EXPECT_EQ(o->interval_ms, 50);
  EXPECT_EQ(o->cache, "/tmp/c/cache");  // the default: beside the coverage
  auto h = agent::ParseAgentOptions("mode=tpc,includes=a.*,cache=/tmp/p,hot=5");
  ASSERT_TRUE(h.ok()) << h.status();
  EXPECT_EQ(h->mode, agent::Mode::kTpc);
  EXPECT_EQ(h->cache, "/tmp/p");
  EXPECT_EQ(h->hot_intervals, 5);
  EXPECT_EQ(agent::ParseAgentOptions("mode=fast,includes=a.*").status().message(),
            "agent option mode=fast: expected static, ddst, hst, tpc, plan, drop or fold");
  auto d = agent::ParseAgentOptions("mode=drop,includes=a.*");
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->mode, agent::Mode::kDrop);
  auto f = agent::ParseAgentOptions("mode=fold,includes=a.*");
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->mode, agent::Mode::kFold);
  EXPECT_EQ(agent::ModeName(f->mode), "fold");
  EXPECT_FALSE(agent::ParseAgentOptions("mode=hst,includes=a.*,hot=0").ok());
  EXPECT_EQ(h->max_retransforms, 1);  // the default
  auto u = agent::ParseAgentOptions("mode=ddst,includes=a.*,max_retransforms=0,duty=25");
  ASSERT_TRUE(u.ok()) << u.status();
  EXPECT_EQ(u->max_retransforms, 0);
  EXPECT_EQ(u->duty_percent, 25);
  EXPECT_FALSE(agent::ParseAgentOptions("mode=ddst,includes=a.*,duty=0").ok());
  EXPECT_FALSE(agent::ParseAgentOptions("mode=ddst,includes=a.*,max_retransforms=-1").ok());
  EXPECT_EQ(u->sweep_quiet_ms, 0);  // the default: no sweep
  auto sw = agent::ParseAgentOptions("mode=ddst,includes=a.*,sweep_quiet_ms=800");
  ASSERT_TRUE(sw.ok()) << sw.status();
  EXPECT_EQ(sw->sweep_quiet_ms, 800);
  EXPECT_TRUE(sw->hst_fold);  // the default
  auto hf = agent::ParseAgentOptions("mode=hst,includes=a.*,fold=0");
  ASSERT_TRUE(hf.ok()) << hf.status();
  EXPECT_FALSE(hf->hst_fold);
  EXPECT_EQ(agent::ParseAgentOptions("mode=hst,includes=a.*,fold=2").status().message(),
            "agent option fold must be 0 or 1, not '2'");
  EXPECT_EQ(agent::ParseAgentOptions("mode=ddst,includes=a.*,sweep_quiet_ms=-5").status().message(),
            "agent option sweep_quiet_ms=-5: expected 0..600000");
  EXPECT_FALSE(agent::ParseAgentOptions("mode=static").ok());  // no includes
  EXPECT_FALSE(agent::ParseAgentOptions("includes=a.*,colour=red").ok());
}

TEST(CoverCommandTest, AgentGoesRightAfterJava) {
  testutil::TempDir dir("agent");
  const fs::path agent = dir.path() / "libjtestgen_agent.so";
  ASSERT_TRUE(testutil::WriteBytes(agent, {1}));
  cover::CoverOptions o;
  o.includes = "com.x.*";
  o.mode = "ddst";
  o.out = (dir.path() / "cov").string();
  o.agent = agent.string();
  o.command = {"java", "-javaagent:other.jar", "-cp", "app.jar", "Main"};
  auto argv = cover::CoverArgv(o);
  ASSERT_TRUE(argv.ok()) << argv.status();
  ASSERT_EQ(argv->size(), 6u);
  EXPECT_EQ((*argv)[0], "java");
  EXPECT_EQ((*argv)[1],
            "-agentpath:" + agent.string() + "=mode=ddst,includes=com.x.*,out=" + o.out);
  EXPECT_EQ((*argv)[2], "-javaagent:other.jar");
  o.includes = "a.*,b.*";
  EXPECT_FALSE(cover::CoverArgv(o).ok());
  o.includes = "a.*";
  o.command.clear();
  EXPECT_FALSE(cover::CoverArgv(o).ok());
}

// A command's own exit status comes back, 127 included; only a command that cannot be
// started is an error (issue 21: exit status 127 was reported as "cannot run").
TEST(CoverCommandTest, ExitStatus127IsTheCommandsNotAFailureToStart) {
  testutil::TempDir dir("exit127");
  const fs::path agent = dir.path() / "libjtestgen_agent.so";
  ASSERT_TRUE(testutil::WriteBytes(agent, {1}));
  const fs::path script = dir.path() / "exits";
  ASSERT_TRUE(testutil::WriteBytes(
      script, std::vector<uint8_t>({'#', '!', '/', 'b', 'i', 'n', '/', 's', 'h', '\n', 'e', 'x',
                                    'i', 't', ' ', '1', '2', '7', '\n'})));
  fs::permissions(script, fs::perms::owner_all);
  cover::CoverOptions o;
  o.includes = "com.x.*";
  o.out = (dir.path() / "cov").string();
  o.agent = agent.string();
  o.command = {script.string()};
  auto status = cover::RunCover(o);
  ASSERT_TRUE(status.ok()) << status.status();
  EXPECT_EQ(*status, 127);
  o.command = {(dir.path() / "no-such-program").string()};
  auto missing = cover::RunCover(o);
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(absl::IsNotFound(missing.status())) << missing.status();  // the CLI exits 127
  EXPECT_NE(missing.status().message().find("cannot run"), std::string::npos);
}

TEST(ReportCountersTest, AllSlotsCoverEveryLineNoneCoverNothing) {
  const auto bytes = testutil::ReadBytes(fs::path(JTG_COVER_FIXTURES_DIR) / "cover/Branchy.class");
  instrument::Options o;
  o.probe_style = instrument::ProbeStyle::kArray;
  instrument::IdAllocator ids;
  auto plan = instrument::InstrumentBytes(bytes, "Branchy", o, ids);
  ASSERT_TRUE(plan.ok());
  std::set<int32_t> all;
  for (int32_t k = 0; k < plan->plan.probe_slots; ++k) all.insert(k);
  auto full = report::AnalyzeClass(bytes, all, plan->plan.probe_slots);
  ASSERT_TRUE(full.ok()) << full.status();
  ASSERT_TRUE(full->has_value());
  const report::Counters& c = (*full)->counters;
  EXPECT_EQ(c.line.missed, 0);
  EXPECT_GT(c.line.covered, 20);
  EXPECT_EQ(c.branch.missed, 0);
  EXPECT_EQ(c.instruction.missed, 0);
  EXPECT_EQ(c.method.covered, 7);  // run, classify, ifThen, day, sparse, parse, doWhileOnce
  EXPECT_EQ((*full)->source_file, "Branchy.java");

  auto none = report::AnalyzeClass(bytes, {}, plan->plan.probe_slots);
  ASSERT_TRUE(none.ok());
  EXPECT_EQ((*none)->counters.line.covered, 0);
  EXPECT_EQ((*none)->counters.line.missed, c.line.covered);
  EXPECT_EQ((*none)->counters.branch.missed, c.branch.covered);
  EXPECT_EQ((*none)->counters.klass.missed, 1);

  auto wrong = report::AnalyzeClass(bytes, {}, plan->plan.probe_slots + 1);
  EXPECT_EQ(wrong.status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(ReportCountersTest, AnOutcomeRecordedByItsTargetBlock) {
  const auto bytes = testutil::ReadBytes(fs::path(JTG_COVER_FIXTURES_DIR) / "cover/Branchy.class");
  instrument::Options o;
  o.probe_style = instrument::ProbeStyle::kArray;
  instrument::IdAllocator ids;
  auto plan = instrument::InstrumentBytes(bytes, "Branchy", o, ids);
  ASSERT_TRUE(plan.ok());
  // ifThen's first jump falls through into a block whose only predecessor it is: the
  // fall-through outcome has no slot of its own, the block's slot records it.
  for (const auto& m : plan->plan.methods) {
    if (m.name != "ifThen") continue;
    const int32_t fall = m.branches[0].id + 1;
    int32_t block = 0;
    for (const auto& [outcome, b] : m.outcome_via_block) {
      if (outcome == fall) block = b;
    }
    ASSERT_NE(block, 0);
    auto r = report::AnalyzeClass(bytes, {block - 1}, plan->plan.probe_slots);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ((*r)->counters.branch.covered, 1);
  }
}

// JaCoCo does not count the accessors, toString, hashCode and equals javac generates for a
// record (RecordsFilter); neither does the report. A record's own methods still count.
TEST(ReportCountersTest, TheMembersJavacGeneratesForARecordAreNotCounted) {
  const auto bytes =
      testutil::ReadBytes(fs::path(JTG_MODERN_DIR) / "release17/modern/Shapes$Rect.class");
  instrument::Options o;
  o.probe_style = instrument::ProbeStyle::kArray;
  instrument::IdAllocator ids;
  auto plan = instrument::InstrumentBytes(bytes, "modern/Shapes$Rect", o, ids);
  ASSERT_TRUE(plan.ok()) << plan.status();
  std::set<int32_t> all;
  for (int32_t k = 0; k < plan->plan.probe_slots; ++k) all.insert(k);
  auto r = report::AnalyzeClass(bytes, all, plan->plan.probe_slots);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->has_value());
  std::set<std::string> counted;
  for (const auto& m : (*r)->methods) counted.insert(m.name + m.descriptor);
  EXPECT_EQ(counted, (std::set<std::string>{"<init>(II)V", "isSquare()Z"}));
}

}  // namespace
}  // namespace jtg
