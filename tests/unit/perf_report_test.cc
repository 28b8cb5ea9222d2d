// The perf report (issue 25): ranking and merging (perf/ranking.h), sentences
// (report_wording.h), fix hints (fix_hints.h), the Markdown/HTML forms and the JSON contract's
// key order (report.h), and the printed summary (pipeline.h SummaryText). Plots:
// perf_plot_test.cc.
#include <algorithm>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "perf/fix_hints.h"
#include "perf/markdown_html.h"
#include "perf/pipeline.h"
#include "perf/ranking.h"
#include "perf/report.h"
#include "perf/report_wording.h"

namespace jtg::perf {
namespace {

constexpr const char* kLU = "org.apache.commons.collections.ListUtils";

// ListUtils.subtract as measured on commons-collections 3 (bench/perf-reports).
Finding Subtract() {
  Finding f;
  f.cls = kLU;
  f.method = "subtract(java.util.List,java.util.List)";
  f.kind = FindingKind::kRedundantTraversal;
  f.status = FindingStatus::kConfirmed;
  f.reason = "iterations grow with exponent 2.00 (r2 1.00)";
  f.loops = {{std::string(kLU) + ".subtract(java.util.List,java.util.List)", 105, 1},
             {"java.util.ArrayList.remove(java.lang.Object)", 623, 2}};
  f.sizes = {257, 513, 1025, 2049};
  f.iterations = {16512, 65792, 262656, 1049600};
  f.times_ms = {0.006742, 0.0208, 0.085724, 0.326974};
  f.exponent = 2.0;
  f.max_iterations = 1024;
  f.test = "ListUtilsPerfTest.subtract_disjointSecondLargerInputs";
  f.loop_inputs =
      "the outer loop (ListUtils.subtract, line 105) walks arg2; the inner loop "
      "(ArrayList.remove, line 623) walks arg1, once per element of arg2";
  return f;
}

Finding LongLoop(const std::string& method, int line, double size) {
  Finding f;
  f.cls = kLU;
  f.method = method + "(java.util.Collection)";
  f.kind = FindingKind::kLongLoop;
  f.status = FindingStatus::kConfirmed;
  f.reason = "one execution reached 1024 iterations (mu = 1024)";
  f.loops = {{std::string(kLU) + "." + f.method, line, 1}};
  f.sizes = {size / 8, size / 4, size / 2, size};
  f.iterations = f.sizes;
  f.exponent = 1.0;
  f.max_iterations = size;
  f.test = "ListUtilsPerfTest." + method + "_distinctElements";
  f.loop_inputs =
      "the loop (ListUtils." + method + ", line " + std::to_string(line) + ") walks arg1";
  return f;
}

PerfReport Report(std::vector<Finding> findings) {
  PerfReport r;
  r.cls = kLU;
  r.budget_s = 60;
  r.mu = 1024;
  r.findings = std::move(findings);
  return r;
}

TEST(PerfRanking, LikelyBugsFirstConfirmedFirstThenExponentThenCost) {
  Finding slow = Subtract();
  slow.times_ms = {0.06, 0.2, 0.8, 3.2};  // same exponent, costs more
  slow.loops[0].line = 200;
  Finding suspected = Subtract();
  suspected.status = FindingStatus::kSuspected;
  suspected.exponent = 2.5;
  suspected.loops[0].line = 300;
  Finding cubic = Subtract();
  cubic.exponent = 3.0;
  cubic.loops[0].line = 400;
  PerfReport r = Report({LongLoop("hashCodeForList", 215, 1024), suspected, Subtract(), slow, cubic,
                         LongLoop("isEqualList", 183, 2048)});
  std::vector<RankedFinding> ranked = RankAndMerge(r);
  ASSERT_EQ(ranked.size(), 6u);
  std::vector<int> lines;
  for (const RankedFinding& f : ranked) lines.push_back(f.finding.loops[0].line);
  // cubic, then the costlier quadratic, then the cheaper one, then the suspected one (even
  // with a higher exponent), then the long loops by iterations.
  EXPECT_EQ(lines, (std::vector<int>{400, 200, 105, 300, 183, 215}));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(ranked[i].category, Category::kLikelyBug) << i;
  EXPECT_EQ(ranked[4].category, Category::kStressTest);
  EXPECT_EQ(ranked[5].category, Category::kStressTest);
  for (size_t i = 0; i < ranked.size(); ++i) EXPECT_EQ(ranked[i].rank, static_cast<int>(i) + 1);
}

TEST(PerfRanking, CategoryFromIterationOrTimeExponent) {
  Finding linear = LongLoop("sum", 10, 1024);
  EXPECT_EQ(Categorize(linear, 1.1, 0.99), Category::kStressTest);
  // Linear iterations, but each iteration costs more as the input grows (a copy per element).
  EXPECT_EQ(Categorize(linear, 1.8, 0.99), Category::kLikelyBug);
  EXPECT_EQ(Categorize(linear, 1.8, 0.3), Category::kStressTest);  // noise, not growth
  linear.exponent = 2.7;  // iterations against an input with constant parts: not evidence
  EXPECT_EQ(Categorize(linear, std::nullopt, 0), Category::kStressTest);
  Finding nested = Subtract();
  nested.exponent = 1.02;  // a nested loop that grows linearly (the HashSet twin)
  EXPECT_EQ(Categorize(nested, 1.0, 1), Category::kStressTest);
  nested.exponent.reset();  // no fit: suspected nested loops stay likely bugs
  EXPECT_EQ(Categorize(nested, std::nullopt, 0), Category::kLikelyBug);
}

TEST(PerfRanking, TimeExponentFittedWhenThePipelineGaveNone) {
  std::vector<RankedFinding> ranked = RankAndMerge(Report({Subtract()}));
  ASSERT_TRUE(ranked[0].time_exponent.has_value());
  EXPECT_NEAR(*ranked[0].time_exponent, 1.86, 0.05);
  Finding given = Subtract();
  given.time_exponent = 1.5;
  given.time_r2 = 0.9;
  ranked = RankAndMerge(Report({given}));
  EXPECT_DOUBLE_EQ(*ranked[0].time_exponent, 1.5);
  EXPECT_DOUBLE_EQ(ranked[0].time_r2, 0.9);
}

TEST(PerfRanking, SameLoopsSameKindMergedStrongestKept) {
  Finding weaker = Subtract();  // a wrapper: the loops are subtract's
  weaker.method = "sum(java.util.List,java.util.List)";
  weaker.exponent = 2.01;  // higher, but the loops are not in sum itself
  weaker.test = "ListUtilsPerfTest.sum_3";
  std::reverse(weaker.loops.begin(), weaker.loops.end());  // order does not matter
  Finding suspected = Subtract();
  suspected.method = "sum(java.util.Collection,java.util.Collection)";
  suspected.status = FindingStatus::kSuspected;
  suspected.exponent = 2.4;  // higher, but not confirmed
  Finding other_line = Subtract();
  other_line.loops[1].line = 624;
  Finding long_loop = LongLoop("subtract", 105, 2049);  // same outer loop, other kind
  PerfReport r = Report({weaker, suspected, Subtract(), other_line, long_loop});
  std::vector<RankedFinding> ranked = RankAndMerge(r);
  ASSERT_EQ(ranked.size(), 3u);
  EXPECT_EQ(ranked[0].finding.method, "subtract(java.util.List,java.util.List)");
  EXPECT_EQ(ranked[0].finding.loops[1].line, 623);
  ASSERT_EQ(ranked[0].also.size(), 2u);
  EXPECT_EQ(ranked[0].also[0].entry, std::string(kLU) + ".sum(java.util.List,java.util.List)");
  EXPECT_EQ(ranked[0].also[0].test, "ListUtilsPerfTest.sum_3");
  EXPECT_EQ(ranked[0].also[1].status, FindingStatus::kSuspected);
  EXPECT_EQ(ranked[1].finding.loops[1].line, 624);
  EXPECT_TRUE(ranked[1].also.empty());
  EXPECT_EQ(ranked[2].finding.kind, FindingKind::kLongLoop);
  EXPECT_EQ(MergeKey(weaker), MergeKey(Subtract()));
  EXPECT_NE(MergeKey(long_loop), MergeKey(Subtract()));
}

TEST(PerfWording, QuadraticSentenceNamesInputsAndExtrapolates) {
  std::vector<RankedFinding> ranked = RankAndMerge(Report({Subtract()}));
  const std::string s = FindingSentence(ranked[0], 1024);
  EXPECT_EQ(s,
            "`ListUtils.subtract(List, List)` scans arg1 once per element of arg2 (the loop in "
            "`ArrayList.remove`, reached from the loop at ListUtils.java:105): "
            "O(|arg1|\xC2\xB7|arg2|); about 1,024 elements per input (2,049 in all) take 0.33 ms, "
            "100,000 per input would take about 3 s");
  // The larger exponent (iterations 2.0 over time 1.86): 0.327 ms * (200000 / 2049)^2 =
  // 3.1 s, "about 3 s".
  ASSERT_TRUE(ranked[0].estimate.has_value());
  EXPECT_TRUE(ranked[0].estimate->time);
  EXPECT_DOUBLE_EQ(ranked[0].estimate->target_size, 200000);
  EXPECT_NEAR(ranked[0].estimate->estimate / 1000, 3.12, 0.05);
  for (const char* jargon : {"mu", "r2", "WhiteSyn", "Glider", "Toddler", "no sized input"}) {
    EXPECT_EQ(s.find(jargon), std::string::npos) << jargon;
  }
}

TEST(PerfWording, QuadraticSentenceWithoutLoopInputsSaysWhatIsKnown) {
  Finding f = Subtract();
  f.loop_inputs =
      "the outer loop (ListUtils.subtract, line 105) walks no sized input; the inner loop "
      "(ArrayList.remove, line 623) walks no sized input";
  f.times_ms.clear();
  RankedFinding r = RankAndMerge(Report({f}))[0];
  std::string s = FindingSentence(r, 1024);
  EXPECT_EQ(s,
            "`ListUtils.subtract(List, List)` runs a loop inside another loop (the loop in "
            "`ArrayList.remove`, reached from the loop at ListUtils.java:105): quadratic growth "
            "of the iterations; 2,049 input elements in all make 1,049,600 loop iterations, 100 "
            "times as many (about 200,000) would make about 10 billion");
  f.loop_inputs.clear();
  s = FindingSentence(RankAndMerge(Report({f}))[0], 1024);
  EXPECT_EQ(s.find("no sized input"), std::string::npos) << s;
  EXPECT_NE(s.find("runs a loop inside another loop"), std::string::npos) << s;
  // Equal elements: the lookup stops early, so only the repetition is measured.
  f.loop_inputs =
      "the outer loop (ListUtils.subtract, line 105) walks arg1; the inner loop "
      "(ArrayList.remove, line 623) walks no sized input, once per element of arg1";
  s = FindingSentence(RankAndMerge(Report({f}))[0], 1024);
  EXPECT_EQ(s.rfind("`ListUtils.subtract(List, List)` runs an inner loop once per element of "
                    "arg1 (the loop in `ArrayList.remove`",
                    0),
            0u)
      << s;
}

TEST(PerfWording, LongLoopSentence) {
  RankedFinding r = RankAndMerge(Report({LongLoop("hashCodeForList", 215, 1024)}))[0];
  EXPECT_EQ(FindingSentence(r, 1024),
            "`ListUtils.hashCodeForList(Collection)` runs a loop (ListUtils.java:215) once per "
            "element of arg1: 1,024 iterations for 1,024 elements (linear)");
}

TEST(PerfWording, LongLoopOverOneOfSeveralInputs) {
  Finding f = LongLoop("subtract", 105, 8196);
  f.max_iterations = 2050;
  EXPECT_EQ(FindingSentence(RankAndMerge(Report({f}))[0], 1024),
            "`ListUtils.subtract(Collection)` runs a loop (ListUtils.java:105) once per element "
            "of arg1: 2,050 iterations in the largest test, which builds 8,196 input elements "
            "(linear)");
}

TEST(PerfWording, ParsesLoopInputs) {
  std::vector<LoopClause> c = ParseLoopInputs(
      "the outer loop (Foo.bar, line 12) walks arg2 (built from statement 13); the inner loop "
      "(ArrayList.indexOfRange, line 302) walks receiver and arg2, once per element of arg1");
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].role, "the outer loop");
  EXPECT_EQ(c[0].where, "Foo.bar");
  EXPECT_EQ(c[0].line, 12);
  EXPECT_EQ(c[0].walks, (std::vector<std::string>{"arg2"}));
  EXPECT_TRUE(c[0].per.empty());
  EXPECT_EQ(c[1].walks, (std::vector<std::string>{"the receiver", "arg2"}));
  EXPECT_EQ(c[1].per, (std::vector<std::string>{"arg1"}));
  EXPECT_TRUE(ParseLoopInputs("the loop (X.y, line 3) walks no sized input")[0].walks.empty());
}

