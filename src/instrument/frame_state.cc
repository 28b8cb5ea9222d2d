#include "instrument/frame_state.h"

#include <algorithm>
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

StatusOr<FrameState> InitialState(std::string_view class_name, std::string_view method_name,
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
  return s;
}

StatusOr<std::vector<std::pair<uint32_t, FrameState>>> ExpandFrames(
    const classfile::CodeAttribute& code, const FrameState& initial) {
  std::vector<std::pair<uint32_t, FrameState>> out;
  out.reserve(code.frames.size());
  FrameState s = initial;
  for (const classfile::StackMapFrame& f : code.frames) {
    const uint8_t t = f.frame_type;
    if (t <= 63 || t == 251) {
      s.stack.clear();
    } else if (t <= 127 || t == 247) {
      s.stack = f.stack;
    } else if (t >= 248 && t <= 250) {
      if (f.chopped > s.locals.size()) {
        return absl::InvalidArgumentError(
            absl::StrCat("chop frame at ", f.offset, " drops more locals than exist"));
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
    out.emplace_back(f.offset, s);
  }
  return out;
}

std::vector<classfile::StackMapFrame> CompressFrames(
    const FrameState& initial, const std::vector<std::pair<uint32_t, FrameState>>& states) {
  std::vector<classfile::StackMapFrame> out;
  out.reserve(states.size());
  const FrameState* prev = &initial;
  int64_t prev_offset = -1;
  for (const auto& [offset, s] : states) {
    // offset_delta: the first frame's is its offset, later ones offset - previous - 1.
    const int64_t delta = offset - prev_offset - 1;
    classfile::StackMapFrame f;
    f.offset = offset;
    const auto& pl = prev->locals;
    const auto& cl = s.locals;
    const bool prefix_of_prev =
        cl.size() <= pl.size() && std::equal(cl.begin(), cl.end(), pl.begin());
    const bool prev_is_prefix =
        pl.size() <= cl.size() && std::equal(pl.begin(), pl.end(), cl.begin());
    if (cl == pl && s.stack.empty()) {
      f.frame_type = delta <= 63 ? static_cast<uint8_t>(delta) : 251;
    } else if (cl == pl && s.stack.size() == 1) {
      f.frame_type = delta <= 63 ? static_cast<uint8_t>(64 + delta) : 247;
      f.stack = s.stack;
    } else if (s.stack.empty() && prefix_of_prev && pl.size() - cl.size() <= 3) {
      f.chopped = static_cast<uint8_t>(pl.size() - cl.size());
      f.frame_type = static_cast<uint8_t>(251 - f.chopped);
    } else if (s.stack.empty() && prev_is_prefix && cl.size() - pl.size() <= 3) {
      f.frame_type = static_cast<uint8_t>(251 + (cl.size() - pl.size()));
      f.locals.assign(cl.begin() + static_cast<std::ptrdiff_t>(pl.size()), cl.end());
    } else {
      f.frame_type = 255;
      f.locals = cl;
      f.stack = s.stack;
    }
    out.push_back(std::move(f));
    prev = &s;
    prev_offset = offset;
  }
  return out;
}

StatusOr<FrameState> FrameAt(const classfile::CodeAttribute& code, uint32_t offset,
                             std::string_view class_name, std::string_view method_name,
                             std::string_view descriptor, bool is_static,
                             classfile::ConstantPool& cp) {
  JTG_ASSIGN_OR_RETURN(FrameState initial,
                       InitialState(class_name, method_name, descriptor, is_static, cp));
  JTG_ASSIGN_OR_RETURN(auto states, ExpandFrames(code, initial));
  for (auto& [at, s] : states) {
    if (at == offset) return std::move(s);
    if (at > offset) break;
  }
  return absl::NotFoundError(absl::StrCat("no stack map frame at offset ", offset));
}

}  // namespace jtg::instrument
