#include "generate/values/stub_subclass.h"

#include <algorithm>
#include <map>
#include <set>

#include "classfile/byte_writer.h"
#include "classfile/descriptor.h"
#include "classfile/inner_classes.h"
#include "generate/values/universe.h"

namespace jtg::generate {
namespace {

using classfile::ClassFile;
using classfile::MethodInfo;
using classfile::TypeDesc;

constexpr std::string_view kStubMarker = "$$JtgStub";

std::string Key(const ClassFile& c, const MethodInfo& m) {
  return std::string(c.MethodName(m)) + std::string(c.MethodDescriptor(m));
}

// Whether a written test in `cut`'s package (when `same_package`) can name `t`.
class Nameable {
 public:
  Nameable(const ClassReader& read, const std::string& cut, bool same_package)
      : read_(read), package_(PackageOf(cut)), same_package_(same_package) {}

  bool operator()(const TypeDesc& t) {
    if (t.base != 'L') return true;
    auto it = cache_.find(t.class_name);
    if (it != cache_.end()) return it->second;
    bool ok = false;
    if (auto c = read_(t.class_name)) {
      auto self = classfile::SelfEntry(*c);
      bool named = !self || (!self->outer.empty() && !self->simple.empty() &&
                             (self->access & classfile::kAccPrivate) == 0);
      bool open = (c->access & classfile::kAccPublic) != 0 &&
                  (!self || (self->access & classfile::kAccPublic) != 0);
      ok = named && (open || (same_package_ && PackageOf(t.class_name) == package_));
    }
    return cache_[t.class_name] = ok;
  }
  bool All(const classfile::MethodDesc& d) {
    for (const auto& p : d.params) {
      if (!(*this)(p)) return false;
    }
    return (*this)(d.ret);
  }

