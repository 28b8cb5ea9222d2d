// Purity of methods: whether calling a method can change any state that a test could read
// afterwards. Pure methods are the observers that jtestgen's tests call after the calls under
// test to read back the state they changed (generate/search/observers.h), as EvoSuite's
// inspector assertions do (Fraser & Zeller, "Mutation-driven generation of unit tests and
// oracles", ISSTA 2010, §3.2), but decided by analysis of the bytecode, not by name.
//
// A method is pure when its own code and every method it calls (followed on the classpath up
// to `max_depth` call levels, resolved from the named owner up its superclass chain):
//   - writes no field (putfield, putstatic);
//   - stores into no array but the arrays it allocates itself (a method with an array store
//     and no newarray/anewarray/multianewarray is impure);
//   - calls no JDK method that `impure_jdk` names (the clock, randomness, identity hashes,
//     threads, I/O: generate/values/impure_apis.h), and no JDK method that mutates a
//     collection, map or iterator (add, put, remove, clear, set, sort, ...) unless it also
//     allocates a JDK collection itself (it fills a fresh one, as `new ArrayList<>(values)`
//     then `addAll` does);
//   - calls nothing it cannot see: a classpath method without code (abstract, native, or an
//     interface method with no body) or one past the depth bound makes it impure.
// Known gaps (the analysis is an approximation; callers check observers dynamically too):
// a virtual call is analysed in the method the named owner resolves, not in overriding
// methods of subclasses; a mutating JDK call on a field's collection passes when the method
// also allocates a collection.
//
// Ownership: borrows the Classpath (must outlive this object); caches parsed class files and
// verdicts. Not thread-safe.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "analysis/class_cache.h"
#include "classfile/class_file.h"
#include "classpath/classpath.h"

namespace jtg::analysis {

// Whether a JDK method (owner internal name, name, descriptor) is impure in itself.
using ImpureJdkFn =
    std::function<bool(std::string_view owner, std::string_view name, std::string_view descriptor)>;

struct PurityVerdict {
  bool pure = false;
  std::string reason;  // why not: "writes field a/B.x", "calls java/util/List.add", ...
};

class Purity {
 public:
  Purity(const classpath::Classpath& cp, ImpureJdkFn impure_jdk, int max_depth = 6)
      : classes_(cp), impure_jdk_(std::move(impure_jdk)), max_depth_(max_depth) {}

  // Verdict for `owner.name descriptor` (owner an internal name of a classpath class). A
  // method that cannot be found or decoded is impure. Cached.
  const PurityVerdict& Of(const std::string& owner, const std::string& name,
                          const std::string& descriptor);

 private:
  // (declaring class, method) the JVM resolves `owner.name desc` to from `owner` up its
  // superclass chain; declaring class "" when not found.
  std::pair<std::string, const classfile::MethodInfo*> Resolve(const std::string& owner,
                                                               const std::string& name,
                                                               const std::string& descriptor);
  PurityVerdict Compute(const std::string& owner, const std::string& name,
                        const std::string& descriptor, int depth);
  // The verdict on a call of a JDK method from a method that does (`fresh`) or does not
  // allocate a JDK collection itself.
  PurityVerdict JdkCall(std::string_view owner, std::string_view name, std::string_view desc,
                        bool fresh) const;

  ClassCache classes_;
  ImpureJdkFn impure_jdk_;
  int max_depth_;
  std::map<std::string, PurityVerdict> memo_;
  std::set<std::string> in_progress_;  // recursion guard: a recursive call adds nothing
};

}  // namespace jtg::analysis
