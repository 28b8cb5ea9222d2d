// Producers of a CUT that no test can construct directly: its stub subclasses
// (Universe::AddStubSubclasses, stub_subclass.h) and its static factories that return a
// supertype of it (Universe::AddDowncastFactories).
#include <algorithm>

#include "classfile/class_file.h"
#include "generate/values/stub_subclass.h"
#include "generate/values/universe.h"

namespace jtg::generate {

size_t Universe::AddStubSubclasses(
    const std::function<Status(const std::string&, const std::vector<uint8_t>&)>& define) {
  if (stubs_added_) return 0;
  stubs_added_ = true;
  ClassReader read = [this](const std::string& name) { return ReadAnyClass(name); };
  size_t defined = 0;
  for (const StubClass& stub : PlanStubSubclasses(cut_, read, TestsShareCutPackage(cut_name_))) {
    auto bytes = StubClassBytes(stub);
    if (!bytes.ok() || !define(stub.name, *bytes).ok()) continue;
    ++defined;
    for (const auto& ctor : stub.ctors) {
      // A constructor excluded after it crashed the JVM stays out through stubs too.
      const std::string key = ctor->name + ctor->descriptor;
      if (std::find(exclude_.begin(), exclude_.end(), key) != exclude_.end()) continue;
      Producer p;
      p.kind = Producer::kCall;
      p.callable = ctor;
      p.type.base = 'L';
      p.type.class_name = cut_name_;
      stub_producers_.push_back(std::move(p));
    }
  }
  producers_.erase(cut_name_);  // rebuilt with the stubs on the next ProducersOf
  return defined;
}

void Universe::AddDowncastFactories(std::vector<Producer>& out) {
  IndexHierarchy();
  const bool same_package = TestsShareCutPackage(cut_name_);
  for (const auto& m : cut_.methods) {
    if ((m.access & classfile::kAccStatic) == 0) continue;
    const uint16_t need = same_package ? 0 : classfile::kAccPublic;
    if ((m.access & need) != need || (m.access & classfile::kAccPrivate) != 0 ||
        (m.access & (classfile::kAccSynthetic | classfile::kAccBridge)) != 0) {
      continue;
    }
    auto c = MakeCallable(cut_, m);
    if (!c || c->desc.ret.dims != 0 || c->desc.ret.base != 'L') continue;
    const std::string& ret = c->desc.ret.class_name;
    if (ret == cut_name_ || ret == "java/lang/Object" || !IsSubtype(cut_name_, ret)) continue;
    Producer p;
    p.kind = Producer::kCall;
    p.callable = std::move(c);
    p.type.base = 'L';
    p.type.class_name = cut_name_;
    p.downcast = true;
    out.push_back(std::move(p));
  }
}

}  // namespace jtg::generate
