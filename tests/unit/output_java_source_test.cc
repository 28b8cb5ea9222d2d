#include <gtest/gtest.h>

#include "output/java_source.h"

namespace jtg::output {
namespace {

TEST(JavaSource, StringLiteralsEscape) {
  EXPECT_EQ(StringLiteral(u"a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(StringLiteral(u"\n\t\r"), "\"\\n\\t\\r\"");
  EXPECT_EQ(StringLiteral(std::u16string(1, u'\0') + u"x"), "\"\\000x\"");
  EXPECT_EQ(StringLiteral(u"\u00e9\u4e2d"), "\"\\u00e9\\u4e2d\"");
}

TEST(JavaSource, CharLiterals) {
  EXPECT_EQ(CharLiteral(u'a'), "'a'");
  EXPECT_EQ(CharLiteral(u'\''), "'\\''");
  EXPECT_EQ(CharLiteral(u'"'), "'\"'");
}

TEST(JavaSource, PrimitiveLiteralsHaveExactTypes) {
  EXPECT_EQ(PrimitiveLiteral('I', 42, 0), "42");
  EXPECT_EQ(PrimitiveLiteral('I', -2147483648LL, 0), "Integer.MIN_VALUE");
  EXPECT_EQ(PrimitiveLiteral('J', 7, 0), "7L");
  EXPECT_EQ(PrimitiveLiteral('J', INT64_MIN, 0), "Long.MIN_VALUE");
  EXPECT_EQ(PrimitiveLiteral('B', -3, 0), "(byte) -3");
  EXPECT_EQ(PrimitiveLiteral('S', 300, 0), "(short) 300");
  EXPECT_EQ(PrimitiveLiteral('Z', 1, 0), "true");
  EXPECT_EQ(PrimitiveLiteral('D', 0, 5), "5.0");
  EXPECT_EQ(PrimitiveLiteral('D', 0, 0.1), "0.1");
  EXPECT_EQ(PrimitiveLiteral('F', 0, 0.1f), "0.1F");
  EXPECT_EQ(PrimitiveLiteral('D', 0, 1.0 / 0.0), "Double.POSITIVE_INFINITY");
  EXPECT_EQ(PrimitiveLiteral('F', 0, 0.0 / 0.0), "Float.NaN");
}

TEST(JavaSource, TypeNamerImportsUnambiguousNames) {
  TypeNamer n("com.example");
  n.Reserve("Test", "org.junit.jupiter.api.Test");
  EXPECT_EQ(n.Name("java/util/List"), "List");
  EXPECT_EQ(n.Name("java/awt/List"), "java.awt.List");  // clash: qualified
  EXPECT_EQ(n.Name("com/example/Foo"), "Foo");
  EXPECT_EQ(n.Name("java/lang/String"), "String");
  EXPECT_EQ(n.Name("com/other/Test"), "com.other.Test");
  EXPECT_EQ(n.Name("java/util/Map$Entry"), "Entry");
  auto imports = n.Imports();
  std::vector<std::string> want = {"import java.util.List;", "import java.util.Map.Entry;",
                                   "import org.junit.jupiter.api.Test;"};
  EXPECT_EQ(imports, want);
}

TEST(JavaSource, VariableStems) {
  EXPECT_EQ(VarStem(*classfile::ParseFieldDescriptor("Ljava/util/ArrayList;")), "arrayList");
  EXPECT_EQ(VarStem(*classfile::ParseFieldDescriptor("[I")), "intArray");
  EXPECT_EQ(VarStem(*classfile::ParseFieldDescriptor("La/Outer$Inner;")), "inner");
}

}  // namespace
}  // namespace jtg::output
