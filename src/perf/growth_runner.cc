#include "perf/growth_runner.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "perf/sized_inputs.h"

namespace jtg::perf {

using testcase::Stmt;
using testcase::StmtKind;

double InputSize(const testcase::TestCase& tc) {
  double total = 0;
  for (size_t i = 0; i < tc.stmts.size(); ++i) {
    const Stmt& s = tc.stmts[i];
    if (s.kind == StmtKind::kRepeat) total += static_cast<double>(tc.RepeatCount(s));
    // A buffer's capacity is not an input of its own: its kRepeat counts the elements.
    if (s.kind == StmtKind::kLiteral && s.lit.n_mult != 0 && !IsBufferCapacity(tc, i)) {
      // A scaled string counts its characters.
      double unit = s.lit.type == 's' ? static_cast<double>(s.lit.s.size()) : 1.0;
      total +=
          unit * std::max<double>(0, static_cast<double>(s.lit.n_mult) * static_cast<double>(tc.n) +
                                         static_cast<double>(s.lit.i));
    }
  }
  return total;
}

GrowthSeries MeasureGrowth(testcase::Executor& ex, const LoopGoal& goal, testcase::TestCase test,
                           const std::vector<int64_t>& ns, int reps) {
  GrowthSeries g;
  for (const Stmt& s : test.stmts) {
    g.scales = g.scales || s.kind == StmtKind::kRepeat ||
               (s.kind == StmtKind::kLiteral && s.lit.n_mult != 0);
  }
  for (int64_t n : ns) {
    test.n = n;
    double iters[2] = {0, 0};
    double max_exec = 0;
    for (int rep = 0; rep < std::clamp(reps, 1, 2); ++rep) {
      testcase::ExecResult r = ex.Run(test);
      if (!r.Normal() || r.budget_exceeded) {
        g.error = r.budget_exceeded ? "the run at n = " + std::to_string(n) + " overran its budget"
                  : r.threw_at >= 0
                      ? "the run at n = " + std::to_string(n) + " threw " + r.exception_class
                      : "the run at n = " + std::to_string(n) + " failed: " + r.setup_error;
        return g;
      }
      HitCounts counts = CountsOf(r);
      std::vector<LoopCount> lc;
      for (const CountedLoop& l : goal.loops) lc.push_back(CountLoop(l, counts));
      iters[rep] =
          goal.redundant ? static_cast<double>(lc.back().iterations) : lc.back().PerExecution();
      max_exec = lc.back().PerExecution();
    }
    if (reps >= 2 && iters[0] != iters[1]) g.deterministic = false;
    g.ns.push_back(static_cast<double>(n));
    g.sizes.push_back(InputSize(test));
    g.iterations.push_back(iters[0]);
    g.max_iterations = max_exec;
  }
  return g;
}

namespace {
std::string Simple(const std::string& internal) {
  size_t p = internal.find_last_of("/$");
  return p == std::string::npos ? internal : internal.substr(p + 1);
}
std::string Count(const Stmt& s) {
  if (s.repeat_mult == 0) return std::to_string(s.repeat_add);
  std::string c = s.repeat_mult == 1 ? "n" : std::to_string(s.repeat_mult) + "n";
  if (s.repeat_add > 0) c += "+" + std::to_string(s.repeat_add);
  if (s.repeat_add < 0) c += std::to_string(s.repeat_add);
  return c;
}
}  // namespace

std::string DescribeInputs(const testcase::TestCase& tc) {
  if (tc.stmts.empty()) return "";
  const Stmt& call = tc.stmts.back();
  // Which statement fills which argument.
  std::string out;
  auto describe_value = [&](int idx) -> std::string {
    const Stmt& v = tc.stmts[static_cast<size_t>(idx)];
    // An array built from a filled buffer or list (sized_inputs.h): the fills are the
    // buffer's or the list's.
    const bool array =
        v.kind == StmtKind::kCall && v.callable && v.type.dims == 1 &&
        ((v.receiver >= 0 && (v.callable->name == "toArray" || v.callable->name == "array")) ||
         (v.callable->name == "copyOf" && v.args.size() == 2 &&
          tc.stmts[static_cast<size_t>(v.args[0])].receiver >= 0));
    const int filled = !array ? idx
                       : v.callable->name != "copyOf"
                           ? v.receiver
                           : tc.stmts[static_cast<size_t>(v.args[0])].receiver;
    std::string fills;
    for (const Stmt& s : tc.stmts) {
      if (s.kind != StmtKind::kRepeat || s.receiver != filled || s.args.empty()) continue;
      const Stmt& base = tc.stmts[static_cast<size_t>(s.args[0])];
      std::string pattern = s.repeat_pattern == testcase::RepeatPattern::kDistinct ? "distinct"
                            : s.repeat_pattern == testcase::RepeatPattern::kSame
                                ? "equal"
                                : "repeating (mod " + std::to_string(s.repeat_modulo) + ")";
      std::string from = base.lit.type == 's'
                             ? "\"" + std::string(base.lit.s.begin(), base.lit.s.end()) + "...\""
                             : std::to_string(base.lit.i);
      std::string elem = base.lit.type == 's'      ? "String"
                         : base.type.IsPrimitive() ? base.type.JavaName()
                                                   : Simple(base.type.class_name);
      absl::StrAppend(&fills, fills.empty() ? "" : ", then ",
                      array ? "" : s.callable->name + " of ", Count(s), " ", pattern, " ", elem,
                      " from ", from);
    }
    std::string what =
        array ? (v.type.base == 'L' ? Simple(v.type.class_name) + "[]" : v.type.JavaName())
        : v.kind == StmtKind::kNewCollection      ? Simple(v.owner)
        : v.kind == StmtKind::kCall && v.callable ? Simple(v.type.class_name)
        : v.kind == StmtKind::kLiteral && v.lit.n_mult != 0 && v.lit.type == 's'
            ? "String \"" + std::string(v.lit.s.begin(), v.lit.s.end()) + "\" repeated " +
                  (v.lit.n_mult == 1 ? "n" : std::to_string(v.lit.n_mult) + "n") +
                  (v.lit.i > 0   ? "+" + std::to_string(v.lit.i)
                   : v.lit.i < 0 ? std::to_string(v.lit.i)
                                 : "") +
                  " times"
        : v.kind == StmtKind::kLiteral && v.lit.n_mult != 0
            ? (v.lit.n_mult == 1 ? "n" : std::to_string(v.lit.n_mult) + "n") +
                  (v.lit.i > 0   ? "+" + std::to_string(v.lit.i)
                   : v.lit.i < 0 ? std::to_string(v.lit.i)
                                 : "")
            : "";
    if (what.empty()) return "";
    return fills.empty() ? what : what + " (" + fills + ")";
  };
  if (call.receiver >= 0) {
    std::string r = describe_value(call.receiver);
    if (!r.empty()) out += "receiver: " + r;
  }
  for (size_t k = 0; k < call.args.size(); ++k) {
    std::string a = describe_value(call.args[k]);
    if (a.empty()) continue;
    out += (out.empty() ? "" : "; ") + std::string("arg") + std::to_string(k + 1) + ": " + a;
  }
  return out;
}

}  // namespace jtg::perf
