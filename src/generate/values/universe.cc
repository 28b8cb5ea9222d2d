#include "generate/values/universe.h"

#include <algorithm>
#include <cstring>
#include <set>

#include "classfile/descriptor.h"
#include "classfile/inner_classes.h"
#include "classfile/names.h"
#include "classfile/signature.h"
#include "coverage/excluded_classes.h"
#include "generate/values/class_constants.h"
#include "generate/values/generic_params.h"
#include "generate/values/impure_apis.h"

namespace jtg::generate {

using classfile::ClassFile;
using classfile::MethodInfo;
using classfile::TypeDesc;

CallablePtr MakeCallable(const ClassFile& cls, const MethodInfo& m) {
  auto desc = classfile::ParseMethodDescriptor(cls.MethodDescriptor(m));
  if (!desc.ok()) return nullptr;
  auto c = std::make_shared<testcase::Callable>();
  c->owner = std::string(cls.Name());
  c->name = std::string(cls.MethodName(m));
  c->descriptor = std::string(cls.MethodDescriptor(m));
  c->desc = std::move(*desc);
  c->is_static = (m.access & classfile::kAccStatic) != 0;
  c->is_interface_owner = (cls.access & classfile::kAccInterface) != 0;
  c->non_public = (m.access & classfile::kAccPublic) == 0;
  if (m.signature_index) {
    auto text = cls.cp.Utf8(*m.signature_index);
    auto sig = text.ok() ? classfile::ParseMethodSignature(*text)
                         : StatusOr<classfile::MethodSignature>(text.status());
    // A malformed signature only loses the element types: values follow the descriptor.
    if (sig.ok()) c->gparams = ResolvedGenericParams(*sig, c->desc);
  }
  for (const auto& a : m.attributes) {
    auto name = cls.cp.Utf8(a.name_index);
    if (!name.ok() || *name != "Exceptions" || a.info.size() < 2) continue;
    const size_t n = (size_t{a.info[0]} << 8) | a.info[1];
    for (size_t i = 0; i < n && 2 + 2 * i + 1 < a.info.size(); ++i) {
      const auto index = static_cast<uint16_t>((a.info[2 + 2 * i] << 8) | a.info[3 + 2 * i]);
      if (auto e = cls.cp.ClassName(index); e.ok()) c->declared_exceptions.emplace_back(*e);
    }
  }
  if (c->IsConstructor()) {
    auto self = classfile::SelfEntry(cls);
    if (self && self->IsInnerMember() && !c->desc.params.empty() && c->desc.params[0].dims == 0 &&
        c->desc.params[0].class_name == self->outer) {
      c->inner_simple_name = self->simple;
    }
  }
  return c;
}

namespace {
bool Usable(const MethodInfo& m) {
  return (m.access & classfile::kAccPublic) != 0 &&
         (m.access & (classfile::kAccSynthetic | classfile::kAccBridge)) == 0;
}

// Callable from a test in the same package: not private, not synthetic or bridge.
bool UsableInPackage(const MethodInfo& m) {
  return (m.access & classfile::kAccPrivate) == 0 &&
         (m.access & (classfile::kAccSynthetic | classfile::kAccBridge)) == 0;
}

StatusOr<classfile::ParseResult> ReadClass(const classpath::Classpath& cp,
                                           const std::string& name) {
  JTG_ASSIGN_OR_RETURN(auto bytes, cp.ReadClass(name));
  return classfile::Parse(bytes, name);
}
}  // namespace

StatusOr<std::unique_ptr<Universe>> Universe::Build(const classpath::Classpath& cp,
                                                    std::string_view cut_internal_name,
                                                    const std::vector<std::string>& exclude,
                                                    const std::vector<uint8_t>* cut_bytes) {
  std::unique_ptr<Universe> u(new Universe(cp));
  u->cut_name_ = std::string(cut_internal_name);
  auto bytes = cut_bytes != nullptr ? StatusOr<std::vector<uint8_t>>(*cut_bytes)
                                    : cp.ReadClass(u->cut_name_);
  if (!bytes.ok()) {
    return absl::NotFoundError(absl::StrCat("class ", classfile::ToBinary(cut_internal_name),
                                            " is not on the classpath (", cp.spec(), ")"));
  }
  JTG_ASSIGN_OR_RETURN(auto parsed,
                       classfile::Parse(*bytes, classfile::ToBinary(cut_internal_name)));
  u->cut_ = std::move(parsed.cls);
  u->warning_ = parsed.warning;
  const ClassFile& c = u->cut_;
  bool concrete = (c.access & (classfile::kAccAbstract | classfile::kAccInterface)) == 0;
  // The written tests live in the CUT's package (output/junit_writer.cc), so they may call
  // its protected and package-private members too, as EvoSuite's do; not when the package is
  // the JDK's (the tests then move to jtestgen.<package>).
  const bool same_package = TestsShareCutPackage(u->cut_name_);
  for (const auto& m : c.methods) {
    if (!(Usable(m) || (same_package && UsableInPackage(m)))) continue;
    std::string_view name = c.MethodName(m);
    if (name == "<clinit>") continue;
    if (name == "<init>" && !concrete) continue;
    std::string key = absl::StrCat(std::string(name), std::string(c.MethodDescriptor(m)));
    if (std::find(exclude.begin(), exclude.end(), key) != exclude.end()) continue;
    if (auto callable = MakeCallable(c, m)) u->targets_.push_back(std::move(callable));
  }
  u->calls_ = u->targets_;
  u->exclude_ = exclude;
  if (u->targets_.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("class ", classfile::ToBinary(cut_internal_name),
                     " has no public method or constructor to test"));
  }
  u->CollectSeeds();
  u->hints_ = CollectTypeHints(u->cut_);
  return u;
}

