#include "analysis/class_cache.h"

namespace jtg::analysis {

namespace {
bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
}  // namespace

bool IsJdkClassName(std::string_view cls) {
  return StartsWith(cls, "java/") || StartsWith(cls, "javax/") || StartsWith(cls, "jdk/") ||
         StartsWith(cls, "sun/") || StartsWith(cls, "com/sun/");
}

const classfile::ClassFile* ClassCache::Load(const std::string& cls) {
  auto it = classes_.find(cls);
  if (it == classes_.end()) {
    std::unique_ptr<classfile::ParseResult> parsed;
    if (!cls.empty() && cls[0] != '[' && !IsJdkClassName(cls)) {
      auto bytes = cp_.ReadClass(cls);
      if (bytes.ok()) {
        auto p = classfile::Parse(*bytes, cls);
        if (p.ok()) parsed = std::make_unique<classfile::ParseResult>(std::move(*p));
      }
    }
    it = classes_.emplace(cls, std::move(parsed)).first;
  }
  return it->second ? &it->second->cls : nullptr;
}

}  // namespace jtg::analysis
