// Which classes `jtestgen cover` instruments: includes and excludes as ':'-separated
// patterns over binary names (com.x.Foo, com.x.Foo$Inner), following the testspec of the
// DDST/HST/TPC work (techniques/ddst-hst-tpc.md §4):
//   `*`  any run of characters without '.' (com.x.* = classes directly in com.x, nested
//        classes included), `**` any run of characters (com.x.** = com.x and every
//        subpackage), `?` one character other than '.'; everything else is literal.
// A class is taken when some include matches (no includes: none), no exclude matches, and
// it is not one jtestgen never instruments: the JDK (java., javax., jdk., sun., com.sun.),
// jtestgen's own classes (jtestgen.), JaCoCo's (org.jacoco.), and classes made at run time:
// lambdas, proxies, Mockito's mocks, Byte Buddy's and cglib's subclasses ($$Lambda, $Proxy,
// $MockitoMock$, $ByteBuddy$, $$EnhancerBy in the name).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace jtg::coverage {

class ClassFilter {
 public:
  ClassFilter() = default;
  ClassFilter(std::string_view includes, std::string_view excludes);

  // `internal_name` as the JVM passes it (com/x/Foo).
  bool Accepts(std::string_view internal_name) const;

  const std::string& includes() const { return includes_; }
  const std::string& excludes() const { return excludes_; }

 private:
  std::string includes_, excludes_;
  std::vector<std::string> in_, out_;
};

// Whether `name` (binary name) matches `pattern` (syntax above).
bool MatchClassPattern(std::string_view pattern, std::string_view name);

}  // namespace jtg::coverage
