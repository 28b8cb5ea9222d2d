// Observer calls: after the calls of a test, read back the state they left through the
// public observers of the test's objects, so that assertions can check what the calls did
// and not only what they returned. EvoSuite's inspector assertions (Fraser & Zeller,
// "Mutation-driven generation of unit tests and oracles", ISSTA 2010, §3.2; TSE 2012 §3.1)
// call the getters of the objects a test built; here an observer is any public instance
// method that analysis shows pure (analysis/purity.h), taking no argument or one argument
// for which the test itself holds a value (its string, primitive or object values), so
// `cmd.getOptionValue("f")` is read with the test's own option name.
//
// The observer calls are appended at the end of the test, marked Stmt::observer. Which of
// their assertions stay is decided afterwards by strong mutation (assertion_filter.h);
// observers whose assertions kill nothing are removed again (PruneObservers).
//
// Thread safety: not thread-safe (borrows the Universe and the Purity analysis, both
// caching). Deterministic: no random choice.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "analysis/purity.h"
#include "generate/values/universe.h"
#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::generate {

struct ObserverOptions {
  size_t max_objects = 3;  // the most recent objects of user types observed per test
  size_t max_calls = 24;   // observer calls appended per test
  size_t max_args = 3;     // argument values tried per one-parameter observer
};

class ObserverCatalog {
 public:
  // Both borrowed; must outlive the catalog.
  // With the environment variable JTG_OBSERVER_LOG set, each method considered and the
  // purity verdict on it are printed to stderr.
  ObserverCatalog(Universe& u, analysis::Purity& purity)
      : u_(u), purity_(purity), log_(std::getenv("JTG_OBSERVER_LOG") != nullptr) {}

  // The observers of values of the declared class `type` (internal name): pure, public,
  // non-static methods with a non-void result and at most one parameter, excluding
  // hashCode, clone, getClass and methods returning iterators, spliterators or streams
  // (nothing a regression assertion can pin). For the class under test also the methods it
  // inherits (Universe::calls). Empty for JDK types and types not on the classpath. Cached.
  const std::vector<CallablePtr>& ObserversOf(const std::string& type);

  // `t` with observer calls appended (each Stmt::observer, receiver an earlier statement),
  // for the objects of user types that `r` (the run of `t`) saw non-null; `t` unchanged
  // when the run did not end normally or nothing can be observed.
  testcase::TestCase AddObservers(const testcase::TestCase& t, const testcase::ExecResult& r,
                                  const ObserverOptions& opts = {});

 private:
  Universe& u_;
  analysis::Purity& purity_;
  bool log_ = false;
  std::map<std::string, std::vector<CallablePtr>> cache_;
};

// Removes the observer statements whose value assertion is not kept (`keep`, per statement,
// as AssertionChoice::keep) and that no kept statement uses, and the statements that only
// make a value (literals, nulls, arrays, collections, lambdas, mocks) that nothing uses;
// `keep` is shrunk to match. Returns whether anything was removed.
bool PruneObservers(testcase::TestCase& t, std::vector<bool>& keep);

}  // namespace jtg::generate
