// The version of this jtestgen build: "jtestgen 0.21.0 (commit abc1234)", the commit being
// `git describe --always --dirty` of the source tree when it was built ("unknown" outside
// a git checkout). Stamped at build time by tools/version_stamp.cmake.
#pragma once

#include <string_view>

namespace jtg {

std::string_view Version();

}  // namespace jtg
