// Universe::AddStubSubclasses: the CUT's stub subclasses (stub_subclass.h) as producers.
#include <algorithm>

#include "classfile/class_file.h"
#include "generate/stub_subclass.h"
#include "generate/universe.h"
#include "jvm/coverage_transformer.h"

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

}  // namespace jtg::generate
