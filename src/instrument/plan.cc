#include "instrument/plan.h"

namespace jtg::instrument {

std::string_view SkipReasonName(SkipReason r) {
  switch (r) {
    case SkipReason::kNone: return "";
    case SkipReason::kNoCode: return "no code";
    case SkipReason::kRuntimeHelper: return "runtime helper class";
    case SkipReason::kEmptyFinalizer: return "empty finalizer";
    case SkipReason::kUnanalysable: return "no control-flow graph";
    case SkipReason::kMaxStack: return "max_stack overflow";
    case SkipReason::kJumpOverflow: return "jump offset overflow";
    case SkipReason::kMethodTooLarge: return "method too large";
    case SkipReason::kRewriteFailed: return "rewrite failed";
  }
  return "";
}

std::string MethodPlan::SkipText() const {
  std::string text(SkipReasonName(skip));
  if (!skip_detail.empty()) text += ": " + skip_detail;
  return text;
}

}  // namespace jtg::instrument
