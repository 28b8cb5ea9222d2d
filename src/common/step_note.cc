#include "common/step_note.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace jtg {

StepNote StepNote::FromEnvironment() {
  const char* path = std::getenv("JTG_STEP_FILE");
  return StepNote(path == nullptr ? std::string() : std::string(path));
}

void StepNote::Set(std::string_view step) const {
  if (path_.empty()) return;
  const std::string tmp = path_ + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << step << "\n";
    if (!out.good()) return;
  }
  std::rename(tmp.c_str(), path_.c_str());
}

std::string ReadStep(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

}  // namespace jtg
