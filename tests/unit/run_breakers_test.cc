// Bisection of a validation run that fails as a whole (output/run_breakers.h), with real
// javac and JUnit runs: one test of four exits the JVM; the other three are kept.
#include "output/run_breakers.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "output/validator.h"
#include "testcase_builders.h"

namespace jtg::output {
namespace {

const char* kOutside = "fixtures/guards/Outside";

WrittenTest Pure(int x) {
  WrittenTest t;
  int a = testing::AddPrimitive(t.test, 'I', x);
  testing::AddCallStmt(t.test, testing::MakeMethod(kOutside, "pure", "(I)I", true), {a});
  return t;
}

WrittenTest Exits() {
  WrittenTest t;  // System.exit(3) by reflection: a plain JVM obeys it
  testing::AddCallStmt(t.test, testing::MakeMethod(kOutside, "exitByReflection", "()I", true), {});
  t.throws_clause = "Exception";  // it declares one
  return t;
}

TEST(RunBreakers, IsolatesTheTestThatEndsTheJvm) {
  TypeOracle oracle;
  oracle.is_public = [](const std::string&) { return true; };
  oracle.is_collection = [](const classfile::TypeDesc&) { return false; };
  oracle.is_map = [](const classfile::TypeDesc&) { return false; };
  oracle.public_exception = [](const std::string& n) { return n; };
  WriterOptions wopts;
  wopts.cut_internal_name = kOutside;
  std::vector<WrittenTest> tests = {Pure(1), Pure(2), Exits(), Pure(3)};
  auto work = MakeWorkDir("jtg-breakers-");
  ASSERT_TRUE(work.ok()) << work.status();
  ValidatorOptions vopts = ValidatorFor(JTG_FIXTURES_DIR, Dialect::kJUnit5, 1, *work);

  auto whole = Validate(WriteJUnit(tests, wopts, oracle), "", vopts);
  ASSERT_TRUE(whole.ok()) << whole.status();
  EXPECT_TRUE(whole->whole_run_failed) << whole->log;
  EXPECT_EQ(whole->failure, "exit code 3");
  EXPECT_EQ(whole->bad_tests.size(), 4u);

  auto rb = FindRunBreakers(tests, wopts, oracle, vopts,
                            std::chrono::steady_clock::now() + std::chrono::minutes(5));
  ASSERT_TRUE(rb.ok()) << rb.status();
  EXPECT_TRUE(rb->complete);
  EXPECT_EQ(rb->bad, (std::vector<bool>{false, false, true, false}));
  EXPECT_EQ(rb->probes, 4);  // halves {0,1} {2,3}, then {2} {3}

  // Past the deadline nothing is probed and every test counts as bad.
  auto late = FindRunBreakers(tests, wopts, oracle, vopts, std::chrono::steady_clock::now());
  ASSERT_TRUE(late.ok());
  EXPECT_FALSE(late->complete);
  EXPECT_EQ(late->probes, 0);
  EXPECT_EQ(late->bad, std::vector<bool>(4, true));
  std::filesystem::remove_all(*work);
}

}  // namespace
}  // namespace jtg::output
