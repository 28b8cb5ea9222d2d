#include "generate/search/observers.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace jtg::generate {

using testcase::Observed;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

namespace {

bool IsClassType(const classfile::TypeDesc& t) { return t.base == 'L' && t.dims == 0; }

// Results no regression assertion can pin, or whose reading changes what they read.
bool Unassertable(const testcase::Callable& c) {
  if (c.name == "hashCode" || c.name == "clone" || c.name == "getClass" || c.name == "iterator" ||
      c.name == "listIterator" || c.name == "spliterator" || c.name == "stream" ||
      c.name == "parallelStream") {
    return true;
  }
  const auto& r = c.desc.ret;
  if (r.base == 'V' && r.dims == 0) return true;
  if (!IsClassType(r)) return false;
  return r.class_name == "java/util/Iterator" || r.class_name == "java/util/ListIterator" ||
         r.class_name == "java/util/Spliterator" || r.class_name == "java/util/Enumeration" ||
         r.class_name.rfind("java/util/stream/", 0) == 0 ||
         r.class_name.rfind("java/util/function/", 0) == 0 ||
         r.class_name.rfind("java/io/", 0) == 0 || r.class_name == "java/lang/Thread";
}

// Whether statement `i` of `t` produced a value the run saw (non-null object or string
// where `object` is set; any value otherwise).
bool SawValue(const testcase::ExecResult& r, size_t i, bool object) {
  if (i >= r.values.size()) return false;
  const Observed& o = r.values[i];
  if (object) return o.kind == Observed::kObject || o.kind == Observed::kString;
  return o.kind != Observed::kNone && o.kind != Observed::kNull;
}

}  // namespace

const std::vector<CallablePtr>& ObserverCatalog::ObserversOf(const std::string& type) {
  auto it = cache_.find(type);
  if (it != cache_.end()) return it->second;
  std::vector<CallablePtr> out;
  if (!analysis::IsJdkClassName(type)) {
    std::vector<CallablePtr> methods = u_.InstanceMethodsOf(type);
    if (type == u_.cut_name()) {  // and the methods it inherits
      const auto& calls = u_.calls();
      methods.insert(methods.end(), calls.begin() + static_cast<long>(u_.targets().size()),
                     calls.end());
    }
    std::set<std::string> seen;
    for (const auto& c : methods) {
      if (c->is_static || c->IsConstructor() || c->desc.params.size() > 1 || Unassertable(*c)) {
        continue;
      }
      if (!seen.insert(c->name + c->descriptor).second) continue;
      const auto& v = purity_.Of(c->owner, c->name, c->descriptor);
      if (log_) {
        std::fprintf(stderr, "observer %s.%s%s: %s\n", c->owner.c_str(), c->name.c_str(),
                     c->descriptor.c_str(), v.pure ? "pure" : v.reason.c_str());
      }
      if (!v.pure) continue;
      out.push_back(c);
    }
    // Zero-argument observers first (getters), then those that take a value.
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
      return a->desc.params.size() < b->desc.params.size();
    });
  }
  return cache_.emplace(type, std::move(out)).first->second;
}

