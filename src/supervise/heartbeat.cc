// Heartbeat (heartbeat.h).
#include "supervise/heartbeat.h"

#include "absl/strings/str_format.h"
#include "common/step_note.h"

namespace jtg::supervise {

Heartbeat::Heartbeat(std::string cls, std::string step_file, bool live, std::FILE* out)
    : cls_(std::move(cls)), step_file_(std::move(step_file)), live_(live), out_(out) {
  thread_ = std::thread([this] { Loop(); });
}

Heartbeat::~Heartbeat() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

std::string Heartbeat::Line(const std::string& cls, const std::string& step, double elapsed_s) {
  const int s = static_cast<int>(elapsed_s);
  return absl::StrFormat("jtestgen: %s: %s · %d:%02d elapsed", cls, step, s / 60, s % 60);
}

void Heartbeat::Loop() {
  bool drawn = false;
  int next_plain = kPlainSeconds;
  std::unique_lock<std::mutex> lock(mu_);
  while (!cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stop_; })) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (!live_ && elapsed < next_plain) continue;
    const std::string step = ReadStep(step_file_);
    if (step.empty() || step == kLastStep) {  // the worker may print: stay off its lines
      if (drawn) std::fprintf(out_, "\r\033[K");
      std::fflush(out_);
      drawn = false;
      continue;
    }
    const std::string line = Line(cls_, step, elapsed);
    if (live_) {
      std::fprintf(out_, "\r\033[K%s", line.c_str());
      drawn = true;
    } else {
      std::fprintf(out_, "%s\n", line.c_str());
      next_plain = static_cast<int>(elapsed) + kPlainSeconds;
    }
    std::fflush(out_);
  }
  if (drawn) {
    std::fprintf(out_, "\r\033[K");
    std::fflush(out_);
  }
}

}  // namespace jtg::supervise
