// Functional-interface detection (generate/values/sam.h) on the fixture interfaces of
// fixtures/sam/Sams and on JDK interfaces, whose class files come through the shared JVM
// (Executor::ClassBytes), as in the value factory.
#include "generate/values/sam.h"

#include <gtest/gtest.h>

#include "classpath/classpath.h"
#include "generate/values/generic_params.h"
#include "jvm_fixture.h"

namespace jtg::generate {
namespace {

using classfile::GenericType;

const std::string kSams = "fixtures/sam/Sams$";

class SamTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto cp = classpath::Classpath::Open(JTG_FIXTURES_DIR);
    ASSERT_TRUE(cp.ok()) << cp.status();
    cp_ = std::make_unique<classpath::Classpath>(std::move(*cp));
    read_ = [this](const std::string& n) -> StatusOr<std::vector<uint8_t>> {
      auto b = cp_->ReadClass(n);
      if (b.ok()) return b;
      return testing::GetSharedJvm().executor->ClassBytes(n);
    };
  }
  // "name descriptor" of the SAM of `iface`, or "" when not functional.
  std::string SamOf(const std::string& iface) {
    auto sam = FindSam(iface, read_);
    return sam ? sam->method->name + " " + sam->method->descriptor : "";
  }
  std::unique_ptr<classpath::Classpath> cp_;
  ClassBytesFn read_;
};

TEST_F(SamTest, UserInterfaces) {
  EXPECT_EQ(SamOf(kSams + "Plain"), "apply (Ljava/lang/String;J)I");
  EXPECT_EQ(SamOf(kSams + "ObjectMethods"), "name ()Ljava/lang/String;");
  EXPECT_EQ(SamOf(kSams + "WithDefault"), "run ()V");
  EXPECT_EQ(SamOf(kSams + "OneLeft"), "a ()V");
  EXPECT_EQ(SamOf(kSams + "Diamond"), "a ()V");
  EXPECT_EQ(SamOf(kSams + "StrSupplier"), "get ()Ljava/lang/Object;");
  EXPECT_EQ(SamOf(kSams + "Redeclared"), "get ()Ljava/lang/String;");
  EXPECT_EQ(SamOf(kSams + "StrConsumer"), "accept (Ljava/lang/String;)V");
  EXPECT_EQ(SamOf(kSams + "Maker"), "make ()Ljava/lang/Number;");
  EXPECT_EQ(SamOf(kSams + "Conv"), "apply (Ljava/lang/Object;)Ljava/lang/Object;");
  EXPECT_EQ(SamOf("fixtures/construct/Lazy$Rule"), "accepts (Ljava/lang/String;I)Z");
  EXPECT_EQ(SamOf("fixtures/construct/Lazy$Sink"), "put (Ljava/lang/String;)V");
  EXPECT_EQ(SamOf("fixtures/construct/Greeter"), "greet (Ljava/lang/String;)Ljava/lang/String;");
}

TEST_F(SamTest, NotFunctional) {
  for (const char* n : {"Two", "Overloads", "NoAbstract", "Empty", "GenericMethod", "Annotation",
                        "AbstractClass", "Missing"}) {
    EXPECT_EQ(SamOf(kSams + n), "") << n;
  }
  EXPECT_EQ(SamOf("fixtures/construct/Mocked$Sensor"), "");  // level() and name()
  EXPECT_EQ(SamOf("fixtures/construct/Lazy"), "");           // a class
}

TEST_F(SamTest, JdkInterfacesThroughTheJvm) {
  EXPECT_EQ(SamOf("java/util/function/Supplier"), "get ()Ljava/lang/Object;");
  EXPECT_EQ(SamOf("java/lang/Runnable"), "run ()V");
  EXPECT_EQ(SamOf("java/util/concurrent/Callable"), "call ()Ljava/lang/Object;");
  EXPECT_EQ(SamOf("java/util/function/Function"), "apply (Ljava/lang/Object;)Ljava/lang/Object;");
  EXPECT_EQ(SamOf("java/util/function/UnaryOperator"),  // inherited from Function
            "apply (Ljava/lang/Object;)Ljava/lang/Object;");
  EXPECT_EQ(SamOf("java/util/function/IntPredicate"), "test (I)Z");
  // equals(Object) is Object's; many default and static methods.
  EXPECT_EQ(SamOf("java/util/Comparator"), "compare (Ljava/lang/Object;Ljava/lang/Object;)I");
  EXPECT_EQ(SamOf("java/lang/Iterable"), "iterator ()Ljava/util/Iterator;");
  EXPECT_EQ(SamOf("java/lang/CharSequence"), "");
  EXPECT_EQ(SamOf("java/util/List"), "");
  EXPECT_EQ(SamOf("java/lang/String"), "");
}

