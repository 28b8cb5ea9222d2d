#include "jvm/mockito_jars.h"

#include <filesystem>

#include "jvm/shared_jars.h"

namespace jtg::jvm {

const std::vector<std::string>& MockitoJars() {
  static const std::vector<std::string> kJars = {
      SharedJar("mockito-core.jar"), SharedJar("byte-buddy.jar"), SharedJar("objenesis.jar")};
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
