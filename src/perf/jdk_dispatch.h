// The JDK side of the perf analyses' static dispatch (WhiteSyn's "implementation whitelist":
// Linggi, MSc thesis, ETH Zurich, 2018): an open JDK collection type is followed
// only into a few java.util implementations, and only the code of a small set of java.util
// classes is read at all. Every other JDK class is opaque: its loops are neither looked for
// nor counted (they are also the classes the perf transformer leaves uninstrumented).
//
// Both tables are small and fixed here; callers may override them (LoopIndexOptions).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace jtg::perf {

// Concrete java.util classes a virtual call on JDK type `internal_name` dispatches to,
// e.g. java/util/List -> {java/util/ArrayList, java/util/LinkedList}; empty if the type is
// not in the table (then only the type itself, if concrete, is a receiver).
const std::vector<std::string>& JdkImplementationsOf(std::string_view internal_name);

// The JDK classes whose code is analysed: the implementations above and their java.util
// supertypes (AbstractCollection, AbstractList, HashMap, ...). Sorted.
const std::vector<std::string>& FollowedJdkClasses();

// True if `internal_name` is in FollowedJdkClasses().
bool IsFollowedJdkClass(std::string_view internal_name);

// True for classes of the JDK's own packages (java/, javax/, jdk/, sun/, com/sun/).
bool IsJdkClass(std::string_view internal_name);

}  // namespace jtg::perf
