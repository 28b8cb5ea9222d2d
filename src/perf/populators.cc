#include "perf/populators.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "perf/sized_inputs.h"

namespace jtg::perf {

using classfile::TypeDesc;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

namespace {

// A parameter type a populator's key (its first parameter) or value (a second one) may have.
bool IsSimpleParam(const TypeDesc& p) {
  if (p.dims != 0) return false;
  if (p.base == 'I' || p.base == 'J') return true;
  return p.base == 'L' &&
         (p.class_name == "java/lang/Integer" || p.class_name == "java/lang/String" ||
          p.class_name == "java/lang/Object");
}

// A literal of a populator's parameter type: the integral `base`, or a string from `text`.
Stmt SimpleLiteral(const TypeDesc& p, int64_t base, const std::u16string& text) {
  Stmt lit;
  lit.kind = StmtKind::kLiteral;
  if (p.base == 'I' || p.base == 'J') {
    lit.type = p;
    lit.lit.type = p.base;
    lit.lit.i = base;
  } else if (p.class_name == "java/lang/String") {
    lit.type = p;
    lit.lit.type = 's';
    lit.lit.s = text;
  } else {
    lit.type = Obj("java/lang/Integer");
    lit.lit.type = 'I';
    lit.lit.i = base;
  }
  return lit;
}

}  // namespace

// Glider's populators: instance methods that may grow a collection field, given distinct
// keys: one simple parameter (add(x), push(x)) or two (put(k, v), setProperty(k, v)).
bool IsPopulator(const testcase::Callable& m) {
  const size_t arity = m.desc.params.size();
  if (m.is_static || m.IsConstructor() || arity == 0 || arity > 2) return false;
  for (const TypeDesc& p : m.desc.params) {
    if (!IsSimpleParam(p)) return false;
  }
  return true;
}

// 0 for a name that says it grows the receiver (add, put, push, offer, insert, append, set,
// register, enqueue, store), 1 for a neutral one, 2 for one that reads, removes or compares
// (get, contains, remove, indexOf, equals, ...): never a populator.
int PopulatorRank(const std::string& name) {
  auto starts = [&](std::initializer_list<std::string_view> prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(),
                       [&](std::string_view p) { return name.starts_with(p); });
  };
  if (starts({"add", "put", "push", "offer", "insert", "append", "set", "register", "enqueue",
              "store", "include", "increment", "record"})) {
    return 0;
  }
  if (starts({"get",    "contains",  "remove", "delete", "clear",   "index",  "lastIndex",
              "is",     "has",       "find",   "equals", "compare", "peek",   "poll",
              "pop",    "elementAt", "search", "retain", "drop",    "take",   "wait",
              "notify", "copy",      "to",     "hash",   "sub",     "ensure", "trim"})) {
    return 2;
  }
  return 1;
}

// Appends `times` calls of populator `m` on `recv` with distinct values from `base`.
void AppendPopulate(TestCase& tc, int recv, const generate::CallablePtr& m, int64_t base) {
  std::vector<int> args;
  for (size_t k = 0; k < m->desc.params.size(); ++k) {
    // The first argument varies per call (the key); a second one is a constant value.
    tc.stmts.push_back(SimpleLiteral(m->desc.params[k], k == 0 ? base : 1, k == 0 ? u"k" : u"v"));
    args.push_back(static_cast<int>(tc.size()) - 1);
  }
  Stmt r;
  r.kind = StmtKind::kRepeat;
  r.callable = m;
  r.receiver = recv;
  r.args = args;
  r.repeat_mult = 1;
  r.repeat_add = 1;
  r.type = Prim('V');
  tc.stmts.push_back(std::move(r));
}

}  // namespace jtg::perf