// The type a lambda returns at a use site.
TEST_F(SamTest, ResultAtUseSite) {
  auto cls = [](const std::string& n, std::vector<GenericType> args = {}) {
    GenericType g;
    g.kind = GenericType::kClass;
    g.name = n;
    g.args = std::move(args);
    return g;
  };
  auto wildcard = [](char w, std::vector<GenericType> args = {}) {
    GenericType g;
    g.kind = GenericType::kWildcard;
    g.wildcard = w;
    g.args = std::move(args);
    return g;
  };
  const GenericType str = cls("java/lang/String");
  auto supplier = FindSam("java/util/function/Supplier", read_);
  ASSERT_TRUE(supplier.has_value());
  GenericType use = cls("java/util/function/Supplier", {str});
  EXPECT_EQ(SamResultAt(*supplier, &use).ToString(), "java.lang.String");
  GenericType list = cls("java/util/List", {str});
  use = cls("java/util/function/Supplier", {wildcard('+', {list})});
  EXPECT_EQ(SamResultAt(*supplier, &use).ToString(), "java.util.List<java.lang.String>");
  use = cls("java/util/function/Supplier", {wildcard('*')});
  EXPECT_EQ(SamResultAt(*supplier, &use).ToString(), "java.lang.Object");  // the bound
  EXPECT_EQ(SamResultAt(*supplier, nullptr).ToString(), "java.lang.Object");

  auto function = FindSam("java/util/function/BiFunction", read_);
  ASSERT_TRUE(function.has_value());
  use = cls("java/util/function/BiFunction", {str, str, cls("java/lang/Long")});
  EXPECT_EQ(SamResultAt(*function, &use).ToString(), "java.lang.Long");

  // Through superinterfaces: StrSupplier and Conv<A> return String, Maker<T> its bound.
  auto str_supplier = FindSam(kSams + "StrSupplier", read_);
  ASSERT_TRUE(str_supplier.has_value());
  EXPECT_EQ(SamResultAt(*str_supplier, nullptr).ToString(), "java.lang.String");
  auto conv = FindSam(kSams + "Conv", read_);
  ASSERT_TRUE(conv.has_value());
  EXPECT_EQ(SamResultAt(*conv, nullptr).ToString(), "java.lang.String");
  auto maker = FindSam(kSams + "Maker", read_);
  ASSERT_TRUE(maker.has_value());
  EXPECT_EQ(SamResultAt(*maker, nullptr).ToString(), "java.lang.Number");
  use = cls(kSams + "Maker", {cls("java/lang/Integer")});
  EXPECT_EQ(SamResultAt(*maker, &use).ToString(), "java.lang.Integer");

  auto runnable = FindSam("java/lang/Runnable", read_);
  ASSERT_TRUE(runnable.has_value());
  EXPECT_TRUE(runnable->returns_void());
  auto plain = FindSam(kSams + "Plain", read_);
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(plain->arity(), 2u);
  EXPECT_EQ(Erasure(SamResultAt(*plain, nullptr)).Descriptor(), "I");
}

TEST_F(SamTest, CatalogCaches) {
  int reads = 0;
  SamCatalog cat([&](const std::string& n) {
    ++reads;
    return read_(n);
  });
  const Sam* a = cat.Find("java/lang/Runnable");
  ASSERT_NE(a, nullptr);
  int after = reads;
  EXPECT_EQ(cat.Find("java/lang/Runnable"), a);
  EXPECT_EQ(cat.Find(kSams + "Two"), nullptr);
  int after_two = reads;
  EXPECT_EQ(cat.Find(kSams + "Two"), nullptr);
  EXPECT_EQ(reads, after_two);
  EXPECT_GT(after, 0);
}

}  // namespace
}  // namespace jtg::generate
