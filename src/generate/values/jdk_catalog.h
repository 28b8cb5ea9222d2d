// The JDK catalog: how to build values of JDK types that the universe cannot index (JDK
// classes are not on the user classpath; Universe::ProducersOf consults this table for
// them). Two tables, both easy to extend:
//   - producers: constructors, static factories and static constants of public JDK
//     classes, e.g. CharSequence -> new StringBuilder(String), CharBuffer.wrap(CharSequence);
//     Readable -> new StringReader(String); Locale -> Locale.ENGLISH, new Locale(String);
//     RoundingMode -> its constants; Comparator -> naturalOrder(), reverseOrder(),
//     String.CASE_INSENSITIVE_ORDER; Function/UnaryOperator -> identity(). They become
//     ordinary kCall / kGetStatic statements (functional interfaces also get lambdas, see
//     LambdaAlternative and generate/values/sam.h).
//   - collection implementations: the concrete java.util classes used for a collection
//     interface (List -> ArrayList, LinkedList; Map -> HashMap, LinkedHashMap, TreeMap ...),
//     built as kNewCollection statements; replaceable per interface (--jdk-impl).
// The restriction to a curated set of implementations of JDK interfaces follows JTestCraft
// (den Hollander, "Automatic unit test generation", MSc thesis, TU Delft, 2010) and WhiteSyn
// (Linggi, "WhiteSyn: a fully automatic test generation tool for performance bugs", MSc
// thesis, ETH Zurich, 2018, its implementation whitelist): an open JDK interface is
// instantiated only through a few well-behaved, deterministic classes.
// No entry may call an impure API (impure_apis.h); a unit test checks this. A comment by the
// table says how each of the 60 most frequent JDK parameter types (bench/jdk_param_types.py)
// gets values, here or elsewhere, or why it gets none.
//
// Ownership: a JdkCatalog owns its tables and the Callables it hands out. Not thread-safe.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/status.h"
#include "generate/values/producer.h"

namespace jtg::generate {

class JdkCatalog {
 public:
  JdkCatalog();  // the default tables

  // Producers of JDK type `internal_name` (e.g. "java/lang/CharSequence"); empty if the
  // catalog has none. Each Producer's `type` is the declared type of its value.
  const std::vector<Producer>& ProducersOf(const std::string& internal_name) const;

  // Concrete java.util classes (internal names) to build for a collection or map type,
  // the preferred one first; empty if `internal_name` is not a collection type of the table.
  const std::vector<std::string>& ImplementationsOf(const std::string& internal_name) const;

  // Replaces the implementations of one interface. `spec` is "Iface=Impl[,Impl...]" with
  // binary or internal names (java.util.List=java.util.LinkedList). Errors:
  // InvalidArgument when the spec is malformed or a class is not a known java.util
  // collection implementation (only those can be built as kNewCollection).
  Status Configure(const std::string& spec);

  // Whether `internal_name` is one of the JDK's general-purpose functional interfaces
  // (java.util.function.*, Runnable, Callable, Comparator): the value factory builds a
  // lambda for them part of the time even when this catalog has producers (Function's
  // identity(), Comparator's naturalOrder()). Other JDK functional interfaces (Readable,
  // Iterable, AutoCloseable, ...) get a lambda only when nothing else builds them.
  static bool LambdaAlternative(const std::string& internal_name);

  // Every type with producers, for tests and reports.
  std::vector<std::string> ProducerTypes() const;

 private:
  std::map<std::string, std::vector<Producer>> producers_;
  std::map<std::string, std::vector<std::string>> impls_;
};

}  // namespace jtg::generate
