// Compiles a written JUnit 5 class against the test fixtures and runs it once; gtest
// expectations that it compiled and that no test failed. For unit tests of what the engine
// writes (catalog producers, stub subclasses).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "output/junit_writer.h"
#include "output/validator.h"

namespace jtg::testing {

// A type oracle that calls every class public and nothing a collection or map, and keeps
// exception names as they are: for writing fixtures' tests.
inline output::TypeOracle PermissiveOracle() {
  output::TypeOracle oracle;
  oracle.is_public = [](const std::string&) { return true; };
  oracle.is_collection = [](const classfile::TypeDesc&) { return false; };
  oracle.is_map = [](const classfile::TypeDesc&) { return false; };
  oracle.public_exception = [](const std::string& n) { return n; };
  return oracle;
}

inline void ExpectWrittenFilePasses(const output::JavaFile& file, const std::string& prefix) {
  auto work = output::MakeWorkDir(prefix);
  ASSERT_TRUE(work.ok());
  auto v = output::Validate(
      file, "", output::ValidatorFor(JTG_FIXTURES_DIR, output::Dialect::kJUnit5, 1, *work));
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->compiled) << v->log;
  EXPECT_TRUE(v->bad_tests.empty()) << v->log.substr(0, 3000);
  std::filesystem::remove_all(*work);
}

}  // namespace jtg::testing
