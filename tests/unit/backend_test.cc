// Tests of the class-job back ends (project/backend.h, project/ray_backend.h): the child's
// command line, where the Ray driver is looked for, and the Ray back end's side of the driver
// protocol against a stand-in driver (the real driver on a real cluster: tests/e2e/run_ray.sh).
#include "project/backend.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "project/ray_backend.h"
#include "project/summary.h"
#include "scoped_env.h"

namespace jtg::project {
namespace {

namespace fs = std::filesystem;

fs::path TempDir(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("jtg_backend_test_" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string Read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(ChildArgv, SuiteWritesTestsToOutAndReportToState) {
  JobSetting s{false, "/cp", "/out", {"--seed", "3"}};
  EXPECT_EQ(ChildArgv("J", s, "a.B", "@CLASSPATH@", "@OUT@", "@STATE@"),
            (std::vector<std::string>{"J", "suite", "--classpath", "@CLASSPATH@", "--class", "a.B",
                                      "--quiet", "--out", "@OUT@", "--report-dir", "@STATE@",
                                      "--seed", "3"}));
  s.perf = true;
  EXPECT_EQ(ChildArgv("J", s, "a.B", "/cp", "/out", "/st"),
            (std::vector<std::string>{"J", "perf", "--classpath", "/cp", "--class", "a.B",
                                      "--quiet", "--out", "/st", "--seed", "3"}));
}

TEST(Summary, RowNamesAttemptsAndNodeOnlyWhenThereAreAny) {
  fs::path r = TempDir("row");
  ClassOutcome o{"a.B", ClassStatus::kGenerated, "", 1, (r / "a.B").string(), 2, "10.0.0.5/ab"};
  nlohmann::json row = ClassRow(o, false, r.string());
  EXPECT_EQ(row["attempts"], 2);
  EXPECT_EQ(row["node"], "10.0.0.5/ab");
  nlohmann::json plain =
      ClassRow({"a.C", ClassStatus::kGenerated, "", 1, (r / "a.C").string()}, false, r.string());
  EXPECT_FALSE(plain.contains("attempts"));
  EXPECT_FALSE(plain.contains("node"));
}

TEST(FindDriver, EnvironmentFirstThenBesideTheBinary) {
  fs::path d = TempDir("find");
  std::ofstream(d / "driver.py") << "\n";
  {
    test::ScopedEnv drv("JTG_RAY_DRIVER", (d / "driver.py").string());
    test::ScopedEnv py("JTG_RAY_PYTHON", "/opt/py/bin/python3");
    auto f = FindDriver((d / "bin" / "jtestgen").string());
    ASSERT_TRUE(f.ok()) << f.status();
    EXPECT_EQ(f->driver, (d / "driver.py").string());
    EXPECT_EQ(f->python, "/opt/py/bin/python3");
  }
  test::ScopedEnv none("JTG_RAY_DRIVER", (d / "missing.py").string());
  auto missing = FindDriver((d / "bin" / "jtestgen").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("jtestgen_ray_driver.py"), std::string::npos);
  fs::create_directories(d / "bin" / "ray-venv" / "bin");
  std::ofstream(d / "bin" / "jtestgen_ray_driver.py") << "\n";
  std::ofstream(d / "bin" / "ray-venv" / "bin" / "python3") << "\n";
  test::ScopedEnv nopy("JTG_RAY_PYTHON", "");
  auto beside = FindDriver((d / "bin" / "jtestgen").string());
  ASSERT_TRUE(beside.ok()) << beside.status();
  EXPECT_EQ(beside->driver, (d / "bin" / "jtestgen_ray_driver.py").string());
  EXPECT_EQ(beside->python, (d / "bin" / "ray-venv" / "bin" / "python3").string());
}

// A stand-in driver: connects at once with 3 slots; ends each job at once (writing its command
// line as the job's log), and ends itself, with a one-line error, on a job named "die".
constexpr char kFakeDriver[] = R"(import json, os, sys
setting = json.loads(sys.stdin.readline())
if setting["address"] == "nowhere:1":
    sys.stderr.write("jtestgen: no Ray cluster at nowhere:1: refused\n"); sys.exit(2)
print(json.dumps({"event": "ready", "slots": 3, "nodes": 2}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    if job["cls"] == "die":
        sys.stderr.write("jtestgen: lost the cluster\n"); sys.exit(1)
    with open(os.path.join(job["state_dir"], "log.txt"), "w") as f:
        f.write(" ".join(job["argv"]) + " memory=%d" % setting["memory"])
    print(json.dumps({"event": "end", "cls": job["cls"], "exit_code": 0, "signal": 0,
                      "seconds": 1.5, "node": "n1"}), flush=True)
)";

std::vector<JobEnd> PollUntil(Backend& b, size_t n) {
  std::vector<JobEnd> ends;
  for (int i = 0; i < 200 && ends.size() < n; ++i) {
    for (auto& e : b.Poll()) ends.push_back(e);
    if (ends.size() < n) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return ends;
}

TEST(RayBackend, SpeaksTheDriverProtocolAndLosesJobsWithTheDriver) {
  fs::path d = TempDir("ray");
  std::ofstream(d / "driver.py") << kFakeDriver;
  test::ScopedEnv drv("JTG_RAY_DRIVER", (d / "driver.py").string());
  test::ScopedEnv py("JTG_RAY_PYTHON", "python3");
  JobSetting s{false, "/a.jar:/b", (d / "out").string(), {"--seed", "3"}};

  auto refused = RayBackend(s, RayOptions{"nowhere:1", 0, 2, (d / "refused.log").string(), 0});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().message(), "no Ray cluster at nowhere:1: refused");

  auto capped = RayBackend(s, RayOptions{"127.0.0.1:1", 0, 2, (d / "capped.log").string(), 2});
  ASSERT_TRUE(capped.ok()) << capped.status();
  EXPECT_EQ((*capped)->Slots(), 2);  // --jobs 2 on a cluster of 3 CPUs

  auto ray = RayBackend(s, RayOptions{"127.0.0.1:1", 3 << 20, 2, (d / "driver.log").string(), 0});
  ASSERT_TRUE(ray.ok()) << ray.status();
  Backend& b = **ray;
  EXPECT_EQ(b.Slots(), 3);
  fs::create_directories(d / "a.B");
  ASSERT_TRUE(b.Start({"a.B", (d / "a.B").string(), "k"}).ok());
  std::vector<JobEnd> ends = PollUntil(b, 1);
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_EQ(ends[0].cls, "a.B");
  EXPECT_EQ(ends[0].end.exit_code, 0);
  EXPECT_DOUBLE_EQ(ends[0].seconds, 1.5);
  EXPECT_EQ(ends[0].where, "n1");
  EXPECT_EQ(Read(d / "a.B" / "log.txt"),
            "@JTESTGEN@ suite --classpath @CLASSPATH@ --class a.B --quiet --out @OUT@ "
            "--report-dir @STATE@ --seed 3 memory=3145728");
  EXPECT_TRUE(b.RunningNow().empty());

  fs::create_directories(d / "die");
  ASSERT_TRUE(b.Start({"die", (d / "die").string(), "k"}).ok());
  ends = PollUntil(b, 1);
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_EQ(ends[0].end.exit_code, -1);
  EXPECT_NE(Read(d / "die" / "log.txt").find("jtestgen: the Ray driver ended: lost the cluster"),
            std::string::npos);
  Status again = b.Start({"a.C", (d / "a.C").string(), "k"});
  EXPECT_FALSE(again.ok());
}

}  // namespace
}  // namespace jtg::project