bool Universe::cut_is_abstract() const {
  return (cut_.access & (classfile::kAccAbstract | classfile::kAccInterface)) != 0;
}

void Universe::CollectSeeds() {
  std::set<int64_t> ints = {0,   1,    -1,   2,   10,         100,          255,
                            256, 1000, -128, 127, 2147483647, -2147483648LL};
  std::set<double> doubles = {0.0, 1.0, -1.0, 0.5, 3.14};
  std::set<std::u16string> strings = {u"", u"a", u"abc", u"0", u"1", u"-1", u" ", u"A B"};
  for (const auto& e : cut_.cp.entries()) {
    switch (e.tag) {
      case classfile::kCpInteger:
        ints.insert(static_cast<int32_t>(static_cast<uint32_t>(e.value)));
        break;
      case classfile::kCpLong: ints.insert(static_cast<int64_t>(e.value)); break;
      case classfile::kCpFloat: {
        uint32_t bits = static_cast<uint32_t>(e.value);
        float f;
        std::memcpy(&f, &bits, sizeof f);
        if (f == f) doubles.insert(f);
        break;
      }
      case classfile::kCpDouble: {
        double d;
        std::memcpy(&d, &e.value, sizeof d);
        if (d == d) doubles.insert(d);
        break;
      }
      default: break;
    }
  }
  // String constants: the Utf8 entries referenced by CONSTANT_String.
  for (const auto& e : cut_.cp.entries()) {
    if (e.tag != classfile::kCpString) continue;
    auto s = cut_.cp.Utf8(e.a);
    if (!s.ok() || s->size() > 200) continue;
    std::u16string u;
    bool ascii = true;
    for (unsigned char ch : *s) {
      if (ch >= 0x80) ascii = false;
      u.push_back(ch);
    }
    if (ascii) strings.insert(u);
  }
  // Integer constants also appear as small immediates (bipush/sipush), which javac does not
  // put in the pool; sample the code for them.
  for (const auto& m : cut_.methods) {
    if (!m.code) continue;
    const auto& code = m.code->code;
    for (size_t i = 0; i + 1 < code.size(); ++i) {
      if (code[i] == 0x10) ints.insert(static_cast<int8_t>(code[i + 1]));
    }
  }
  seeds_.ints.assign(ints.begin(), ints.end());
  seeds_.doubles.assign(doubles.begin(), doubles.end());
  seeds_.strings.assign(strings.begin(), strings.end());
  seeds_.classes = ClassConstants(cut_);
}

bool Universe::OfferTestFolder(const std::string& folder) {
  bool files = false;
  for (const auto& e : cut_.cp.entries()) {
    if (e.tag != classfile::kCpUtf8) continue;
    const std::string& s = e.bytes;
    if (s.find("java/io/File") != std::string::npos ||
        s.find("java/io/RandomAccessFile") != std::string::npos ||
        s.find("java/nio/file/") != std::string::npos) {
      files = true;
      break;
    }
  }
  if (!files || folder.empty()) return false;
  const std::u16string root(folder.begin(), folder.end());
  seeds_.paths = {root, root + u"/a", root + u"/b.txt", root + u"/d", root + u"/d/c.txt"};
  return true;
}

void Universe::AddObserved(const testcase::ExecResult& r) {
  constexpr size_t kMaxObserved = 1000;
  for (const auto& v : r.values) {
    if (v.kind == testcase::Observed::kString && v.s.size() <= 40 &&
        seen_strings_.size() < kMaxObserved && seen_strings_.insert(v.s).second) {
      if (std::find(seeds_.strings.begin(), seeds_.strings.end(), v.s) == seeds_.strings.end()) {
        seeds_.strings.push_back(v.s);
      }
    } else if (v.kind == testcase::Observed::kPrimitive && v.prim != 'F' && v.prim != 'D' &&
               v.prim != 'Z' && seen_ints_.size() < kMaxObserved && seen_ints_.insert(v.i).second) {
      if (std::find(seeds_.ints.begin(), seeds_.ints.end(), v.i) == seeds_.ints.end()) {
        seeds_.ints.push_back(v.i);
      }
    }
  }
}

