#include "jvm/mockito_jars.h"

#include <filesystem>

namespace jtg::jvm {

const std::vector<std::string>& MockitoJars() {
  static const std::vector<std::string> kJars = {"/usr/share/java/mockito-core.jar",
                                                 "/usr/share/java/byte-buddy.jar",
                                                 "/usr/share/java/objenesis.jar"};
  return kJars;
}

std::string MockitoClasspath() {
  std::string cp;
  for (const auto& j : MockitoJars()) cp += (cp.empty() ? "" : ":") + j;
  return cp;
}

Status CheckMockitoJars() {
  for (const auto& j : MockitoJars()) {
    std::error_code ec;
    if (!std::filesystem::exists(j, ec)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "--mocks needs ", j, " (Debian package libmockito-java; `make setup` installs it)"));
    }
  }
  return absl::OkStatus();
}

}  // namespace jtg::jvm
