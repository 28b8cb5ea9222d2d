#include "instrument/type_states.h"

#include <string>

#include "instrument/type_machine.h"

namespace jtg::instrument {

using classfile::Insn;

StatusOr<std::vector<std::optional<FrameState>>> StatesBefore(
    const classfile::CodeAttribute& code, const std::vector<Insn>& insns,
    std::string_view class_name, std::string_view method_name, std::string_view descriptor,
    bool is_static, classfile::ConstantPool& cp) {
  const std::string cname(class_name);  // the view may point into `cp`
  JTG_ASSIGN_OR_RETURN(FrameState initial,
                       InitialState(class_name, method_name, descriptor, is_static, cp));
  JTG_ASSIGN_OR_RETURN(auto frames, ExpandFrames(code, initial));
  std::vector<std::optional<FrameState>> out(insns.size());
  detail::Machine m(code, cp, cname);
  size_t next_frame = 0;
  bool live = false;
  for (size_t i = 0; i < insns.size(); ++i) {
    const uint32_t at = insns[i].offset;
    while (next_frame < frames.size() && frames[next_frame].first < at) ++next_frame;
    if (next_frame < frames.size() && frames[next_frame].first == at) {
      m.Load(frames[next_frame].second);
      live = true;
    } else if (i == 0) {
      m.Load(initial);
      live = true;
    }
    if (!live) continue;
    out[i] = m.Save();
    JTG_ASSIGN_OR_RETURN(live, m.Step(insns[i]));
  }
  return out;
}

}  // namespace jtg::instrument
