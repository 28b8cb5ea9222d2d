// The archive of a search: for every covered goal, the best test that covers it.
// Not thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "testcase/test_case.h"

namespace jtg::generate {

// A kept test: the sequence and the goals it was kept for.
struct ArchivedTest {
  testcase::TestCase test;
  std::vector<int32_t> goals;
};

// Best test per covered goal. Preference (MOSA archive, ICST 2015 §III-C, with EvoSuite's
// rules): a test that does not throw beats one that does, then the one with fewer mocks
// (kMock statements; EvoSuite's mock penalty, so a mock stays only for goals real objects
// do not reach), then the one with fewer calls of protected or package-private members
// (Callable::non_public: a test of the public API pins behaviour, one of internals pins the
// implementation; issue 39), then the lower secondary score (test length for DynaMOSA, the
// performance score for aDynaMOSA) wins.
class Archive {
 public:
  // Keeps `tc` for every goal in `goals` it reaches first or better. `secondary` < 0 means
  // the test length. Returns true if it was kept for at least one goal.
  bool Update(const std::shared_ptr<const testcase::TestCase>& tc,
              const std::vector<int32_t>& goals, double secondary = -1, bool threw = false);
  size_t covered() const { return best_.size(); }
  bool Covers(int32_t goal) const { return best_.count(goal) != 0; }
  // The distinct kept tests, in order of first goal id, each with its goals.
  std::vector<ArchivedTest> Tests() const;

 private:
  struct Entry {
    std::shared_ptr<const testcase::TestCase> test;
    double secondary = 0;
    bool threw = false;
    int mocks = 0;
    int non_public = 0;
  };
  std::map<int32_t, Entry> best_;
};

}  // namespace jtg::generate
