// Directed seed tests for `jtestgen perf`: Glider's input patterns (Dhok and Ramanathan,
// "Directed test generation to detect loop inefficiencies", FSE 2016: element patterns all
// distinct / all equal / disjoint,
// sizes equal / smaller / larger) and WhiteSyn's populated receivers, built with the bulk
// statements of test_case.h (kRepeat, scaled literals) so one test scales with its size
// parameter n.
//
// For an entry method:
//   - collection parameters (java.util interfaces and classes) become a java.util
//     implementation filled by one kRepeat of n (or n+1) Integer (or String) elements; the
//     patterns fix the bases (disjoint: 0, 2^20, 2*2^20 ...; equal: 0 for all), the sizes
//     (equal; the first one smaller, n versus n+1; the first one larger; one input and a
//     filled receiver: the input larger, n+2 versus n+1), and all-equal
//     elements (kSame);
//   - map parameters (Map, SortedMap, NavigableMap and their java.util implementations)
//     become a HashMap or TreeMap filled by one kRepeat of n (or n+1) put(key, value) calls,
//     the keys following the same patterns, every value one constant;
//   - String and CharSequence parameters are scaled strings (a unit repeated n or n+1 times,
//     `"ab".repeat(n)`): "a" for all-equal elements, else "ab", "cd", ... per disjoint base;
//   - array parameters (varargs included) of primitives, Object, Integer, String, ... get n
//     (or n+1) elements in the same patterns (sized_inputs.h);
//   - int and long parameters are the scaled literal n (n+1 with a filled receiver: a key it
//     does not hold), and Object or Integer parameters with a filled receiver its last key n
//     (a scan in insertion order walks all of it);
//   - the receiver (instance methods) is built by the ValueFactory, then optionally populated:
//     for each populator of its class (a public instance method, inherited ones included for
//     the class under test, named as growing it first, with one or two int, long,
//     Integer, String or Object parameters: add(x), put(k, v)) a variant calls it n+1 times
//     with distinct keys (the first argument) and one constant value first;
//   - other parameters come from the ValueFactory.
// The search (mosa.h) starts from these seeds and evolves them.
//
// Ownership: borrows the universe and factory for the call. Deterministic for a given Rng.
#pragma once

#include <string>
#include <vector>

#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "testcase/test_case.h"

namespace jtg::perf {

struct DirectedSeed {
  testcase::TestCase test;  // test.n is set; the last statement calls the entry
  std::string pattern;      // the input pattern in words, for the report
};

// With `view` (a no-argument instance method of the class under test returning a collection
// view: values(), keySet(), entrySet()), the receiver built and filled is the view's owner,
// and the entry (a Collection method such as removeAll) is called on `receiver.view()`.
std::vector<DirectedSeed> DirectedSeeds(generate::Universe& u, generate::ValueFactory& factory,
                                        const generate::CallablePtr& entry, int64_t n,
                                        size_t max_seeds = 24,
                                        const generate::CallablePtr& view = nullptr);

// Whether a declared type is a java.util collection the seeds fill (Collection, List, Set,
// Queue, Deque, Iterable and their java.util implementations).
bool IsFillableCollection(const classfile::TypeDesc& t);

// Whether a declared type is a java.util map the seeds fill (Map, SortedMap, NavigableMap and
// their java.util implementations).
bool IsFillableMap(const classfile::TypeDesc& t);

// Whether a declared type is String or CharSequence (a scaled string literal fills it).
bool IsScalableString(const classfile::TypeDesc& t);

}  // namespace jtg::perf
