// The JDK dispatch and analysis whitelists (see jdk_dispatch.h).
#include "perf/jdk_dispatch.h"

#include <algorithm>
#include <map>

#include "classfile/names.h"

namespace jtg::perf {
namespace {

const std::map<std::string, std::vector<std::string>, std::less<>>& Implementations() {
  static const auto* kTable = new std::map<std::string, std::vector<std::string>, std::less<>>{
      {"java/lang/Iterable", {"java/util/ArrayList", "java/util/LinkedList"}},
      {"java/util/Collection", {"java/util/ArrayList", "java/util/LinkedList"}},
      {"java/util/List", {"java/util/ArrayList", "java/util/LinkedList"}},
      {"java/util/AbstractCollection",
       {"java/util/ArrayList", "java/util/LinkedList", "java/util/HashSet"}},
      {"java/util/AbstractList", {"java/util/ArrayList", "java/util/LinkedList"}},
      {"java/util/Queue", {"java/util/ArrayDeque", "java/util/LinkedList"}},
      {"java/util/Deque", {"java/util/ArrayDeque", "java/util/LinkedList"}},
      {"java/util/Set", {"java/util/HashSet"}},
      {"java/util/AbstractSet", {"java/util/HashSet"}},
      {"java/util/SortedSet", {"java/util/TreeSet"}},
      {"java/util/NavigableSet", {"java/util/TreeSet"}},
      {"java/util/Map", {"java/util/HashMap"}},
      {"java/util/AbstractMap", {"java/util/HashMap"}},
      {"java/util/SortedMap", {"java/util/TreeMap"}},
      {"java/util/NavigableMap", {"java/util/TreeMap"}},
  };
  return *kTable;
}

}  // namespace

const std::vector<std::string>& JdkImplementationsOf(std::string_view internal_name) {
  static const std::vector<std::string> kNone;
  auto it = Implementations().find(internal_name);
  return it == Implementations().end() ? kNone : it->second;
}

const std::vector<std::string>& FollowedJdkClasses() {
  static const std::vector<std::string> kFollowed = {
      "java/util/AbstractCollection",
      "java/util/AbstractList",
      "java/util/AbstractMap",
      "java/util/AbstractSequentialList",
      "java/util/AbstractSet",
      "java/util/ArrayDeque",
      "java/util/ArrayList",
      "java/util/Arrays$ArrayList",
      "java/util/HashMap",
      "java/util/HashSet",
      "java/util/LinkedHashMap",
      "java/util/LinkedList",
      "java/util/TreeMap",
      "java/util/TreeSet",
      "java/util/Vector",
  };
  return kFollowed;
}

bool IsFollowedJdkClass(std::string_view internal_name) {
  const auto& f = FollowedJdkClasses();
  return std::binary_search(f.begin(), f.end(), internal_name);
}

bool IsJdkClass(std::string_view n) { return classfile::IsJdkClassName(n); }

}  // namespace jtg::perf