TEST(PerfWording, NumbersRoundedForReading) {
  EXPECT_EQ(FormatCount(1049600), "1,049,600");
  EXPECT_EQ(FormatCount(999), "999");
  EXPECT_EQ(FormatMs(0.326974), "0.33 ms");
  EXPECT_EQ(FormatMs(4123), "4.1 s");
  EXPECT_EQ(FormatApproxDuration(37000), "about 40 s");
  EXPECT_EQ(FormatApproxDuration(150000), "about 3 min");
  EXPECT_EQ(FormatApproxDuration(0.42), "about 0.4 ms");
  EXPECT_EQ(FormatApproxDuration(5 * 3600e3), "about 5 h");
  EXPECT_EQ(FormatApproxCount(9.5e9), "about 10 billion");
  EXPECT_EQ(FormatApproxCount(41234), "about 40,000");
  EXPECT_EQ(GrowthWords(1.96), "quadratic");
  EXPECT_EQ(GrowthWords(1.7), "exponent 1.7");
  EXPECT_EQ(DisplayMethod("a.b.Outer$Inner", "m(java.util.Map$Entry,int[])"),
            "Outer.Inner.m(Map.Entry, int[])");
  EXPECT_EQ(DisplayMethod("java.util.HashMap", "values().removeAll(java.util.Collection)"),
            "HashMap.values().removeAll(Collection)");
}

