// Strings derived from those a test holds (generate/values/related_strings.h).
#include "generate/values/related_strings.h"

#include <gtest/gtest.h>

#include <set>

namespace jtg::generate {
namespace {

using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

void AddString(TestCase& tc, const std::u16string& s) {
  Stmt st;
  st.kind = StmtKind::kLiteral;
  st.lit.type = 's';
  st.lit.s = s;
  tc.stmts.push_back(st);
}

std::set<std::u16string> Draws(const TestCase& tc, const std::vector<std::u16string>& constants,
                               int exclude, uint64_t seed) {
  Rng rng(seed);
  std::set<std::u16string> out;
  for (int k = 0; k < 400; ++k) {
    auto s = RelatedString(rng, tc, constants, exclude);
    if (s) out.insert(*s);
  }
  return out;
}

TEST(RelatedStrings, NoneWithoutAnotherStringInTheTest) {
  TestCase tc;
  Rng rng(1);
  EXPECT_FALSE(RelatedString(rng, tc, {u"-"}, -1).has_value());
  AddString(tc, u"--name=1");
  EXPECT_FALSE(RelatedString(rng, tc, {u"-"}, 0).has_value());  // only the excluded one
  EXPECT_TRUE(RelatedString(rng, tc, {u"-"}, -1).has_value());
}

TEST(RelatedStrings, DerivesTheOptionNameAndItsSpellings) {
  TestCase tc;
  AddString(tc, u"--name=1");
  const auto got = Draws(tc, {u"-", u"--", u"="}, -1, 7);
  // as is, trimmed, the part before '=', and joined to the class's constants
  for (const char16_t* want : {u"--name=1", u"name=1", u"name", u"-name=1", u"name=1="}) {
    EXPECT_TRUE(got.contains(want))
        << std::string(want, want + std::char_traits<char16_t>::length(want));
  }
  // nothing unrelated to the held string
  for (const auto& s : got) EXPECT_NE(s.find(u"name"), std::u16string::npos);
}

TEST(RelatedStrings, SameSeedSameStrings) {
  TestCase tc;
  AddString(tc, u"key");
  AddString(tc, u"-f");
  EXPECT_EQ(Draws(tc, {u"--"}, -1, 3), Draws(tc, {u"--"}, -1, 3));
}

}  // namespace
}  // namespace jtg::generate
