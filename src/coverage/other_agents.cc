// OtherAgentMark (other_agents.h).
#include "coverage/other_agents.h"

#include <algorithm>
#include <array>

namespace jtg::coverage {

namespace {

constexpr std::string_view kPitMark = "$$pitCoverageProbes";

// Member names are CONSTANT_Utf8 entries, stored as their bytes: a byte search finds them.
bool Holds(std::span<const uint8_t> class_bytes, std::string_view mark) {
  const auto* first = reinterpret_cast<const uint8_t*>(mark.data());
  return std::search(class_bytes.begin(), class_bytes.end(), first, first + mark.size()) !=
         class_bytes.end();
}

}  // namespace

std::string_view OtherAgentMark(std::span<const uint8_t> class_bytes) {
  static constexpr std::array<std::string_view, 4> kMarks = {"$jacocoData", "$jacocoInit",
                                                             "__cobertura_counters", kPitMark};
  for (std::string_view mark : kMarks) {
    if (Holds(class_bytes, mark)) return mark;
  }
  return {};
}

bool CarriesPitProbes(std::span<const uint8_t> class_bytes) { return Holds(class_bytes, kPitMark); }

bool IsPitMinion(std::string_view java_command) {
  for (std::string_view main :
       {std::string_view("org.pitest.coverage.execute.CoverageMinion"),
        std::string_view("org.pitest.mutationtest.execute.MutationTestMinion")}) {
    if (java_command.starts_with(main) &&
        (java_command.size() == main.size() || java_command[main.size()] == ' ')) {
      return true;
    }
  }
  return false;
}

}  // namespace jtg::coverage
