#include "perf/loop_inputs.h"

#include <algorithm>

#include "perf/sized_inputs.h"

namespace jtg::perf {

using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

std::vector<int> SizedStatements(const TestCase& test) {
  std::vector<int> out;
  for (size_t i = 0; i < test.stmts.size(); ++i) {
    const Stmt& s = test.stmts[i];
    if ((s.kind == StmtKind::kRepeat && s.repeat_mult != 0) ||
        (s.kind == StmtKind::kLiteral && s.lit.n_mult != 0)) {
      out.push_back(static_cast<int>(i));
    }
  }
  return out;
}

TestCase FixSizes(const TestCase& test, const std::vector<int>& keep, int64_t n) {
  TestCase out = test;
  for (int i : SizedStatements(test)) {
    if (std::find(keep.begin(), keep.end(), i) != keep.end()) continue;
    Stmt& s = out.stmts[static_cast<size_t>(i)];
    if (s.kind == StmtKind::kRepeat) {
      const int64_t count = static_cast<int64_t>(s.repeat_mult) * n + s.repeat_add;
      s.repeat_add = static_cast<int32_t>(std::max<int64_t>(0, count));
      s.repeat_mult = 0;
    } else if (s.lit.type == 's') {
      const int64_t times = std::max<int64_t>(0, static_cast<int64_t>(s.lit.n_mult) * n + s.lit.i);
      std::u16string unit = s.lit.s;
      s.lit.s.clear();
      for (int64_t k = 0; k < times; ++k) s.lit.s += unit;
      s.lit.n_mult = 0;
      s.lit.i = 0;
    } else {
      s.lit.i = static_cast<int64_t>(s.lit.n_mult) * n + s.lit.i;
      s.lit.d = static_cast<double>(s.lit.i);
      s.lit.n_mult = 0;
    }
  }
  return out;
}

namespace {

// The value statement a sized statement sizes: a kRepeat fills its receiver.
int SizedValue(const TestCase& test, int i) {
  const Stmt& s = test.stmts[static_cast<size_t>(i)];
  if (s.kind == StmtKind::kRepeat) return s.receiver;
  if (IsBufferCapacity(test, static_cast<size_t>(i))) {
    // The buffer it sizes (sized_inputs.h), which its kRepeat fills: one input.
    for (size_t j = static_cast<size_t>(i) + 1; j < test.stmts.size(); ++j) {
      const auto& args = test.stmts[j].args;
      if (std::find(args.begin(), args.end(), i) != args.end()) return static_cast<int>(j);
    }
  }
  return i;
}

// Whether the value of statement `from` is built from that of `v` (v itself, or a receiver
// or argument of it, transitively; statements only refer to earlier ones).
bool BuiltFrom(const TestCase& test, int from, int v) {
  if (from == v) return true;
  if (from < v || from < 0) return false;
  const Stmt& s = test.stmts[static_cast<size_t>(from)];
  if (s.receiver >= 0 && BuiltFrom(test, s.receiver, v)) return true;
  for (int a : s.args) {
    if (a >= 0 && BuiltFrom(test, a, v)) return true;
  }
  return false;
}

// "receiver" / "argK" for the value the call takes directly, else for the first one built
// from it ("arg2 (built from statement 23)"), else "statement N".
std::string Label(const TestCase& test, int v) {
  const Stmt& call = test.stmts.back();
  if (call.receiver == v) return "receiver";
  for (size_t k = 0; k < call.args.size(); ++k) {
    if (call.args[k] == v) return "arg" + std::to_string(k + 1);
  }
  const std::string via = " (built from statement " + std::to_string(v) + ")";
  if (call.receiver >= 0 && BuiltFrom(test, call.receiver, v)) return "receiver" + via;
  for (size_t k = 0; k < call.args.size(); ++k) {
    if (BuiltFrom(test, call.args[k], v)) return "arg" + std::to_string(k + 1) + via;
  }
  return "statement " + std::to_string(v);
}

std::string Simple(const std::string& method) {
  // "com.x.Foo.bar(java.util.List)" -> "Foo.bar"
  std::string head = method.substr(0, method.find('('));
  size_t dot = head.rfind('.');
  size_t cls = dot == std::string::npos ? std::string::npos : head.rfind('.', dot - 1);
  return cls == std::string::npos ? head : head.substr(cls + 1);
}

std::string Join(const std::vector<std::string>& labels, const std::vector<size_t>& which) {
  std::string out;
  for (size_t k = 0; k < which.size(); ++k) {
    out += (k == 0 ? "" : k + 1 == which.size() ? " and " : ", ") + labels[which[k]];
  }
  return out;
}

bool Run(testcase::Executor& ex, const LoopGoal& goal, const TestCase& tc,
         std::vector<LoopCount>* counts, std::string* error) {
  testcase::ExecResult r = ex.Run(tc);
  if (!r.Normal() || r.budget_exceeded) {
    *error = r.budget_exceeded ? "a run overran its budget"
             : r.threw_at >= 0 ? "a run threw " + r.exception_class
                               : "a run failed: " + r.setup_error;
    return false;
  }
  HitCounts hits = CountsOf(r);
  counts->clear();
  for (const CountedLoop& l : goal.loops) counts->push_back(CountLoop(l, hits));
  return true;
}

}  // namespace

LoopInputs SummarizeLoopInputs(testcase::Executor& ex, const LoopGoal& goal, const TestCase& test,
                               int64_t n) {
  LoopInputs out;
  // One input per sized value: the fills of one collection scale together.
  std::vector<int> values;
  std::vector<std::vector<int>> sized;
  for (int i : SizedStatements(test)) {
    const int v = SizedValue(test, i);
    auto it = std::find(values.begin(), values.end(), v);
    if (it == values.end()) {
      values.push_back(v);
      sized.push_back({i});
    } else {
      sized[static_cast<size_t>(it - values.begin())].push_back(i);
    }
  }
  for (int v : values) out.inputs.push_back(Label(test, v));
  out.walks.assign(goal.loops.size(), {});
  out.runs_per.assign(goal.loops.size(), {});
  if (sized.empty() || goal.loops.empty()) return out;
  TestCase base = test;
  base.n = n;
  std::vector<LoopCount> at_n;
  if (!Run(ex, goal, base, &at_n, &out.error)) return out;
  for (size_t k = 0; k < sized.size(); ++k) {
    TestCase one = FixSizes(test, sized[k], n);
    one.n = 2 * n;
    std::vector<LoopCount> doubled;
    if (!Run(ex, goal, one, &doubled, &out.error)) return out;
    for (size_t l = 0; l < goal.loops.size(); ++l) {
      const double per0 = at_n[l].PerExecution(), per1 = doubled[l].PerExecution();
      const double ex0 = static_cast<double>(at_n[l].executions);
      const double ex1 = static_cast<double>(doubled[l].executions);
      if (per0 > 0 && per1 >= kBound * per0) out.walks[l].push_back(k);
      if (ex0 > 0 && ex1 >= kBound * ex0) out.runs_per[l].push_back(k);
    }
  }
  auto words = [&](const std::vector<size_t>& which) { return Join(out.inputs, which); };
  for (size_t l = 0; l < goal.loops.size(); ++l) {
    const LoopRefOut& where = goal.loops[l].where;
    std::string role = goal.loops.size() == 1 ? "the loop"
                       : l == 0               ? "the outer loop"
                                              : "the inner loop";
    std::string s =
        role + " (" + Simple(where.method) + ", line " + std::to_string(where.line) + ") ";
    s += out.walks[l].empty() ? "walks no sized input" : "walks " + words(out.walks[l]);
    if (l > 0 && !out.runs_per[l].empty()) {
      s += ", once per element of " + words(out.runs_per[l]);
    }
    out.text += (out.text.empty() ? "" : "; ") + s;
  }
  if (goal.redundant && goal.loops.size() >= 2) {
    const size_t inner = goal.loops.size() - 1;
    out.retraverses = !out.walks[inner].empty() && !out.runs_per[inner].empty();
  }
  return out;
}

}  // namespace jtg::perf
