#include "coverage/class_filter.h"

#include <algorithm>

#include "classfile/names.h"

namespace jtg::coverage {
namespace {

std::vector<std::string> Split(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const size_t colon = std::min(list.find(':'), list.size());
    if (colon > 0) out.emplace_back(list.substr(0, colon));
    list.remove_prefix(std::min(colon + 1, list.size()));
  }
  return out;
}

constexpr std::string_view kNever[] = {"java.",    "javax.",    "jdk.",       "sun.",
                                       "com.sun.", "jtestgen.", "org.jacoco."};

}  // namespace

bool MatchClassPattern(std::string_view p, std::string_view s) {
  if (p.empty()) return s.empty();
  if (p.starts_with("**")) {
    for (size_t k = 0; k <= s.size(); ++k) {
      if (MatchClassPattern(p.substr(2), s.substr(k))) return true;
    }
    return false;
  }
  if (p[0] == '*') {
    for (size_t k = 0; k <= s.size(); ++k) {
      if (MatchClassPattern(p.substr(1), s.substr(k))) return true;
      if (k < s.size() && s[k] == '.') break;
    }
    return false;
  }
  if (s.empty()) return false;
  if (p[0] == '?' ? s[0] == '.' : p[0] != s[0]) return false;
  return MatchClassPattern(p.substr(1), s.substr(1));
}

ClassFilter::ClassFilter(std::string_view includes, std::string_view excludes)
    : includes_(includes), excludes_(excludes), in_(Split(includes)), out_(Split(excludes)) {}

bool ClassFilter::Accepts(std::string_view internal_name) const {
  // Classes made at run time: lambdas' and proxies', Mockito's mocks, Byte Buddy's and
  // cglib's subclasses (not on any classpath, so no report could take their coverage).
  for (std::string_view made :
       {"$$Lambda", "$Proxy", "$MockitoMock$", "$ByteBuddy$", "$$EnhancerBy"}) {
    if (internal_name.find(made) != std::string_view::npos) return false;
  }
  const std::string name = classfile::ToBinary(internal_name);
  for (std::string_view never : kNever) {
    if (name.starts_with(never)) return false;
  }
  auto matches = [&](const std::string& p) { return MatchClassPattern(p, name); };
  return std::any_of(in_.begin(), in_.end(), matches) &&
         std::none_of(out_.begin(), out_.end(), matches);
}

}  // namespace jtg::coverage
