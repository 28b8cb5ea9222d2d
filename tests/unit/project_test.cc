// Whole-project runs (src/project): class selection, the resume rule, progress lines, the
// summary and the children's command lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "classpath/classpath.h"
#include "common/step_note.h"
#include "project/child.h"
#include "project/child_args.h"
#include "project/class_job.h"
#include "project/class_selection.h"
#include "project/progress.h"
#include "project/summary.h"

namespace jtg::project {
namespace {

namespace fs = std::filesystem;

fs::path TempDir(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("jtg_project_test_" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

bool Has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(ClassSelection, ReasonsForClassesWithoutTestsOfTheirOwn) {
  EXPECT_EQ(NotTestableReason("a.b.C", 0x0021), "");
  EXPECT_EQ(NotTestableReason("a.b.I", 0x0601), "interface");
  EXPECT_EQ(NotTestableReason("a.b.A", 0x2601), "annotation");
  EXPECT_EQ(NotTestableReason("a.b.C$1", 0x1020), "anonymous or local class");
  EXPECT_EQ(NotTestableReason("a.b.C$In", 0x0021), "nested class (tested with a.b.C)");
  EXPECT_EQ(NotTestableReason("a.b.P", 0x0020), "");  // package-private: tested in its package
  EXPECT_EQ(NotTestableReason("a.b.package-info", 0x1600), "package or module info");
}

TEST(ClassSelection, PatternsPickAndExclude) {
  const std::string dir = std::string(JTG_FIXTURES_DIR);
  auto sel = SelectClasses(dir, "fixtures.inherit.*", "fixtures.inherit.Base");
  ASSERT_TRUE(sel.ok()) << sel.status();
  EXPECT_TRUE(Has(sel->classes, "fixtures.inherit.Child"));
  EXPECT_FALSE(Has(sel->classes, "fixtures.inherit.Base"));  // excluded
  EXPECT_TRUE(std::is_sorted(sel->classes.begin(), sel->classes.end()));
  for (const auto& c : sel->classes) EXPECT_EQ(c.rfind("fixtures.inherit.", 0), 0u) << c;
  bool nested = false;
  for (const auto& n : sel->not_testable) {
    if (n.cls == "fixtures.inherit.Decorator$Hidden") {
      nested = true;
      EXPECT_EQ(n.reason, "nested class (tested with fixtures.inherit.Decorator)");
    }
  }
  EXPECT_TRUE(nested);
  auto none = SelectClasses(dir, "no.such.**", "");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("no.such.**"), std::string::npos);
  EXPECT_FALSE(SelectClasses("/no/such/dir", "**", "").ok());
}

TEST(ClassJob, StampIsKeyedByOptionsAndBytes) {
  auto cp = classpath::Classpath::Open(JTG_FIXTURES_DIR);
  ASSERT_TRUE(cp.ok());
  fs::path dir = TempDir("stamp");
  ClassJob a = MakeJob(*cp, "fixtures.inherit.Child", dir.string(),
                       "--seed\x1f"
                       "1");
  ClassJob b = MakeJob(*cp, "fixtures.inherit.Child", dir.string(),
                       "--seed\x1f"
                       "2");
  ClassJob c = MakeJob(*cp, "fixtures.inherit.Base", dir.string(),
                       "--seed\x1f"
                       "1");
  EXPECT_EQ(a.key.size(), 16u);
  EXPECT_NE(a.key, b.key);
  EXPECT_NE(a.key, c.key);
  EXPECT_EQ(a.state_dir, (dir / ".jtestgen" / "fixtures.inherit.Child").string());
  fs::create_directories(a.state_dir);
  EXPECT_FALSE(Unchanged(a).has_value());
  ASSERT_TRUE(WriteStamp(a, 12.5).ok());
  ASSERT_TRUE(Unchanged(a).has_value());
  EXPECT_DOUBLE_EQ(*Unchanged(a), 12.5);
  EXPECT_FALSE(Unchanged(b).has_value());  // same folder, other options
  ClearStamp(a);
  EXPECT_FALSE(Unchanged(a).has_value());
  // A failure is kept for its key, with its reason on one line, until the stamp is cleared.
  EXPECT_FALSE(FailedBefore(a).has_value());
  ASSERT_TRUE(WriteFailedStamp(a, "the run passed its time bound\nof 140 s").ok());
  ASSERT_TRUE(FailedBefore(a).has_value());
  EXPECT_EQ(*FailedBefore(a), "the run passed its time bound of 140 s");
  EXPECT_FALSE(FailedBefore(b).has_value());  // other options: run again
  EXPECT_FALSE(Unchanged(a).has_value());     // a failure is not a success
  ClearStamp(a);
  EXPECT_FALSE(FailedBefore(a).has_value());
  ClassJob missing = MakeJob(*cp, "fixtures.NoSuch", dir.string(), "");
  EXPECT_TRUE(missing.key.empty());
  EXPECT_FALSE(Unchanged(missing).has_value());
  EXPECT_TRUE(WriteFailedStamp(missing, "x").ok());  // unknown bytes: nothing kept
  EXPECT_FALSE(FailedBefore(missing).has_value());
}

TEST(Progress, LinesNameClassStepCoverageAndTime) {
  Progress p(4, 2, 60, /*live=*/false, /*quiet=*/true, stderr);
  EXPECT_EQ(p.LiveLine({}, 5), "[0/4] · 0:05 elapsed · ~2:30 left");  // 4 x 75 s / 2
  nlohmann::json row = {{"class", "a.B"},
                        {"status", "generated"},
                        {"tests", 3},
                        {"branches", {{"covered", 4}, {"total", 8}}},
                        {"time_s", 40.0}};
  p.ClassDone(row, true);
  EXPECT_EQ(p.DoneLine(row), "[1/4] a.B: generated, 3 tests, branches 4/8, 40.0 s");
  EXPECT_EQ(p.LiveLine({{"a.C", "validating"}, {"a.D", ""}}, 61),
            "[1/4] a.C (validating) +1 more · branches 4/8 · 1:01 elapsed · ~1:00 left");
  nlohmann::json failed = {
      {"class", "a.E"}, {"status", "failed"}, {"reason", "x"}, {"time_s", 1.0}};
  p.ClassDone(failed, true);
  EXPECT_EQ(p.DoneLine(failed), "[2/4] a.E: failed (x), 1.0 s");
  EXPECT_EQ(ClockText(3725), "1:02:05");
}

TEST(Progress, PlainOutputHasAHeartbeatWhileClassesRun) {
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* out = open_memstream(&buf, &len);
  ASSERT_NE(out, nullptr);
  Progress p(2, 1, 60, /*live=*/false, /*quiet=*/false, out);
  p.Redraw({{"a.B", "searching"}}, 10);   // too early
  p.Redraw({}, 45);                       // nothing runs
  p.Redraw({{"a.B", "validating"}}, 31);  // the first heartbeat
  p.Redraw({{"a.B", "validating"}}, 50);  // too soon after it
  p.Redraw({{"a.B", "reviewing"}}, 62);
  std::fclose(out);
  const std::string text(buf, len);
  std::free(buf);
  EXPECT_EQ(text,
            "[0/2] a.B (validating) · 0:31 elapsed · ~2:30 left\n"
            "[0/2] a.B (reviewing) · 1:02 elapsed · ~2:30 left\n");
}

TEST(Summary, RowsFromReportsAndTotals) {
  fs::path r = TempDir("summary");
  fs::path state = r / ".jtestgen" / "a.B";
  fs::create_directories(state);
  std::ofstream(state / "jtestgen-report.json")
      << R"({"tests": 5, "dropped_tests": 1, "test_file": ")" << (r / "a/BJtgTest.java").string()
      << R"(", "branches": {"covered": 3, "total": 4}, "lines": {"covered": 9, "total": 10},
          "weak_mutation": {"killed": 2, "total": 5},
          "strong_mutation": {"killed": 1, "total": 4, "complete": true},
          "not_built": {"types": [{"type": "java.io.File"}]}, "exiting_methods": []})";
  nlohmann::json ok =
      ClassRow({"a.B", ClassStatus::kGenerated, "", 12.34, state.string()}, false, r.string());
  EXPECT_EQ(ok["test_file"], "a/BJtgTest.java");
  EXPECT_EQ(ok["report"], ".jtestgen/a.B/jtestgen-report.json");
  EXPECT_EQ(ok["tests"], 5);
  EXPECT_EQ(ok["blamed"], nlohmann::json::array({"not built: java.io.File"}));
  EXPECT_DOUBLE_EQ(ok["time_s"].get<double>(), 12.3);
  nlohmann::json bad = ClassRow(
      {"a.C", ClassStatus::kFailed, "javac failed", 3, (r / "x").string()}, false, r.string());
  EXPECT_EQ(bad["reason"], "javac failed");
  EXPECT_FALSE(bad.contains("tests"));
  SummaryHeader h{false, "2026-11-27T00:00:00Z", 20, 60, 7, 2, 5};
  nlohmann::json s = BuildSummary(h, {ok, bad}, {{"a.I", "interface"}});
  EXPECT_EQ(s["command"], "suite");
  EXPECT_EQ(s["options"]["seed"], 7);
  EXPECT_EQ(s["totals"]["classes"], 2);
  EXPECT_EQ(s["totals"]["generated"], 1);
  EXPECT_EQ(s["totals"]["failed"], 1);
  EXPECT_EQ(s["totals"]["tests"], 5);
  EXPECT_EQ(s["totals"]["branches"]["covered"], 3);
  EXPECT_EQ(s["totals"]["weak_mutation"]["total"], 5);
  EXPECT_EQ(s["totals"]["strong_mutation"]["killed"], 1);
  EXPECT_EQ(s["totals"]["strong_mutation"]["total"], 4);
  EXPECT_EQ(s["not_testable"][0]["reason"], "interface");
  ASSERT_TRUE(WriteSummary(s, r.string()).ok());
  EXPECT_TRUE(fs::exists(r / "jtestgen-summary.json"));
  EXPECT_TRUE(fs::exists(r / "jtestgen-summary.html"));
}

