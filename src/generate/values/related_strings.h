// Strings related to those a test already holds. Inputs that must agree with each other are
// common in real APIs: a map's key and the lookup of that key, an option's name ("f") and
// the argument that names it ("-f", "--f=1"), a header and the record that repeats it. Drawn
// independently, two such strings almost never agree; derived from one another, they often
// do. This generalizes EvoSuite's reuse of a test's existing values (Fraser & Arcuri, "Whole
// test suite generation", TSE 2013, section 4.2: an argument is an existing value of the
// test with some probability) to values derived from them, joined to the class's own string
// constants, the way its dynamic seeding joins runtime strings to the constant pool
// (Rojas et al., "Seeding strategies in search-based unit test generation", STVR 2016).
// Pure functions of their arguments and the Rng; thread-compatible (the Rng is not shared).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "generate/rng.h"
#include "testcase/test_case.h"

namespace jtg::generate {

// A string derived from one of the string literals of `tc` other than statement `exclude`
// (-1: none excluded), chosen at random: the string as it is; without its leading and
// trailing characters that are neither letters nor digits ("--name=" -> "name"); its part
// before the first '=' or ':'; or joined to one of `constants` (the class's own string
// constants) before or after it ("-" + "name", "name" + "="). nullopt when `tc` holds no
// other string literal.
std::optional<std::u16string> RelatedString(Rng& rng, const testcase::TestCase& tc,
                                            const std::vector<std::u16string>& constants,
                                            int exclude);

}  // namespace jtg::generate
