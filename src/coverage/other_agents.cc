// OtherAgentMark (other_agents.h).
#include "coverage/other_agents.h"

#include <algorithm>
#include <array>

namespace jtg::coverage {

std::string_view OtherAgentMark(std::span<const uint8_t> class_bytes) {
  // Member names are CONSTANT_Utf8 entries, stored as their bytes: a byte search finds them.
  static constexpr std::array<std::string_view, 4> kMarks = {
      "$jacocoData", "$jacocoInit", "__cobertura_counters", "$$pitCoverageProbes"};
  for (std::string_view mark : kMarks) {
    const auto* first = reinterpret_cast<const uint8_t*>(mark.data());
    if (std::search(class_bytes.begin(), class_bytes.end(), first, first + mark.size()) !=
        class_bytes.end()) {
      return mark;
    }
  }
  return {};
}

}  // namespace jtg::coverage
