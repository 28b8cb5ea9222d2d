// Regression tests for coverage-file inputs the fuzzer (tests/fuzz/coverage_file_fuzz.cc)
// found: each made ParseCoverageJson throw nlohmann::json::type_error (the process
// terminated) or convert an out-of-range number, instead of returning DataLoss.
#include <string>

#include "absl/status/status.h"
#include "coverage/coverage_file.h"
#include "gtest/gtest.h"

namespace jtg::coverage {
namespace {

// A valid file with `field` (a top-level key or "stats.<key>" or "class.<key>") set to the
// JSON text `value`.
std::string With(const std::string& field, const std::string& value) {
  std::string top = R"("format":"jtestgen-coverage","version":1,"mode":"ddst","pid":7)";
  std::string stats = R"("polls":1)";
  std::string cls = R"("name":"a/B","hash":"00000000000000ff","slots":3,"covered":[0,2])";
  if (field.rfind("stats.", 0) == 0) {
    stats += ",\"" + field.substr(6) + "\":" + value;
  } else if (field.rfind("class.", 0) == 0) {
    cls += ",\"" + field.substr(6) + "\":" + value;
  } else {
    top += ",\"" + field + "\":" + value;
  }
  return "{" + top + ",\"stats\":{" + stats + "},\"classes\":[{" + cls + "}]}";
}

TEST(CoverageFileRegression, TheBaseFileParses) {
  auto f = ParseCoverageJson(With("note", "\"\""), "base");
  ASSERT_TRUE(f.ok()) << f.status();
  ASSERT_EQ(f->classes.size(), 1u);
  EXPECT_EQ(f->classes[0].slots, 3);
  EXPECT_EQ(f->pid, 7);
}

// The fuzzer's first crash: "dump_ms" holding an array (json::value threw type_error 302).
TEST(CoverageFileRegression, FieldsOfTheWrongTypeAreDataLoss) {
  for (const auto& [field, value] : {std::pair<std::string, std::string>{"dump_ms", "[1,2]"},
                                     {"start_ms", "\"x\""},
                                     {"mode", "5"},
                                     {"includes", "{}"},
                                     {"stats.polls", "\"many\""},
                                     {"stats.retransform_ms", "[]"},
                                     {"class.defined", "7"},
                                     {"class.note", "1"},
                                     {"class.retransforms", "\"2\""}}) {
    auto f = ParseCoverageJson(With(field, value), "t");
    EXPECT_TRUE(absl::IsDataLoss(f.status())) << field << "=" << value << ": " << f.status();
    if (!f.ok()) {
      EXPECT_NE(f.status().message().find(field.substr(field.find('.') + 1)), std::string::npos)
          << f.status();
    }
  }
  auto format = ParseCoverageJson(R"({"format":1,"version":1,"classes":[]})", "t");
  EXPECT_TRUE(absl::IsDataLoss(format.status())) << format.status();
}

// Out-of-range numbers were converted (a float past int64_t is undefined behaviour; a
// slot count past int32_t wrapped) instead of rejected.
TEST(CoverageFileRegression, NumbersOutOfRangeAreDataLoss) {
  for (const auto& [field, value] : {std::pair<std::string, std::string>{"pid", "1e300"},
                                     {"start_ms", "18446744073709551615"},
                                     {"stats.polls", "2.5"},
                                     {"class.retransforms", "4294967296"}}) {
    auto f = ParseCoverageJson(With(field, value), "t");
    EXPECT_TRUE(absl::IsDataLoss(f.status())) << field << "=" << value << ": " << f.status();
  }
  auto slots =
      ParseCoverageJson(R"({"format":"jtestgen-coverage","version":1,"classes":[{"name":"a/B",)"
                        R"("hash":"00000000000000ff","slots":4294967299,"covered":[2]}]})",
                        "t");
  EXPECT_TRUE(absl::IsDataLoss(slots.status())) << slots.status();
}

}  // namespace
}  // namespace jtg::coverage
