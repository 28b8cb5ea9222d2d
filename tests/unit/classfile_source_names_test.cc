#include <memory>
#include <string>

#include "classfile/descriptor.h"
#include "classfile/source_names.h"
#include "classpath/classpath.h"
#include "gtest/gtest.h"

namespace jtg::classfile {
namespace {

constexpr const char* kGsonJar = "/usr/share/java/gson.jar";

SourceNames FromJar(const char* jar, int* reads) {
  auto cp = classpath::Classpath::Open(jar);
  EXPECT_TRUE(cp.ok()) << cp.status();
  auto shared = std::make_shared<classpath::Classpath>(std::move(*cp));
  return SourceNames([shared, reads](const std::string& n) {
    ++*reads;
    return shared->ReadClass(n);
  });
}

TEST(SourceNamesTest, ADollarInATopLevelNameIsKept) {
  int reads = 0;
  SourceNames names = FromJar(kGsonJar, &reads);
  EXPECT_EQ(names.Of("com/google/gson/internal/$Gson$Types"),
            "com.google.gson.internal.$Gson$Types");
  // A member class of it: the declaring class's name, then the simple name.
  EXPECT_EQ(names.Of("com/google/gson/internal/$Gson$Types$ParameterizedTypeImpl"),
            "com.google.gson.internal.$Gson$Types.ParameterizedTypeImpl");
  EXPECT_EQ(names.Of("com/google/gson/Gson"), "com.google.gson.Gson");
  // Each class file is read once.
  const int before = reads;
  names.Of("com/google/gson/internal/$Gson$Types$ParameterizedTypeImpl");
  names.Of("com/google/gson/internal/$Gson$Types");
  EXPECT_EQ(reads, before);
}

TEST(SourceNamesTest, AnAnonymousClassOrAnUnreadableOneGetsTheStringsGuess) {
  int reads = 0;
  SourceNames names = FromJar(kGsonJar, &reads);
  EXPECT_EQ(names.Of("com/google/gson/Gson$1"), JavaSourceName("com/google/gson/Gson$1"));
  EXPECT_EQ(names.Of("no/such/Outer$Inner"), "no.such.Outer.Inner");
  SourceNames none(nullptr);
  EXPECT_EQ(none.Of("a/B$C"), "a.B.C");
}

TEST(SourceNamesTest, TheGuessKeepsADollarThatCannotSeparateNames) {
  EXPECT_EQ(JavaSourceName("java/util/Map$Entry"), "java.util.Map.Entry");
  EXPECT_EQ(JavaSourceName("a/$Top"), "a.$Top");
  EXPECT_EQ(JavaSourceName("a/Gen$$Made"), "a.Gen$$Made");
  EXPECT_EQ(JavaSourceName("a/Trailing$"), "a.Trailing$");
  EXPECT_EQ(JavaSourceName("$Root$Nested"), "$Root.Nested");
}

}  // namespace
}  // namespace jtg::classfile
