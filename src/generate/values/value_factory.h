// Builds the statements that produce an argument or receiver of a given type, appending
// them to a TestCase (Randoop's feedback-directed value selection, plus a curated catalog
// of JDK types, jdk_catalog.h):
//   - reuse a value already in the test, or one from a sequence in the pool that ran
//     normally (its statements are copied in front),
//   - primitives, boxed values and strings from the CUT's constants and random values,
//   - java.util collections and maps (ArrayList, HashSet, TreeSet, HashMap, Properties, ...)
//     filled with a few generated elements, arrays of any dimension,
//   - sometimes (kRelatedStringChance) a string related to the test's other strings
//     (related_strings.h: "--" + name + "=" + value for a name the test registered),
//   - JDK types from the catalog (StringBuilder or CharBuffer as a CharSequence, Locale
//     constants, StringReader as a Readable, BigDecimal ...),
//   - for the arguments of a method under test, sometimes (kHintChance) a subtype of the
//     declared type that the method checks with instanceof or casts to (type_hints.h),
//   - user types through their producers (public constructors, static factories and fields,
//     implementations found on the classpath), recursively up to a depth limit,
//   - lambdas (kLambda) for functional interfaces (sam.h) that nothing above builds, and
//     half of the time for the JDK's general-purpose ones (JdkCatalog::LambdaAlternative),
//     returning a value built for the method's return type (generic arguments applied:
//     a Supplier<String> returns a string),
//   - with --mocks, a Mockito mock for an interface or abstract class with no producer at
//     all that is not functional (mock_catalog.h), its stubs returning generated literals,
//   - null, rarely, for reference types.
// A generic type (from the method's Signature, generic_params.h) pins element types: a
// List<String> argument holds strings, a Map<String, List<Integer>> lists of integers; such
// values are built fresh (not reused from the test or the pool, whose elements may differ).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "generate/rng.h"
#include "generate/values/related_strings.h"
#include "generate/values/sam.h"
#include "generate/values/universe.h"
#include "testcase/executor.h"
#include "testcase/test_case.h"

namespace jtg::generate {

// Sequences that ran without exception, indexed by the declared types of their values.
class SequencePool {
 public:
  void Add(const testcase::TestCase& tc);
  size_t size() const { return seqs_.size(); }
  // A random (sequence, statement) whose declared type is assignable to `t`; false if none.
  bool Pick(const classfile::TypeDesc& t, testcase::Executor& ex, Rng& rng, size_t* seq, int* stmt);
  const testcase::TestCase& seq(size_t i) const { return seqs_[i]; }

 private:
  std::vector<testcase::TestCase> seqs_;
  std::map<std::string, std::vector<std::pair<size_t, int>>> by_type_;  // descriptor -> uses
  std::map<std::string, std::vector<std::string>> compatible_;          // wanted -> type keys
};

struct FactoryLimits {
  int max_depth = 3;
  size_t max_length = 40;  // statements per test
  double null_chance = 0.05;
  double reuse_chance = 0.3;
};

class ValueFactory {
 public:
  ValueFactory(Universe& u, SequencePool& pool, testcase::Executor& ex, Rng& rng,
               FactoryLimits limits);

  // Appends statements producing a value of type `t` and returns the index of the statement
  // holding it; -1 if no value can be built (the caller drops the test). `g`, if not null,
  // is the generic type of `t` (borrowed for the call).
  int Generate(testcase::TestCase& tc, const classfile::TypeDesc& t, int depth,
               const classfile::GenericType* g = nullptr);
  // Appends a call of `c` with generated receiver and arguments; -1 if impossible.
  // At depth 0 (`c` under test) the arguments use the type hints of `c`.
  int AppendCall(testcase::TestCase& tc, const CallablePtr& c, int depth);
  // Appends a value for parameter `p` of `c` (its generic type when known), as Generate;
  // small integers when `c`'s sizes are limited (see LimitSizes).
  int GenerateArg(testcase::TestCase& tc, const testcase::Callable& c, size_t p, int depth);
  // After a call of `c` ran past the per-test budget or out of memory (a table sized by an
  // int argument, a count of repetitions), its integral arguments are drawn from [-1, 16]
  // from then on, so the method keeps its tests (issue 20, item 4). Keyed by owner, name
  // and descriptor.
  void LimitSizes(const testcase::Callable& c);
  bool SizesLimited(const testcase::Callable& c) const;

