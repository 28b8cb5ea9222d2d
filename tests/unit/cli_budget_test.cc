#include <gtest/gtest.h>

#include "cli/budget.h"

namespace jtg::cli {
namespace {

TEST(Budget, ParsesUnits) {
  EXPECT_DOUBLE_EQ(*ParseBudget("60"), 60);
  EXPECT_DOUBLE_EQ(*ParseBudget("60s"), 60);
  EXPECT_DOUBLE_EQ(*ParseBudget("2m"), 120);
  EXPECT_DOUBLE_EQ(*ParseBudget("1.5m"), 90);
  EXPECT_DOUBLE_EQ(*ParseBudget("500ms"), 0.5);
}

TEST(Budget, NamesTheFlag) {
  auto r = ParseBudget("0s", "--budget-per-class");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(std::string(r.status().message()).find("bad --budget-per-class '0s'"),
            std::string::npos);
}

TEST(Budget, RejectsGarbage) {
  for (const char* bad : {"", "s", "abc", "-5s", "10x", "5 s", "nan", "inf", "-inf", "nans",
                          "1e300s", "0s", "0", "8d", "169h", "1e-400s"}) {
    auto r = ParseBudget(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(std::string(r.status().message()).find("bad --budget"), std::string::npos);
  }
}

}  // namespace
}  // namespace jtg::cli

TEST(MaxHeap, ParsesSizesInMebibytes) {
  EXPECT_EQ(*jtg::cli::ParseMegabytes("1536m", "--max-heap"), 1536);
  EXPECT_EQ(*jtg::cli::ParseMegabytes("2g", "--max-heap"), 2048);
  EXPECT_EQ(*jtg::cli::ParseMegabytes("2G", "--max-heap"), 2048);
  EXPECT_EQ(*jtg::cli::ParseMegabytes("700", "--max-heap"), 700);
}

TEST(MaxHeap, RejectsGarbageNamingTheFlag) {
  for (const char* bad : {"", "2x", "10k", "0m", "32m", "-1g", "nan", "g"}) {
    auto r = jtg::cli::ParseMegabytes(bad, "--max-heap");
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.status().message().find("--max-heap"), std::string::npos) << bad;
  }
}

TEST(TimeBound, MustExceedTheBudget) {
  EXPECT_DOUBLE_EQ(*jtg::cli::ParseTimeBound("5m", 60), 300);
  auto r = jtg::cli::ParseTimeBound("60s", 60);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "bad --time-bound '60s': must exceed the search budget (60 s)");
  EXPECT_FALSE(jtg::cli::ParseTimeBound("soon", 60).ok());
}