TEST(ChildArgs, EveryOptionThatShapesTheOutput) {
  suite::SuiteOptions o;
  o.budget_seconds = 7.5;
  o.iterations = 300;
  o.solver = false;
  o.jdk_impls = {"java.util.List=java.util.LinkedList"};
  std::vector<std::string> a = SuiteChildArgs(o);
  auto after = [&](const std::string& flag) {
    auto it = std::find(a.begin(), a.end(), flag);
    return it == a.end() || it + 1 == a.end() ? std::string("<none>") : *(it + 1);
  };
  EXPECT_EQ(after("--budget"), "7.500s");
  EXPECT_EQ(after("--iterations"), "300");
  EXPECT_EQ(after("--jdk-impl"), "java.util.List=java.util.LinkedList");
  EXPECT_TRUE(Has(a, "--no-solver"));
  EXPECT_TRUE(Has(a, "--weak-mutation"));
  EXPECT_FALSE(Has(a, "--overwrite"));
  perf::PerfOptions p;
  p.max_heap_mb = 768;
  std::vector<std::string> pa = PerfChildArgs(p);
  EXPECT_TRUE(Has(pa, "768m"));
  EXPECT_TRUE(Has(pa, "--mu"));
}

TEST(StepNote, LastStepWins) {
  fs::path d = TempDir("step");
  StepNote note((d / "step").string());
  note.Set("searching");
  note.Set("validating");
  EXPECT_EQ(ReadStep((d / "step").string()), "validating");
  EXPECT_EQ(ReadStep((d / "none").string()), "");
  StepNote().Set("nothing");  // no file: does nothing
}

TEST(Child, LogsExitCodesAndStops) {
  fs::path d = TempDir("child");
  const std::string log = (d / "log.txt").string();
  auto ok = Child::Start({"/bin/sh", "-c", "echo out; echo \"jtestgen: $JTG_X\" >&2; exit 3"}, log,
                         {"JTG_X=named"});
  ASSERT_TRUE(ok.ok()) << ok.status();
  ChildEnd end = ok->Wait();
  EXPECT_EQ(end.exit_code, 3);
  EXPECT_EQ(end.signal, 0);
  std::ifstream in(log);
  std::string a, b;
  std::getline(in, a);
  std::getline(in, b);
  EXPECT_EQ(a, "out");
  EXPECT_EQ(b, "jtestgen: named");
  auto sleeper = Child::Start({"/bin/sleep", "60"}, log, {});
  ASSERT_TRUE(sleeper.ok());
  EXPECT_FALSE(sleeper->Poll().has_value());  // still running
  sleeper->Stop();
  EXPECT_EQ(sleeper->Wait().signal, SIGTERM);
  EXPECT_FALSE(Child::Start({"/no/such/program"}, log, {}).ok());
}

}  // namespace
}  // namespace jtg::project
