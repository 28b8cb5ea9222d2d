#include "generate/values/generic_params.h"

#include <map>
#include <string>

namespace jtg::generate {

using classfile::GenericType;

namespace {

constexpr int kMaxResolveDepth = 4;  // <A extends B, B extends List<A>> stops here

GenericType Free() {
  GenericType g;
  g.kind = GenericType::kWildcard;
  g.wildcard = '*';
  return g;
}

bool Uninformative(const GenericType& bound) {
  return bound.kind == GenericType::kClass &&
         (bound.name == "java/lang/Object" || bound.name == "java/lang/Comparable" ||
          bound.name == "java/io/Serializable");
}

GenericType Resolve(const GenericType& t, const std::map<std::string, const GenericType*>& bounds,
                    int depth) {
  if (t.kind == GenericType::kTypeVar) {
    auto it = bounds.find(t.name);
    if (it == bounds.end() || it->second == nullptr || depth >= kMaxResolveDepth) return Free();
    return Resolve(*it->second, bounds, depth + 1);
  }
  GenericType out = t;
  for (GenericType& a : out.args) a = Resolve(a, bounds, depth);
  // `? extends T` with T free is just `*`.
  if (out.kind == GenericType::kWildcard && !out.args.empty() &&
      out.args[0].kind == GenericType::kWildcard) {
    return Free();
  }
  return out;
}

}  // namespace

std::vector<GenericType> ResolvedGenericParams(const classfile::MethodSignature& sig,
                                               const classfile::MethodDesc& desc) {
  if (sig.params.size() > desc.params.size()) return {};
  std::map<std::string, const GenericType*> bounds;
  for (const auto& p : sig.type_params) {
    const GenericType* b = p.bounds.empty() ? nullptr : p.bounds.data();
    bounds[p.name] = (b != nullptr && !Uninformative(*b)) ? b : nullptr;
  }
  std::vector<GenericType> out(desc.params.size() - sig.params.size(), Free());
  for (const GenericType& p : sig.params) out.push_back(Resolve(p, bounds, 0));
  return out;
}

bool PinsElements(const GenericType* g) {
  if (g == nullptr) return false;
  if (g->kind == GenericType::kArray) return !g->args.empty() && PinsElements(g->args.data());
  if (g->kind != GenericType::kClass) return false;
  for (const GenericType& a : g->args) {
    if (ElementType(a) != nullptr) return true;
  }
  return false;
}

const GenericType* ElementType(const GenericType& arg) {
  const GenericType* e = &arg;
  if (e->kind == GenericType::kWildcard) {
    if (e->args.empty()) return nullptr;
    e = e->args.data();
  }
  if (e->kind == GenericType::kWildcard || e->kind == GenericType::kTypeVar) return nullptr;
  if (e->kind == GenericType::kClass && e->name == "java/lang/Object") return nullptr;
  return e;
}

classfile::TypeDesc Erasure(const GenericType& g) {
  classfile::TypeDesc t;
  switch (g.kind) {
    case GenericType::kPrim: t.base = g.prim; return t;
    case GenericType::kClass:
      t.base = 'L';
      t.class_name = g.name;
      return t;
    case GenericType::kArray:
      t = g.args.empty() ? classfile::TypeDesc{'L', 0, "java/lang/Object"} : Erasure(g.args[0]);
      ++t.dims;
      return t;
    default:
      t.base = 'L';
      t.class_name = "java/lang/Object";
      return t;
  }
}

}  // namespace jtg::generate
