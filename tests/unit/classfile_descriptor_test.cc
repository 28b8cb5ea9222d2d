#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "gtest/gtest.h"

namespace jtg::classfile {
namespace {

TEST(ClassfileDescriptor, FieldTypes) {
  auto t = ParseFieldDescriptor("[[I");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->base, 'I');
  EXPECT_EQ(t->dims, 2);
  EXPECT_EQ(t->JavaName(), "int[][]");
  EXPECT_EQ(t->Descriptor(), "[[I");
  EXPECT_TRUE(t->IsReference());
  EXPECT_EQ(t->Component().JavaName(), "int[]");
  EXPECT_TRUE(t->Component().Component().IsPrimitive());

  auto s = ParseFieldDescriptor("[Ljava/lang/String;");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->class_name, "java/lang/String");
  EXPECT_EQ(s->JavaName(), "java.lang.String[]");
  EXPECT_EQ(s->Descriptor(), "[Ljava/lang/String;");

  auto j = ParseFieldDescriptor("J");
  ASSERT_TRUE(j.ok());
  EXPECT_TRUE(j->IsWide());
  EXPECT_EQ(j->JavaName(), "long");

  auto e = ParseFieldDescriptor("Ljava/util/Map$Entry;");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->JavaName(), "java.util.Map.Entry");
}

TEST(ClassfileDescriptor, BadFieldDescriptors) {
  for (const char* d :
       {"", "V", "[", "L;", "Ljava/lang/String", "II", "Q", "[V", "Ljava.lang.String;"}) {
    auto t = ParseFieldDescriptor(d);
    EXPECT_FALSE(t.ok()) << d;
    EXPECT_TRUE(absl::IsInvalidArgument(t.status())) << d;
  }
  std::string deep(256, '[');
  EXPECT_FALSE(ParseFieldDescriptor(deep + "I").ok());
  EXPECT_TRUE(ParseFieldDescriptor(std::string(255, '[') + "I").ok());
}

TEST(ClassfileDescriptor, Methods) {
  auto m = ParseMethodDescriptor("(I[JLjava/lang/Object;D)V");
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->params.size(), 4u);
  EXPECT_EQ(m->params[0].JavaName(), "int");
  EXPECT_EQ(m->params[1].JavaName(), "long[]");
  EXPECT_EQ(m->params[2].JavaName(), "java.lang.Object");
  EXPECT_TRUE(m->params[3].IsWide());
  EXPECT_EQ(m->ret.base, 'V');
  EXPECT_EQ(m->ret.JavaName(), "void");

  auto n = ParseMethodDescriptor("()[Ljava/lang/String;");
  ASSERT_TRUE(n.ok());
  EXPECT_TRUE(n->params.empty());
  EXPECT_EQ(n->ret.JavaName(), "java.lang.String[]");

  for (const char* d : {"", "V", "(", "()", "(V)V", "()VV", "(I", "I)V", "()[V"}) {
    EXPECT_FALSE(ParseMethodDescriptor(d).ok()) << d;
  }
}

TEST(ClassfileDescriptor, Names) {
  EXPECT_EQ(JavaSourceName("java/util/Map$Entry"), "java.util.Map.Entry");
  EXPECT_EQ(ToBinary("java/util/Map$Entry"), "java.util.Map$Entry");
  EXPECT_EQ(JavaSourceName("Foo"), "Foo");
}

}  // namespace
}  // namespace jtg::classfile
