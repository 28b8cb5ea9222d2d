// ValueFactory: values of user types from the universe's producers (constructors,
// factories, static fields, stub subclasses, downcast factories; Universe::ProducersOf).
#include "generate/values/value_factory.h"

namespace jtg::generate {

using classfile::TypeDesc;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

bool ValueFactory::UsableFromTest(const std::string& owner) {
  if (ex_.IsPublic(owner)) return true;
  // The written test lives in the CUT's package: its package-private classes are usable,
  // private nested ones are not.
  if (PackageOf(owner) != PackageOf(u_.cut_name()) || !TestsShareCutPackage(u_.cut_name())) {
    return false;
  }
  const int mods = ex_.Modifiers(owner);
  return mods >= 0 && (mods & classfile::kAccPrivate) == 0;
}

int ValueFactory::UserType(TestCase& tc, const TypeDesc& t, int depth) {
  if (depth > limits_.max_depth) return -1;
  const auto& producers = u_.ProducersOf(t.class_name);
  if (producers.empty()) return -1;
  // Producers that need no receiver (constructors, static factories and fields) get half of
  // the picks: instance producers (builder steps, fluent methods) can be many, and each one
  // needs another value of its owner first.
  // Stub subclasses (stub_subclass.h) get a fifth of the picks when there are other
  // producers: the class as it is comes first.
  std::vector<const Producer*> direct, stubs, others;
  for (const Producer& p : producers) {
    const bool stub = p.kind == Producer::kCall && p.callable->stub != nullptr;
    (stub ? stubs : others).push_back(&p);
    if (!stub &&
        (p.kind != Producer::kCall || p.callable->is_static || p.callable->IsConstructor())) {
      direct.push_back(&p);
    }
  }
  // A few attempts: producers whose arguments cannot be built are skipped.
  for (int attempt = 0; attempt < 3; ++attempt) {
    const Producer* pick = nullptr;
    if (!stubs.empty() && (others.empty() || rng_.Chance(0.2))) {
      pick = rng_.Pick(stubs);
    } else if (!direct.empty() && direct.size() < others.size() && rng_.Chance(0.5)) {
      pick = rng_.Pick(direct);
    } else {
      pick = rng_.Pick(others);
    }
    const Producer& p = *pick;
    if (!UsableFromTest(p.kind == Producer::kCall ? p.callable->owner : p.owner)) continue;
    if (p.kind == Producer::kStaticField) {
      Stmt s;
      s.kind = StmtKind::kGetStatic;
      s.owner = p.owner;
      s.field = p.field;
      s.type = p.type;
      tc.stmts.push_back(std::move(s));
      return static_cast<int>(tc.size() - 1);
    }
    size_t mark = tc.size();
    int r = AppendCall(tc, p.callable, depth + 1);
    if (r >= 0 && p.downcast) tc.stmts[static_cast<size_t>(r)].type = p.type;
    if (r >= 0) return r;
    tc.stmts.resize(mark);
  }
  return -1;
}

}  // namespace jtg::generate
