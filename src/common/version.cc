#include "common/version.h"

#include "version_stamp.h"  // generated into the build tree

namespace jtg {

std::string_view Version() { return JTG_VERSION_STRING; }

}  // namespace jtg
