#include "perf/fix_hints.h"

#include <array>

namespace jtg::perf {

namespace {

constexpr std::string_view kLists =
    "java.util.ArrayList java.util.LinkedList java.util.Vector java.util.AbstractList "
    "java.util.AbstractCollection java.util.ArrayDeque";

constexpr std::array<HintRule, 5> kRules{{
    {kLists, "remove removeAll fastRemove batchRemove removeIf",
     "collect the kept elements into a new list (looking them up in a HashSet, or a HashMap of "
     "counts) instead of removing elements one at a time"},
    {kLists, "indexOf indexOfRange lastIndexOf lastIndexOfRange contains containsAll",
     "use a HashSet (or a HashMap of counts) for the lookups instead of searching the list "
     "once per element"},
    {"java.util.LinkedList", "node get set",
     "walk the LinkedList with an iterator (or copy it into an ArrayList) instead of get(i) "
     "in a loop"},
    {"java.lang.String java.lang.StringLatin1 java.lang.StringUTF16",
     "indexOf contains "
     "lastIndexOf regionMatches",
     "search the string in a single pass (or look the parts up in a HashSet) instead of once "
     "per element"},
    {"java.lang.AbstractStringBuilder java.lang.StringConcatHelper java.lang.String "
     "java.util.Arrays",
     "concat append copyOf copyOfRange simpleConcat",
     "build the string once with a StringBuilder instead of concatenating in a loop"},
}};

bool InList(std::string_view list, std::string_view word) {
  while (!list.empty()) {
    size_t sp = list.find(' ');
    if (list.substr(0, sp) == word) return true;
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  return false;
}

}  // namespace

std::span<const HintRule> HintRules() { return kRules; }

bool Matches(const HintRule& rule, std::string_view loop_method) {
  const size_t paren = loop_method.find('(');
  const std::string_view head = loop_method.substr(0, paren);
  const size_t dot = head.rfind('.');
  if (dot == std::string_view::npos) return false;
  return InList(rule.classes, head.substr(0, dot)) && InList(rule.methods, head.substr(dot + 1));
}

std::optional<std::string> FixHint(const Finding& f) {
  if (f.loops.size() < 2) return std::nullopt;
  for (const HintRule& rule : kRules) {
    if (Matches(rule, f.loops.back().method)) return std::string(rule.hint);
  }
  return std::nullopt;
}

}  // namespace jtg::perf
