// Bulk statements of `jtestgen perf` (StmtKind::kRepeat) and scaled literals: a collection
// of thousands of generated elements is one statement, filled here in a JNI loop.
#include <algorithm>
#include <string>

#include "testcase/executor.h"

namespace jtg::testcase {

bool Executor::MakeScaledLiteral(const TestCase& tc, const Stmt& s, int64_t offset,
                                 jvalue& result) {
  Stmt copy = s;
  if (copy.lit.type == 's' && s.lit.n_mult != 0) {
    // A scaled string: the literal repeated n_mult * n + i times.
    const int64_t times = std::max<int64_t>(0, static_cast<int64_t>(s.lit.n_mult) * tc.n + s.lit.i);
    copy.lit.s.clear();
    copy.lit.s.reserve(static_cast<size_t>(times) * s.lit.s.size());
    for (int64_t k = 0; k < times; ++k) copy.lit.s += s.lit.s;
  } else if (copy.lit.type == 's') {
    std::string digits = std::to_string(offset);
    copy.lit.s.append(digits.begin(), digits.end());
  } else {
    copy.lit.i = static_cast<int64_t>(s.lit.n_mult) * tc.n + s.lit.i + offset;
    copy.lit.d = static_cast<double>(copy.lit.i);
  }
  copy.lit.n_mult = 0;
  return MakeLiteral(copy, result);
}

bool Executor::Repeat(const TestCase& tc, const Stmt& s, std::vector<jvalue>& vals) {
  if (!s.callable || s.args.empty()) return false;
  const size_t base_index = static_cast<size_t>(s.args[0]);
  const Stmt& base = tc.stmts[base_index];
  if (base.kind != StmtKind::kLiteral) return false;
  Stmt call = s;
  call.kind = StmtKind::kCall;
  const jvalue saved = vals[base_index];
  const bool element_is_object = !base.type.IsPrimitive();
  const bool result_is_object = s.callable->desc.ret.dims > 0 || s.callable->desc.ret.base == 'L';
  const int64_t count = tc.RepeatCount(s);
  bool ok = true;
  for (int64_t k = 0; k < count && ok; ++k) {
    int64_t offset = 0;
    switch (s.repeat_pattern) {
      case RepeatPattern::kDistinct: offset = k; break;
      case RepeatPattern::kSame: offset = 0; break;
      case RepeatPattern::kModulo: offset = s.repeat_modulo > 0 ? k % s.repeat_modulo : 0; break;
    }
    jvalue element{};
    if (!MakeScaledLiteral(tc, base, offset, element)) {
      ok = false;
      break;
    }
    vals[base_index] = element;
    jvalue result{};
    ok = Call(call, vals, result);
    if (element_is_object && element.l != nullptr) env_->DeleteLocalRef(element.l);
    if (result_is_object && result.l != nullptr) env_->DeleteLocalRef(result.l);
    if (env_->ExceptionCheck()) break;  // RunStmt reports it as thrown by this statement
  }
  vals[base_index] = saved;
  return ok;
}

}  // namespace jtg::testcase