  // Chance that a reference argument of a method under test is built as one of its hinted
  // subtypes (JTestCraft-style; the memo's 30%).
  static constexpr double kHintChance = 0.3;
  // Chance of a lambda for a JDK functional interface that the catalog can also produce.
  static constexpr double kJdkLambdaChance = 0.5;
  // Chance that a new string literal, or a changed one, is related to the test's other
  // strings (related_strings.h) when the test holds any.
  static constexpr double kRelatedStringChance = 0.2;

  // A string related to the string literals of `tc` other than statement `skip`
  // (RelatedStrings::Make over the run's seeds); nullopt if `tc` holds none.
  std::optional<std::u16string> RelatedString(const testcase::TestCase& tc, size_t skip);

 private:
  int AppendCallWith(testcase::TestCase& tc, const CallablePtr& c, int depth);
  // A value of a hinted strict subtype of `t` (not null); -1 (nothing appended) if none
  // is assignable or buildable.
  int Hinted(testcase::TestCase& tc, const classfile::TypeDesc& t, int depth,
             const classfile::GenericType* g);
  int Literal(testcase::TestCase& tc, const classfile::TypeDesc& t, char kind);
  int FromPool(testcase::TestCase& tc, const classfile::TypeDesc& t);
  int ReuseInTest(const testcase::TestCase& tc, const classfile::TypeDesc& t);
  int Collection(testcase::TestCase& tc, const classfile::TypeDesc& t, const std::string& impl,
                 int depth, const classfile::GenericType* g = nullptr);
  // An element of generic type `g` (a pinned type argument); -1 if none, or if it came out
  // null and `no_nulls` (nothing appended then).
  int TypedElement(testcase::TestCase& tc, const classfile::GenericType& g, int depth,
                   bool no_nulls);
  int Array(testcase::TestCase& tc, const classfile::TypeDesc& t, int depth,
            const classfile::GenericType* g = nullptr);
  int UserType(testcase::TestCase& tc, const classfile::TypeDesc& t, int depth);
  // Whether the written test can name the class `owner` (internal name).
  bool UsableFromTest(const std::string& owner);
  int Null(testcase::TestCase& tc, const classfile::TypeDesc& t);
  // A kMock of `t` after its stub values (mock_values.cc); -1 (nothing appended) when mocks
  // are off, `t` has a producer, is not mockable, or the test would grow too long.
  int Mock(testcase::TestCase& tc, const classfile::TypeDesc& t, int depth);
  // A kLambda of `t` after the statements of its returned value (lambda_values.cc); -1
  // (nothing appended) when `t` is not a functional interface the written test can name,
  // or the value cannot be built.
  int Lambda(testcase::TestCase& tc, const classfile::TypeDesc& t, int depth,
             const classfile::GenericType* g);
  // Whether the test class (in the CUT's package) can name class `internal_name`.
  bool Nameable(const std::string& internal_name);
  std::u16string RandomString();
  // Values of JDK types reached through a call: Iterator (list.iterator()), Enumeration
  // (Collections.enumeration(list)), Class (Class.forName(name)); -1 if `t` is none of them.
  int JdkValue(testcase::TestCase& tc, const classfile::TypeDesc& t, int depth,
               const classfile::GenericType* g = nullptr);
  // Something other than a literal where an Object is expected: a collection, a map, an
  // array, an iterator or an enumeration, so instanceof dispatch on Object gets exercised.
  int StructuredObject(testcase::TestCase& tc, int depth);

  Universe& u_;
  SequencePool& pool_;
  testcase::Executor& ex_;
  Rng& rng_;
  std::set<std::string> small_sizes_;  // callables whose integral arguments stay small
  bool small_now_ = false;             // generating an argument of such a callable
  FactoryLimits limits_;
  CallablePtr iterator_, enumeration_, for_name_;
  RelatedStrings related_;  // affixes learned from the run's string seeds
  SamCatalog sams_;         // reads the classpath, then the JVM (JDK interfaces)
  const std::vector<std::string>* hints_ = nullptr;  // of the call under test; not owned
};

}  // namespace jtg::generate