TEST(PerfFixHints, KnownInnerLoopsMatch) {
  Finding f = Subtract();  // ArrayList.remove(Object) inside a loop
  ASSERT_TRUE(FixHint(f).has_value());
  EXPECT_NE(FixHint(f)->find("collect the kept elements into a new list"), std::string::npos);
  f.loops[1].method = "java.util.ArrayList.indexOfRange(java.lang.Object,int,int)";
  EXPECT_NE(FixHint(f)->find("HashSet"), std::string::npos);
  f.loops[1].method = "java.util.AbstractCollection.contains(java.lang.Object)";
  EXPECT_NE(FixHint(f)->find("HashSet"), std::string::npos);
  f.loops[1].method = "java.util.LinkedList.node(int)";
  EXPECT_NE(FixHint(f)->find("iterator"), std::string::npos);
  f.loops[1].method = "java.util.HashMap.getNode(java.lang.Object)";  // not a known pattern
  EXPECT_FALSE(FixHint(f).has_value());
  f.loops[1].method = "com.x.ArrayList.indexOf(java.lang.Object)";  // not the JDK's
  EXPECT_FALSE(FixHint(f).has_value());
  // A lone loop gets no hint: the pattern is a lookup inside a loop.
  Finding lone = Subtract();
  lone.loops.erase(lone.loops.begin());
  EXPECT_FALSE(FixHint(lone).has_value());
  for (const HintRule& rule : HintRules()) EXPECT_FALSE(rule.hint.empty());
}