void Universe::IndexHierarchy() {
  if (indexed_) return;
  indexed_ = true;
  for (const auto& name : cp_.ListClasses()) {
    auto parsed = ReadClass(cp_, name);
    if (!parsed.ok()) continue;
    const ClassFile& c = parsed->cls;
    ClassHeader h;
    h.access = c.access;
    h.super_name = std::string(c.SuperName());
    for (uint16_t i : c.interfaces) {
      auto n = c.cp.ClassName(i);
      if (n.ok()) h.interfaces.emplace_back(*n);
    }
    if ((c.access & classfile::kAccPublic) != 0) {
      // Which classes have public methods returning which user types (factories in other
      // classes, builders' build(), ...): ProducersOf looks here.
      for (const auto& m : c.methods) {
        if (!Usable(m) || c.MethodName(m) == "<init>") continue;
        std::string_view d = c.MethodDescriptor(m);
        size_t close = d.rfind(')');
        if (close == std::string_view::npos || close + 2 >= d.size() || d[close + 1] != 'L') {
          continue;
        }
        std::string ret(d.substr(close + 2, d.size() - close - 3));
        if (!coverage::IsExcludedClass(ret)) returners_[ret].insert(name);
      }
    }
    headers_[name] = std::move(h);
  }
}

bool Universe::IsSubtype(const std::string& sub, const std::string& super) {
  if (sub == super) return true;
  auto it = headers_.find(sub);
  if (it == headers_.end()) return false;
  if (!it->second.super_name.empty() && IsSubtype(it->second.super_name, super)) return true;
  for (const auto& i : it->second.interfaces) {
    if (IsSubtype(i, super)) return true;
  }
  return false;
}

void Universe::AddProducersFrom(const std::string& cls, const std::string& wanted, bool statics,
                                bool instance_methods, std::vector<Producer>& out) {
  auto parsed = ReadClass(cp_, cls);
  if (!parsed.ok()) return;
  const ClassFile& c = parsed->cls;
  // The written test lives in the CUT's package (TestsShareCutPackage): a class of that
  // package and its non-private members are as usable as public ones (a protected
  // constructor of a decorator subclass, say).
  bool in_package = PackageOf(cls) == PackageOf(cut_name_) && TestsShareCutPackage(cut_name_);
  if (auto self = classfile::SelfEntry(c)) {
    // A private member class, or a local or anonymous one, cannot be named by the test.
    if ((self->access & classfile::kAccPrivate) != 0 || self->outer.empty() ||
        self->simple.empty()) {
      in_package = false;
    }
  }
  if ((c.access & classfile::kAccPublic) == 0 && !in_package) return;
  // Constructors of non-static inner classes take the enclosing instance first
  // (Callable::inner_simple_name); local and anonymous classes are never public.
  bool concrete = (c.access & (classfile::kAccAbstract | classfile::kAccInterface)) == 0 &&
                  IsSubtype(cls, wanted);
  for (const auto& m : c.methods) {
    if (!(in_package ? UsableInPackage(m) : Usable(m))) continue;
    std::string_view name = c.MethodName(m);
    bool ctor = name == "<init>";
    bool is_static = (m.access & classfile::kAccStatic) != 0;
    if (ctor && !(concrete && statics)) continue;
    if (!ctor && !(is_static ? statics : instance_methods)) continue;
    auto callable = MakeCallable(c, m);
    if (!callable) continue;
    TypeDesc produced;
    if (ctor) {
      produced.base = 'L';
      produced.class_name = cls;
    } else {
      produced = callable->desc.ret;
      if (produced.dims != 0 || produced.base != 'L') continue;
      if (produced.class_name != wanted && !IsSubtype(produced.class_name, wanted)) continue;
    }
    Producer p;
    p.kind = Producer::kCall;
    p.callable = std::move(callable);
    p.type = produced;
    out.push_back(std::move(p));
  }
  for (const auto& f : c.fields) {
    if (!statics) break;
    uint16_t need = classfile::kAccPublic | classfile::kAccStatic;
    if ((f.access & need) != need) continue;
    auto t = classfile::ParseFieldDescriptor(c.FieldDescriptor(f));
    if (!t.ok() || t->dims != 0 || t->base != 'L') continue;
    if (t->class_name != wanted && !IsSubtype(t->class_name, wanted)) continue;
    Producer p;
    p.kind = Producer::kStaticField;
    p.owner = cls;
    p.field = std::string(c.FieldName(f));
    p.type = *t;
    out.push_back(std::move(p));
  }
}

