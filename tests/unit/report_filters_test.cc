// report/javac_filters.h on cover.Cleanup (tests/fixtures_cover): javac's copies of finally
// blocks and of synchronized's monitorexit count once, its rethrowing handler code not at
// all (nor try-with-resources' closing handler), and other code is left as it is.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "analysis/cfg.h"
#include "classfile/class_file.h"
#include "instrument_test_util.h"
#include "report/javac_filters.h"

namespace jtg::report {
namespace {

namespace fs = std::filesystem;

struct Filtered {
  analysis::Cfg cfg;
  InsnFilter filter;
};

Filtered FilterMethod(std::string_view method) {
  static const auto bytes =
      testutil::ReadBytes(fs::path(JTG_COVER_FIXTURES_DIR) / "cover/Cleanup.class");
  auto parsed = classfile::Parse(bytes, "Cleanup");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  for (const auto& m : parsed->cls.methods) {
    if (parsed->cls.MethodName(m) != method || !m.code) continue;
    auto cfg = analysis::BuildCfg(*m.code);
    EXPECT_TRUE(cfg.ok()) << cfg.status();
    InsnFilter f = FilterJavacDuplicates(*m.code, *cfg, &parsed->cls.cp);
    return {*std::move(cfg), std::move(f)};
  }
  ADD_FAILURE() << "no method " << method;
  return {};
}

// Reps of the instructions with `opcode`, and how many of them there are.
std::pair<std::set<int32_t>, int> RepsOf(const Filtered& f, uint8_t opcode) {
  std::set<int32_t> reps;
  int count = 0;
  for (size_t i = 0; i < f.cfg.insns.size(); ++i) {
    if (f.cfg.insns[i].opcode != opcode) continue;
    ++count;
    reps.insert(f.filter.rep[i]);
  }
  return {reps, count};
}

int Ignored(const Filtered& f) {
  return static_cast<int>(
      std::count(f.filter.rep.begin(), f.filter.rep.end(), InsnFilter::kIgnored));
}

constexpr uint8_t kPutstatic = 0xb3, kMonitorexit = 0xc3, kAthrow = 0xbf;

TEST(ReportFiltersTest, AFinallyBlockCopiedThreeTimesCountsOnce) {
  const Filtered f = FilterMethod("withFinally");
  ASSERT_EQ(f.filter.rep.size(), f.cfg.insns.size());
  // closed++ and closed-- in each of the three copies (two exits and the handler).
  auto [reps, count] = RepsOf(f, kPutstatic);
  EXPECT_EQ(count, 6);
  EXPECT_EQ(reps.size(), 2u);
  EXPECT_FALSE(reps.contains(InsnFilter::kIgnored));
  EXPECT_EQ(Ignored(f), 3);  // the handler's astore, aload and athrow
  auto [throws, n] = RepsOf(f, kAthrow);
  EXPECT_EQ(throws, std::set<int32_t>{InsnFilter::kIgnored});
}

TEST(ReportFiltersTest, FinallyAfterACatchAndAReturnCountsOnce) {
  const Filtered f = FilterMethod("withCatchAndFinally");
  auto [reps, count] = RepsOf(f, kPutstatic);
  EXPECT_EQ(count, 3);  // after the try's return, after the catch's, in the handler
  EXPECT_EQ(reps.size(), 1u);
  EXPECT_EQ(Ignored(f), 3);
}

TEST(ReportFiltersTest, SynchronizedsMonitorexitCountsOnce) {
  const Filtered f = FilterMethod("run");
  auto [reps, count] = RepsOf(f, kMonitorexit);
  EXPECT_EQ(count, 2);  // normal exit and the handler
  EXPECT_EQ(reps.size(), 1u);
  EXPECT_EQ(Ignored(f), 3);
}

TEST(ReportFiltersTest, TryWithResourcesClosingHandlerIsIgnored) {
  const Filtered f = FilterMethod("withResource");
  constexpr uint8_t kInvokevirtual = 0xb6;
  // Only read() counts: close() on the normal path and in the Throwable handler, and
  // addSuppressed(), are javac's.
  int counted_calls = 0, ignored_calls = 0;
  for (size_t i = 0; i < f.cfg.insns.size(); ++i) {
    if (f.cfg.insns[i].opcode != kInvokevirtual) continue;
    (f.filter.rep[i] == InsnFilter::kIgnored ? ignored_calls : counted_calls) += 1;
  }
  EXPECT_EQ(ignored_calls, 3);
  EXPECT_EQ(counted_calls, 1);
  auto [throws, n] = RepsOf(f, kAthrow);
  EXPECT_EQ(throws, std::set<int32_t>{InsnFilter::kIgnored});
}

TEST(ReportFiltersTest, CodeWithoutFinallyIsLeftAsItIs) {
  for (const char* method : {"<init>", "<clinit>"}) {
    const Filtered f = FilterMethod(method);
    for (size_t i = 0; i < f.filter.rep.size(); ++i) {
      EXPECT_EQ(f.filter.rep[i], static_cast<int32_t>(i)) << method << " insn " << i;
    }
  }
}

}  // namespace
}  // namespace jtg::report
