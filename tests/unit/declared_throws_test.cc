// Checked exceptions known before javac (issue 40): the Exceptions attribute read into the
// callable (generate/values/universe.h, MakeCallable) and the throws clause the writer gives a
// test from it (output/junit_writer.h, DeclaredThrowsClause); and the default charset varied
// in the search JVM (jvm/jni_util.h, SwapDefaultCharset), so that an assertion on it is
// dropped before validation.
#include <jni.h>

#include <string>

#include "classfile/class_file.h"
#include "classpath/classpath.h"
#include "generate/values/universe.h"
#include "gtest/gtest.h"
#include "jvm/jni_util.h"
#include "jvm_fixture.h"
#include "output/junit_writer.h"

namespace jtg {
namespace {

testcase::TestCase CallingOne(const std::vector<std::string>& declared) {
  auto c = std::make_shared<testcase::Callable>(
      *testcase::NewCallable("a/B", "m", "()V", /*is_static=*/true));
  c->declared_exceptions = declared;
  testcase::TestCase t;
  testcase::Stmt s;
  s.kind = testcase::StmtKind::kCall;
  s.callable = c;
  t.stmts.push_back(s);
  return t;
}

TEST(DeclaredThrows, ACheckedExceptionGetsAThrowsClauseAnUncheckedOneNot) {
  EXPECT_EQ(output::DeclaredThrowsClause(CallingOne({"java/io/IOException"})), "Exception");
  EXPECT_EQ(output::DeclaredThrowsClause(CallingOne({"com/x/CustomException"})), "Exception");
  EXPECT_EQ(output::DeclaredThrowsClause(
                CallingOne({"java/lang/IllegalArgumentException", "java/lang/AssertionError"})),
            "");
  EXPECT_EQ(output::DeclaredThrowsClause(CallingOne({})), "");
  EXPECT_EQ(output::DeclaredThrowsClause(testcase::TestCase{}), "");
}

TEST(DeclaredThrows, TheCallableCarriesTheMethodsThrowsClause) {
  auto cp = classpath::Classpath::Open(JTG_FIXTURES_DIR);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto bytes = cp->ReadClass("fixtures/construct/Jdk");
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  auto parsed = classfile::Parse(*bytes, "fixtures/construct/Jdk");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  bool seen_read = false;
  for (const auto& m : parsed->cls.methods) {
    auto c = generate::MakeCallable(parsed->cls, m);
    ASSERT_NE(c, nullptr);
    if (c->name == "read") {
      seen_read = true;
      EXPECT_EQ(c->declared_exceptions, std::vector<std::string>{"java/io/IOException"});
    } else if (c->name == "<init>") {
      EXPECT_TRUE(c->declared_exceptions.empty());
    }
  }
  EXPECT_TRUE(seen_read);
}

// "é" encoded with the default charset: 2 bytes in UTF-8, 1 in ISO-8859-1.
int EncodedLength(JNIEnv* env) {
  jstring s = env->NewStringUTF("\xc3\xa9");
  jclass string_class = env->FindClass("java/lang/String");
  jmethodID get_bytes = env->GetMethodID(string_class, "getBytes", "()[B");
  auto bytes = static_cast<jbyteArray>(env->CallObjectMethod(s, get_bytes));
  const int n = bytes != nullptr ? env->GetArrayLength(bytes) : -1;
  env->DeleteLocalRef(bytes);
  env->DeleteLocalRef(string_class);
  env->DeleteLocalRef(s);
  return n;
}

TEST(DefaultCharset, SwappedAndRestored) {
  JNIEnv* env = testing::GetSharedJvm().executor->env();
  const int own = EncodedLength(env);
  auto was = jvm::SwapDefaultCharset(env, "ISO-8859-1");
  ASSERT_TRUE(was.ok()) << was.status();
  EXPECT_EQ(EncodedLength(env), 1);
  auto back = jvm::SwapDefaultCharset(env, *was);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, "ISO-8859-1");
  EXPECT_EQ(EncodedLength(env), own);
  EXPECT_FALSE(jvm::SwapDefaultCharset(env, "no-such-charset").ok());
  EXPECT_EQ(EncodedLength(env), own);
}

}  // namespace
}  // namespace jtg
