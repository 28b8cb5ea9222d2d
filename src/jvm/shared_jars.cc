// SharedJar (shared_jars.h).
#include "jvm/shared_jars.h"

#include <filesystem>

namespace jtg::jvm {

std::string SharedJar(std::string_view file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path beside = exe.parent_path() / "java" / file;
    if (fs::is_regular_file(beside, ec)) return beside.string();
  }
  return (fs::path("/usr/share/java") / file).string();
}

}  // namespace jtg::jvm
