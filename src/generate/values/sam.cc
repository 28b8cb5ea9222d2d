#include "generate/values/sam.h"

#include <set>

#include "classfile/class_file.h"
#include "generate/values/generic_params.h"
#include "generate/values/universe.h"

namespace jtg::generate {

using classfile::ClassFile;
using classfile::GenericType;
using classfile::TypeDesc;

namespace {

using Env = std::map<std::string, GenericType>;  // type variable -> type in the root's terms

GenericType Free() {
  GenericType g;
  g.kind = GenericType::kWildcard;
  g.wildcard = '*';
  return g;
}

GenericType FromDesc(const TypeDesc& t) {
  GenericType g;
  if (t.dims > 0) {
    TypeDesc c = t.Component();
    g.kind = GenericType::kArray;
    g.args.push_back(FromDesc(c));
  } else if (t.base == 'L') {
    g.kind = GenericType::kClass;
    g.name = t.class_name;
  } else {
    g.prim = t.base;
  }
  return g;
}

GenericType Subst(const GenericType& t, const Env& env) {
  if (t.kind == GenericType::kTypeVar) {
    auto it = env.find(t.name);
    return it == env.end() ? t : it->second;
  }
  GenericType out = t;
  for (GenericType& a : out.args) a = Subst(a, env);
  return out;
}

// The erasure of a type parameter: its first bound's, else Object.
GenericType BoundErasure(const classfile::TypeParameter& p) {
  TypeDesc t = p.bounds.empty() ? TypeDesc{'L', 0, "java/lang/Object"} : Erasure(p.bounds[0]);
  return FromDesc(t);
}

bool IsObjectMethod(std::string_view name, std::string_view desc) {
  return (name == "equals" && desc == "(Ljava/lang/Object;)Z") ||
         (name == "hashCode" && desc == "()I") ||
         (name == "toString" && desc == "()Ljava/lang/String;");
}

bool HasAttribute(const ClassFile& c, std::string_view name) {
  for (const auto& a : c.attributes) {
    auto n = c.cp.Utf8(a.name_index);
    if (n.ok() && *n == name) return true;
  }
  return false;
}

// An interface method that may take part in the SAM decision.
struct Decl {
  std::string iface;  // declaring interface
  std::string key;    // name + erased parameter types, in the root's terms
  bool is_abstract = false;
  bool generic = false;  // has its own type parameters
  CallablePtr callable;
  GenericType result;  // in the root's terms
};

class Walker {
 public:
  Walker(const ClassBytesFn& read, const Env& root_bounds)
      : read_(read), root_bounds_(root_bounds) {}

  // Visits interface `name` used as `use` (its type arguments in the root's terms; none:
  // raw). False if a class cannot be read, parsed, or is not an interface.
  bool Visit(const std::string& name, const GenericType& use) {
    if (ancestors_.count(name) != 0) return true;
    ancestors_[name];  // marks it (a cycle cannot occur in loadable classes)
    auto bytes = read_(name);
    if (!bytes.ok()) return false;
    auto parsed = classfile::Parse(*bytes, name);
    if (!parsed.ok()) return false;
    const ClassFile& c = parsed->cls;
    if ((c.access & classfile::kAccInterface) == 0) return false;
    std::optional<classfile::ClassSignature> sig;
    if (c.signature_index) {
      auto text = c.cp.Utf8(*c.signature_index);
      if (text.ok()) {
        auto s = classfile::ParseClassSignature(*text);
        if (s.ok()) sig = std::move(*s);
      }
    }
    Env env;  // this interface's type variables
    if (sig) {
      const auto& tps = sig->type_params;
      bool args = use.kind == GenericType::kClass && use.args.size() == tps.size();
      for (size_t k = 0; k < tps.size(); ++k) {
        env[tps[k].name] = args ? use.args[k] : BoundErasure(tps[k]);
      }
    }
    for (const auto& m : c.methods) AddMethod(c, m, env, name);
    std::set<std::string> ancestors;
    for (size_t k = 0; k < c.interfaces.size(); ++k) {
      auto super = c.cp.ClassName(c.interfaces[k]);
      if (!super.ok()) return false;
      GenericType super_use;
      super_use.kind = GenericType::kClass;
      super_use.name = std::string(*super);
      if (sig && sig->interfaces.size() == c.interfaces.size() &&
          sig->interfaces[k].name == super_use.name) {
        super_use = Subst(sig->interfaces[k], env);
      }
      if (!Visit(super_use.name, super_use)) return false;
      ancestors.insert(super_use.name);
      const auto& up = ancestors_[super_use.name];
      ancestors.insert(up.begin(), up.end());
    }
    ancestors_[name] = std::move(ancestors);
    return true;
  }

  const std::vector<Decl>& decls() const { return decls_; }
  // Whether `super` is a proper superinterface of `sub`.
  bool Extends(const std::string& sub, const std::string& super) const {
    auto it = ancestors_.find(sub);
    return it != ancestors_.end() && it->second.count(super) != 0;
  }

