// Generic signatures (JVMS §4.7.9.1): hand-written cases, corruption cases, and every class,
// method and field Signature of a few real jars.
#include <filesystem>

#include "classfile/class_file.h"
#include "classfile/signature.h"
#include "classpath/classpath.h"
#include "gtest/gtest.h"

namespace jtg::classfile {
namespace {

TEST(ClassfileSignature, MethodWithBoundsAndWildcards) {
  auto m = ParseMethodSignature(
      "<T:Ljava/lang/Object;>(Ljava/util/List<+TT;>;Ljava/util/Map<Ljava/lang/String;[I>;)V");
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->type_params.size(), 1u);
  EXPECT_EQ(m->type_params[0].name, "T");
  ASSERT_EQ(m->type_params[0].bounds.size(), 1u);
  EXPECT_EQ(m->type_params[0].bounds[0].name, "java/lang/Object");
  ASSERT_EQ(m->params.size(), 2u);
  EXPECT_EQ(m->params[0].ToString(), "java.util.List<? extends T>");
  EXPECT_EQ(m->params[1].ToString(), "java.util.Map<java.lang.String, int[]>");
  const GenericType& w = m->params[0].args[0];
  EXPECT_EQ(w.kind, GenericType::kWildcard);
  EXPECT_EQ(w.wildcard, '+');
  EXPECT_EQ(w.args[0].kind, GenericType::kTypeVar);
  EXPECT_EQ(m->result.kind, GenericType::kPrim);
  EXPECT_EQ(m->result.prim, 'V');
}

TEST(ClassfileSignature, InterfaceBoundsThrowsAndNesting) {
  auto m = ParseMethodSignature(
      "<T::Ljava/lang/Comparable<-TT;>;E:Ljava/lang/Exception;>"
      "([[TT;Ljava/util/Map<Ljava/lang/String;Ljava/util/List<Ljava/lang/Integer;>;>;J*)"
      "Ljava/util/Set<*>;^TE;^Ljava/io/IOException;");
  // '*' is only a type argument: as a parameter it is an error.
  EXPECT_FALSE(m.ok());

  m = ParseMethodSignature(
      "<T::Ljava/lang/Comparable<-TT;>;E:Ljava/lang/Exception;>"
      "([[TT;Ljava/util/Map<Ljava/lang/String;Ljava/util/List<Ljava/lang/Integer;>;>;J)"
      "Ljava/util/Set<*>;^TE;^Ljava/io/IOException;");
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->type_params.size(), 2u);
  EXPECT_EQ(m->type_params[0].bounds.size(), 1u);  // empty class bound omitted
  EXPECT_EQ(m->type_params[0].bounds[0].ToString(), "java.lang.Comparable<? super T>");
  EXPECT_EQ(m->params[0].ToString(), "T[][]");
  EXPECT_EQ(m->params[1].ToString(),
            "java.util.Map<java.lang.String, java.util.List<java.lang.Integer>>");
  EXPECT_EQ(m->params[2].ToString(), "long");
  EXPECT_EQ(m->result.ToString(), "java.util.Set<?>");
  ASSERT_EQ(m->throws.size(), 2u);
  EXPECT_EQ(m->throws[0].kind, GenericType::kTypeVar);
}

TEST(ClassfileSignature, InnerClassSuffix) {
  auto f = ParseFieldSignature("Lp/Outer<TK;>.Inner<Ljava/lang/String;>.Deep;");
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->name, "p/Outer$Inner$Deep");
  EXPECT_TRUE(f->args.empty());
  auto g = ParseFieldSignature("Lp/Outer<TK;>.Inner<Ljava/lang/String;>;");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->name, "p/Outer$Inner");
  ASSERT_EQ(g->args.size(), 1u);
  EXPECT_EQ(g->args[0].name, "java/lang/String");
}

TEST(ClassfileSignature, ClassSignature) {
  auto c = ParseClassSignature(
      "<K:Ljava/lang/Object;V:Ljava/lang/Object;>Ljava/util/AbstractMap<TK;TV;>;"
      "Ljava/util/Map<TK;TV;>;Ljava/io/Serializable;");
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->type_params.size(), 2u);
  EXPECT_EQ(c->super_class.ToString(), "java.util.AbstractMap<K, V>");
  EXPECT_EQ(c->interfaces.size(), 2u);
}

TEST(ClassfileSignature, CorruptInputIsDataLossWithPosition) {
  for (const char* s :
       {"", "(", "()", "(I", "()Q", "<>()V", "<T>()V", "<T:>()V", "(Ljava/util/List<>;)V",
        "(Ljava/util/List<Ljava/lang/String;)V", "(Ljava/lang/String)V", "(TT)V", "()VV", "(V)V",
        "()V^I", "(L;)V", "(Ljava/util/List<+>;)V"}) {
    auto m = ParseMethodSignature(s);
    ASSERT_FALSE(m.ok()) << s;
    EXPECT_TRUE(absl::IsDataLoss(m.status())) << s << ": " << m.status();
    EXPECT_NE(m.status().message().find(" at "), std::string_view::npos) << m.status();
  }
  for (const char* s : {"I", "Ljava/lang/String;;", "[", "TT", "Ljava/util/List<*"}) {
    EXPECT_FALSE(ParseFieldSignature(s).ok()) << s;
  }
  std::string deep(10000, '[');
  deep += "I";
  EXPECT_FALSE(ParseFieldSignature(deep).ok());
}

// Every Signature attribute in the given jar parses. Returns how many were checked.
size_t ParseAllIn(const std::string& jar) {
  auto cp = classpath::Classpath::Open(jar);
  EXPECT_TRUE(cp.ok()) << cp.status();
  if (!cp.ok()) return 0;
  size_t n = 0;
  for (const std::string& name : cp->ListClasses()) {
    auto bytes = cp->ReadClass(name);
    if (!bytes.ok()) continue;
    auto parsed = Parse(*bytes, name);
    if (!parsed.ok()) continue;
    const ClassFile& cls = parsed->cls;
    auto check = [&](std::optional<uint16_t> idx, char what) {
      if (!idx) return;
      auto s = cls.cp.Utf8(*idx);
      ASSERT_TRUE(s.ok());
      Status st = what == 'm'   ? ParseMethodSignature(*s).status()
                  : what == 'f' ? ParseFieldSignature(*s).status()
                                : ParseClassSignature(*s).status();
      EXPECT_TRUE(st.ok()) << name << ": " << st;
      ++n;
    };
    check(cls.signature_index, 'c');
    for (const auto& m : cls.methods) check(m.signature_index, 'm');
    for (const auto& f : cls.fields) check(f.signature_index, 'f');
  }
  return n;
}

TEST(ClassfileSignature, EverySignatureInRealJarsParses) {
  for (const char* jar :
       {"/usr/share/java/commons-lang3.jar", "/usr/share/java/commons-collections3.jar",
        "/usr/share/java/guava.jar"}) {
    if (!std::filesystem::exists(jar)) continue;
    size_t n = ParseAllIn(jar);
    // commons-collections 3 predates generics: it may have none.
    if (std::string(jar).find("collections3") == std::string::npos) {
      EXPECT_GT(n, 100u) << jar;
    }
  }
}

}  // namespace
}  // namespace jtg::classfile
