// RelatedStrings (generate/values/related_strings.h): which seeds become affixes, and that a
// related string is built from the test's own string literals in the four documented shapes.
#include "generate/values/related_strings.h"

#include <gtest/gtest.h>

#include <set>

namespace jtg::generate {
namespace {

testcase::TestCase WithStrings(const std::vector<std::u16string>& strings) {
  testcase::TestCase tc;
  for (const auto& s : strings) {
    testcase::Stmt st;
    st.kind = testcase::StmtKind::kLiteral;
    st.lit.type = 's';
    st.lit.s = s;
    tc.stmts.push_back(st);
  }
  return tc;
}

TEST(RelatedStrings, LearnsPunctuationSeedsAndCharCodesOnly) {
  RelatedStrings r;
  std::vector<std::u16string> strings = {u"--", u"name", u"=", u"-x", u"", u" ", u"::::"};
  std::vector<int64_t> ints = {61, 7, 48, 44, 1000};
  r.Learn(strings, ints);
  // "--" and "=" are affixes; "-x" has a letter, " " is a space, "::::" is too long; of the
  // ints only 44 (',') is a new punctuation code (61 is '=' again, 48 is '0').
  EXPECT_EQ(r.affixes(), (std::vector<std::u16string>{u"--", u"=", u","}));
  // Only new entries are read: a second call with more seeds adds what is new.
  strings.push_back(u"/");
  r.Learn(strings, ints);
  EXPECT_EQ(r.affixes().size(), 4u);
  EXPECT_EQ(r.affixes().back(), u"/");
}

TEST(RelatedStrings, NothingWithoutStringsInTheTest) {
  RelatedStrings r;
  Rng rng(1);
  EXPECT_FALSE(r.Make(testcase::TestCase(), 0, rng).has_value());
  // The skipped statement and empty strings do not count.
  testcase::TestCase tc = WithStrings({u"alpha", u""});
  EXPECT_FALSE(r.Make(tc, 0, rng).has_value());
  EXPECT_TRUE(r.Make(tc, 1, rng).has_value());
}

TEST(RelatedStrings, BuildsEveryShapeFromTheTestsOwnStrings) {
  RelatedStrings r;
  r.Learn({u"--", u"="}, {});
  testcase::TestCase tc = WithStrings({u"alpha"});
  Rng rng(7);
  std::set<std::u16string> seen;
  for (int k = 0; k < 400; ++k) {
    auto s = r.Make(tc, tc.size(), rng);
    ASSERT_TRUE(s.has_value());
    // Every related string holds the test's string.
    EXPECT_NE(s->find(u"alpha"), std::u16string::npos);
    seen.insert(*s);
  }
  EXPECT_TRUE(seen.count(u"alpha"));
  EXPECT_TRUE(seen.count(u"--alpha"));
  EXPECT_TRUE(seen.count(u"alpha=alpha"));
  EXPECT_TRUE(seen.count(u"--alpha=alpha"));
  // The same seed gives the same strings.
  Rng a(3), b(3);
  for (int k = 0; k < 20; ++k) EXPECT_EQ(r.Make(tc, tc.size(), a), r.Make(tc, tc.size(), b));
}

TEST(RelatedStrings, ScaledPerfStringsAreNotUsed) {
  RelatedStrings r;
  testcase::TestCase tc = WithStrings({u"ab"});
  tc.stmts[0].lit.n_mult = 1;
  Rng rng(1);
  EXPECT_FALSE(r.Make(tc, tc.size(), rng).has_value());
}

}  // namespace
}  // namespace jtg::generate
