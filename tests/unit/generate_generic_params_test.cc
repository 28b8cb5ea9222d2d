// Type variable resolution and element types of generic parameters (generic_params.h).
#include "generate/values/generic_params.h"
#include "gtest/gtest.h"

namespace jtg::generate {
namespace {

using classfile::GenericType;

std::vector<GenericType> Resolve(const char* sig, const char* desc) {
  auto s = classfile::ParseMethodSignature(sig);
  EXPECT_TRUE(s.ok()) << s.status();
  auto d = classfile::ParseMethodDescriptor(desc);
  EXPECT_TRUE(d.ok()) << d.status();
  if (!s.ok() || !d.ok()) return {};
  return ResolvedGenericParams(*s, *d);
}

TEST(GenericParams, ConcreteArgumentsPinElements) {
  auto g = Resolve(
      "(Ljava/util/List<Ljava/lang/String;>;Ljava/util/Map<Ljava/lang/String;"
      "Ljava/util/List<Ljava/lang/Integer;>;>;I)V",
      "(Ljava/util/List;Ljava/util/Map;I)V");
  ASSERT_EQ(g.size(), 3u);
  EXPECT_EQ(g[0].ToString(), "java.util.List<java.lang.String>");
  EXPECT_TRUE(PinsElements(&g[0]));
  EXPECT_TRUE(PinsElements(&g[1]));
  EXPECT_FALSE(PinsElements(&g[2]));
  const GenericType* v = ElementType(g[1].args[1]);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(Erasure(*v).Descriptor(), "Ljava/util/List;");
  EXPECT_EQ(Erasure(*ElementType(v->args[0])).Descriptor(), "Ljava/lang/Integer;");
}

TEST(GenericParams, TypeVariables) {
  // Bounded by Number: the bound; Comparable-bounded or unbounded: free; class variables: free.
  auto g = Resolve(
      "<T:Ljava/lang/Number;C::Ljava/lang/Comparable<TC;>;U:Ljava/lang/Object;>"
      "(Ljava/util/Set<+TT;>;Ljava/util/List<TC;>;Ljava/util/List<TU;>;"
      "Ljava/util/List<TE;>;[TT;)V",
      "(Ljava/util/Set;Ljava/util/List;Ljava/util/List;Ljava/util/List;"
      "[Ljava/lang/Number;)V");
  ASSERT_EQ(g.size(), 5u);
  EXPECT_EQ(g[0].ToString(), "java.util.Set<? extends java.lang.Number>");
  EXPECT_EQ(ElementType(g[0].args[0])->name, "java/lang/Number");
  EXPECT_FALSE(PinsElements(&g[1]));
  EXPECT_FALSE(PinsElements(&g[2]));
  EXPECT_FALSE(PinsElements(&g[3]));
  EXPECT_EQ(g[4].ToString(), "java.lang.Number[]");
  EXPECT_EQ(Erasure(g[4]).Descriptor(), "[Ljava/lang/Number;");
}

TEST(GenericParams, SyntheticLeadingParametersAndMismatch) {
  // An inner class constructor: the descriptor has the outer instance first.
  auto g = Resolve("(Ljava/util/List<Ljava/lang/String;>;)V", "(Lp/Outer;Ljava/util/List;)V");
  ASSERT_EQ(g.size(), 2u);
  EXPECT_FALSE(PinsElements(&g[0]));
  EXPECT_TRUE(PinsElements(&g[1]));
  EXPECT_TRUE(Resolve("(Ljava/util/List<Ljava/lang/String;>;I)V", "(I)V").empty());
}

TEST(GenericParams, SelfReferentialBoundsTerminate) {
  auto g = Resolve("<A:Ljava/util/List<TB;>;B:Ljava/util/List<TA;>;>(Ljava/util/List<TA;>;)V",
                   "(Ljava/util/List;)V");
  ASSERT_EQ(g.size(), 1u);
  EXPECT_TRUE(PinsElements(&g[0]));  // List<List<List<...>>>, cut off at a free level
}

}  // namespace
}  // namespace jtg::generate
