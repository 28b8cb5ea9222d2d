#include "project/progress.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace jtg::project {

std::string ClockText(double seconds) {
  auto s = static_cast<int64_t>(std::max(0.0, std::round(seconds)));
  if (s >= 3600) return absl::StrFormat("%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
  return absl::StrFormat("%d:%02d", s / 60, s % 60);
}

void Progress::ClassDone(const nlohmann::json& row, bool ran) {
  ++done_;
  if (ran) {
    ++ran_;
    ran_seconds_ += row.value("time_s", 0.0);
  }
  if (row.contains("branches")) {
    covered_ += row["branches"].value("covered", int64_t{0});
    branches_ += row["branches"].value("total", int64_t{0});
  }
  if (quiet_) return;
  std::fprintf(out_, "%s%s\n", live_ ? "\r\033[K" : "", DoneLine(row).c_str());
  drawn_ = false;
  std::fflush(out_);
}

std::string Progress::DoneLine(const nlohmann::json& row) const {
  std::string line = absl::StrCat("[", done_, "/", total_, "] ", row.value("class", ""), ": ",
                                  row.value("status", ""));
  if (row.contains("reason")) absl::StrAppend(&line, " (", row.value("reason", ""), ")");
  if (row.contains("tests")) absl::StrAppend(&line, ", ", row["tests"].get<int64_t>(), " tests");
  if (row.contains("branches")) {
    absl::StrAppend(&line, ", branches ", row["branches"].value("covered", 0), "/",
                    row["branches"].value("total", 0));
  }
  if (row.contains("findings")) {
    absl::StrAppend(&line, ", ", row["findings"].get<int64_t>(), " findings (",
                    row.value("likely_bugs", 0), " likely bugs)");
  }
  absl::StrAppend(&line, absl::StrFormat(", %.1f s", row.value("time_s", 0.0)));
  return line;
}

std::string Progress::LiveLine(const std::vector<Running>& running, double elapsed_s) const {
  std::string line = absl::StrCat("[", done_, "/", total_, "]");
  if (!running.empty()) {
    absl::StrAppend(&line, " ", running[0].cls);
    if (!running[0].step.empty()) absl::StrAppend(&line, " (", running[0].step, ")");
    if (running.size() > 1) absl::StrAppend(&line, " +", running.size() - 1, " more");
  }
  if (branches_ > 0) absl::StrAppend(&line, " · branches ", covered_, "/", branches_);
  absl::StrAppend(&line, " · ", ClockText(elapsed_s), " elapsed");
  const double per_class = ran_ > 0 ? ran_seconds_ / static_cast<double>(ran_) : budget_ * 1.25;
  const double left = static_cast<double>(total_ - done_) * per_class / std::max(1, jobs_);
  if (done_ < total_) absl::StrAppend(&line, " · ~", ClockText(left), " left");
  return line;
}

void Progress::Redraw(const std::vector<Running>& running, double elapsed_s) {
  if (quiet_) return;
  if (!live_) {
    if (running.empty() || elapsed_s - last_beat_s_ < kHeartbeatSeconds) return;
    std::fprintf(out_, "%s\n", LiveLine(running, elapsed_s).c_str());
    std::fflush(out_);
    last_beat_s_ = elapsed_s;
    return;
  }
  std::string line = LiveLine(running, elapsed_s);
  if (drawn_ && line == last_) return;
  std::fprintf(out_, "\r\033[K%s", line.c_str());
  std::fflush(out_);
  last_ = std::move(line);
  drawn_ = true;
}

void Progress::Note(const std::string& text) {
  if (quiet_) return;
  std::fprintf(out_, "%s%s\n", live_ ? "\r\033[K" : "", text.c_str());
  drawn_ = false;
  std::fflush(out_);
}

void Progress::Finish() {
  if (drawn_) {
    std::fprintf(out_, "\r\033[K");
    std::fflush(out_);
  }
  drawn_ = false;
}

}  // namespace jtg::project
