#include "generate/search/assertion_filter.h"

#include <cmath>

#include "classfile/names.h"
#include "testcase/unstable_text.h"

namespace jtg::generate {
namespace {

using testcase::Observed;
using testcase::StmtKind;

// The statements the writer puts a value assertion after.
std::vector<bool> Assertable(const testcase::TestCase& t, const testcase::ExecResult& r) {
  std::vector<bool> out(t.size(), false);
  for (size_t i = 0; i < t.size() && i < r.values.size(); ++i) {
    const auto& s = t.stmts[i];
    if (static_cast<int>(i) == r.threw_at) break;
    out[i] = s.kind == StmtKind::kCall && s.ProducesValue() && !s.callable->IsConstructor() &&
             r.values[i].kind != Observed::kNone;
  }
  return out;
}

bool FlowDiffers(const testcase::ExecResult& a, const testcase::ExecResult& b) {
  return a.threw_at != b.threw_at || (a.threw_at >= 0 && a.exception_class != b.exception_class);
}

// Same flow, another message (or null where there was one).
bool MessageDiffers(const testcase::ExecResult& a, const testcase::ExecResult& b) {
  return a.exception_message_null != b.exception_message_null ||
         a.exception_message != b.exception_message;
}

}  // namespace

bool MessageAssertable(const testcase::ExecResult& r) {
  if (r.threw_at < 0 || r.exception_message_null) return false;
  const std::string& m = r.exception_message;
  if (m.empty() || m.size() > 200) return false;
  for (char c : m) {
    if ((c < 0x20 || c > 0x7e) && c != '\t' && c != '\n') return false;
  }
  static const char* const kRaisedByTheJvm[] = {
      "java.lang.NullPointerException",        "java.lang.ArrayIndexOutOfBoundsException",
      "java.lang.ClassCastException",          "java.lang.ArrayStoreException",
      "java.lang.NegativeArraySizeException",  "java.lang.ArithmeticException",
      "java.lang.IllegalMonitorStateException"};
  for (const char* n : kRaisedByTheJvm) {
    if (r.exception_class == n) return false;
  }
  if (r.exception_class.ends_with("Error")) return false;
  if (classfile::IsJdkClassName(r.exception_class) &&
      (r.exception_origin.empty() || classfile::IsJdkClassName(r.exception_origin))) {
    return false;
  }
  return !testcase::LooksUnstable(std::u16string(m.begin(), m.end()));
}

bool AssertionDetects(const Observed& o, const Observed& m) {
  if (o.kind != m.kind) return true;
  switch (o.kind) {
    case Observed::kPrimitive:
    case Observed::kObject:
      if (o.kind == Observed::kObject && !o.boxed) {
        if (o.size != m.size) return true;
        if (o.elements.empty()) return false;  // only the size is asserted
        if (o.elements.size() != m.elements.size()) return true;
        for (size_t k = 0; k < o.elements.size(); ++k) {
          if (AssertionDetects(o.elements[k], m.elements[k])) return true;
        }
        return false;
      }
      if (o.prim != m.prim || o.boxed != m.boxed) return true;
      if (o.prim == 'F' || o.prim == 'D') {
        if (std::isnan(o.d) || std::isnan(m.d)) return std::isnan(o.d) != std::isnan(m.d);
        return std::fabs(o.d - m.d) > 0.01;
      }
      return o.i != m.i;
    case Observed::kString:
      // The writer asserts only that such a value is not null.
      if (testcase::LooksUnstable(o.s)) return false;
      return o.s != m.s || o.size != m.size;
    case Observed::kNull:
    case Observed::kNone: return false;
  }
  return false;
}

std::vector<MutantRef> KilledBy(const testcase::TestCase& test,
                                const testcase::ExecResult& original, const std::vector<bool>& keep,
                                const std::vector<MutantRef>& candidates, const RunWithMutant& run,
                                size_t max_runs, bool assert_message) {
  const std::vector<bool> assertable = Assertable(test, original);
  assert_message = assert_message && MessageAssertable(original);
  std::vector<MutantRef> out;
  size_t runs = 0;
  for (const MutantRef& m : candidates) {
    if (runs++ >= max_runs) break;
    testcase::ExecResult r = run(test, m);
    if (r.setup_failed || r.budget_exceeded || r.exit_attempt) continue;
    bool killed = FlowDiffers(original, r) || (assert_message && MessageDiffers(original, r));
    for (size_t i = 0; !killed && i < assertable.size() && i < r.values.size(); ++i) {
      const bool asserted = assertable[i] && (keep.empty() || (i < keep.size() && keep[i]));
      killed = asserted && AssertionDetects(original.values[i], r.values[i]);
    }
    if (killed) out.push_back(m);
  }
  return out;
}

AssertionChoice ChooseAssertions(const testcase::TestCase& test,
                                 const testcase::ExecResult& original,
                                 const std::vector<MutantRef>& candidates, const RunWithMutant& run,
                                 size_t max_runs) {
  AssertionChoice c;
  const std::vector<bool> assertable = Assertable(test, original);
  c.keep.assign(test.size(), false);
  int last = -1;  // the last call under test with an assertion (never an observer)
  bool observers = false;
  for (size_t i = 0; i < assertable.size(); ++i) {
    if (!assertable[i]) continue;
    ++c.assertions_before;
    if (test.stmts[i].observer) {
      observers = true;
    } else {
      last = static_cast<int>(i);
    }
  }
  // The message assertion sits at the throwing statement, which has no value assertion.
  const bool message =
      MessageAssertable(original) && static_cast<size_t>(original.threw_at) < test.size();
  if (message) ++c.assertions_before;
  if (c.assertions_before <= 1 && !observers &&
      !message) {  // nothing to choose: the last call's stays
    if (last >= 0) c.keep[static_cast<size_t>(last)] = true;
    c.assertions_after = c.assertions_before;
    return c;
  }
  // kills[i]: indexes into `tried` of the mutants the assertion after statement i detects.
  std::vector<std::vector<size_t>> kills(test.size());
  std::vector<MutantRef> tried;
  std::vector<bool> killed;
  size_t runs = 0;
  for (const MutantRef& m : candidates) {
    if (runs++ >= max_runs) {
      c.untried = candidates.size() - max_runs;
      break;
    }
    testcase::ExecResult r = run(test, m);
    if (r.setup_failed || r.budget_exceeded || r.exit_attempt) continue;
    const size_t id = tried.size();
    tried.push_back(m);
    // A mutant that makes an observer call throw is killed by that call: it counts only
    // if the observer stays, as if it were the observer's assertion.
    const bool at_observer = r.threw_at >= 0 && original.threw_at < 0 &&
                             static_cast<size_t>(r.threw_at) < test.size() &&
                             test.stmts[static_cast<size_t>(r.threw_at)].observer;
    killed.push_back(FlowDiffers(original, r) && !at_observer);
    if (at_observer) kills[static_cast<size_t>(r.threw_at)].push_back(id);
    if (killed.back()) continue;
    if (message && MessageDiffers(original, r)) {
      kills[static_cast<size_t>(original.threw_at)].push_back(id);
    }
    for (size_t i = 0; i < assertable.size() && i < r.values.size(); ++i) {
      if (assertable[i] && AssertionDetects(original.values[i], r.values[i])) {
        kills[i].push_back(id);
      }
    }
  }
  auto take = [&](size_t i) {
    c.keep[i] = true;
    for (size_t id : kills[i]) killed[id] = true;
  };
  if (last >= 0) take(static_cast<size_t>(last));
  for (;;) {
    size_t best = 0, best_gain = 0;
    for (size_t i = 0; i < kills.size(); ++i) {
      if (c.keep[i]) continue;
      size_t gain = 0;
      for (size_t id : kills[i]) gain += killed[id] ? 0 : 1;
      if (gain > 0 && gain >= best_gain) {  // ties go to the later statement
        best = i;
        best_gain = gain;
      }
    }
    if (best_gain == 0) break;
    take(best);
  }
  for (size_t id = 0; id < tried.size(); ++id) {
    if (killed[id]) c.killed.push_back(tried[id]);
  }
  if (message) {
    c.message = c.keep[static_cast<size_t>(original.threw_at)];
    c.keep[static_cast<size_t>(original.threw_at)] = false;
  }
  for (bool k : c.keep) c.assertions_after += k ? 1 : 0;
  if (c.message) ++c.assertions_after;
  return c;
}

}  // namespace jtg::generate
