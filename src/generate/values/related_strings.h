// Strings related to the strings a test already holds: a per-test form of dynamic constant
// seeding (Rojas, Fraser & Arcuri, "Seeding strategies in search-based unit test generation",
// STVR 2016, §3: values observed at run time join the constants the search draws from).
//
// Many classes look up a key that an earlier call stored: an option parser matches the token
// "--name=value" against the option "name" the test registered, a CSV format the header
// "a" it was given, a registry the id it handed out. Random strings almost never agree, and
// the branch distance of a failed map lookup is flat, so the search gets no guidance. A
// related string is one of the test's own string literals, as is or edited with short
// punctuation affixes the class under test itself holds as constants ("-", "--", "=", ":"):
//   x,  p + x,  x + q + y,  p + x + q + y
// where x is a string literal of the test, p and q are affixes, and y is another string of
// the test or a short random one.
//
// Not thread-safe (one per search, like the ValueFactory that owns it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "generate/rng.h"
#include "testcase/test_case.h"

namespace jtg::generate {

class RelatedStrings {
 public:
  // Longest affix taken from the seeds, in UTF-16 code units.
  static constexpr size_t kMaxAffix = 3;

  // Learns the affixes among the run's seeds (both lists only grow): strings of 1 to
  // kMaxAffix code units, each printable ASCII punctuation (no letter, digit or space), and
  // the integer seeds that are the code of such a character (a char constant compiled to
  // an int: `indexOf('=')`). Only the entries added since the last call are read.
  void Learn(const std::vector<std::u16string>& strings, const std::vector<int64_t>& ints);
  const std::vector<std::u16string>& affixes() const { return affixes_; }

  // A string related to the string literals of `tc` other than statement `skip` (pass
  // tc.size() to consider all); nullopt if the test holds no non-empty string literal
  // (scaled `jtestgen perf` strings are not used). Draws from `rng` only.
  std::optional<std::u16string> Make(const testcase::TestCase& tc, size_t skip, Rng& rng) const;

 private:
  std::vector<std::u16string> affixes_;
  size_t strings_learned_ = 0;  // seeds read so far
  size_t ints_learned_ = 0;
};

}  // namespace jtg::generate
