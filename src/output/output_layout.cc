#include "output/output_layout.h"

#include <filesystem>
#include <fstream>
#include <system_error>

namespace jtg::output {

namespace fs = std::filesystem;

bool ValidTestSuffix(const std::string& suffix) {
  if (suffix.empty()) return false;
  for (char c : suffix) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '$';
    if (!ok) return false;
  }
  return true;
}

bool IsGeneratedFile(const std::string& path) {
  std::ifstream in(path);
  std::string first;
  if (!in || !std::getline(in, first)) return false;
  return first.starts_with(kGeneratedMarker);
}

Status CheckWritable(const std::string& path, bool overwrite) {
  std::error_code ec;
  if (overwrite || !fs::exists(fs::symlink_status(path, ec)) || IsGeneratedFile(path)) {
    return absl::OkStatus();
  }
  return absl::FailedPreconditionError(
      "not writing " + path + ": a file of that name exists and was not written by jtestgen (its " +
      "first line is not '" + kGeneratedMarker +
      "'); it is left untouched. Choose another --test-suffix or --out, or pass --overwrite to "
      "replace it");
}

bool IsSourceRoot(const std::string& dir) {
  fs::path p = fs::path(dir).lexically_normal();
  if (!p.has_filename()) p = p.parent_path();
  const std::string lang = p.filename().string();
  if (lang != "java" && lang != "kotlin" && lang != "groovy" && lang != "scala") return false;
  fs::path set = p.parent_path();
  return !set.filename().empty() && set.parent_path().filename() == "src";
}

std::string ReportDirFor(const std::string& out_dir, const std::string& report_dir) {
  if (!report_dir.empty()) return report_dir;
  if (!IsSourceRoot(out_dir)) return out_dir;
  fs::path project = fs::path(out_dir).lexically_normal();
  if (!project.has_filename()) project = project.parent_path();
  project = project.parent_path().parent_path().parent_path();  // above src/<set>/<lang>
  std::error_code ec;
  bool gradle =
      fs::exists(project / "build.gradle", ec) || fs::exists(project / "build.gradle.kts", ec);
  return (project / (gradle ? "build" : "target") / "jtestgen").string();
}

}  // namespace jtg::output
