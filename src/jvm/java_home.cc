#include "jvm/java_home.h"

namespace jtg::jvm {

std::string JavaHome() { return JTG_JAVA_HOME; }

std::string JdkTool(const std::string& tool) { return JavaHome() + "/bin/" + tool; }

}  // namespace jtg::jvm
