#include "generate/search/variation.h"

#include <algorithm>
#include <optional>

#include "coverage/excluded_classes.h"
#include "generate/search/minimizer.h"
#include "generate/values/generic_params.h"

namespace jtg::generate {

using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

TestCase Variation::RandomTest() {
  TestCase t;
  size_t calls = 1 + rng_.Below(3);
  for (size_t k = 0; k < calls && t.size() < max_length_; ++k) {
    size_t mark = t.size();
    if (factory_.AppendCall(t, selector_.Pick(rng_), 0) < 0) t.stmts.resize(mark);
  }
  return t;
}

TestCase Variation::Mutate(const TestCase& in) {
  TestCase t = in;
  bool changed = false;
  if (rng_.Chance(1.0 / 3)) changed |= DeleteStatements(t);
  if (rng_.Chance(1.0 / 3)) changed |= ChangeStatements(t);
  if (rng_.Chance(1.0 / 3) || t.size() == 0) changed |= InsertCalls(t);
  if (!changed) InsertCalls(t);
  return t;
}

bool Variation::DeleteStatements(TestCase& t) {
  if (t.size() < 2) return false;
  double p = 1.0 / static_cast<double>(t.size());
  std::vector<bool> dead(t.size(), false);
  bool any = false;
  for (size_t i = 0; i < t.size(); ++i) {
    if (rng_.Chance(p)) {
      dead[i] = true;
      any = true;
    }
  }
  if (!any) return false;
  for (size_t j = 0; j < t.size(); ++j) {
    const Stmt& s = t.stmts[j];
    if (s.receiver >= 0 && dead[static_cast<size_t>(s.receiver)]) dead[j] = true;
    for (int a : s.args) {
      if (dead[static_cast<size_t>(a)]) dead[j] = true;
    }
  }
  std::vector<bool> keep(t.size());
  for (size_t j = 0; j < t.size(); ++j) keep[j] = !dead[j];
  t = Slice(t, keep);
  return true;
}

void Variation::ChangeLiteral(TestCase& t, size_t i) {
  testcase::Literal& lit = t.stmts[i].lit;
  switch (lit.type) {
    case 's': {
      std::u16string& s = lit.s;
      std::optional<std::u16string> related;
      if (lit.n_mult == 0 && rng_.Chance(ValueFactory::kRelatedStringChance)) {
        related = factory_.RelatedString(t, i);
      }
      switch (related ? 4 : rng_.Below(4)) {
        case 4:  // related to the test's other strings (related_strings.h)
          s = *std::move(related);
          break;
        case 0:  // replace with a fresh value from the seeds or the generator
          if (!u_.seeds().strings.empty()) s = rng_.Pick(u_.seeds().strings);
          break;
        case 1:  // delete a character
          if (!s.empty()) s.erase(rng_.Below(s.size()), 1);
          break;
        case 2:  // insert a character
          s.insert(s.begin() + static_cast<long>(rng_.Below(s.size() + 1)),
                   static_cast<char16_t>(0x20 + rng_.Below(95)));
          break;
        default:  // change a character
          if (!s.empty()) s[rng_.Below(s.size())] = static_cast<char16_t>(0x20 + rng_.Below(95));
      }
      // A scaled string (`jtestgen perf`) repeats its unit n times: keep the unit short and
      // non-empty so the input size stays about n.
      if (lit.n_mult != 0) {
        if (s.size() > 4) s.resize(4);
        if (s.empty()) s = u"a";
      }
      break;
    }
    case 'Z': lit.i = !lit.i; break;
    case 'F':
    case 'D':
      if (rng_.Chance(0.5))
        lit.d += static_cast<double>(rng_.Between(-10, 10));
      else
        lit.d *= rng_.Chance(0.5) ? 0.5 : -1.0;
      break;
    default: {
      if (rng_.Chance(0.3) && !u_.seeds().ints.empty()) {
        lit.i = rng_.Pick(u_.seeds().ints);
      } else {
        lit.i += rng_.Between(-10, 10);
      }
      if (lit.type == 'I') lit.i = static_cast<int32_t>(lit.i);
      if (lit.type == 'S') lit.i = static_cast<int16_t>(lit.i);
      if (lit.type == 'B') lit.i = ((lit.i & 0xFF) ^ 0x80) - 0x80;  // sign-extend the low byte
      if (lit.type == 'C') lit.i = static_cast<uint16_t>(lit.i);
    }
  }
}

bool Variation::ChangeStatements(TestCase& t) {
  if (t.size() == 0) return false;
  double p = 1.0 / static_cast<double>(t.size());
  bool any = false;
  for (size_t i = 0; i < t.size(); ++i) {
    if (!rng_.Chance(p)) continue;
    Stmt& s = t.stmts[i];
    if (s.kind == StmtKind::kLiteral) {
      ChangeLiteral(t, i);
      any = true;
    } else if ((s.kind == StmtKind::kCall || s.kind == StmtKind::kNewArray ||
                s.kind == StmtKind::kNewCollection || s.kind == StmtKind::kLambda) &&
               !s.args.empty()) {
      // Point one argument (or the value a lambda returns) at another earlier value of an
      // assignable type; not an argument whose generic type pins its elements
      // (List<String>): other values may hold others.
      size_t k = rng_.Below(s.args.size());
      if (s.kind == StmtKind::kCall && k < s.callable->gparams.size() &&
          PinsElements(&s.callable->gparams[k])) {
        continue;
      }
      const auto& want = s.kind == StmtKind::kCall ? s.callable->desc.params[k]
                                                   : t.stmts[static_cast<size_t>(s.args[k])].type;
      std::vector<int> candidates;
      for (size_t j = 0; j < i; ++j) {
        const Stmt& c = t.stmts[j];
        if (!c.ProducesValue() || static_cast<int>(j) == s.args[k]) continue;
        if (c.type.Descriptor() == want.Descriptor() ||
            (want.IsReference() && c.type.IsReference() && ex_.IsAssignable(c.type, want))) {
          candidates.push_back(static_cast<int>(j));
        }
      }
      if (!candidates.empty()) {
        s.args[k] = rng_.Pick(candidates);
        any = true;
      }
    }
  }
  return any;
}

bool Variation::InsertCollaboratorCall(TestCase& t) {
  // A value of a classpath type gets that type's methods; a value that user code returned
  // through an interface or abstract type (JDK ones included: an Iterator, a Map.Entry, a
  // view) gets that type's methods, which run the class behind it, often a nested class.
  auto methods_of = [this](const Stmt& s) -> const std::vector<CallablePtr>& {
    static const std::vector<CallablePtr> kNone;
    if (s.kind == testcase::StmtKind::kNull || s.kind == testcase::StmtKind::kMock ||
        s.type.dims != 0 || s.type.base != 'L' || s.type.class_name == u_.cut_name()) {
      return kNone;
    }
    const bool returned =
        s.kind == testcase::StmtKind::kCall && !coverage::IsExcludedClass(s.callable->owner);
    if (coverage::IsExcludedClass(s.type.class_name)) {
      return returned ? u_.ViewMethodsOf(s.type.class_name) : kNone;
    }
    const auto& own = u_.InstanceMethodsOf(s.type.class_name);
    return own.empty() ? u_.ViewMethodsOf(s.type.class_name) : own;
  };
  std::vector<size_t> values;
  for (size_t i = 0; i < t.size(); ++i) {
    if (!methods_of(t.stmts[i]).empty()) values.push_back(i);
  }
  if (values.empty()) return false;
  size_t v = rng_.Pick(values);
  const Stmt& value = t.stmts[v];
  const auto& methods = methods_of(value);
  // Half of the calls are of a method that can change the value's state (a void setter, a
  // fluent builder step such as OptionGroup.addOption): a pure call leaves nothing for a
  // later call to see. The other half are of any method: a getter's result is a new value.
  const std::vector<CallablePtr>* pool = &methods;
  if (!coverage::IsExcludedClass(value.type.class_name) && rng_.Chance(0.5)) {
    const auto& mutators = u_.MutatorsOf(value.type.class_name);
    if (!mutators.empty()) pool = &mutators;
  }
  const CallablePtr c = rng_.Pick(*pool);
  TestCase out;
  out.stmts.assign(t.stmts.begin(), t.stmts.begin() + static_cast<long>(v) + 1);
  Stmt call;
  call.kind = testcase::StmtKind::kCall;
  call.callable = c;
  call.receiver = static_cast<int>(v);
  for (size_t p = 0; p < c->desc.params.size(); ++p) {
    int a = factory_.GenerateArg(out, *c, p, 1);
    if (a < 0) return false;
    call.args.push_back(a);
  }
  call.type = c->desc.ret;
  out.stmts.push_back(std::move(call));
  int shift = static_cast<int>(out.size()) - static_cast<int>(v) - 1;
  if (out.size() + (t.size() - v - 1) > max_length_) return false;
  auto moved = [&](int ref) { return ref > static_cast<int>(v) ? ref + shift : ref; };
  for (size_t i = v + 1; i < t.size(); ++i) {
    Stmt s = t.stmts[i];
    if (s.receiver >= 0) s.receiver = moved(s.receiver);
    for (int& a : s.args) a = moved(a);
    out.stmts.push_back(std::move(s));
  }
  t = std::move(out);
  return true;
}

bool Variation::InsertCalls(TestCase& t) {
  bool any = false;
  if (rng_.Chance(kCollaboratorChance) && InsertCollaboratorCall(t)) any = true;
  do {
    if (t.size() >= max_length_) break;
    size_t mark = t.size();
    if (factory_.AppendCall(t, selector_.Pick(rng_), 0) < 0 || t.size() > max_length_) {
      t.stmts.resize(mark);
    } else {
      any = true;
    }
  } while (rng_.Chance(0.5));
  return any;
}

TestCase Variation::Splice(const TestCase& head, size_t cut, const TestCase& tail, size_t from) {
  TestCase child;
  child.stmts.assign(head.stmts.begin(), head.stmts.begin() + static_cast<long>(cut));
  std::vector<int> remap(tail.size(), -1);
  for (size_t i = from; i < tail.size(); ++i) {
    Stmt s = tail.stmts[i];
    bool ok = true;
    auto rewire = [&](int& ref, const classfile::TypeDesc& want) {
      if (ref < 0) return;
      if (static_cast<size_t>(ref) >= from) {
        ref = remap[static_cast<size_t>(ref)];
        ok = ok && ref >= 0;
        return;
      }
      std::vector<int> candidates;
      for (size_t j = 0; j < child.size(); ++j) {
        const Stmt& c = child.stmts[j];
        if (!c.ProducesValue() || c.kind == StmtKind::kNull) continue;
        if (c.type.Descriptor() == want.Descriptor() ||
            (want.IsReference() && c.type.IsReference() && ex_.IsAssignable(c.type, want))) {
          candidates.push_back(static_cast<int>(j));
        }
      }
      if (candidates.empty()) {
        ok = false;
      } else {
        ref = rng_.Pick(candidates);
      }
    };
    if (s.receiver >= 0) {
      classfile::TypeDesc owner;
      owner.base = 'L';
      owner.class_name = s.callable->owner;
      rewire(s.receiver, owner);
    }
    for (size_t k = 0; k < s.args.size() && ok; ++k) {
      classfile::TypeDesc want = s.kind == StmtKind::kCall
                                     ? s.callable->desc.params[k]
                                     : tail.stmts[static_cast<size_t>(s.args[k])].type;
      // An argument whose generic type pins its elements (List<String>) is not rewired to
      // a value of the head: its elements may be of other types.
      if (s.kind == StmtKind::kCall && k < s.callable->gparams.size() &&
          static_cast<size_t>(s.args[k]) < from && PinsElements(&s.callable->gparams[k])) {
        ok = false;
        break;
      }
      rewire(s.args[k], want);
    }
    if (!ok) continue;
    remap[i] = static_cast<int>(child.size());
    child.stmts.push_back(std::move(s));
    if (child.size() >= max_length_) break;
  }
  return child;
}

std::pair<TestCase, TestCase> Variation::Crossover(const TestCase& a, const TestCase& b) {
  double point = static_cast<double>(rng_.Below(1000)) / 1000.0;
  size_t ca = static_cast<size_t>(point * static_cast<double>(a.size()));
  size_t cb = static_cast<size_t>(point * static_cast<double>(b.size()));
  return {Splice(a, ca, b, cb), Splice(b, cb, a, ca)};
}

}  // namespace jtg::generate
