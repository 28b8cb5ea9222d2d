#include "sandbox/run_dirs.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace jtg::sandbox {

namespace fs = std::filesystem;

StatusOr<std::string> PrepareOutputDir(const std::string& dir) {
  if (dir.empty()) return absl::InvalidArgumentError("output directory: empty path");
  std::error_code ec;
  fs::path abs = fs::absolute(dir, ec);
  if (ec) {
    return absl::InvalidArgumentError(absl::StrCat("output directory ", dir, ": ", ec.message()));
  }
  abs = abs.lexically_normal();
  if (!abs.has_filename()) abs = abs.parent_path();  // "out/" -> "out"; "/" stays
  if (fs::exists(abs, ec) && !fs::is_directory(abs, ec)) {
    return absl::InvalidArgumentError(
        absl::StrCat("output directory ", abs.string(), " is not a directory"));
  }
  fs::create_directories(abs, ec);
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot create output directory ", abs.string(), ": ", ec.message()));
  }
  std::string probe = (abs / ".jtestgen-write-check-XXXXXX").string();
  int fd = mkstemp(probe.data());
  if (fd < 0) {
    return absl::InvalidArgumentError(absl::StrCat("output directory ", abs.string(),
                                                   " is not writable: ", std::strerror(errno)));
  }
  close(fd);
  unlink(probe.c_str());
  return abs.string();
}

std::string AbsolutePathList(const std::string& list) {
  std::string out;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(':', start);
    if (end == std::string::npos) end = list.size();
    std::string entry = list.substr(start, end - start);
    if (!entry.empty()) {
      std::error_code ec;
      fs::path abs = fs::absolute(entry, ec);
      if (!out.empty()) out += ':';
      out += ec ? entry : abs.lexically_normal().string();
    }
    start = end + 1;
  }
  return out;
}

StatusOr<std::string> MakeScratchDir() {
  const char* tmp = std::getenv("TMPDIR");
  std::string tmpl =
      absl::StrCat((tmp != nullptr && *tmp != '\0') ? tmp : "/tmp", "/jtestgen-XXXXXX");
  if (mkdtemp(tmpl.data()) == nullptr) {
    return absl::InternalError(
        absl::StrCat("cannot create a scratch directory ", tmpl, ": ", std::strerror(errno)));
  }
  return tmpl;
}

void RemoveScratchDir(const std::string& dir) {
  if (dir.empty()) return;
  std::error_code ec;
  fs::remove_all(dir, ec);  // remove_all does not follow symbolic links
}

}  // namespace jtg::sandbox
