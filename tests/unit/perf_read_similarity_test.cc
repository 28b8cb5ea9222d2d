// Toddler's similarity judgement (perf/read_similarity.h) on hand-made traces, the read
// probes' placement (instrument/read_probes.h) on tests/fixtures/perf/Grid.java without a
// JVM, and the report's "repeated_reads" key. The oracle in a running JVM (retransforming
// java.util.ArrayList) is tested in tests/jdk_count/read_oracle_test.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "analysis/cfg.h"
#include "analysis/loops.h"
#include "classfile/class_file.h"
#include "instrument/read_probes.h"
#include "instrument_test_util.h"
#include "jvm/coverage_transformer.h"
#include "nlohmann/json.hpp"
#include "perf/read_similarity.h"
#include "perf/report.h"

namespace jtg::perf {
namespace {

// `executions` executions, execution k reading `reads(k)` at site 0, one read per iteration.
template <typename F>
ReadTrace Trace(int executions, F reads) {
  ReadTrace t;
  for (int k = 0; k < executions; ++k) {
    t.events.push_back({ReadEvent::kNewExecution, 0});
    std::vector<int64_t> vs = reads(k);
    for (int64_t v : vs) {
      t.events.push_back({0, v});
      t.events.push_back({ReadEvent::kNewIteration, 0});
    }
  }
  return t;
}

std::vector<int64_t> Range(int64_t from, int64_t count) {
  std::vector<int64_t> v;
  for (int64_t i = 0; i < count; ++i) v.push_back(from + i);
  return v;
}

TEST(SequenceSimilarity, LongestCommonSubsequenceOverTheLonger) {
  std::vector<int64_t> a = {1, 2, 3, 4}, b = {1, 3, 4, 5}, c = {9, 8};
  EXPECT_DOUBLE_EQ(SequenceSimilarity(a, a), 1.0);
  EXPECT_DOUBLE_EQ(SequenceSimilarity(a, b), 0.75);
  EXPECT_DOUBLE_EQ(SequenceSimilarity(a, c), 0.0);
  std::vector<int64_t> prefix = {1, 2, 3};
  EXPECT_DOUBLE_EQ(SequenceSimilarity(prefix, a), 0.75);
  EXPECT_DOUBLE_EQ(SequenceSimilarity({}, {}), 1.0);
  EXPECT_DOUBLE_EQ(SequenceSimilarity(a, {}), 0.0);
  // Only the leading max_compared values count.
  std::vector<int64_t> d = {1, 2, 7, 7};
  EXPECT_DOUBLE_EQ(SequenceSimilarity(a, d, 2), 1.0);
}

TEST(JudgeReads, SameElementsInEveryExecutionAreSimilar) {
  // Utils.subtract over disjoint lists: every scan reads the same 20 elements.
  ReadTrace t = Trace(20, [](int) { return Range(100, 20); });
  ReadRedundancy r = JudgeReads(t, {"Object[] element, line 306"}, "the inner loop", 20);
  EXPECT_TRUE(r.applicable) << r.summary;
  EXPECT_TRUE(r.similar) << r.summary;
  EXPECT_EQ(r.executions, 20);
  EXPECT_EQ(r.analysed, 20);
  EXPECT_EQ(r.repeated, 19);
  EXPECT_DOUBLE_EQ(r.repeated_fraction, 1.0);
  EXPECT_DOUBLE_EQ(r.iterations_per_execution, 20);
  EXPECT_DOUBLE_EQ(r.reads_per_execution, 20);
  EXPECT_EQ(r.site, "Object[] element, line 306");
  EXPECT_NE(r.summary.find("re-reads a similar sequence of 20 values"), std::string::npos)
      << r.summary;
  EXPECT_NE(r.summary.find("in 19 of 19 later executions"), std::string::npos) << r.summary;
}

TEST(JudgeReads, GrowingPrefixIsSimilarDisjointRowsAreNot) {
  // Triangular loop: execution k reads values 0..k-1 (one more than the previous one).
  ReadRedundancy tri = JudgeReads(Trace(30, [](int k) { return Range(0, k); }), {}, "L", 30);
  EXPECT_TRUE(tri.similar) << tri.summary;
  EXPECT_EQ(tri.executions, 30);
  EXPECT_EQ(tri.analysed, 23);  // k >= 7
  EXPECT_EQ(tri.repeated, 22);
  // Matrix rows: execution k reads row k's own cells.
  ReadRedundancy rows = JudgeReads(Trace(16, [](int k) { return Range(16 * k, 16); }), {}, "L", 16);
  EXPECT_TRUE(rows.applicable) << rows.summary;
  EXPECT_FALSE(rows.similar) << rows.summary;
  EXPECT_EQ(rows.repeated, 0);
  EXPECT_NE(rows.summary.find("reads differ"), std::string::npos) << rows.summary;
}

TEST(JudgeReads, ThresholdsAreConfigurable) {
  // Half of each row is shared with the previous one: LCS / length = 0.5.
  ReadTrace t = Trace(12, [](int k) { return Range(8 * k, 16); });
  EXPECT_FALSE(JudgeReads(t, {}, "L", 12).similar);  // default sequence similarity 0.7
  SimilarityOptions o;
  o.sequence_similarity = 0.5;
  EXPECT_TRUE(JudgeReads(t, {}, "L", 12, o).similar);
  o.repeated_fraction = 1.01;  // never enough
  EXPECT_FALSE(JudgeReads(t, {}, "L", 12, o).similar);
}

TEST(JudgeReads, ShortLoopsAreNotAnalysed) {
  // 6 iterations per execution (HashMap bins, short scans): below Toddler's 7.
  ReadRedundancy shortInner = JudgeReads(Trace(50, [](int) { return Range(0, 6); }), {}, "L", 50);
  EXPECT_FALSE(shortInner.applicable);
  EXPECT_FALSE(shortInner.similar);
  EXPECT_EQ(shortInner.executions, 50);
  EXPECT_EQ(shortInner.analysed, 0);
  EXPECT_NE(shortInner.summary.find("not applicable"), std::string::npos);
  // 6 executions of a long loop (the outer loop ran < 7 times).
  ReadRedundancy fewOuter = JudgeReads(Trace(6, [](int) { return Range(0, 50); }), {}, "L", 6);
  EXPECT_FALSE(fewOuter.applicable);
  EXPECT_EQ(fewOuter.analysed, 6);
  // No trace at all.
  EXPECT_FALSE(JudgeReads(ReadTrace{}, {}, "L", 1).applicable);
}

TEST(JudgeReads, ConstantSitesDoNotDecideWhenATraversalSiteExists) {
  // Site 0: a loop bound field, the same value in every iteration of every execution.
  // Site 1: each execution reads new cells. Not similar although site 0 repeats.
  ReadTrace t;
  for (int k = 0; k < 10; ++k) {
    t.events.push_back({ReadEvent::kNewExecution, 0});
    for (int i = 0; i < 10; ++i) {
      t.events.push_back({0, 42});
      t.events.push_back({1, 100 * k + i});
      t.events.push_back({ReadEvent::kNewIteration, 0});
    }
  }
  ReadRedundancy r = JudgeReads(t, {"field a.B.size, line 3", "int[] element, line 4"}, "L", 10);
  EXPECT_TRUE(r.applicable);
  EXPECT_FALSE(r.similar) << r.summary;
  EXPECT_EQ(r.site, "int[] element, line 4");
  // Without the traversal site, the constant one is judged (and repeats).
  ReadTrace only_bound;
  for (const ReadEvent& e : t.events) {
    if (e.tag != 1) only_bound.events.push_back(e);
  }
  ReadRedundancy b = JudgeReads(only_bound, {"field a.B.size, line 3"}, "L", 10);
  EXPECT_TRUE(b.similar) << b.summary;
  EXPECT_EQ(b.site, "field a.B.size, line 3");
}

// Read probes on Grid.total's inner loop, checked on the bytes (the JVM test runs them).
TEST(ReadProbes, ProbesTheInnerLoopsReadsOnly) {
  std::vector<uint8_t> bytes =
      testutil::ReadBytes(std::string(JTG_FIXTURES_DIR) + "/fixtures/perf/Grid.class");
  ASSERT_FALSE(bytes.empty());
  auto parsed = classfile::Parse(bytes, "Grid");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  const classfile::MethodInfo* total = nullptr;
  for (const auto& m : parsed->cls.methods) {
    if (parsed->cls.MethodName(m) == "total") total = &m;
  }
  ASSERT_NE(total, nullptr);
  auto cfg = analysis::BuildCfg(*total->code);
  ASSERT_TRUE(cfg.ok());
  analysis::LoopForest forest = analysis::FindLoops(*cfg, total->code->lines);
  ASSERT_EQ(forest.loops.size(), 2u);
  const analysis::Loop& inner = forest.loops[1];
  ASSERT_EQ(inner.depth, 2);

  auto probed =
      instrument::InstrumentLoopReads(bytes, "Grid", {"total", "()J", inner.header_offset});
  ASSERT_TRUE(probed.ok()) << probed.status();
  EXPECT_EQ(probed->tails, 1);
  EXPECT_EQ(probed->loop_line, inner.line);
  // c < cols, s += cells[r * cols + c]: getfield cols, getfield cells, getfield cols, iaload.
  std::vector<std::string> what;
  for (const auto& s : probed->sites) what.push_back(s.what);
  EXPECT_EQ(what,
            (std::vector<std::string>{"fixtures/perf/Grid.cols:I", "fixtures/perf/Grid.cells:[I",
                                      "fixtures/perf/Grid.cols:I", "int[] element"}));
  for (size_t i = 0; i < probed->sites.size(); ++i) {
    EXPECT_EQ(probed->sites[i].id, static_cast<int32_t>(i));
    EXPECT_GT(probed->sites[i].line, 0);
  }
  // The rewritten class parses, the loop keeps its shape, and max_stack grew by at most 3.
  auto again = classfile::Parse(probed->bytes, "Grid'");
  ASSERT_TRUE(again.ok()) << again.status();
  for (const auto& m : again->cls.methods) {
    if (again->cls.MethodName(m) != "total") continue;
    EXPECT_GT(m.code->code.size(), total->code->code.size());
    EXPECT_LE(m.code->max_stack, total->code->max_stack + 3);
    auto cfg2 = analysis::BuildCfg(*m.code);
    ASSERT_TRUE(cfg2.ok());
    EXPECT_EQ(analysis::FindLoops(*cfg2, m.code->lines).loops.size(), 2u);
  }
  // No loop there: NotFound.
  auto none = instrument::InstrumentLoopReads(bytes, "Grid", {"total", "()J", 0});
  EXPECT_TRUE(absl::IsNotFound(none.status())) << none.status();
  auto no_method = instrument::InstrumentLoopReads(bytes, "Grid", {"nope", "()V", 0});
  EXPECT_TRUE(absl::IsNotFound(no_method.status())) << no_method.status();
}

// The transformer serves an override on a retransform of a class it instrumented, and its
// cached counting bytes again once the override is cleared (the oracle's swap and restore).
TEST(ReadProbes, TransformerServesOverrideThenCachedBytes) {
  std::vector<uint8_t> bytes =
      testutil::ReadBytes(std::string(JTG_FIXTURES_DIR) + "/fixtures/perf/Grid.class");
  ASSERT_FALSE(bytes.empty());
  jvm::CoverageTransformer t;
  t.CountJdkClasses({});  // counting mode: original and instrumented bytes are kept
  std::vector<uint8_t> override_bytes = {1, 2, 3};
  t.SetOverride("fixtures/perf/Grid", override_bytes);  // not instrumented yet: no effect
  auto first = t.Transform("fixtures/perf/Grid", false, bytes);
  ASSERT_TRUE(first.has_value());
  EXPECT_NE(*first, override_bytes);
  EXPECT_EQ(t.Transform("fixtures/perf/Grid", false, bytes), override_bytes);
  t.ClearOverride("fixtures/perf/Grid");
  EXPECT_EQ(t.Transform("fixtures/perf/Grid", false, bytes), first);
  EXPECT_EQ(t.OriginalBytes("fixtures/perf/Grid"), bytes);
}

TEST(PerfReport, RepeatedReadsComeAfterTheContractKeys) {
  PerfReport r;
  r.cls = "C";
  Finding f;
  f.kind = FindingKind::kRedundantTraversal;
  ReadRedundancy rr;
  rr.applicable = true;
  rr.similar = true;
  rr.n = 64;
  rr.executions = 64;
  rr.analysed = 64;
  rr.repeated = 63;
  rr.site = "Object[] element, line 306";
  rr.summary = "reads repeat: ...";
  f.reads = rr;
  r.findings.push_back(f);
  auto j = nlohmann::ordered_json::parse(ReportJson(r));
  std::vector<std::string> keys;
  for (auto it = j["findings"][0].begin(); it != j["findings"][0].end(); ++it)
    keys.push_back(it.key());
  // Right after the contract's last key; the ranking's keys (report.h) follow.
  auto test = std::find(keys.begin(), keys.end(), "test");
  ASSERT_NE(test, keys.end());
  ASSERT_NE(test + 1, keys.end());
  EXPECT_EQ(*(test + 1), "repeated_reads");
  EXPECT_EQ(j["findings"][0]["repeated_reads"]["similar"], true);
  EXPECT_EQ(j["findings"][0]["repeated_reads"]["repeated"], 63);
  EXPECT_NE(ReportMarkdown(r).find(
                "- Repeated reads: the inner loop reads the same values again; reads repeat"),
            std::string::npos);
}

}  // namespace
}  // namespace jtg::perf
