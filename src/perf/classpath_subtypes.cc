// ClasspathSubtypes (see classpath_subtypes.h).
#include "perf/classpath_subtypes.h"

#include "classfile/class_file.h"

namespace jtg::perf {

bool ClasspathSubtypes::IsSubtype(const std::string& sub, const std::string& super, int depth) {
  if (sub == super) return true;
  auto it = classes_.find(sub);
  if (it == classes_.end() || depth > 64) return false;  // a cycle would be malformed input
  for (const std::string& s : it->second.supers) {
    if (IsSubtype(s, super, depth + 1)) return true;
  }
  return false;
}

std::vector<std::string> ClasspathSubtypes::Of(const std::string& internal_name) {
  if (!indexed_) {
    indexed_ = true;
    for (const std::string& name : cp_->ListClasses()) {
      auto bytes = cp_->ReadClass(name);
      if (!bytes.ok()) continue;
      auto parsed = classfile::Parse(*bytes, name);
      if (!parsed.ok()) continue;
      const classfile::ClassFile& cls = parsed->cls;
      Info info;
      if (!cls.SuperName().empty()) info.supers.emplace_back(cls.SuperName());
      for (uint16_t i : cls.interfaces) {
        if (auto n = cls.cp.ClassName(i); n.ok()) info.supers.emplace_back(*n);
      }
      info.concrete = (cls.access & (classfile::kAccInterface | classfile::kAccAbstract)) == 0;
      classes_.emplace(std::string(cls.Name()), std::move(info));
    }
  }
  auto memo = memo_.find(internal_name);
  if (memo != memo_.end()) return memo->second;
  std::vector<std::string> out;
  for (const auto& [name, info] : classes_) {
    if (info.concrete && IsSubtype(name, internal_name, 0)) out.push_back(name);
  }
  memo_.emplace(internal_name, out);
  return out;
}

}  // namespace jtg::perf
