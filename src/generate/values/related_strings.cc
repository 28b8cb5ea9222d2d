#include "generate/values/related_strings.h"

namespace jtg::generate {

namespace {

bool IsWordChar(char16_t c) {
  return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') ||
         c > 0x7F;
}

std::u16string Trimmed(const std::u16string& s) {
  size_t b = 0, e = s.size();
  while (b < e && !IsWordChar(s[b])) ++b;
  while (e > b && !IsWordChar(s[e - 1])) --e;
  return s.substr(b, e - b);
}

}  // namespace

std::optional<std::u16string> RelatedString(Rng& rng, const testcase::TestCase& tc,
                                            const std::vector<std::u16string>& constants,
                                            int exclude) {
  std::vector<const std::u16string*> held;
  for (size_t i = 0; i < tc.stmts.size(); ++i) {
    const testcase::Stmt& s = tc.stmts[i];
    if (static_cast<int>(i) == exclude || s.kind != testcase::StmtKind::kLiteral ||
        s.lit.type != 's' || s.lit.n_mult != 0 || s.lit.s.empty()) {
      continue;
    }
    held.push_back(&s.lit.s);
  }
  if (held.empty()) return std::nullopt;
  const std::u16string& base = *held[rng.Below(held.size())];
  switch (rng.Below(constants.empty() ? 3 : 5)) {
    case 0: return base;
    case 1: return Trimmed(base);
    case 2: {
      const size_t cut = base.find_first_of(u"=:");
      return cut == std::u16string::npos ? Trimmed(base) : Trimmed(base.substr(0, cut));
    }
    case 3: return constants[rng.Below(constants.size())] + Trimmed(base);
    default: return Trimmed(base) + constants[rng.Below(constants.size())];
  }
}

}  // namespace jtg::generate