 private:
  void AddMethod(const ClassFile& c, const classfile::MethodInfo& m, const Env& env,
                 const std::string& iface) {
    constexpr uint16_t kSkip = classfile::kAccStatic | classfile::kAccPrivate |
                               classfile::kAccBridge | classfile::kAccSynthetic;
    if ((m.access & kSkip) != 0) return;
    std::string_view name = c.MethodName(m), desc = c.MethodDescriptor(m);
    if (name == "<clinit>" || IsObjectMethod(name, desc)) return;
    Decl d;
    d.iface = iface;
    d.is_abstract = (m.access & classfile::kAccAbstract) != 0;
    d.callable = MakeCallable(c, m);
    if (d.callable == nullptr) return;
    std::vector<GenericType> params;
    for (const TypeDesc& p : d.callable->desc.params) params.push_back(FromDesc(p));
    d.result = FromDesc(d.callable->desc.ret);
    Env bounds = root_bounds_;  // erasures of the type variables left after substitution
    if (m.signature_index) {
      auto text = c.cp.Utf8(*m.signature_index);
      auto sig = text.ok() ? classfile::ParseMethodSignature(*text)
                           : StatusOr<classfile::MethodSignature>(text.status());
      if (sig.ok() && sig->params.size() == params.size()) {
        d.generic = !sig->type_params.empty();
        params.clear();
        for (const GenericType& p : sig->params) params.push_back(Subst(p, env));
        d.result = Subst(sig->result, env);
        for (const auto& tp : sig->type_params) bounds[tp.name] = BoundErasure(tp);
      }
    }
    d.key = std::string(name) + "(";
    for (const GenericType& p : params) d.key += Erasure(Subst(p, bounds)).Descriptor();
    d.key += ")";
    decls_.push_back(std::move(d));
  }

  const ClassBytesFn& read_;
  const Env& root_bounds_;
  std::map<std::string, std::set<std::string>> ancestors_;
  std::vector<Decl> decls_;
};

}  // namespace

std::optional<Sam> FindSam(const std::string& internal_name, const ClassBytesFn& read) {
  // The root itself: an interface that a lambda may implement.
  auto bytes = read(internal_name);
  if (!bytes.ok()) return std::nullopt;
  auto parsed = classfile::Parse(*bytes, internal_name);
  if (!parsed.ok()) return std::nullopt;
  const ClassFile& root = parsed->cls;
  if ((root.access & classfile::kAccInterface) == 0 ||
      (root.access & classfile::kAccAnnotation) != 0 || HasAttribute(root, "PermittedSubclasses")) {
    return std::nullopt;
  }
  std::vector<classfile::TypeParameter> type_params;
  if (root.signature_index) {
    auto text = root.cp.Utf8(*root.signature_index);
    if (text.ok()) {
      auto s = classfile::ParseClassSignature(*text);
      if (s.ok()) type_params = s->type_params;
    }
  }
  Env root_bounds;
  GenericType self;  // the root used with its own variables: Supplier<T>
  self.kind = GenericType::kClass;
  self.name = internal_name;
  for (const auto& tp : type_params) {
    root_bounds[tp.name] = BoundErasure(tp);
    GenericType v;
    v.kind = GenericType::kTypeVar;
    v.name = tp.name;
    self.args.push_back(v);
  }
  Walker w(read, root_bounds);
  if (!w.Visit(internal_name, self)) return std::nullopt;

  // Abstract keys: those with an abstract declaration that no default method of a
  // subinterface of every abstract declaration overrides.
  std::map<std::string, std::vector<const Decl*>> by_key;
  for (const Decl& d : w.decls()) by_key[d.key].push_back(&d);
  const std::vector<const Decl*>* sam = nullptr;
  for (const auto& [key, decls] : by_key) {
    bool any_abstract = false, overridden = false;
    for (const Decl* d : decls) any_abstract |= d->is_abstract;
    for (const Decl* def : decls) {
      if (def->is_abstract) continue;
      bool covers_all = true;
      for (const Decl* a : decls) {
        if (a->is_abstract && !w.Extends(def->iface, a->iface)) covers_all = false;
      }
      overridden |= covers_all;
    }
    if (!any_abstract || overridden) continue;
    if (sam != nullptr) return std::nullopt;  // a second abstract method
    sam = &decls;
  }
  if (sam == nullptr) return std::nullopt;
  // The declaration of the most derived interface (its return type is the most specific).
  const Decl* chosen = nullptr;
  for (const Decl* d : *sam) {
    if (!d->is_abstract) continue;
    if (d->generic) return std::nullopt;
    if (chosen == nullptr || w.Extends(d->iface, chosen->iface)) chosen = d;
  }
  Sam out;
  out.iface = internal_name;
  out.method = chosen->callable;
  out.result = chosen->result;
  out.type_params = std::move(type_params);
  return out;
}

GenericType SamResultAt(const Sam& sam, const GenericType* use) {
  const auto& tps = sam.type_params;
  bool args = use != nullptr && use->kind == GenericType::kClass && use->args.size() == tps.size();
  Env env;
  for (size_t k = 0; k < tps.size(); ++k) {
    const GenericType* a = args ? &use->args[k] : nullptr;
    if (a != nullptr && a->kind == GenericType::kWildcard)
      a = a->args.empty() ? nullptr : a->args.data();
    if (a != nullptr && (a->kind == GenericType::kTypeVar || a->kind == GenericType::kWildcard)) {
      a = nullptr;
    }
    if (a != nullptr) {
      env[tps[k].name] = *a;
    } else if (!tps[k].bounds.empty()) {
      env[tps[k].name] = tps[k].bounds[0];
    } else {
      env[tps[k].name] = Free();
    }
  }
  return Subst(sam.result, env);
}

const Sam* SamCatalog::Find(const std::string& internal_name) {
  auto it = cache_.find(internal_name);
  if (it == cache_.end()) it = cache_.emplace(internal_name, FindSam(internal_name, read_)).first;
  return it->second ? &*it->second : nullptr;
}

}  // namespace jtg::generate
