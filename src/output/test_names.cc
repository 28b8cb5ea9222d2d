#include "output/test_names.h"

#include <cctype>
#include <set>

#include "classfile/names.h"

namespace jtg::output {

using testcase::Observed;
using testcase::Stmt;
using testcase::StmtKind;

namespace {

std::string Simple(const std::string& name) {
  size_t p = name.find_last_of("/.$");
  return p == std::string::npos ? name : name.substr(p + 1);
}

std::string Capitalized(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

std::string Identifier(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') out += c;
  }
  return out;
}

// The statement whose behaviour the test checks (see test_names.h), or -1.
int Focus(const testcase::TestCase& t, const testcase::ExecResult& r,
          const std::vector<bool>& keep) {
  if (r.threw_at >= 0) return r.threw_at;
  int last_call = -1;
  for (int i = static_cast<int>(t.stmts.size()) - 1; i >= 0; --i) {
    const Stmt& s = t.stmts[static_cast<size_t>(i)];
    if (s.kind != StmtKind::kCall || s.observer) continue;  // an observer only reads back
    if (last_call < 0) last_call = i;
    const auto u = static_cast<size_t>(i);
    const bool asserted = (keep.empty() || (u < keep.size() && keep[u])) && u < r.values.size() &&
                          r.values[u].kind != Observed::kNone && !s.callable->IsConstructor();
    if (asserted) return i;
  }
  return last_call;
}

// The last call before statement `focus` to a method not named `method` that is neither an
// observer nor a constructor; "" if none.
std::string Setup(const testcase::TestCase& t, int focus, const std::string& method) {
  for (int i = focus - 1; i >= 0; --i) {
    const Stmt& s = t.stmts[static_cast<size_t>(i)];
    if (s.kind != StmtKind::kCall || s.observer || s.callable->IsConstructor()) continue;
    std::string name = Identifier(s.callable->name);
    if (!name.empty() && name != method) return name;
  }
  return "";
}

// The first observer (after the focus) whose value is asserted; "" if none.
std::string FirstObserved(const testcase::TestCase& t, const testcase::ExecResult& r,
                          const std::vector<bool>& keep, int focus) {
  for (size_t u = static_cast<size_t>(focus) + 1; u < t.stmts.size(); ++u) {
    const Stmt& s = t.stmts[u];
    if (s.kind != StmtKind::kCall || !s.observer) continue;
    const bool asserted = (keep.empty() || (u < keep.size() && keep[u])) && u < r.values.size() &&
                          r.values[u].kind != Observed::kNone;
    if (asserted) return Identifier(s.callable->name);
  }
  return "";
}

std::string Condition(const testcase::TestCase& t, const Stmt& call) {
  for (int a : call.args) {
    const Stmt& arg = t.stmts[static_cast<size_t>(a)];
    if (arg.kind == StmtKind::kNull) {
      return "null" + Capitalized(Identifier(
                          Simple(arg.type.dims > 0 ? std::string("Array") : arg.type.class_name)));
    }
    if (arg.kind != StmtKind::kLiteral || arg.lit.n_mult != 0) continue;
    const auto& lit = arg.lit;
    if (lit.type == 's') {
      if (lit.s.empty()) return "emptyString";
    } else if (lit.type == 'F' || lit.type == 'D') {
      if (lit.d == 0) return "zero";
      if (lit.d < 0) return "negative";
    } else if (lit.type != 'Z' && lit.type != 'C') {
      if (lit.i == 0) return "zero";
      if (lit.i < 0) return "negative";
    }
  }
  return "";
}

std::string Outcome(const Stmt& s, const Observed& o) {
  switch (o.kind) {
    case Observed::kPrimitive:
      if (o.prim == 'Z') return o.i ? "returnsTrue" : "returnsFalse";
      if (o.prim == 'F' || o.prim == 'D') return o.d == 0 ? "returnsZero" : "";
      if (o.prim == 'C') return "";
      return o.i == 0 ? "returnsZero" : o.i < 0 ? "returnsNegative" : "";
    case Observed::kString: return o.s.empty() ? "returnsEmptyString" : "";
    case Observed::kNull: return "returnsNull";
    case Observed::kObject:
      return o.size == 0 && (s.type.dims > 0 || !o.boxed) ? "returnsEmpty" : "";
    case Observed::kNone: return "";
  }
  return "";
}

}  // namespace

std::string Scenario::Joined() const {
  // A test method named like one of Object's would not compile (toString() returning void).
  static const std::set<std::string> kObjects = {"toString", "hashCode", "equals",
                                                 "getClass", "notify",   "notifyAll",
                                                 "wait",     "finalize", "clone"};
  std::string out = method;
  if (kObjects.contains(out) && condition.empty() && outcome.empty()) {
    out = "test" + Capitalized(out);
  }
  if (!condition.empty()) out += "_" + condition;
  if (!outcome.empty()) out += "_" + outcome;
  return out;
}

std::string Scenario::Distinguished(bool with_observed) const {
  Scenario s = *this;
  if (!setup.empty()) {
    s.outcome = "after" + Capitalized(setup) + (outcome.empty() ? "" : "_" + outcome);
  }
  std::string out = s.Joined();
  if (with_observed && !observed.empty()) out += "_then" + Capitalized(observed);
  return out;
}

std::vector<std::string> DistinctBases(const std::vector<Scenario>& scenarios) {
  // Each refinement only where it tells apart tests that still share a name.
  std::map<std::string, std::vector<size_t>> by_joined;
  for (size_t i = 0; i < scenarios.size(); ++i) by_joined[scenarios[i].Joined()].push_back(i);
  std::vector<std::string> out(scenarios.size());
  for (const auto& [joined, members] : by_joined) {
    if (members.size() == 1) {
      out[members[0]] = joined;
      continue;
    }
    std::map<std::string, std::vector<size_t>> by_setup;
    for (size_t i : members) by_setup[scenarios[i].Distinguished(false)].push_back(i);
    for (const auto& [name, same] : by_setup) {
      std::set<std::string> observed;
      for (size_t i : same) observed.insert(scenarios[i].observed);
      for (size_t i : same) {
        out[i] = observed.size() > 1 ? scenarios[i].Distinguished(true) : name;
      }
    }
  }
  return out;
}

Scenario ScenarioOf(const testcase::TestCase& t, const testcase::ExecResult& r,
                    const std::vector<bool>& keep) {
  Scenario sc;
  sc.method = "test";
  const int f = Focus(t, r, keep);
  if (f < 0) return sc;
  const Stmt& s = t.stmts[static_cast<size_t>(f)];
  const auto& c = *s.callable;
  sc.method = Identifier(!c.IsConstructor() ? c.name
                         : c.stub           ? "new" + Simple(c.stub->super_name) + "Subclass"
                                            : "new" + Simple(c.owner));
  if (sc.method.empty()) sc.method = "test";
  sc.condition = Condition(t, s);
  sc.setup = Setup(t, f, sc.method);
  sc.observed = FirstObserved(t, r, keep, f);
  if (f == r.threw_at) {
    sc.outcome = "throws" + Identifier(Simple(r.exception_class.empty()
                                                  ? std::string("Exception")
                                                  : classfile::ToInternal(r.exception_class)));
  } else if (const auto u = static_cast<size_t>(f);
             u < r.values.size() && (keep.empty() || (u < keep.size() && keep[u]))) {
    sc.outcome = Outcome(s, r.values[static_cast<size_t>(f)]);
  }
  return sc;
}

std::string UniqueName(const std::string& base, std::map<std::string, int>& used) {
  std::string name = base;
  for (int n = 2; used.contains(name); ++n) name = base + "_" + std::to_string(n);
  used[name] = 1;
  return name;
}

}  // namespace jtg::output
