// HST and TPC data without a JVM (coverage/hst_profile.h, coverage/plan_cache.h): the
// per-method rule, profile merging and its file's round trip and errors, probe slots to
// methods, and the plan cache's round trip, key and corruption handling.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "classfile/class_file.h"
#include "coverage/class_hash.h"
#include "coverage/hst_profile.h"
#include "coverage/plan_cache.h"
#include "instrument/array_probes.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::coverage {
namespace {

namespace fs = std::filesystem;

TEST(HstRule, ProfiledMethodsFollowTheProfileOthersTheOnlineCount) {
  HstClassProfile p{"com/x/Foo", {0, 2, 3, 50}};
  // Profiled: DDST iff active >= hot; the online count does not matter.
  EXPECT_EQ(ChooseTechnique(&p, 0, 99, 3), Technique::kStatic);
  EXPECT_EQ(ChooseTechnique(&p, 1, 0, 3), Technique::kStatic);
  EXPECT_EQ(ChooseTechnique(&p, 2, 0, 3), Technique::kDemand);
  EXPECT_EQ(ChooseTechnique(&p, 3, 0, 3), Technique::kDemand);
  EXPECT_EQ(ChooseTechnique(&p, 3, 0, 51), Technique::kStatic);
  EXPECT_EQ(ChooseTechnique(&p, 7, 99, 3), Technique::kStatic);  // not in the profile
  // Not profiled: DDST once the method ran again after being covered.
  EXPECT_EQ(ChooseTechnique(nullptr, 0, 0, 3), Technique::kStatic);
  EXPECT_EQ(ChooseTechnique(nullptr, 0, 1, 3), Technique::kDemand);
}

TEST(HstProfileTest, MergeKeepsTheMaximumAndReplacesOtherShapes) {
  HstProfile p;
  MergeClassProfile(p, 1, {"A", {1, 5, 0}});
  MergeClassProfile(p, 1, {"A", {4, 2, 0}});
  EXPECT_EQ(p.classes.at(1).active, (std::vector<int32_t>{4, 5, 0}));
  MergeClassProfile(p, 1, {"A", {9}});  // a plan of another shape under the same hash
  EXPECT_EQ(p.classes.at(1).active, (std::vector<int32_t>{9}));
  MergeClassProfile(p, 2, {"B", {3}});
  EXPECT_EQ(p.classes.size(), 2u);
}

TEST(HstProfileTest, FileRoundTripAndErrors) {
  testutil::TempDir dir("hst");
  const std::string path = (dir.path() / kHstProfileFile).string();
  auto missing = ReadHstProfile(path);
  ASSERT_TRUE(missing.ok()) << missing.status();  // no file yet: an empty profile
  EXPECT_TRUE(missing->classes.empty());
  HstProfile p;
  p.runs = 2;
  p.interval_ms = 150;
  MergeClassProfile(p, 0xfedcba9876543210ull, {"com/x/Foo", {0, 7}});
  ASSERT_TRUE(WriteHstProfile(p, path).ok());
  auto back = ReadHstProfile(path);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->runs, 2);
  EXPECT_EQ(back->interval_ms, 150);
  ASSERT_EQ(back->classes.count(0xfedcba9876543210ull), 1u);
  EXPECT_EQ(back->classes.at(0xfedcba9876543210ull).name, "com/x/Foo");
  EXPECT_EQ(back->classes.at(0xfedcba9876543210ull).active, (std::vector<int32_t>{0, 7}));
  EXPECT_EQ(ToJson(*back), ToJson(p));

  EXPECT_EQ(ParseHstProfile("[]", "p").status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(
      ParseHstProfile(R"({"format": "jtestgen-coverage", "version": 1})", "p").status().message(),
      "p: not a jtestgen HST profile");
  EXPECT_EQ(ParseHstProfile(R"({"format": "jtestgen-hst-profile", "version": 1,
                                "classes": {"xyz": {"active": []}}})",
                            "p")
                .status()
                .message(),
            "p: class key 'xyz' is not a 16-digit hash");
  EXPECT_EQ(ParseHstProfile(R"({"format": "jtestgen-hst-profile", "version": 1,
                                "classes": {"0000000000000001": {"active": [-1]}}})",
                            "p")
                .status()
                .code(),
            absl::StatusCode::kDataLoss);
  std::ofstream(path) << "{ torn";
  EXPECT_EQ(ReadHstProfile(path).status().code(), absl::StatusCode::kDataLoss);
}

std::vector<uint8_t> Branchy() {
  return testutil::ReadBytes(fs::path(JTG_COVER_FIXTURES_DIR) / "cover/Branchy.class");
}

