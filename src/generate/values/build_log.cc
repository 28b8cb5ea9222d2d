#include "generate/values/build_log.h"

#include <utility>

namespace jtg::generate {

using testcase::Observed;

namespace {

// The value of statement `i` if it completed; nullptr otherwise.
const Observed* ValueOf(const testcase::ExecResult& r, int i) {
  if (i < 0 || static_cast<size_t>(i) >= r.values.size()) return nullptr;
  return &r.values[static_cast<size_t>(i)];
}

// A primitive statement passed where a reference is declared arrives boxed.
bool NonNull(const Observed* o) {
  return o != nullptr && (o->kind == Observed::kString || o->kind == Observed::kObject ||
                          o->kind == Observed::kPrimitive);
}

std::string BoxOf(char prim) {
  switch (prim) {
    case 'Z': return "java.lang.Boolean";
    case 'B': return "java.lang.Byte";
    case 'C': return "java.lang.Character";
    case 'S': return "java.lang.Short";
    case 'I': return "java.lang.Integer";
    case 'J': return "java.lang.Long";
    case 'F': return "java.lang.Float";
    case 'D': return "java.lang.Double";
    default: return "";
  }
}

void Record(const Observed* o, SlotLog& slot) {
  if (!NonNull(o)) return;
  ++slot.non_null;
  std::string cls = o->runtime_class;
  if (cls.empty() && o->kind == Observed::kString) cls = "java.lang.String";
  if (cls.empty() && o->kind == Observed::kPrimitive) cls = BoxOf(o->prim);
  if (!cls.empty()) slot.runtime_classes.insert(std::move(cls));
}

}  // namespace

BuildLog::BuildLog(const std::vector<CallablePtr>& targets) {
  for (const auto& t : targets) {
    if (t == nullptr) continue;
    MethodLog& m = methods_[t->name + t->descriptor];
    m.callable = t;
    m.params.resize(t->desc.params.size());
  }
}

void BuildLog::Observe(const testcase::TestCase& tc, const testcase::ExecResult& r) {
  // Statement i ran when it completed (i < values.size()) or threw in the CUT's code.
  const size_t ran =
      r.values.size() +
      (r.threw_at >= 0 && static_cast<size_t>(r.threw_at) == r.values.size() && !r.setup_failed
           ? 1
           : 0);
  for (size_t i = 0; i < ran && i < tc.size(); ++i) {
    const testcase::Stmt& s = tc.stmts[i];
    if (s.kind != testcase::StmtKind::kCall || s.callable == nullptr) continue;
    auto it = methods_.find(s.callable->name + s.callable->descriptor);
    if (it == methods_.end() || it->second.callable->owner != s.callable->owner) continue;
    MethodLog& m = it->second;
    const bool instance = !s.callable->is_static && !s.callable->IsConstructor();
    if (instance) {
      const Observed* recv = ValueOf(r, s.receiver);
      if (!NonNull(recv)) continue;  // a null receiver never enters the method
      Record(recv, m.receiver);
    }
    ++m.calls;
    for (size_t k = 0; k < s.args.size() && k < m.params.size(); ++k) {
      if (!m.callable->desc.params[k].IsReference()) continue;
      Record(ValueOf(r, s.args[k]), m.params[k]);
    }
  }
}

const MethodLog* BuildLog::Find(const std::string& key) const {
  auto it = methods_.find(key);
  return it == methods_.end() ? nullptr : &it->second;
}

std::set<std::string> BuildLog::AllRuntimeClasses() const {
  std::set<std::string> out;
  for (const auto& [key, m] : methods_) {
    out.insert(m.receiver.runtime_classes.begin(), m.receiver.runtime_classes.end());
    for (const auto& p : m.params) out.insert(p.runtime_classes.begin(), p.runtime_classes.end());
  }
  return out;
}

}  // namespace jtg::generate
