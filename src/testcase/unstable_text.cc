#include "testcase/unstable_text.h"

#include <regex>

namespace jtg::testcase {

bool LooksUnstable(const std::u16string& s) {
  static const std::regex kIdentity(
      "@[0-9a-f]{5,8}|hashCode: [0-9]+|\\$MockitoMock\\$|\\$Proxy[0-9]|\\$\\$JtgStub");
  if (s.size() > 400) return true;
  std::string ascii;
  for (char16_t c : s) ascii += c < 0x80 ? static_cast<char>(c) : '?';
  return std::regex_search(ascii, kIdentity);
}

}  // namespace jtg::testcase