TEST(PerfReportJson, ContractKeysFirstThenRankingKeys) {
  PerfReport r = Report({LongLoop("hashCodeForList", 215, 1024), Subtract()});
  Finding dup = Subtract();
  dup.method = "sum(java.util.List,java.util.List)";
  dup.exponent.reset();
  dup.test.reset();
  r.findings.push_back(dup);
  r.skipped.push_back({"baz()", "reaches no loop"});
  r.max_heap_mb = 2048;
  r.peak_rss_mb = 812.4;
  auto j = nlohmann::ordered_json::parse(ReportJson(r));
  std::vector<std::string> top;
  for (auto it = j.begin(); it != j.end(); ++it) top.push_back(it.key());
  EXPECT_EQ(top, (std::vector<std::string>{"class", "budget_s", "mu", "findings", "skipped",
                                           "dropped_not_involving_class", "version", "jdk",
                                           "max_heap_mb", "peak_rss_mb"}));
  ASSERT_EQ(j["findings"].size(), 2u);  // the duplicate merged
  std::vector<std::string> keys;
  for (auto it = j["findings"][0].begin(); it != j["findings"][0].end(); ++it) {
    keys.push_back(it.key());
  }
  const std::vector<std::string> contract{
      "class", "method",     "kind",     "status",   "reason",         "loops", "input_pattern",
      "sizes", "iterations", "times_ms", "exponent", "max_iterations", "test"};
  ASSERT_GE(keys.size(), contract.size());
  EXPECT_EQ(std::vector<std::string>(keys.begin(), keys.begin() + 13), contract);
  const std::vector<std::string> extra(keys.begin() + 13, keys.end());
  EXPECT_EQ(extra,
            (std::vector<std::string>{"loop_inputs", "rank", "category", "sentence", "fix_hint",
                                      "time_exponent", "estimate", "also_reached_from", "plot"}));
  const auto& bug = j["findings"][0];  // ranked first although listed second
  EXPECT_EQ(bug["method"], "subtract(java.util.List,java.util.List)");
  EXPECT_EQ(bug["rank"], 1);
  EXPECT_EQ(bug["category"], "likely-bug");
  EXPECT_EQ(bug["also_reached_from"][0]["method"],
            std::string(kLU) + ".sum(java.util.List,java.util.List)");
  EXPECT_TRUE(bug["also_reached_from"][0]["test"].is_null());
  EXPECT_EQ(bug["plot"], "perf-plots/1-ListUtils.subtract.svg");
  EXPECT_EQ(bug["estimate"]["elements"], 200000);
  EXPECT_EQ(j["findings"][1]["category"], "stress-test");
  EXPECT_TRUE(j["findings"][1]["fix_hint"].is_null());
  EXPECT_EQ(j["findings"][0]["loops"][1]["line"], 623);
  EXPECT_EQ(j["skipped"][0]["reason"], "reaches no loop");
}

