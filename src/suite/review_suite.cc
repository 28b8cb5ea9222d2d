#include "suite/review_suite.h"

#include <algorithm>
#include <cmath>

#include "absl/container/flat_hash_set.h"
#include "jvm/jni_util.h"

namespace jtg::suite {

using output::WrittenTest;

namespace {

bool SameObserved(const testcase::Observed& a, const testcase::Observed& b) {
  const bool same_d = a.d == b.d || (std::isnan(a.d) && std::isnan(b.d));
  if (a.kind != b.kind || a.prim != b.prim || a.i != b.i || !same_d || a.s != b.s ||
      a.boxed != b.boxed || a.size != b.size || a.elements.size() != b.elements.size()) {
    return false;
  }
  for (size_t k = 0; k < a.elements.size(); ++k) {
    if (!SameObserved(a.elements[k], b.elements[k])) return false;
  }
  return true;
}

}  // namespace

void DropUnstable(const SuiteContext& ctx, std::vector<WrittenTest>& written,
                  ValidationFacts& facts) {
  JNIEnv* env = ctx.executor.env();
  auto defaults = jvm::DefaultZoneAndLocale(env);
  if (!defaults.ok()) return;
  const bool apia = defaults->first != "Pacific/Apia";
  if (!jvm::SetDefaultZoneAndLocale(env, apia ? "Pacific/Apia" : "Asia/Kolkata",
                                    defaults->second != "tr-TR" ? "tr-TR" : "de-DE")
           .ok()) {
    return;
  }
  // The charset too (validation varies it in a JVM of its own): an assertion on bytes or
  // text decoded with the default charset is dropped here, not at the cost of a
  // validation round.
  auto charset = jvm::SwapDefaultCharset(env, "ISO-8859-1");
  if (charset.ok() && *charset == "ISO-8859-1") (void)jvm::SwapDefaultCharset(env, "UTF-8");
  std::vector<WrittenTest> kept;
  for (auto& w : written) {
    testcase::ExecResult again = ctx.executor.Run(w.test);
    if (again.threw_at != w.result.threw_at || again.exception_class != w.result.exception_class ||
        !again.Writable()) {
      ++facts.unstable_tests_in_search;
      continue;
    }
    if (w.keep_assertion.empty()) w.keep_assertion.assign(w.test.size(), true);
    if (w.assert_message && (again.exception_message_null != w.result.exception_message_null ||
                             again.exception_message != w.result.exception_message)) {
      w.assert_message = false;
      ++facts.unstable_in_search;
    }
    for (size_t i = 0; i < w.result.values.size() && i < again.values.size(); ++i) {
      if (i < w.keep_assertion.size() && w.keep_assertion[i] &&
          !SameObserved(w.result.values[i], again.values[i])) {
        w.keep_assertion[i] = false;
        ++facts.unstable_in_search;
      }
    }
    kept.push_back(std::move(w));
  }
  written = std::move(kept);
  (void)jvm::SetDefaultZoneAndLocale(env, defaults->first, defaults->second);
  if (charset.ok()) (void)jvm::SwapDefaultCharset(env, *charset);
}

TestReach Reach(const SuiteContext& ctx, const WrittenTest& w) {
  TestReach out;
  testcase::ExecResult r = ctx.executor.Run(w.test);
  out.goals = ctx.model.GoalsReached(r.goals, r.switches);
  if (ctx.goals != nullptr) {
    for (int32_t g : ctx.goals->Evaluate(w.test, r).reached) {
      switch (ctx.goals->Kind(g)) {
        case generate::GoalKind::kWeakMutation: out.killed.push_back(g); break;
        case generate::GoalKind::kException:
        case generate::GoalKind::kMethod: out.search_goals.push_back(g); break;
        default: break;  // branches and lines are in `goals`; input and output categories
      }                  // only steer the search
    }
  } else if (ctx.reach) {
    out.search_goals = ctx.reach(w.test, r);  // no goal model: every goal of the search
  }
  return out;
}

std::vector<size_t> MinimalSuite(std::vector<WrittenTest>& written, const output::JavaFile& file,
                                 const std::vector<TestReach>& reach,
                                 const std::vector<int32_t>& load_goals) {
  std::vector<bool> asserts(written.size(), false);
  for (const auto& [line, at] : file.assertion_at) {
    if (at.first < asserts.size()) asserts[at.first] = true;
  }
  for (size_t i = 0; i < written.size(); ++i) {
    asserts[i] = asserts[i] || written[i].result.threw_at >= 0;
  }
  auto size = [&reach](size_t i) {
    return reach[i].goals.size() + reach[i].search_goals.size() + reach[i].killed.size();
  };
  std::vector<size_t> order(written.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (asserts[a] != asserts[b]) return static_cast<bool>(asserts[a]);
    return size(a) > size(b);
  });
  // Goal ids of the three kinds live apart.
  absl::flat_hash_set<int32_t> goals(load_goals.begin(), load_goals.end()), search, killed;
  std::vector<size_t> keep;
  for (size_t i : order) {
    bool adds = false;
    for (int32_t g : reach[i].goals) adds = goals.insert(g).second || adds;
    for (int32_t g : reach[i].search_goals) adds = search.insert(g).second || adds;
    for (int32_t g : reach[i].killed) adds = killed.insert(g).second || adds;
    if (!adds) continue;
    if (!asserts[i]) {
      written[i].comment = "No value to assert: kept for coverage that no asserting test reaches.";
    }
    keep.push_back(i);
  }
  std::sort(keep.begin(), keep.end());
  return keep;
}

}  // namespace jtg::suite
