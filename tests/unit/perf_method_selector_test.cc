// `--method` patterns of jtestgen perf (src/perf/method_selector.h).
#include "gtest/gtest.h"
#include "perf/method_selector.h"

namespace jtg::perf {
namespace {

constexpr char kSub[] = "(Ljava/util/List;Ljava/util/List;)Ljava/util/List;";

TEST(MethodSelector, NamesAndParameterTypes) {
  auto any = ParseMethodPattern("subtract");
  ASSERT_TRUE(any.ok());
  EXPECT_TRUE(Matches(*any, "subtract", kSub));
  EXPECT_TRUE(Matches(*any, "subtract", "()V"));
  EXPECT_FALSE(Matches(*any, "add", kSub));
  auto simple = ParseMethodPattern("subtract(List, List)");
  ASSERT_TRUE(simple.ok());
  EXPECT_TRUE(Matches(*simple, "subtract", kSub));
  EXPECT_FALSE(Matches(*simple, "subtract", "(Ljava/util/List;)Ljava/util/List;"));
  auto qualified = ParseMethodPattern("subtract(java.util.List,java.util.List)");
  ASSERT_TRUE(qualified.ok());
  EXPECT_TRUE(Matches(*qualified, "subtract", kSub));
  EXPECT_FALSE(Matches(*ParseMethodPattern("subtract(java.awt.List,List)"), "subtract", kSub));
  auto none = ParseMethodPattern("size()");
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(Matches(*none, "size", "()I"));
  EXPECT_FALSE(Matches(*none, "size", "(I)I"));
  auto arrays = ParseMethodPattern("index(int[],String...)");
  ASSERT_TRUE(arrays.ok());
  EXPECT_TRUE(Matches(*arrays, "index", "([I[Ljava/lang/String;)I"));
  EXPECT_FALSE(Matches(*arrays, "index", "([ILjava/lang/String;)I"));
}

TEST(MethodSelector, BadPatternsAreErrors) {
  EXPECT_FALSE(ParseMethodPattern("").ok());
  EXPECT_FALSE(ParseMethodPattern("a(b").ok());
  EXPECT_FALSE(ParseMethodPattern("a(,b)").ok());
  EXPECT_FALSE(ParseMethodPattern("java.util.List.add").ok());
}

TEST(MethodSelector, JavaSignature) {
  EXPECT_EQ(JavaSignature("containsAny", "(Ljava/util/Collection;Ljava/util/Collection;)Z"),
            "containsAny(java.util.Collection,java.util.Collection)");
  EXPECT_EQ(JavaSignature("f", "([[IJ)V"), "f(int[][],long)");
}

}  // namespace
}  // namespace jtg::perf
