#include "report/pattern_filters.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "classfile/bytecode.h"

namespace jtg::report {
namespace {

using classfile::Insn;

constexpr uint8_t kNew = 0xbb, kDup = 0x59, kAconstNull = 0x01, kInvokespecial = 0xb7;
constexpr uint8_t kInvokevirtual = 0xb6, kAthrow = 0xbf, kAstore = 0x3a, kAload = 0x19;
constexpr std::string_view kMatchException = "java/lang/MatchException";
constexpr std::string_view kMatchExceptionInit = "(Ljava/lang/String;Ljava/lang/Throwable;)V";

// Walks cfg.insns from one instruction index, matching one instruction at a time; any
// mismatch (or the end of the code) makes ok() false for good.
class Cursor {
 public:
  Cursor(const classfile::CodeAttribute& code, const analysis::Cfg& cfg,
         const classfile::ConstantPool& cp, size_t at)
      : code_(code), cfg_(cfg), cp_(cp), at_(at) {}

  bool ok() const { return ok_; }
  // The next instruction has opcode `op` (one of `ops`, for the short and long forms).
  Cursor& Is(std::initializer_list<uint8_t> ops) {
    if (ok_ && at_ < cfg_.insns.size() &&
        std::find(ops.begin(), ops.end(), cfg_.insns[at_].opcode) != ops.end()) {
      matched_.push_back(cfg_.insns[at_++].offset);
    } else {
      ok_ = false;
    }
    return *this;
  }
  // `new` of class `name`.
  Cursor& New(std::string_view name) {
    const size_t i = at_;
    Is({kNew});
    if (ok_) {
      auto cls = cp_.ClassName(Operand(i));
      ok_ = cls.ok() && *cls == name;
    }
    return *this;
  }
  // An invoke `op` of owner.name with `desc`.
  Cursor& Invoke(uint8_t op, std::string_view owner, std::string_view name, std::string_view desc) {
    const size_t i = at_;
    Is({op});
    if (ok_) {
      auto m = cp_.Member(Operand(i));
      ok_ = m.ok() && m->owner == owner && m->name == name && m->descriptor == desc;
    }
    return *this;
  }
  const std::vector<uint32_t>& matched() const { return matched_; }

 private:
  uint16_t Operand(size_t i) const {
    const uint32_t o = cfg_.insns[i].offset;
    if (o + 2 >= code_.code.size()) return 0;
    return static_cast<uint16_t>((code_.code[o + 1] << 8) | code_.code[o + 2]);
  }

  const classfile::CodeAttribute& code_;
  const analysis::Cfg& cfg_;
  const classfile::ConstantPool& cp_;
  size_t at_;
  bool ok_ = true;
  std::vector<uint32_t> matched_;
};

// The instructions of an exhaustive switch's throwing default starting at `at`, or none.
std::vector<uint32_t> ThrowingDefault(const classfile::CodeAttribute& code,
                                      const analysis::Cfg& cfg, const classfile::ConstantPool& cp,
                                      size_t at) {
  Cursor match(code, cfg, cp, at);
  match.New(kMatchException)
      .Is({kDup})
      .Is({kAconstNull})
      .Is({kAconstNull})
      .Invoke(kInvokespecial, kMatchException, "<init>", kMatchExceptionInit)
      .Is({kAthrow});
  if (match.ok()) return match.matched();
  Cursor old(code, cfg, cp, at);
  old.New("java/lang/IncompatibleClassChangeError")
      .Is({kDup})
      .Invoke(kInvokespecial, "java/lang/IncompatibleClassChangeError", "<init>", "()V")
      .Is({kAthrow});
  if (old.ok()) return old.matched();
  return {};
}

}  // namespace

PatternFilter FilterPatternCode(const classfile::CodeAttribute& code, const analysis::Cfg& cfg,
                                const classfile::ConstantPool& cp) {
  PatternFilter out;
  for (const Insn& in : cfg.insns) {
    if (in.kind != classfile::InsnKind::kSwitch || in.targets.empty()) continue;
    const uint32_t dflt = in.targets[0];
    // A default that is also a case's target is code some source line asks for.
    if (std::count(in.targets.begin(), in.targets.end(), dflt) != 1) continue;
    const std::vector<uint32_t> insns =
        ThrowingDefault(code, cfg, cp, analysis::InsnIndexAt(cfg, dflt));
    if (insns.empty()) continue;
    out.ignored.insert(insns.begin(), insns.end());
    out.no_default_switch.insert(in.offset);
  }
  for (const classfile::ExceptionHandler& h : code.handlers) {
    if (h.catch_type == 0) continue;
    auto type = cp.ClassName(h.catch_type);
    if (!type.ok() || *type != "java/lang/Throwable") continue;
    Cursor match(code, cfg, cp, analysis::InsnIndexAt(cfg, h.handler_pc));
    match.Is({kAstore, 0x4b, 0x4c, 0x4d, 0x4e})
        .New(kMatchException)
        .Is({kDup})
        .Is({kAload, 0x2a, 0x2b, 0x2c, 0x2d})
        .Invoke(kInvokevirtual, "java/lang/Throwable", "toString", "()Ljava/lang/String;")
        .Is({kAload, 0x2a, 0x2b, 0x2c, 0x2d})
        .Invoke(kInvokespecial, kMatchException, "<init>", kMatchExceptionInit)
        .Is({kAthrow});
    if (match.ok()) out.ignored.insert(match.matched().begin(), match.matched().end());
  }
  return out;
}

}  // namespace jtg::report
