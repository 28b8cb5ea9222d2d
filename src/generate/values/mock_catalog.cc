#include "generate/values/mock_catalog.h"

#include "classfile/class_file.h"
#include "coverage/excluded_classes.h"
#include "generate/values/universe.h"

namespace jtg::generate {

namespace {
StatusOr<classfile::ParseResult> Read(const classpath::Classpath& cp, const std::string& n) {
  JTG_ASSIGN_OR_RETURN(auto bytes, cp.ReadClass(n));
  return classfile::Parse(bytes, n);
}

bool IsBoxOrString(const std::string& n) {
  static const std::set<std::string> kNames = {
      "java/lang/String",    "java/lang/Integer", "java/lang/Long",
      "java/lang/Short",     "java/lang/Byte",    "java/lang/Boolean",
      "java/lang/Character", "java/lang/Float",   "java/lang/Double"};
  return kNames.count(n) != 0;
}
}  // namespace

bool StubbableReturn(const classfile::TypeDesc& ret) {
  if (ret.dims > 0) return false;
  if (ret.base == 'L') return IsBoxOrString(ret.class_name);
  return ret.base != 'V';
}

const std::vector<CallablePtr>* MockCatalog::Mockable(const std::string& internal_name) {
  auto it = cache_.find(internal_name);
  if (it != cache_.end()) return it->second ? &*it->second : nullptr;
  std::optional<std::vector<CallablePtr>> entry;
  auto parsed = coverage::IsExcludedClass(internal_name)
                    ? StatusOr<classfile::ParseResult>(absl::NotFoundError("excluded"))
                    : Read(cp_, internal_name);
  if (parsed.ok()) {
    const classfile::ClassFile& c = parsed->cls;
    const uint16_t a = c.access;
    bool open_type = (a & (classfile::kAccInterface | classfile::kAccAbstract)) != 0 &&
                     (a & (classfile::kAccFinal | classfile::kAccAnnotation)) == 0 &&
                     (a & classfile::kAccPublic) != 0;
    if (open_type) {
      std::vector<CallablePtr> stubs;
      std::set<std::string> visited, keys;
      Collect(internal_name, visited, keys, stubs);
      entry = std::move(stubs);
    }
  }
  auto& slot = cache_[internal_name];
  slot = std::move(entry);
  return slot ? &*slot : nullptr;
}

void MockCatalog::Collect(const std::string& cls, std::set<std::string>& visited,
                          std::set<std::string>& keys, std::vector<CallablePtr>& out) {
  if (!visited.insert(cls).second || coverage::IsExcludedClass(cls)) return;
  auto parsed = Read(cp_, cls);
  if (!parsed.ok()) return;
  const classfile::ClassFile& c = parsed->cls;
  for (const auto& m : c.methods) {
    if (out.size() >= kMaxStubs) return;
    constexpr uint16_t kSkip = classfile::kAccStatic | classfile::kAccPrivate |
                               classfile::kAccSynthetic | classfile::kAccBridge;
    if ((m.access & classfile::kAccPublic) == 0 || (m.access & kSkip) != 0) continue;
    std::string name(c.MethodName(m));
    if ((m.access & classfile::kAccFinal) != 0) {  // not stubbable, nor what it overrides
      keys.insert(name + std::string(c.MethodDescriptor(m)));
      continue;
    }
    if (name == "<init>" || name == "<clinit>" || name == "equals" || name == "hashCode" ||
        name == "toString") {
      continue;
    }
    CallablePtr callable = MakeCallable(c, m);
    if (callable == nullptr || !StubbableReturn(callable->desc.ret)) continue;
    if (!keys.insert(name + callable->descriptor).second) continue;  // overridden below
    out.push_back(std::move(callable));
  }
  std::string super(c.SuperName());
  if (!super.empty()) Collect(super, visited, keys, out);
  for (uint16_t i : c.interfaces) {
    auto n = c.cp.ClassName(i);
    if (n.ok()) Collect(std::string(*n), visited, keys, out);
  }
}

}  // namespace jtg::generate