const std::vector<Producer>& Universe::ProducersOf(const std::string& internal_name) {
  auto it = producers_.find(internal_name);
  if (it != producers_.end()) return it->second;
  std::vector<Producer> out;
  if (coverage::IsExcludedClass(internal_name)) {
    out = jdk_.ProducersOf(internal_name);
  } else {
    IndexHierarchy();
    AddProducersFrom(internal_name, internal_name, true, false, out);
    bool own_ctor = std::any_of(out.begin(), out.end(), [](const Producer& p) {
      return p.kind == Producer::kCall && p.callable->IsConstructor();
    });
    // Public concrete subtypes anywhere on the classpath (bounded, in name order).
    std::set<std::string> visited = {internal_name};
    int added_classes = 0;
    for (const auto& [name, h] : headers_) {
      if (added_classes >= 24) break;
      if (name == internal_name) continue;
      if ((h.access & classfile::kAccPublic) == 0 &&
          !(PackageOf(name) == PackageOf(cut_name_) && TestsShareCutPackage(cut_name_))) {
        continue;
      }
      if (!IsSubtype(name, internal_name)) continue;
      visited.insert(name);
      size_t before = out.size();
      AddProducersFrom(name, internal_name, true, false, out);
      if (out.size() > before) ++added_classes;
    }
    // Public methods anywhere that return the type itself: factories in other classes
    // (Shapes.circle), builders (Builder.build(), Builder.size(int)); instance methods need
    // a receiver, which ValueFactory builds in turn. Not as producers: the CUT's instance
    // methods (they are targets already, and the pool keeps their results) and fluent
    // methods of a type that has its own public constructor (StrBuilder.append: dozens of
    // them would crowd out the constructors). Bounded, in name order.
    added_classes = 0;
    auto ret = returners_.find(internal_name);
    if (ret != returners_.end()) {
      for (const auto& name : ret->second) {
        if (added_classes >= 24) break;
        bool instance = name != cut_name_ && !(name == internal_name && own_ctor);
        size_t before = out.size();
        AddProducersFrom(name, internal_name, !visited.contains(name), instance, out);
        if (out.size() > before) ++added_classes;
      }
    }
  }
  if (internal_name == cut_name_ && out.empty()) AddDowncastFactories(out);
  if (internal_name == cut_name_) {
    out.insert(out.end(), stub_producers_.begin(), stub_producers_.end());
  }
  std::erase_if(out, [](const Producer& p) {
    return p.kind == Producer::kCall &&
           IsImpureApi(p.callable->owner, p.callable->name, p.callable->descriptor);
  });
  return producers_.emplace(internal_name, std::move(out)).first->second;
}

std::vector<std::string> Universe::ConcreteSubtypesOf(const std::string& cls, size_t limit) {
  IndexHierarchy();
  std::vector<std::string> out;
  for (const auto& [name, h] : headers_) {
    if (out.size() >= limit) break;
    if ((h.access & (classfile::kAccAbstract | classfile::kAccInterface)) != 0) continue;
    if (IsSubtype(name, cls)) out.push_back(name);
  }
  return out;
}

const std::vector<CallablePtr>& Universe::InstanceMethodsOf(const std::string& cls) {
  auto it = instance_methods_.find(cls);
  if (it != instance_methods_.end()) return it->second;
  std::vector<CallablePtr> out;
  // The CUT itself may be a JDK class (`jtestgen perf --class java.util.X`): its class file
  // is at hand.
  auto parsed = cls == cut_name_ || coverage::IsExcludedClass(cls)
                    ? StatusOr<classfile::ParseResult>(absl::NotFoundError("JDK class"))
                    : ReadClass(cp_, cls);
  const ClassFile* found = cls == cut_name_ ? &cut_ : parsed.ok() ? &parsed->cls : nullptr;
  if (found != nullptr && (found->access & classfile::kAccPublic) != 0) {
    const ClassFile& c = *found;
    for (const auto& m : c.methods) {
      if (!Usable(m) || (m.access & classfile::kAccStatic) != 0) continue;
      if (c.MethodName(m) == "<init>") continue;
      auto callable = MakeCallable(c, m);
      if (callable && !IsImpureApi(callable->owner, callable->name, callable->descriptor)) {
        out.push_back(std::move(callable));
      }
    }
  }
  return instance_methods_.emplace(cls, std::move(out)).first->second;
}

const std::vector<std::string>& Universe::TypeHintsFor(const testcase::Callable& c) const {
  static const std::vector<std::string> kNone;
  if (c.owner != cut_name_) return kNone;
  auto it = hints_.find(c.name + c.descriptor);
  return it == hints_.end() ? kNone : it->second;
}

}  // namespace jtg::generate