TEST(ProbeSlotMethodsTest, EverySlotBelongsToTheMethodOfItsGoal) {
  instrument::Options o;
  o.probe_style = instrument::ProbeStyle::kArray;
  instrument::IdAllocator ids;
  auto r = instrument::InstrumentBytes(Branchy(), "Branchy", o, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  const std::vector<int32_t> sm = instrument::ProbeSlotMethods(r->plan);
  ASSERT_EQ(sm.size(), static_cast<size_t>(r->plan.probe_slots));
  ASSERT_GT(sm.size(), 10u);
  for (size_t i = 0; i < r->plan.methods.size(); ++i) {
    for (const auto& b : r->plan.methods[i].blocks)
      EXPECT_EQ(sm[b.id - 1], static_cast<int32_t>(i));
    for (const auto& b : r->plan.methods[i].branches) {
      EXPECT_EQ(sm[b.id - 1], static_cast<int32_t>(i));
      EXPECT_EQ(sm[b.id], static_cast<int32_t>(i));
    }
  }
  // Slots are claimed in plan order: a method's slots come after the previous one's.
  EXPECT_TRUE(std::is_sorted(sm.begin(), sm.end()));
  EXPECT_EQ(std::count(sm.begin(), sm.end(), -1), 0);
}

TEST(PlanCacheTest, RoundTripKeyAndCorruption) {
  testutil::TempDir dir("tpc");
  const std::string d = (dir.path() / "plans").string();
  const std::vector<uint8_t> original = Branchy();
  const uint64_t hash = HashClassBytes(original);
  EXPECT_EQ(LoadPlan(d, hash).status().code(), absl::StatusCode::kNotFound);

  instrument::Options o;
  o.probe_style = instrument::ProbeStyle::kArray;
  instrument::IdAllocator ids;
  auto r = instrument::InstrumentBytes(original, "Branchy", o, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  CachedPlan p{r->plan.probe_slots, instrument::ProbeSlotMethods(r->plan), r->bytes};
  ASSERT_TRUE(StorePlan(d, hash, p).ok());
  auto back = LoadPlan(d, hash);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->slots, p.slots);
  EXPECT_EQ(back->slot_method, p.slot_method);
  EXPECT_EQ(back->bytes, p.bytes);

  // Changed class bytes have another hash: no plan, never a stale one.
  std::vector<uint8_t> changed = original;
  changed.push_back(0);
  EXPECT_EQ(LoadPlan(d, HashClassBytes(changed)).status().code(), absl::StatusCode::kNotFound);
  // A plan file copied under another key, or damaged, is refused by name.
  const std::string other = PlanCachePath(d, hash + 1);
  fs::copy_file(PlanCachePath(d, hash), other);
  EXPECT_EQ(LoadPlan(d, hash + 1).status().message(), other + ": planned for other class bytes");
  {
    std::fstream f(PlanCachePath(d, hash), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(200);
    f.put('\x7f');
  }
  EXPECT_EQ(LoadPlan(d, hash).status().code(), absl::StatusCode::kDataLoss);
  fs::resize_file(PlanCachePath(d, hash), 30);
  EXPECT_EQ(LoadPlan(d, hash).status().code(), absl::StatusCode::kDataLoss);
}

}  // namespace
}  // namespace jtg::coverage

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;

// A method whose full probes would pass HotSpot's 8000-byte limit gets compact probes, and
// every version of the class (any removal) has the same $jtgP methods.
TEST(CompactProbes, KeepANearLimitMethodUnderTheLimit) {
  const std::vector<uint8_t> bytes =
      testutil::ReadBytes(fs::path(JTG_COVER_FIXTURES_DIR) / "cover/Big.class");
  auto code_size = [](const std::vector<uint8_t>& b, std::string_view name) -> size_t {
    auto parsed = classfile::Parse(b, "Big");
    EXPECT_TRUE(parsed.ok()) << parsed.status();
    if (!parsed.ok()) return 0;
    const classfile::ClassFile& cls = parsed->cls;
    for (const auto& m : cls.methods) {
      if (cls.MethodName(m) == name && m.code) return m.code->code.size();
    }
    return 0;
  };
  auto count_compact = [](const std::vector<uint8_t>& b) {
    auto parsed = classfile::Parse(b, "Big");
    int n = 0;
    if (!parsed.ok()) return n;
    for (const auto& m : parsed->cls.methods) {
      n += parsed->cls.MethodName(m).starts_with(kCompactProbePrefix) ? 1 : 0;
    }
    return n;
  };
  const size_t original = code_size(bytes, "score");
  ASSERT_GT(original, 3500u);
  ASSERT_LE(original, kHugeMethodLimit);
  Options o;
  o.probe_style = ProbeStyle::kArray;
  IdAllocator ids;
  auto full = InstrumentBytes(bytes, "Big", o, ids);
  ASSERT_TRUE(full.ok()) << full.status();
  const size_t instrumented = code_size(full->bytes, "score");
  EXPECT_GT(instrumented, original + 1000);
  EXPECT_LE(instrumented, kHugeMethodLimit);
  const int methods = count_compact(full->bytes);
  EXPECT_GT(methods, 300);
  // Half the probes removed: same $jtgP methods, a smaller method.
  std::vector<bool> removed(static_cast<size_t>(full->plan.probe_slots));
  for (size_t i = 0; i < removed.size(); i += 2) removed[i] = true;
  o.array.removed = &removed;
  IdAllocator ids2;
  auto half = InstrumentBytes(bytes, "Big", o, ids2);
  ASSERT_TRUE(half.ok()) << half.status();
  EXPECT_EQ(count_compact(half->bytes), methods);
  EXPECT_LT(code_size(half->bytes, "score"), instrumented);
}

}  // namespace
}  // namespace jtg::instrument
