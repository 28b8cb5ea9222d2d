#include "project/class_job.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "classfile/names.h"
#include "common/version.h"
#include "coverage/class_hash.h"

namespace jtg::project {

namespace fs = std::filesystem;

namespace {

std::string StampPath(const ClassJob& job) { return job.state_dir + "/stamp"; }
std::string FailedPath(const ClassJob& job) { return job.state_dir + "/failed"; }

// Writes `text` to `path` through a temporary file and a rename.
Status WriteAtomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << text;
    if (!out.good()) return absl::InternalError(absl::StrCat("cannot write ", tmp));
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) return absl::InternalError(absl::StrCat("cannot write ", path, ": ", ec.message()));
  return absl::OkStatus();
}

// FNV-1a over a string, continuing from `h`.
uint64_t Mix(uint64_t h, std::string_view s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace

ClassJob MakeJob(const classpath::Classpath& cp, const std::string& cls,
                 const std::string& report_dir, const std::string& options_key) {
  ClassJob job;
  job.cls = cls;
  std::error_code ec;
  job.state_dir = fs::absolute(fs::path(report_dir) / ".jtestgen" / cls, ec).lexically_normal();
  const std::string internal = classfile::ToInternal(cls);
  auto bytes = cp.ReadClass(internal);
  if (!bytes.ok()) return job;
  uint64_t h = 14695981039346656037ULL;
  h = Mix(h, Version());
  h = Mix(h, options_key);
  h = Mix(h, coverage::HashToHex(coverage::HashClassBytes(*bytes)));
  for (const std::string& nested : cp.NestedClassesOf(internal)) {
    auto nb = cp.ReadClass(nested);
    h = Mix(h, nested);
    if (nb.ok()) h = Mix(h, coverage::HashToHex(coverage::HashClassBytes(*nb)));
  }
  job.key = coverage::HashToHex(h);
  return job;
}

std::optional<double> Unchanged(const ClassJob& job) {
  if (job.key.empty()) return std::nullopt;
  std::ifstream in(StampPath(job));
  std::string key;
  double seconds = 0;
  if (!(in >> key >> seconds) || key != job.key) return std::nullopt;
  return seconds;
}

Status WriteStamp(const ClassJob& job, double seconds) {
  return WriteAtomically(StampPath(job), absl::StrCat(job.key, " ", seconds, "\n"));
}

Status WriteFailedStamp(const ClassJob& job, const std::string& reason) {
  if (job.key.empty()) return absl::OkStatus();  // unknown bytes: always run again
  std::string line = reason;
  for (char& c : line) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return WriteAtomically(FailedPath(job), absl::StrCat(job.key, " ", line, "\n"));
}

std::optional<std::string> FailedBefore(const ClassJob& job) {
  if (job.key.empty()) return std::nullopt;
  std::ifstream in(FailedPath(job));
  std::string key, reason;
  if (!(in >> key) || key != job.key) return std::nullopt;
  std::getline(in >> std::ws, reason);
  return reason;
}

void ClearStamp(const ClassJob& job) {
  std::error_code ec;
  fs::remove(StampPath(job), ec);
  fs::remove(FailedPath(job), ec);
}

}  // namespace jtg::project