TEST(PerfReportMarkdown, LikelyBugsFirstTermsOnceSkippedLast) {
  PerfReport r = Report({LongLoop("hashCodeForList", 215, 1024), Subtract()});
  r.skipped.push_back({"baz()", "reaches no loop"});
  r.max_heap_mb = 2048;
  r.peak_rss_mb = 812.4;
  const std::string md = ReportMarkdown(r);
  const size_t bugs = md.find("## Likely bugs"), stress = md.find("## Stress tests");
  const size_t terms = md.find("## Terms"), skipped = md.find("## Skipped");
  ASSERT_NE(bugs, std::string::npos);
  EXPECT_LT(bugs, stress);
  EXPECT_LT(stress, terms);
  EXPECT_LT(terms, skipped);
  EXPECT_EQ(md.find("## Terms", terms + 1), std::string::npos);
  EXPECT_NE(md.find("Heap limit 2048 MiB, peak resident memory 812 MiB."), std::string::npos);
  EXPECT_NE(
      md.find("![Iterations and time against input size](perf-plots/1-ListUtils.subtract.svg)"),
      std::string::npos);
  EXPECT_NE(md.find("[plot](perf-plots/1-ListUtils.subtract.svg)"), std::string::npos);
  EXPECT_NE(md.find("- Fix hint: collect the kept elements"), std::string::npos);
  // In the summary table the sentence's '|' is escaped, in the section it is not.
  EXPECT_NE(md.find("O(\\|arg1\\|"), std::string::npos);
  EXPECT_NE(md.find("O(|arg1|"), std::string::npos);
  EXPECT_NE(md.find("| 2049 | 1049600 | 0.327 |"), std::string::npos) << md;
  EXPECT_EQ(md.find(" mu "), std::string::npos);
}

TEST(PerfReportHtml, SameContentWithPlotsInlinedAndEscaped) {
  PerfReport r = Report({Subtract()});
  r.skipped.push_back({"<clinit>()", "a & b"});
  const std::string html = ReportHtml(r);
  EXPECT_NE(html.find("<svg xmlns"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_NE(html.find("<code>&lt;clinit&gt;()</code>: a &amp; b"), std::string::npos);
  EXPECT_NE(html.find("<h2 id=\"terms\">Terms</h2>"), std::string::npos);
  EXPECT_NE(html.find("O(|arg1|"), std::string::npos);
  EXPECT_EQ(html.find("\\|"), std::string::npos);  // escapes resolved
  EXPECT_EQ(InlineHtml("a \\<b\\> `x<y` **z** [t](u.svg)"),
            "a &lt;b&gt; <code>x&lt;y</code> <strong>z</strong> <a href=\"u.svg\">t</a>");
}

TEST(PerfSummary, LikelyBugsFirstLongLoopsCounted) {
  PerfReport r = Report(
      {LongLoop("hashCodeForList", 215, 1024), Subtract(), LongLoop("isEqualList", 183, 1024)});
  r.phases_s = {{"total", 12.34}};
  const std::string s = SummaryText(r, "/tmp/out");
  const size_t nl = s.find('\n');
  EXPECT_EQ(s.substr(0, nl),
            std::string("jtestgen perf ") + kLU +
                ": 1 likely bug(s) (1 confirmed), 2 stress test(s), 0 skipped, 12.3 s");
  const size_t nl2 = s.find('\n', nl + 1);
  EXPECT_EQ(
      s.substr(nl + 1, nl2 - nl - 1).rfind("  1. [confirmed] `ListUtils.subtract(List, List)`", 0),
      0u)
      << s;
  EXPECT_NE(s.find("  2 long loop(s) (stress-test information) in the report\n"),
            std::string::npos);
  EXPECT_EQ(s.find("hashCodeForList"), std::string::npos);
  EXPECT_NE(s.find("/tmp/out/perf-report.md"), std::string::npos);
}

}  // namespace
}  // namespace jtg::perf
