// Variation operators of the genetic search over test cases (EvoSuite's operators; Fraser &
// Arcuri, "Whole test suite generation", TSE 2013, §3.3-3.4, and the aDynaMOSA note §8):
//   - mutation: with probability 1/3 each, delete statements (each with probability 1/n,
//     together with the statements that use them), change statements (literals get new
//     values; calls get another argument), and insert calls (repeatedly, with probability
//     0.5 each time); an insertion is sometimes (kCollaboratorChance) a call of a public
//     instance method on a user-type value the test already builds (not the class under
//     test; half of the time one that can change state, Universe::MutatorsOf), or of an interface
//     or abstract type's method on a value user code returned (Universe::ViewMethodsOf: iterators,
//     entries, views, whose classes are often the CUT's nested classes), placed right after the
//     value is created so later calls see its new state (JTestCraft's observation that collaborator
//     mutators matter; the cheap companion of candidate_search.h);
//   - single-point relative crossover: the prefix of one parent before a point at the same
//     relative position in both, then the suffix of the other, whose references into the
//     dropped prefix are rewired to values of an assignable type or removed.
// Tests never exceed `max_length` statements.
#pragma once

#include <utility>

#include "generate/rng.h"
#include "generate/search/target_selector.h"
#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "testcase/executor.h"
#include "testcase/test_case.h"

namespace jtg::generate {

class Variation {
 public:
  Variation(Universe& u, ValueFactory& factory, const TargetSelector& selector,
            testcase::Executor& ex, Rng& rng, size_t max_length)
      : u_(u),
        factory_(factory),
        selector_(selector),
        ex_(ex),
        rng_(rng),
        max_length_(max_length) {}

  static constexpr double kCollaboratorChance = 0.1;

  // A new random test: 1-3 calls of methods under test.
  testcase::TestCase RandomTest();
  testcase::TestCase Mutate(const testcase::TestCase& t);
  std::pair<testcase::TestCase, testcase::TestCase> Crossover(const testcase::TestCase& a,
                                                              const testcase::TestCase& b);

 private:
  bool DeleteStatements(testcase::TestCase& t);
  bool ChangeStatements(testcase::TestCase& t);
  bool InsertCalls(testcase::TestCase& t);
  bool InsertCollaboratorCall(testcase::TestCase& t);
  // Changes literal statement `i` of `t` in place.
  void ChangeLiteral(testcase::TestCase& t, size_t i);
  testcase::TestCase Splice(const testcase::TestCase& head, size_t cut,
                            const testcase::TestCase& tail, size_t from);

  Universe& u_;
  ValueFactory& factory_;
  const TargetSelector& selector_;
  testcase::Executor& ex_;
  Rng& rng_;
  size_t max_length_;
};

}  // namespace jtg::generate
