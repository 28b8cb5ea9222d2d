#include "jvm/java_home.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "absl/strings/str_cat.h"

namespace jtg::jvm {
namespace {

namespace fs = std::filesystem;

// Splits `text` at `sep` (empty parts kept).
std::vector<std::string_view> Split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(sep, start);
    const size_t length = at == std::string_view::npos ? std::string_view::npos : at - start;
    out.push_back(text.substr(start, length));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

// The value of JAVA_VERSION in a `release` file, quotes removed ("17.0.15"); "" if absent.
std::string_view JavaVersion(std::string_view release_text) {
  for (std::string_view line : Split(release_text, '\n')) {
    if (!line.starts_with("JAVA_VERSION=")) continue;
    std::string_view v = line.substr(13);
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
    return v;
  }
  return {};
}

bool IsFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// Checks that `dir` is a JDK jtestgen can run on and describes it.
StatusOr<Jdk> Inspect(const std::string& dir, const std::string& source) {
  std::error_code ec;
  fs::path home = fs::weakly_canonical(fs::path(dir), ec);
  if (ec) home = fs::path(dir);
  std::string h = home.string();
  while (h.size() > 1 && h.back() == '/') h.pop_back();
  const std::string origin = source == "build" ? "the build's JDK" : source;
  auto refuse = [&](const std::string& why) {
    return absl::FailedPreconditionError(absl::StrCat("JDK ", h, " (from ", origin, "): ", why));
  };
  if (!fs::is_directory(home, ec)) return refuse("no such directory");
  if (!IsFile(home / "bin" / "java")) return refuse("no bin/java: not a JDK home");
  if (!IsFile(home / "lib" / "server" / "libjvm.so")) {
    return refuse("no lib/server/libjvm.so: not a HotSpot JDK");
  }
  std::ifstream in(home / "release");
  if (!in) return refuse("no release file: cannot tell its version");
  std::stringstream text;
  text << in.rdbuf();
  Jdk jdk;
  jdk.home = h;
  jdk.source = source;
  const std::string release = text.str();
  jdk.version = std::string(JavaVersion(release));
  jdk.feature = FeatureFromRelease(release);
  if (jdk.feature == 0) return refuse("its release file has no JAVA_VERSION");
  if (jdk.feature < kMinJdkFeature) {
    return refuse(absl::StrCat("Java ", jdk.version, " is older than Java ", kMinJdkFeature,
                               ", the oldest jtestgen runs on"));
  }
  return jdk;
}

// The first `java` on PATH, symbolic links resolved, as a JDK home (its bin/..).
std::string HomeFromPath() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  for (std::string_view dir : Split(path, ':')) {
    if (dir.empty()) continue;
    fs::path java = fs::path(dir) / "java";
    if (!IsFile(java)) continue;
    std::error_code ec;
    fs::path real = fs::canonical(java, ec);
    if (ec) continue;
    return real.parent_path().parent_path().string();
  }
  return "";
}

}  // namespace

int FeatureFromRelease(std::string_view release_text) {
  std::string_view v = JavaVersion(release_text);
  if (v.starts_with("1.")) v.remove_prefix(2);  // 1.8.0_392: Java 8
  int feature = 0;
  for (size_t i = 0; i < v.size() && v[i] >= '0' && v[i] <= '9' && feature < 1000; ++i) {
    feature = feature * 10 + (v[i] - '0');
  }
  return feature;
}

std::string Jdk::Tool(std::string_view tool) const { return home + "/bin/" + std::string(tool); }

std::string Jdk::LibJvm() const { return home + "/lib/server/libjvm.so"; }

std::string Jdk::Describe() const {
  return absl::StrCat("JDK ", version.empty() ? std::to_string(feature) : version, " (", home, ")");
}

StatusOr<Jdk> FindJdk(std::string_view java_home_flag) {
  if (!java_home_flag.empty()) return Inspect(std::string(java_home_flag), "--java-home");
  if (const char* env = std::getenv("JAVA_HOME"); env != nullptr && *env != '\0') {
    return Inspect(env, "JAVA_HOME");
  }
  if (std::string home = HomeFromPath(); !home.empty()) {
    StatusOr<Jdk> on_path = Inspect(home, "PATH");
    // A JRE or an old java on PATH does not stop the build's JDK from being used.
    if (on_path.ok()) return on_path;
  }
#ifdef JTG_JAVA_HOME
  if (StatusOr<Jdk> built = Inspect(JTG_JAVA_HOME, "build"); built.ok()) return built;
#endif
  return absl::NotFoundError(
      "no JDK found: pass --java-home DIR, set JAVA_HOME, or put a JDK's java on PATH");
}

Status UseJdk(std::string_view java_home_flag) {
  JTG_ASSIGN_OR_RETURN(const Jdk jdk, FindJdk(java_home_flag));
  if (setenv("JAVA_HOME", jdk.home.c_str(), 1) != 0) {
    return absl::InternalError("cannot set JAVA_HOME");
  }
  return absl::OkStatus();
}

Status CheckClassVersion(std::string_view class_name, int major, const Jdk& jdk) {
  if (major <= jdk.MaxClassMajor()) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      "class ", std::string(class_name), ": class file version ", major, " (Java ", major - 44,
      ") is newer than ", jdk.Describe(), " can load (up to ", jdk.MaxClassMajor(), ", Java ",
      jdk.feature, "); pass --java-home with a JDK ", major - 44, " or later"));
}

std::string JdkInUse() {
  StatusOr<Jdk> jdk = FindJdk();
  return jdk.ok() ? jdk->Describe() : "";
}

std::string JavaHome() {
  if (StatusOr<Jdk> jdk = FindJdk(); jdk.ok()) return jdk->home;
#ifdef JTG_JAVA_HOME
  return JTG_JAVA_HOME;
#else
  return "";
#endif
}

std::string JdkTool(const std::string& tool) { return JavaHome() + "/bin/" + tool; }

}  // namespace jtg::jvm