 private:
  const ClassReader& read_;
  std::string package_;
  bool same_package_;
  std::map<std::string, bool> cache_;
};

// Whether a class declares type parameters (its Signature attribute starts with '<').
bool HasTypeParameters(const ClassFile& c) {
  if (!c.signature_index) return false;
  auto sig = c.cp.Utf8(*c.signature_index);
  return sig.ok() && !sig->empty() && sig->front() == '<';
}

struct Abstract {
  std::string name, descriptor;
  bool is_public = false;
};

// The abstract methods a concrete subclass of `cut` must implement, walking the superclass
// chain from `cut` up (the first declaration of a name and descriptor decides) and then
// every superinterface (default methods and the chain's concrete methods implement theirs).
// nullopt when one cannot be implemented from the test's package.
std::optional<std::vector<Abstract>> AbstractMethods(const ClassFile& cut, const ClassReader& read,
                                                     bool same_package, Nameable& nameable) {
  const std::string package = PackageOf(std::string(cut.Name()));
  // A class may re-declare Object's methods abstract: those must be implemented; an
  // interface's re-declarations are implemented by Object (inserted after the class chain).
  std::set<std::string> decided;
  // Written raw, a generic class's stub sees every inherited member erased; a class with no
  // type parameters sees its supertypes' type arguments, which its erased descriptors do not
  // show: such a stub is refused when an abstract method has a generic signature.
  const bool cut_generic = HasTypeParameters(cut);
  std::vector<Abstract> out;
  std::vector<std::string> interfaces;
  auto add_interfaces = [&](const ClassFile& c) {
    for (uint16_t i : c.interfaces) {
      if (auto n = c.cp.ClassName(i); n.ok()) interfaces.emplace_back(*n);
    }
  };
  auto consider = [&](const ClassFile& c, const MethodInfo& m) -> bool {
    if ((m.access & (classfile::kAccStatic | classfile::kAccPrivate)) != 0) return true;
    std::string_view name = c.MethodName(m);
    if (name == "<init>" || name == "<clinit>") return true;
    if (!decided.insert(Key(c, m)).second) return true;
    if ((m.access & classfile::kAccAbstract) == 0) return true;
    bool is_public = (m.access & classfile::kAccPublic) != 0;
    bool visible = is_public || (m.access & classfile::kAccProtected) != 0 ||
                   (same_package && PackageOf(std::string(c.Name())) == package);
    auto desc = classfile::ParseMethodDescriptor(c.MethodDescriptor(m));
    if (!visible || !desc.ok() || !nameable.All(*desc)) return false;
    if (!cut_generic && m.signature_index.has_value() && &c != &cut) return false;
    out.push_back({std::string(name), std::string(c.MethodDescriptor(m)), is_public});
    return true;
  };
  std::optional<ClassFile> owned;
  const ClassFile* c = &cut;
  for (int depth = 0; c != nullptr && depth < 32; ++depth) {
    for (const auto& m : c->methods) {
      if (!consider(*c, m)) return std::nullopt;
    }
    add_interfaces(*c);
    std::string super(c->SuperName());
    if (super.empty() || super == "java/lang/Object") break;
    owned = read(super);
    if (!owned) return std::nullopt;  // an unreadable superclass may hide abstract methods
    c = &*owned;
  }
  for (const char* key :
       {"equals(Ljava/lang/Object;)Z", "hashCode()I", "toString()Ljava/lang/String;"}) {
    decided.insert(key);
  }
  // Default methods first (they implement what other interfaces declare abstract).
  std::vector<ClassFile> ifaces;
  std::set<std::string> seen;
  for (size_t k = 0; k < interfaces.size() && k < 256; ++k) {
    if (!seen.insert(interfaces[k]).second) continue;
    auto i = read(interfaces[k]);
    if (!i) return std::nullopt;
    add_interfaces(*i);
    ifaces.push_back(std::move(*i));
  }
  for (const auto& i : ifaces) {
    for (const auto& m : i.methods) {
      if ((m.access & (classfile::kAccAbstract | classfile::kAccStatic)) == 0) {
        decided.insert(Key(i, m));
      }
    }
  }
  for (const auto& i : ifaces) {
    for (const auto& m : i.methods) {
      if (!consider(i, m)) return std::nullopt;
    }
  }
  return out;
}

void Load(classfile::ByteWriter& w, const TypeDesc& t, uint16_t slot) {
  uint8_t op = t.IsReference() ? 0x19   // aload
               : t.base == 'J' ? 0x16   // lload
               : t.base == 'F' ? 0x17   // fload
               : t.base == 'D' ? 0x18   // dload
                               : 0x15;  // iload
  w.U1(0xc4);                           // wide: any slot
  w.U1(op);
  w.U2(slot);
}

// Pushes an override's constant and returns it.
void Return(classfile::ByteWriter& w, const TypeDesc& t, int64_t value) {
  if (t.base == 'V' && t.dims == 0) {
    w.U1(0xb1);
  } else if (t.IsReference()) {
    w.U1(0x01);  // aconst_null
    w.U1(0xb0);
  } else if (t.base == 'J') {
    w.U1(0x09);  // lconst_0
    w.U1(0xad);
  } else if (t.base == 'F') {
    w.U1(0x0b);  // fconst_0
    w.U1(0xae);
  } else if (t.base == 'D') {
    w.U1(0x0e);  // dconst_0
    w.U1(0xaf);
  } else {
    w.U1(value != 0 ? 0x04 : 0x03);  // iconst_1 / iconst_0
    w.U1(0xac);
  }
}

uint16_t Slots(const classfile::MethodDesc& d) {
  uint16_t n = 1;  // this
  for (const auto& p : d.params) n += p.IsWide() ? 2 : 1;
  return n;
}

StatusOr<classfile::Attribute> Code(ClassFile& c, uint16_t max_stack, uint16_t max_locals,
                                    const std::vector<uint8_t>& code) {
  JTG_ASSIGN_OR_RETURN(uint16_t name, c.cp.AddUtf8("Code"));
  classfile::ByteWriter w;
  w.U2(max_stack);
  w.U2(max_locals);
  w.U4(static_cast<uint32_t>(code.size()));
  w.Bytes(code);
  w.U2(0);  // exception table
  w.U2(0);  // attributes
  return classfile::Attribute{name, w.Take()};
}

}  // namespace

bool IsStubClassName(std::string_view internal_name) {
  return internal_name.find(kStubMarker) != std::string_view::npos;
}

std::vector<StubClass> PlanStubSubclasses(const ClassFile& cut, const ClassReader& read,
                                          bool same_package, const StubLimits& limits) {
  const std::string cut_name(cut.Name());
  const uint16_t refused = classfile::kAccFinal | classfile::kAccInterface | classfile::kAccEnum |
                           classfile::kAccAnnotation;
  if ((cut.access & refused) != 0) return {};
  if (auto self = classfile::SelfEntry(cut)) {
    if (self->IsInnerMember() || self->outer.empty() || self->simple.empty() ||
        (self->access & classfile::kAccPrivate) != 0) {
      return {};
    }
  }
  if ((cut.access & classfile::kAccPublic) == 0 && !same_package) return {};
  Nameable nameable(read, cut_name, same_package);
  std::vector<const MethodInfo*> ctors;
  for (const auto& m : cut.methods) {
    if (cut.MethodName(m) != "<init>") continue;
    if ((m.access & (classfile::kAccPrivate | classfile::kAccSynthetic)) != 0) continue;
    if (!same_package && (m.access & (classfile::kAccPublic | classfile::kAccProtected)) == 0) {
      continue;
    }
    auto d = classfile::ParseMethodDescriptor(cut.MethodDescriptor(m));
    if (d.ok() && nameable.All(*d)) ctors.push_back(&m);
  }
  if (ctors.empty()) return {};
  const bool is_abstract = (cut.access & classfile::kAccAbstract) != 0;
  std::vector<Abstract> abstracts;
  if (is_abstract) {
    auto a = AbstractMethods(cut, read, same_package, nameable);
    if (!a) return {};
    abstracts = std::move(*a);
  }
  // Boolean hooks: the class's own non-public, overridable boolean methods, and its
  // abstract boolean methods.
  std::vector<Abstract> hooks;
  for (const auto& m : cut.methods) {
    const uint16_t closed = classfile::kAccStatic | classfile::kAccFinal | classfile::kAccPrivate |
                            classfile::kAccPublic | classfile::kAccSynthetic |
                            classfile::kAccBridge | classfile::kAccAbstract;  // abstract ones below
    if ((m.access & closed) != 0 || !cut.MethodDescriptor(m).ends_with(")Z")) continue;
    if (!same_package && (m.access & classfile::kAccProtected) == 0) continue;
    auto d = classfile::ParseMethodDescriptor(cut.MethodDescriptor(m));
    if (!d.ok() || !nameable.All(*d) || cut.MethodName(m).starts_with("<")) continue;
    hooks.push_back({std::string(cut.MethodName(m)), std::string(cut.MethodDescriptor(m)), false});
    if (hooks.size() >= limits.max_hooks) break;
  }
  for (const auto& a : abstracts) {
    if (hooks.size() >= limits.max_hooks) break;
    if (a.descriptor.ends_with(")Z")) hooks.push_back(a);
  }

  std::vector<testcase::StubSpec> specs;
  testcase::StubSpec base;
  base.super_name = cut_name;
  for (const auto& a : abstracts) base.overrides.push_back({a.name, a.descriptor, a.is_public, 0});
  if (is_abstract) specs.push_back(base);
  for (const auto& h : hooks) {
    for (int64_t value : {0, 1}) {
      testcase::StubSpec s = base;
      auto it = std::find_if(s.overrides.begin(), s.overrides.end(), [&](const auto& o) {
        return o.name == h.name && o.descriptor == h.descriptor;
      });
      if (it == s.overrides.end()) {
        s.overrides.push_back({h.name, h.descriptor, h.is_public, value});
      } else if (value == 0) {
        continue;  // the base stub already returns false
      } else {
        it->value = value;
      }
      specs.push_back(std::move(s));
    }
  }
  std::vector<StubClass> out;
  for (auto& spec : specs) {
    if (out.size() >= limits.max_classes) break;
    StubClass stub;
    stub.name = cut_name + std::string(kStubMarker) + std::to_string(out.size());
    stub.spec = std::make_shared<const testcase::StubSpec>(std::move(spec));
    for (const MethodInfo* m : ctors) {
      auto c = MakeCallable(cut, *m);
      if (!c) continue;
      auto own = std::make_shared<testcase::Callable>(*c);
      own->owner = stub.name;
      own->is_interface_owner = false;
      own->inner_simple_name.clear();
      own->stub = stub.spec;
      stub.ctors.push_back(std::move(own));
    }
    out.push_back(std::move(stub));
  }
  return out;
}

StatusOr<std::vector<uint8_t>> StubClassBytes(const StubClass& stub) {
  ClassFile c;
  c.major_version = 52;
  c.access = classfile::kAccPublic | classfile::kAccSuper | classfile::kAccSynthetic;
  JTG_ASSIGN_OR_RETURN(c.this_class, c.cp.AddClass(stub.name));
  JTG_ASSIGN_OR_RETURN(c.super_class, c.cp.AddClass(stub.spec->super_name));
  for (const auto& ctor : stub.ctors) {
    classfile::ByteWriter w;
    w.U1(0x2a);  // aload_0
    uint16_t slot = 1;
    for (const auto& p : ctor->desc.params) {
      Load(w, p, slot);
      slot += p.IsWide() ? 2 : 1;
    }
    JTG_ASSIGN_OR_RETURN(uint16_t ref,
                         c.cp.AddMethodref(stub.spec->super_name, "<init>", ctor->descriptor));
    w.U1(0xb7);  // invokespecial
    w.U2(ref);
    w.U1(0xb1);  // return
    MethodInfo m;
    m.access = classfile::kAccPublic;
    JTG_ASSIGN_OR_RETURN(m.name_index, c.cp.AddUtf8("<init>"));
    JTG_ASSIGN_OR_RETURN(m.descriptor_index, c.cp.AddUtf8(ctor->descriptor));
    const uint16_t slots = Slots(ctor->desc);
    JTG_ASSIGN_OR_RETURN(auto code, Code(c, slots, slots, w.Take()));
    m.attributes.push_back(std::move(code));
    c.methods.push_back(std::move(m));
  }
  for (const auto& o : stub.spec->overrides) {
    auto d = classfile::ParseMethodDescriptor(o.descriptor);
    if (!d.ok()) return absl::InvalidArgumentError("stub override descriptor " + o.descriptor);
    classfile::ByteWriter w;
    Return(w, d->ret, o.value);
    MethodInfo m;
    m.access = o.is_public ? classfile::kAccPublic : classfile::kAccProtected;
    JTG_ASSIGN_OR_RETURN(m.name_index, c.cp.AddUtf8(o.name));
    JTG_ASSIGN_OR_RETURN(m.descriptor_index, c.cp.AddUtf8(o.descriptor));
    JTG_ASSIGN_OR_RETURN(auto code, Code(c, 2, Slots(*d), w.Take()));
    m.attributes.push_back(std::move(code));
    c.methods.push_back(std::move(m));
  }
  return classfile::Write(c);
}

}  // namespace jtg::generate
