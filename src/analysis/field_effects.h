// Field and array effects of methods: which fields a method reads and writes, and which
// kinds of array element it loads and stores, transitively over the methods it calls on the
// classpath. These are the static "could influence" facts of JTestCraft's candidate
// sequence search (den Hollander, MSc thesis, TU Delft 2010, §3.3 "define→use" and
// "store→load").
//
// Facts are a superset, as the thesis asks: the same-object question is not decided, array
// types are distinguished by element kind only (the opcode: I J F D A B C S), and a call is
// followed into the method the JVM would resolve it to from the named owner (the owner's
// superclass chain). Known gap: a virtual call is not followed into overriding methods of
// subclasses. Calls into classes not on the user classpath (the JDK) are not followed:
// their effects on JDK state are invisible here.
//
// Ownership: borrows the Classpath (must outlive this object); caches parsed class files
// and per-method effects. Not thread-safe.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "analysis/class_cache.h"
#include "classfile/class_file.h"
#include "classpath/classpath.h"

namespace jtg::analysis {

struct MethodEffects {
  std::set<std::string> reads, writes;                // fields as "owner.name"
  std::set<std::string> static_reads, static_writes;  // the static ones among them
  std::set<char> array_loads, array_stores;           // element kinds: I J F D A B C S
  bool Writes() const { return !writes.empty() || !array_stores.empty(); }
};

class FieldEffects {
 public:
  // `max_depth`: how many call levels below the method itself are followed (0: only its
  // own code).
  explicit FieldEffects(const classpath::Classpath& cp, int max_depth = 3)
      : classes_(cp), max_depth_(max_depth) {}

  // Effects of `owner.name descriptor` (owner an internal name). A method that cannot be
  // found, has no code, or whose code does not decode has no effects of its own. Cached.
  const MethodEffects& Of(const std::string& owner, const std::string& name,
                          const std::string& descriptor);

 private:
  // The class declaring the method the JVM resolves `owner.name desc` to (owner, then its
  // superclasses), or "" if not found on the classpath.
  std::string Resolve(const std::string& owner, const std::string& name,
                      const std::string& descriptor);
  // The class declaring field `name` as seen from `owner` (owner, then its superclasses),
  // so that `Sub.x` and `Base.x` name the same field; `owner` if not found.
  std::string FieldOwner(const std::string& owner, std::string_view name);
  MethodEffects Compute(const std::string& owner, const std::string& name,
                        const std::string& descriptor, int depth);

  ClassCache classes_;
  int max_depth_;
  std::map<std::string, MethodEffects> memo_;  // "owner.name desc" at full depth
  std::set<std::string> in_progress_;          // recursion guard
};

}  // namespace jtg::analysis
