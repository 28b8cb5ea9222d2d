#include "generate/search/candidate_search.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "coverage/excluded_classes.h"

namespace jtg::generate {

using classfile::TypeDesc;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

namespace {

bool IsUserType(const TypeDesc& t) {
  return t.dims == 0 && t.base == 'L' && !coverage::IsExcludedClass(t.class_name);
}

TypeDesc ObjectOf(const std::string& cls) { return TypeDesc{'L', 0, cls}; }

}  // namespace

CandidateSearch::CandidateSearch(Universe& u, analysis::FieldEffects& fx, CallablePtr mut,
                                 size_t max_length)
    : u_(u), fx_(fx), mut_(std::move(mut)), max_length_(std::max<size_t>(1, max_length)) {
  std::set<std::string> seen;
  auto add = [&](const CallablePtr& c) {
    if (inv_.size() >= kMaxInvokables || !c) return;
    if (seen.insert(c->owner + "." + c->name + c->descriptor).second) inv_.push_back(c);
  };
  for (const auto& t : u_.targets()) add(t);
  // Collaborators: user-type reference parameters of the MUT, their producers and their
  // state-changing public instance methods (one hop, as the issue asks).
  for (const TypeDesc& p : mut_->desc.params) {
    if (!IsUserType(p) || p.class_name == u_.cut_name()) continue;
    for (const Producer& pr : u_.ProducersOf(p.class_name)) {
      if (pr.kind == Producer::kCall) add(pr.callable);
    }
    for (const auto& m : u_.InstanceMethodsOf(p.class_name)) {
      if (fx_.Of(m->owner, m->name, m->descriptor).Writes()) add(m);
    }
  }
}

const analysis::MethodEffects& CandidateSearch::EffectsOf(int i) {
  const testcase::Callable& c = At(i);
  return fx_.Of(c.owner, c.name, c.descriptor);
}

std::vector<std::string> CandidateSearch::RefSlots(int i) const {
  const testcase::Callable& c = At(i);
  std::vector<std::string> out;
  if (!c.is_static && !c.IsConstructor()) out.push_back(c.owner);
  for (const TypeDesc& p : c.desc.params) {
    if (p.dims == 0 && p.base == 'L') out.push_back(p.class_name);
  }
  return out;
}

std::string CandidateSearch::Yields(int i) const {
  const testcase::Callable& c = At(i);
  if (c.IsConstructor()) return c.ConstructedClass();
  if (c.desc.ret.dims == 0 && c.desc.ret.base == 'L') return c.desc.ret.class_name;
  return "";
}

bool CandidateSearch::Assignable(const std::string& from, const std::string& to) const {
  return from == to || u_.IsSubtypeOf(from, to);
}

bool CandidateSearch::Flows(int a, int b) const {
  std::string y = Yields(a);
  if (y.empty()) return false;
  for (const std::string& slot : RefSlots(b)) {
    if (Assignable(y, slot)) return true;
  }
  return false;
}

bool CandidateSearch::CouldInfluence(int a, int b) {
  auto key = std::make_pair(a, b);
  auto it = memo_.find(key);
  if (it != memo_.end()) return it->second;
  bool r = Flows(a, b);
  if (!r) {
    const analysis::MethodEffects& ea = EffectsOf(a);
    const analysis::MethodEffects& eb = EffectsOf(b);
    for (const std::string& f : ea.writes) {
      if (eb.reads.contains(f)) {
        r = true;
        break;
      }
    }
    for (char k : ea.array_stores) r = r || eb.array_loads.contains(k);
  }
  memo_[key] = r;
  return r;
}

bool CandidateSearch::Valid(const std::vector<int>& seq) {
  for (size_t j = 0; j + 1 < seq.size(); ++j) {
    // Partial-order reduction: a non-influencing neighbour only in index order.
    if (!CouldInfluence(seq[j], seq[j + 1]) && seq[j + 1] >= 0 && seq[j] > seq[j + 1]) {
      return false;
    }
    bool any = false;
    for (size_t k = j + 1; k < seq.size() && !any; ++k) any = CouldInfluence(seq[j], seq[k]);
    if (!any) return false;
  }
  return true;
}

bool CandidateSearch::Connected(const std::vector<int>& seq) {
  size_t n = seq.size();
  std::vector<size_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  auto join = [&](size_t a, size_t b) { parent[find(a)] = find(b); };
  for (size_t i = 0; i < n; ++i) {
    std::vector<std::string> si = RefSlots(seq[i]);
    for (size_t j = i + 1; j < n; ++j) {
      if (Flows(seq[i], seq[j])) {
        join(i, j);
        continue;
      }
      bool linked = false;
      for (const std::string& s : RefSlots(seq[j])) {
        if (std::find(si.begin(), si.end(), s) != si.end() && !coverage::IsExcludedClass(s)) {
          linked = true;
        }
      }
      if (!linked) {  // define→use on a static field: no object needed
        const auto& rj = EffectsOf(seq[j]).static_reads;
        for (const std::string& f : EffectsOf(seq[i]).static_writes)
          linked = linked || rj.contains(f);
      }
      if (linked) join(i, j);
    }
  }
  size_t root = find(n - 1);
  for (size_t i = 0; i + 1 < n; ++i) {
    if (find(i) != root) return false;
  }
  return true;
}

bool CandidateSearch::Next(std::vector<int>* seq, int64_t max_checks) {
  if (exhausted_) return false;
  size_t n = inv_.size();
  for (int64_t checks = 0; checks < max_checks; ++checks) {
    if (!started_) {
      started_ = true;  // [MUT] alone
    } else {
      // Advance the odometer; roll over to the next length.
      size_t k = 0;
      while (k < digits_.size()) {
        if (static_cast<size_t>(++digits_[k]) < n) break;
        digits_[k] = 0;
        ++k;
      }
      if (k == digits_.size()) {
        if (digits_.size() + 2 > max_length_ || n == 0) {
          exhausted_ = true;
          return false;
        }
        digits_.assign(digits_.size() + 1, 0);
      }
    }
    std::vector<int> cand(digits_.rbegin(), digits_.rend());
    cand.push_back(-1);
    if (cand.size() > 1 && (!Valid(cand) || !Connected(cand))) continue;
    *seq = std::move(cand);
    return true;
  }
  return false;
}

bool CandidateSearch::Materialize(const std::vector<int>& seq, ValueFactory& factory,
                                  testcase::Executor& ex, TestCase* tc) const {
  std::vector<int> results;  // statements holding the values the candidate's calls yielded
  auto bind = [&](const TypeDesc& t) {
    // The latest earlier value of an assignable user type (call results first).
    for (auto it = results.rbegin(); it != results.rend(); ++it) {
      const Stmt& s = tc->stmts[static_cast<size_t>(*it)];
      if (s.ProducesValue() && !s.type.IsPrimitive() && ex.IsAssignable(s.type, t)) return *it;
    }
    for (int i = static_cast<int>(tc->size()) - 1; i >= 0; --i) {
      const Stmt& s = tc->stmts[static_cast<size_t>(i)];
      if (s.kind == StmtKind::kNull || !s.ProducesValue() || s.type.IsPrimitive()) continue;
      if (ex.IsAssignable(s.type, t)) return i;
    }
    return -1;
  };
  for (int i : seq) {
    const CallablePtr& c = i < 0 ? mut_ : inv_[static_cast<size_t>(i)];
    Stmt s;
    s.kind = StmtKind::kCall;
    s.callable = c;
    if (!c->IsConstructor() && !c->is_static) {
      TypeDesc owner = ObjectOf(c->owner);
      int r = bind(owner);
      // A generated receiver may come out null (the factory's null chance): retry.
      for (int attempt = 0; r < 0 && attempt < 3; ++attempt) {
        size_t mark = tc->size();
        r = factory.Generate(*tc, owner, 1);
        if (r >= 0 && tc->stmts[static_cast<size_t>(r)].kind == StmtKind::kNull) {
          tc->stmts.resize(mark);
          r = -1;
        }
      }
      if (r < 0) return false;
      s.receiver = r;
    }
    for (size_t p = 0; p < c->desc.params.size(); ++p) {
      const TypeDesc& t = c->desc.params[p];
      int a = IsUserType(t) ? bind(t) : -1;
      if (a < 0) {
        const classfile::GenericType* g = p < c->gparams.size() ? &c->gparams[p] : nullptr;
        a = factory.Generate(*tc, t, 1, g);
      }
      if (a < 0) return false;
      s.args.push_back(a);
    }
    s.type = c->IsConstructor() ? ObjectOf(c->ConstructedClass()) : c->desc.ret;
    tc->stmts.push_back(std::move(s));
    results.push_back(static_cast<int>(tc->size()) - 1);
  }
  return true;
}

}  // namespace jtg::generate
