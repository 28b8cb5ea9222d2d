#include "instrument/frame_state.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "classfile/descriptor.h"

namespace jtg::instrument {
namespace {

using classfile::VerificationType;

StatusOr<VerificationType> TypeOf(const classfile::TypeDesc& t, classfile::ConstantPool& cp) {
  VerificationType v;
  if (t.IsReference()) {
    v.tag = VerificationType::kObject;
    // A Class constant names a class by internal name, an array by its descriptor.
    const std::string name = t.dims > 0 ? t.Descriptor() : t.class_name;
    JTG_ASSIGN_OR_RETURN(v.data, cp.AddClass(name));
    return v;
  }
  switch (t.base) {
    case 'F': v.tag = VerificationType::kFloat; break;
    case 'J': v.tag = VerificationType::kLong; break;
    case 'D': v.tag = VerificationType::kDouble; break;
    default: v.tag = VerificationType::kInteger; break;  // Z B C S I
  }
  return v;
}

}  // namespace

StatusOr<FrameState> FrameAt(const classfile::CodeAttribute& code, uint32_t offset,
                             std::string_view class_name, std::string_view method_name,
                             std::string_view descriptor, bool is_static,
                             classfile::ConstantPool& cp) {
  // Own copies: the views may point into `cp`, which AddClass can grow.
  const std::string cname(class_name), mname(method_name), desc_text(descriptor);
  FrameState s;
  if (!is_static) {
    VerificationType self;
    if (mname == "<init>" && cname != "java/lang/Object") {
      self.tag = VerificationType::kUninitializedThis;
    } else {
      self.tag = VerificationType::kObject;
      JTG_ASSIGN_OR_RETURN(self.data, cp.AddClass(cname));
    }
    s.locals.push_back(self);
  }
  auto desc = classfile::ParseMethodDescriptor(desc_text);
  if (!desc.ok()) return absl::InvalidArgumentError(desc.status().message());
  for (const classfile::TypeDesc& p : desc->params) {
    JTG_ASSIGN_OR_RETURN(VerificationType v, TypeOf(p, cp));
    s.locals.push_back(v);
  }
  for (const classfile::StackMapFrame& f : code.frames) {
    const uint8_t t = f.frame_type;
    if (t <= 63 || t == 251) {
      s.stack.clear();
    } else if (t <= 127 || t == 247) {
      s.stack = f.stack;
    } else if (t >= 248 && t <= 250) {
      if (f.chopped > s.locals.size()) {
        return absl::InvalidArgumentError(absl::StrCat("chop frame at ", f.offset,
                                                       " drops more locals than exist"));
      }
      s.locals.resize(s.locals.size() - f.chopped);
      s.stack.clear();
    } else if (t >= 252 && t <= 254) {
      s.locals.insert(s.locals.end(), f.locals.begin(), f.locals.end());
      s.stack.clear();
    } else {
      s.locals = f.locals;
      s.stack = f.stack;
    }
    if (f.offset == offset) return s;
    if (f.offset > offset) break;
  }
  return absl::NotFoundError(absl::StrCat("no stack map frame at offset ", offset));
}

}  // namespace jtg::instrument
