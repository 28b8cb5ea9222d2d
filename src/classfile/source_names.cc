#include "classfile/source_names.h"

#include "classfile/class_file.h"
#include "classfile/descriptor.h"
#include "classfile/inner_classes.h"
#include "classfile/names.h"

namespace jtg::classfile {

namespace {
// Nesting deeper than this is a cycle of malformed InnerClasses attributes.
constexpr int kMaxNesting = 64;
}  // namespace

const std::string& SourceNames::Of(const std::string& internal) {
  auto it = cache_.find(internal);
  if (it != cache_.end()) return it->second;
  std::string name = Resolve(internal, 0);
  return cache_.emplace(internal, std::move(name)).first->second;
}

std::string SourceNames::Resolve(const std::string& internal, int depth) {
  auto cached = cache_.find(internal);
  if (cached != cache_.end()) return cached->second;
  if (!read_ || depth > kMaxNesting) return JavaSourceName(internal);
  auto bytes = read_(internal);
  if (!bytes.ok()) return JavaSourceName(internal);
  auto parsed = Parse(*bytes, ToBinary(internal));
  if (!parsed.ok()) return JavaSourceName(internal);
  std::optional<InnerClassEntry> self = SelfEntry(parsed->cls);
  if (!self) return ToBinary(internal);  // top-level: every '$' is part of the name
  if (self->outer.empty() || self->simple.empty() || self->outer == internal) {
    return JavaSourceName(internal);  // local or anonymous: no canonical name
  }
  std::string outer = Resolve(self->outer, depth + 1);
  cache_.emplace(self->outer, outer);
  return outer + "." + self->simple;
}

}  // namespace jtg::classfile
