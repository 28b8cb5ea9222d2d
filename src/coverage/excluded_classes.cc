#include "coverage/excluded_classes.h"

namespace jtg::coverage {

bool IsExcludedClass(std::string_view n) {
  static constexpr std::string_view kPrefixes[] = {
      "java/",         "javax/",          "jdk/",
      "sun/",          "com/sun/",        "jtestgen/",
      "org/junit/",    "org/opentest4j/", "org/apiguardian/",
      "org/jacoco/",   "org/w3c/",        "org/xml/",
      "org/ietf/",     "org/mockito/",    "net/bytebuddy/",
      "org/objenesis/"};
  for (auto p : kPrefixes) {
    if (n.substr(0, p.size()) == p) return true;
  }
  // Classes Mockito generates at run time (Foo$MockitoMock$123, their auxiliaries).
  if (n.find("$MockitoMock$") != std::string_view::npos) return true;
  // Stub subclasses the search defines (generate/values/stub_subclass.h).
  if (n.find("$$JtgStub") != std::string_view::npos) return true;
  // java.lang.reflect.Proxy classes (kLambda values): jdk/proxyN/$ProxyM for public
  // interfaces, a/b/$ProxyM in the package of a non-public one.
  size_t slash = n.rfind('/');
  return n.substr(slash == std::string_view::npos ? 0 : slash + 1).starts_with("$Proxy");
}

}  // namespace jtg::coverage
