// ValueFactory: lambdas (kLambda) for functional interfaces (sam.h).
#include "generate/values/generic_params.h"
#include "generate/values/value_factory.h"

namespace jtg::generate {

using classfile::GenericType;
using classfile::TypeDesc;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

bool ValueFactory::Nameable(const std::string& internal_name) {
  int mods = ex_.Modifiers(internal_name);
  if (mods < 0 || (mods & 0x2) != 0) return false;  // not loadable, or private
  if ((mods & 0x1) != 0) return true;
  auto package = [](const std::string& n) {
    size_t slash = n.rfind('/');
    return slash == std::string::npos ? std::string() : n.substr(0, slash);
  };
  return package(internal_name) == package(u_.cut_name());
}

int ValueFactory::Lambda(TestCase& tc, const TypeDesc& t, int depth, const GenericType* g) {
  if (t.dims > 0 || t.base != 'L' || tc.size() + 2 > limits_.max_length) return -1;
  const Sam* sam = sams_.Find(t.class_name);
  if (sam == nullptr || !Nameable(t.class_name)) return -1;
  size_t mark = tc.size();
  Stmt s;
  s.kind = StmtKind::kLambda;
  s.type = t;
  s.callable = sam->method;
  if (!sam->returns_void()) {
    // The return type at this use (Supplier<String> -> String); the declared (erased) one
    // when that is not a subtype of it.
    GenericType ret = SamResultAt(*sam, g);
    TypeDesc rt = Erasure(ret);
    const TypeDesc& declared = sam->method->desc.ret;
    bool fits = rt.IsPrimitive() ? rt.Descriptor() == declared.Descriptor()
                                 : declared.IsReference() && ex_.IsAssignable(rt, declared);
    int v = fits ? Generate(tc, rt, depth + 1, &ret) : Generate(tc, declared, depth + 1);
    if (v < 0) {
      tc.stmts.resize(mark);
      return -1;
    }
    s.args.push_back(v);
  }
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size() - 1);
}

}  // namespace jtg::generate
