#include "generate/values/related_strings.h"

namespace jtg::generate {

using testcase::StmtKind;

namespace {

bool IsAffixChar(char16_t c) {
  if (c >= u'0' && c <= u'9') return false;
  if ((c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')) return false;
  if (c == u' ' || c == u'\t' || c == u'\n' || c == u'\r') return false;
  return c >= 0x21 && c < 0x7f;  // printable ASCII punctuation only
}

bool IsAffix(const std::u16string& s) {
  if (s.empty() || s.size() > RelatedStrings::kMaxAffix) return false;
  for (char16_t c : s) {
    if (!IsAffixChar(c)) return false;
  }
  return true;
}

// A short random string (1-4 letters or digits): the free part of "key=value".
std::u16string ShortWord(Rng& rng) {
  const char16_t* alphabet = u"abcxyz019";
  std::u16string s;
  size_t n = 1 + rng.Below(4);
  for (size_t k = 0; k < n; ++k) s += alphabet[rng.Below(9)];
  return s;
}

}  // namespace

void RelatedStrings::Learn(const std::vector<std::u16string>& strings,
                           const std::vector<int64_t>& ints) {
  auto add = [this](const std::u16string& s) {
    if (!IsAffix(s)) return;
    for (const auto& a : affixes_) {
      if (a == s) return;
    }
    affixes_.push_back(s);
  };
  for (; strings_learned_ < strings.size(); ++strings_learned_) add(strings[strings_learned_]);
  for (; ints_learned_ < ints.size(); ++ints_learned_) {
    int64_t v = ints[ints_learned_];
    if (v > 0 && v < 0x7f) add(std::u16string(1, static_cast<char16_t>(v)));
  }
}

std::optional<std::u16string> RelatedStrings::Make(const testcase::TestCase& tc, size_t skip,
                                                   Rng& rng) const {
  std::vector<const std::u16string*> own;
  for (size_t i = 0; i < tc.size(); ++i) {
    const auto& s = tc.stmts[i];
    if (i == skip || s.kind != StmtKind::kLiteral || s.lit.type != 's' || s.lit.n_mult != 0 ||
        s.lit.s.empty()) {
      continue;
    }
    own.push_back(&s.lit.s);
  }
  if (own.empty()) return std::nullopt;
  std::u16string x = *own[rng.Below(own.size())];
  // Without affixes of its own the class gets the two most common separators.
  static const std::vector<std::u16string> kFallback = {u"-", u"="};
  const std::vector<std::u16string>& affixes = affixes_.empty() ? kFallback : affixes_;
  size_t shape = rng.Below(4);
  if (shape == 1 || shape == 3) x = affixes[rng.Below(affixes.size())] + x;
  if (shape == 2 || shape == 3) {
    std::u16string y = rng.Chance(0.5) ? *own[rng.Below(own.size())] : ShortWord(rng);
    x += affixes[rng.Below(affixes.size())] + y;
  }
  return x;
}

}  // namespace jtg::generate
