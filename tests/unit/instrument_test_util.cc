#include "instrument_test_util.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

namespace jtg::testutil {

std::string JavaHome() {
#ifdef JTG_JAVA_HOME
  return JTG_JAVA_HOME;
#else
  return "/usr/lib/jvm/java-17-openjdk-amd64";
#endif
}

std::vector<uint8_t> ReadBytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

bool WriteBytes(const fs::path& p, const std::vector<uint8_t>& bytes) {
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  std::ofstream out(p, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

std::string ReadText(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TempDir::TempDir(const std::string& tag) {
  std::random_device rd;
  path_ = fs::temp_directory_path() /
          ("jtg_" + tag + "_" + std::to_string(getpid()) + "_" + std::to_string(rd()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  if (!getenv("JTG_KEEP_TEMP")) fs::remove_all(path_, ec);
}

int Run(const std::string& cmd, std::string* output) {
  std::string full = cmd + " 2>&1";
  FILE* p = popen(full.c_str(), "r");
  if (p == nullptr) return -1;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) {
    if (output) output->append(buf.data(), n);
  }
  int rc = pclose(p);
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

bool CompileRuntime(const fs::path& out) {
  const fs::path src = fs::path(JTG_SOURCE_DIR) / "src/runtime/java/jtestgen/rt";
  std::string cmd = JavaHome() + "/bin/javac --release 8 -nowarn -d '" + out.string() + "'";
  for (const auto& e : fs::directory_iterator(src)) {
    if (e.path().extension() == ".java") cmd += " '" + e.path().string() + "'";
  }
  std::string log;
  return Run(cmd, &log) == 0;
}

std::vector<fs::path> ClassFiles(const fs::path& root) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || e.path().extension() != ".class") continue;
    fs::path rel = fs::relative(e.path(), root);
    if (rel.begin()->string() == "META-INF" || rel.filename() == "module-info.class") continue;
    out.push_back(rel);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string BinaryNameOf(const fs::path& rel) {
  std::string s = rel.string();
  s.resize(s.size() - 6);  // ".class"
  std::replace(s.begin(), s.end(), '/', '.');
  return s;
}

InstrumentedDir InstrumentDir(const fs::path& in, const fs::path& out, instrument::IdAllocator& ids,
                              const std::vector<std::string>& copy_only,
                              const instrument::Options& options) {
  InstrumentedDir result;
  for (const fs::path& rel : ClassFiles(in)) {
    const std::string name = BinaryNameOf(rel);
    std::vector<uint8_t> bytes = ReadBytes(in / rel);
    if (std::find(copy_only.begin(), copy_only.end(), name) == copy_only.end()) {
      auto r = instrument::InstrumentBytes(bytes, name, options, ids);
      if (!r.ok()) {
        result.errors.push_back(name + ": " + std::string(r.status().message()));
        continue;
      }
      bytes = std::move(r->bytes);
      result.plans[name] = std::move(r->plan);
    }
    WriteBytes(out / rel, bytes);
    result.names.push_back(name);
  }
  return result;
}

VerifyReport VerifyClasses(const fs::path& dir, const std::vector<std::string>& names,
                           const std::string& java_home) {
  VerifyReport report;
  const fs::path list = dir.parent_path() / (dir.filename().string() + ".names");
  {
    std::ofstream out(list);
    for (const auto& n : names) out << n << "\n";
  }
  const std::string cmd = java_home + "/bin/java -Xverify:all -Xshare:off -cp '" +
                          std::string(JTG_FIXTURES_DIR) + "' fixtures.instr.VerifyLoader '" +
                          dir.string() + "' < '" + list.string() + "'";
  Run(cmd, &report.raw);
  std::istringstream lines(report.raw);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("FAIL ")) report.failures.push_back(line);
    if (line.starts_with("UNRESOLVED ")) report.unresolved.push_back(line);
    if (line.starts_with("LOADED ")) report.loaded = std::stoi(line.substr(7));
  }
  return report;
}

std::map<std::string, int> SkipReasons(const std::map<std::string, instrument::ClassPlan>& plans) {
  std::map<std::string, int> reasons;
  for (const auto& [name, plan] : plans) {
    for (const auto& m : plan.methods) {
      if (!m.instrumented) ++reasons[m.SkipText()];
    }
  }
  return reasons;
}

}  // namespace jtg::testutil
