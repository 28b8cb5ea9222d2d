// ValueFactory: Mockito mocks (kMock) for types no producer can build (--mocks).
#include "generate/values/value_factory.h"

namespace jtg::generate {

using classfile::TypeDesc;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

int ValueFactory::Mock(TestCase& tc, const TypeDesc& t, int depth) {
  MockCatalog& mocks = u_.mocks();
  if (!mocks.enabled() || t.dims > 0 || t.base != 'L') return -1;
  if (!u_.ProducersOf(t.class_name).empty()) return -1;  // real objects first
  const std::vector<CallablePtr>* stubs = mocks.Mockable(t.class_name);
  if (stubs == nullptr || tc.size() + 2 * stubs->size() + 1 > limits_.max_length) return -1;
  if (!ex_.IsPublic(t.class_name)) return -1;  // the written test must name it
  size_t mark = tc.size();
  Stmt s;
  s.kind = StmtKind::kMock;
  s.type = t;
  for (const CallablePtr& c : *stubs) {
    // Primitives, boxed values and strings: literals (or a reused value), at any depth.
    int v = Generate(tc, c->desc.ret, depth + 1);
    if (v < 0) {
      tc.stmts.resize(mark);
      return -1;
    }
    s.args.push_back(v);
    s.stubs.push_back(c);
  }
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size() - 1);
}

}  // namespace jtg::generate
