// supervise/heartbeat.h: the single-class run's live line, from the worker's step file.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "common/step_note.h"
#include "supervise/heartbeat.h"

namespace jtg::supervise {
namespace {

namespace fs = std::filesystem;

TEST(Heartbeat, LineNamesClassStepAndTime) {
  EXPECT_EQ(Heartbeat::Line("a.B", "validating: round 2, 40 tests x 5 runs", 75.4),
            "jtestgen: a.B: validating: round 2, 40 tests x 5 runs · 1:15 elapsed");
}

// Runs a live heartbeat on `step` for about 2.5 s (two redraws, one on a loaded machine) and
// returns what it wrote.
std::string LiveOutput(const std::string& step) {
  const fs::path dir = fs::temp_directory_path() / "jtg_heartbeat_test";
  fs::create_directories(dir);
  const std::string file = (dir / "step").string();
  fs::remove(file);
  if (!step.empty()) StepNote(file).Set(step);
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* out = open_memstream(&buf, &len);
  {
    Heartbeat h("a.B", file, /*live=*/true, out);
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  }
  std::fclose(out);
  std::string text(buf, len);
  std::free(buf);
  fs::remove_all(dir);
  return text;
}

TEST(Heartbeat, LiveLineIsRedrawnAndClearedAtTheEnd) {
  const std::string out = LiveOutput("searching");
  EXPECT_TRUE(out.starts_with("\r\033[Kjtestgen: a.B: searching · 0:0")) << out;
  EXPECT_TRUE(out.ends_with(" elapsed\r\033[K")) << out;  // cleared when it stops
  EXPECT_EQ(out.find('\n'), std::string::npos) << out;    // redrawn in place
}

TEST(Heartbeat, NothingBeforeTheFirstStepOrAtTheLast) {
  EXPECT_EQ(LiveOutput(""), "");
  EXPECT_EQ(LiveOutput(Heartbeat::kLastStep), "");
}

}  // namespace
}  // namespace jtg::supervise