TestCase ObserverCatalog::AddObservers(const TestCase& t, const testcase::ExecResult& r,
                                       const ObserverOptions& opts) {
  TestCase out = t;
  if (!r.Normal() || r.values.size() < t.size()) return out;
  // The objects to observe: the most recent ones of user types.
  std::vector<size_t> objects;
  for (size_t i = t.size(); i-- > 0 && objects.size() < opts.max_objects;) {
    const Stmt& s = t.stmts[i];
    if (s.kind != StmtKind::kCall || !IsClassType(s.type) || !SawValue(r, i, true)) continue;
    if (ObserversOf(s.type.class_name).empty()) continue;
    objects.push_back(i);
  }
  std::reverse(objects.begin(), objects.end());
  // Argument values of one-parameter observers: the test's own values, by declared type.
  auto args_for = [&](const classfile::TypeDesc& p) {
    std::vector<int> found;
    std::set<std::string> distinct;
    for (size_t i = 0; i < t.size() && found.size() < opts.max_args; ++i) {
      const Stmt& s = t.stmts[i];
      if (!SawValue(r, i, false)) continue;
      bool fits = false;
      std::string key = std::to_string(i);
      if (p.dims == 0 && p.base != 'L') {
        fits = s.kind == StmtKind::kLiteral && s.type.base == p.base && s.type.dims == 0;
        if (fits)
          key = std::string(1, p.base) + std::to_string(s.lit.i) + "/" + std::to_string(s.lit.d);
      } else if (IsClassType(p) && p.class_name == "java/lang/String") {
        fits = s.kind == StmtKind::kLiteral && s.lit.type == 's';
        if (fits) key = "s" + std::string(s.lit.s.begin(), s.lit.s.end());
      } else if (IsClassType(p) && IsClassType(s.type) && !analysis::IsJdkClassName(p.class_name)) {
        fits = s.kind != StmtKind::kNull && u_.IsSubtypeOf(s.type.class_name, p.class_name);
      }
      if (fits && distinct.insert(key).second) found.push_back(static_cast<int>(i));
    }
    return found;
  };
  size_t added = 0;
  auto append = [&](size_t receiver, const CallablePtr& c, std::vector<int> args) {
    Stmt call;
    call.kind = StmtKind::kCall;
    call.callable = c;
    call.receiver = static_cast<int>(receiver);
    call.args = std::move(args);
    call.type = c->desc.ret;
    call.observer = true;
    out.stmts.push_back(std::move(call));
    ++added;
  };
  for (size_t obj : objects) {
    for (const auto& c : ObserversOf(t.stmts[obj].type.class_name)) {
      if (added >= opts.max_calls) return out;
      if (c->desc.params.empty()) {
        append(obj, c, {});
        continue;
      }
      for (int a : args_for(c->desc.params[0])) {
        if (added >= opts.max_calls) return out;
        if (a == static_cast<int>(obj)) continue;
        append(obj, c, {a});
      }
    }
  }
  return out;
}

namespace {
// Statements that only make a value (no call runs user code, nothing outside changes).
bool OnlyMakesAValue(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::kLiteral:
    case StmtKind::kNull:
    case StmtKind::kNewArray:
    case StmtKind::kNewCollection:
    case StmtKind::kLambda:
    case StmtKind::kMock: return true;
    default: return false;
  }
}
}  // namespace

bool PruneObservers(TestCase& t, std::vector<bool>& keep) {
  keep.resize(t.size(), false);
  std::vector<bool> used(t.size(), false);
  auto removable = [&](size_t i) {
    const Stmt& s = t.stmts[i];
    return !keep[i] && !used[i] && (s.observer || OnlyMakesAValue(s));
  };
  for (size_t i = t.size(); i-- > 0;) {
    const Stmt& s = t.stmts[i];
    const bool stays = !removable(i);
    if (!stays) continue;
    if (s.receiver >= 0) used[static_cast<size_t>(s.receiver)] = true;
    for (int a : s.args) used[static_cast<size_t>(a)] = true;
  }
  std::vector<int> new_index(t.size(), -1);
  TestCase out;
  out.n = t.n;
  std::vector<bool> out_keep;
  for (size_t i = 0; i < t.size(); ++i) {
    const Stmt& s = t.stmts[i];
    if (removable(i)) continue;
    new_index[i] = static_cast<int>(out.stmts.size());
    Stmt c = s;
    if (c.receiver >= 0) c.receiver = new_index[static_cast<size_t>(c.receiver)];
    for (int& a : c.args) a = new_index[static_cast<size_t>(a)];
    out.stmts.push_back(std::move(c));
    out_keep.push_back(keep[i]);
  }
  const bool removed = out.size() != t.size();
  t = std::move(out);
  keep = std::move(out_keep);
  return removed;
}

}  // namespace jtg::generate
