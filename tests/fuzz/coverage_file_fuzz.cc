// libFuzzer target: the coverage-file reader (coverage::ParseCoverageJson) on arbitrary
// text. What it accepts must survive a round trip: ToJson of the parsed file parses again
// to the same classes.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "coverage/coverage_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = jtg::coverage::ParseCoverageJson(text, "fuzz");
  if (!parsed.ok()) return 0;
  auto again = jtg::coverage::ParseCoverageJson(jtg::coverage::ToJson(*parsed), "fuzz again");
  if (!again.ok() || again->classes.size() != parsed->classes.size()) {
    std::fprintf(
        stderr, "ToJson(ParseCoverageJson(t)) does not parse back: %s\n",
        again.ok() ? "class count differs" : std::string(again.status().message()).c_str());
    std::abort();
  }
  for (size_t i = 0; i < parsed->classes.size(); ++i) {
    const auto& a = parsed->classes[i];
    const auto& b = again->classes[i];
    if (a.name != b.name || a.hash != b.hash || a.defined_hash != b.defined_hash ||
        a.slots != b.slots || a.covered != b.covered) {
      std::fprintf(stderr, "class %zu changed in the round trip\n", i);
      std::abort();
    }
  }
  return 0;
}
