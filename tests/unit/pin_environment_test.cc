// --pin-environment (output/junit_writer.h, WriterOptions::pin_zone/pin_locale; issue 24):
// a test asserting a value of the default time zone passes the validation runs that change
// the zone only when the class pins the zone it was recorded in.
#include <gtest/gtest.h>

#include "output/junit_writer.h"
#include "output/validator.h"
#include "testcase_builders.h"
#include "written_file_check.h"

namespace jtg::output {
namespace {

// `String string0 = Clock.zone();` observed as `zone`.
WrittenTest ZoneTest(const std::u16string& zone) {
  WrittenTest t;
  testing::AddCallStmt(
      t.test, testing::MakeMethod("unstable/Clock", "zone", "()Ljava/lang/String;", true), {});
  testcase::Observed o;
  o.kind = testcase::Observed::kString;
  o.s = zone;
  o.runtime_class = "java.lang.String";
  t.result.values.push_back(o);
  return t;
}

TEST(PinEnvironment, PinnedZoneKeepsTheAssertionTrueInEveryRun) {
  WriterOptions opts;
  opts.cut_internal_name = "unstable/Clock";
  // Run 1 of validation sets Pacific/Apia, run 2 Asia/Kolkata (run_environments.h).
  const std::vector<WrittenTest> tests = {ZoneTest(u"Europe/Paris")};
  auto work = MakeWorkDir("jtg-pin-");
  ASSERT_TRUE(work.ok()) << work.status();
  ValidatorOptions vopts = ValidatorFor(JTG_FIXTURES_DIR, Dialect::kJUnit5, 3, *work);

  JavaFile loose = WriteJUnit(tests, opts, testing::PermissiveOracle());
  auto v = Validate(loose, "", vopts);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_FALSE(v->bad_tests.empty()) << "the zone was never Europe/Paris, yet the test passed";

  opts.pin_zone = "Europe/Paris";
  opts.pin_locale = "fr-FR";
  JavaFile pinned = WriteJUnit(tests, opts, testing::PermissiveOracle());
  EXPECT_NE(pinned.source.find("@BeforeAll"), std::string::npos) << pinned.source;
  EXPECT_NE(pinned.source.find("TimeZone.setDefault(savedTimeZone);"), std::string::npos);
  v = Validate(pinned, "", vopts);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->bad_tests.empty()) << v->log.substr(0, 3000);
}

}  // namespace
}  // namespace jtg::output
