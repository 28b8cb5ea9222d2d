// MethodResolver (see method_resolver.h).
#include "perf/method_resolver.h"

#include <algorithm>

#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "perf/jdk_dispatch.h"

namespace jtg::perf {

using classfile::ClassFile;
using classfile::MethodInfo;

std::string MethodKey::ToString() const { return absl::StrCat(owner, ".", name, desc); }

std::string MethodKey::JavaName() const {
  std::string params;
  if (auto md = classfile::ParseMethodDescriptor(desc); md.ok()) {
    for (const auto& p : md->params) {
      if (!params.empty()) params += ",";
      params += p.JavaName();
    }
  }
  return absl::StrCat(classfile::ToBinary(owner), ".", name, "(", params, ")");
}

const MethodInfo* FindMethod(const ClassFile& cls, std::string_view name, std::string_view desc) {
  for (const auto& m : cls.methods) {
    if (cls.MethodName(m) == name && cls.MethodDescriptor(m) == desc) return &m;
  }
  return nullptr;
}

const ClassFile* MethodResolver::Class(std::string_view name) {
  auto it = classes_.find(name);
  if (it != classes_.end()) return it->second.get();
  std::unique_ptr<ClassFile> cls;
  auto b = bytes_(std::string(name));
  if (b.ok()) {
    auto parsed = classfile::Parse(*b, name);
    if (parsed.ok()) cls = std::make_unique<ClassFile>(std::move(parsed->cls));
  }
  if (!cls) unreadable_.emplace(name);
  return classes_.emplace(std::string(name), std::move(cls)).first->second.get();
}

std::optional<MethodKey> MethodResolver::Lookup(const std::string& owner, const std::string& name,
                                                const std::string& desc) {
  std::vector<std::string> ifaces;
  for (std::string c = owner; !c.empty();) {
    const ClassFile* cls = Class(c);
    if (cls == nullptr) return std::nullopt;
    if (FindMethod(*cls, name, desc) != nullptr) return MethodKey{c, name, desc};
    for (uint16_t i : cls->interfaces) {
      if (auto n = cls->cp.ClassName(i); n.ok()) ifaces.emplace_back(*n);
    }
    c = std::string(cls->SuperName());
  }
  return Default(std::move(ifaces), name, desc);
}

std::optional<MethodKey> MethodResolver::Select(const std::string& receiver,
                                                const std::string& name, const std::string& desc) {
  std::vector<std::string> ifaces;
  for (std::string c = receiver; !c.empty();) {
    const ClassFile* cls = Class(c);
    if (cls == nullptr) return std::nullopt;
    if (const MethodInfo* m = FindMethod(*cls, name, desc)) {
      if (m->access & classfile::kAccAbstract) return std::nullopt;
      return MethodKey{c, name, desc};
    }
    for (uint16_t i : cls->interfaces) {
      if (auto n = cls->cp.ClassName(i); n.ok()) ifaces.emplace_back(*n);
    }
    c = std::string(cls->SuperName());
  }
  return Default(std::move(ifaces), name, desc);
}

std::optional<MethodKey> MethodResolver::Default(std::vector<std::string> queue,
                                                 const std::string& name, const std::string& desc) {
  std::set<std::string> seen;
  for (size_t i = 0; i < queue.size(); ++i) {
    const std::string iface = queue[i];  // a copy: the queue grows below
    if (!seen.insert(iface).second) continue;
    const ClassFile* cls = Class(iface);
    if (cls == nullptr) continue;
    const MethodInfo* m = FindMethod(*cls, name, desc);
    if (m != nullptr && !(m->access & (classfile::kAccAbstract | classfile::kAccStatic))) {
      return MethodKey{iface, name, desc};
    }
    for (uint16_t k : cls->interfaces) {
      if (auto n = cls->cp.ClassName(k); n.ok()) queue.emplace_back(*n);
    }
  }
  return std::nullopt;
}

const std::vector<std::string>& MethodResolver::Receivers(const std::string& owner) {
  auto it = receivers_.find(owner);
  if (it != receivers_.end()) return it->second;
  std::vector<std::string> r;
  const ClassFile* cls = Class(owner);
  if (cls != nullptr && (cls->access & (classfile::kAccInterface | classfile::kAccAbstract)) == 0) {
    r.push_back(owner);
  }
  const std::vector<std::string> more =
      IsJdkClass(owner) ? JdkImplementationsOf(owner)
                        : (subtypes_ ? subtypes_(owner) : std::vector<std::string>{});
  for (const auto& c : more) {
    if (std::find(r.begin(), r.end(), c) == r.end()) r.push_back(c);
  }
  return receivers_.emplace(owner, std::move(r)).first->second;
}

}  // namespace jtg::perf
