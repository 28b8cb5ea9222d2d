#include "jvm/jdk_counting.h"

namespace jtg::jvm {

std::vector<std::string> DefaultJdkCountedClasses() {
  return {"java/util/ArrayList",
          "java/util/LinkedList",
          "java/util/ArrayDeque",
          "java/util/Vector",
          "java/util/AbstractCollection",
          "java/util/AbstractList",
          "java/util/HashMap",
          "java/util/HashSet",
          "java/util/TreeMap"};
}

StatusOr<int> StartJdkCounting(Jvm& jvm, CoverageTransformer& transformer,
                               const std::vector<std::string>& classes) {
  JTG_RETURN_IF_ERROR(jvm.LetJavaBaseReadRuntime());
  transformer.CountJdkClasses(classes);
  auto retransformed = jvm.RetransformLoadedClasses(classes);
  if (!retransformed.ok()) transformer.CountJdkClasses({});
  return retransformed;
}

}  // namespace jtg::jvm
