#include "instrument/pit_mutators.h"

#include <algorithm>

#include "classfile/bytecode.h"
#include "instrument/mutation_ops.h"

namespace jtg::instrument {
namespace {

namespace op = classfile::op;

constexpr uint8_t kLconst0 = 0x09, kFconst0 = 0x0b, kDconst0 = 0x0e;
constexpr uint8_t kIneg = 0x74, kDneg = 0x77;

constexpr std::string_view kObjectHelper = "(Ljava/lang/Object;I)Ljava/lang/Object;";

int32_t Mutant(PitMutator m) { return PitMutant(m); }

// EMPTY_RETURNS types (PIT's AReturnMethodVisitor.NON_NULL_MUTATIONS) -> PitMutation.empty kind.
int32_t EmptyKind(std::string_view cls) {
  struct E {
    std::string_view name;
    int32_t kind;
  };
  static constexpr E kEmpty[] = {
      {"java/lang/String", 0},     {"java/util/Optional", 1},      {"java/util/List", 2},
      {"java/util/Collection", 2}, {"java/lang/Iterable", 2},      {"java/util/Set", 3},
      {"java/util/Map", 4},        {"java/util/stream/Stream", 5}, {"java/lang/Integer", 6},
      {"java/lang/Short", 7},      {"java/lang/Character", 8},     {"java/lang/Long", 9},
      {"java/lang/Float", 10},     {"java/lang/Double", 11},
  };
  for (const E& e : kEmpty) {
    if (e.name == cls) return e.kind;
  }
  return -1;
}

uint16_t U16At(const std::vector<uint8_t>& c, size_t at) {
  return static_cast<uint16_t>((c[at] << 8) | c[at + 1]);
}

bool IsIinc(const classfile::CodeAttribute& code, const classfile::Insn& in) {
  return in.opcode == op::kIinc ||
         (in.opcode == op::kWide && in.length == 6 && code.code[in.offset + 1] == op::kIinc);
}

// Whether `in` pushes the empty String (ldc/ldc_w "").
bool PushesEmptyString(const classfile::CodeAttribute& code, const classfile::Insn& in,
                       const classfile::ConstantPool& cp) {
  if (in.opcode != op::kLdc && in.opcode != op::kLdcW) return false;
  const uint16_t index =
      in.opcode == op::kLdc ? code.code[in.offset + 1] : U16At(code.code, in.offset + 1);
  if (!cp.Is(index, classfile::kCpString)) return false;
  auto s = cp.Utf8(cp.entries()[index].a);
  return s.ok() && s->empty();
}

// Boolean.TRUE (1), Boolean.FALSE (0) read by a getstatic `in`, else -1.
int BooleanConstant(const classfile::CodeAttribute& code, const classfile::Insn& in,
                    const classfile::ConstantPool& cp) {
  if (in.opcode != op::kGetstatic) return -1;
  auto m = cp.Member(U16At(code.code, in.offset + 1));
  if (!m.ok() || m->owner != "java/lang/Boolean") return -1;
  if (m->name == "TRUE") return 1;
  if (m->name == "FALSE") return 0;
  return -1;
}

// The mutants a literal pushed by `prev` makes equivalent (PIT's equivalent-return filter).
std::vector<int32_t> EquivalentTo(const classfile::CodeAttribute& code, const classfile::Insn& prev,
                                  const classfile::ConstantPool& cp) {
  switch (prev.opcode) {
    case op::kIconst0:
      return {Mutant(PitMutator::kPrimitiveReturns), Mutant(PitMutator::kFalseReturns)};
    case op::kIconst1: return {Mutant(PitMutator::kTrueReturns)};
    case kLconst0:
    case kFconst0:
    case kDconst0: return {Mutant(PitMutator::kPrimitiveReturns)};
    case op::kAconstNull: return {Mutant(PitMutator::kNullReturns)};
    default: break;
  }
  if (PushesEmptyString(code, prev, cp)) return {Mutant(PitMutator::kEmptyReturns)};
  switch (BooleanConstant(code, prev, cp)) {
    case 1: return {Mutant(PitMutator::kTrueReturns)};
    case 0: return {Mutant(PitMutator::kFalseReturns)};
    default: return {};
  }
}

}  // namespace

bool PitMutatesMethod(std::string_view name, uint16_t access) {
  const bool generated = (access & (classfile::kAccSynthetic | classfile::kAccBridge)) != 0;
  return !generated || name.starts_with("lambda$");
}

std::optional<ReturnMutation> ReturnMutationOf(std::string_view descriptor) {
  const size_t close = descriptor.rfind(')');
  if (close == std::string_view::npos || close + 1 >= descriptor.size()) return std::nullopt;
  const std::string_view ret = descriptor.substr(close + 1);
  ReturnMutation r;
  switch (ret[0]) {
    case 'Z':
      r.helper = "zreturn", r.helper_descriptor = "(II)I", r.return_opcode = op::kIreturn;
      r.mutants = {Mutant(PitMutator::kTrueReturns), Mutant(PitMutator::kFalseReturns)};
      return r;
    case 'I':
    case 'S':
    case 'B':
    case 'C':
      r.helper = "ireturn", r.helper_descriptor = "(II)I", r.return_opcode = op::kIreturn;
      break;
    case 'J':
      r.helper = "lreturn", r.helper_descriptor = "(JI)J", r.return_opcode = op::kLreturn;
      break;
    case 'F':
      r.helper = "freturn", r.helper_descriptor = "(FI)F", r.return_opcode = op::kFreturn;
      break;
    case 'D':
      r.helper = "dreturn", r.helper_descriptor = "(DI)D", r.return_opcode = op::kDreturn;
      break;
    case 'L':
    case '[': {
      if (ret.size() < 2 || (ret[0] == 'L' && ret.back() != ';')) return std::nullopt;
      const std::string_view cls = ret[0] == 'L' ? ret.substr(1, ret.size() - 2) : ret;
      r.return_opcode = op::kAreturn;
      if (cls != "java/lang/Object") r.checkcast = std::string(cls);
      if (cls == "java/lang/Boolean") {
        r.helper = "boolReturn", r.helper_descriptor = kObjectHelper;
        r.mutants = {Mutant(PitMutator::kTrueReturns), Mutant(PitMutator::kFalseReturns)};
      } else if ((r.empty_kind = EmptyKind(cls)) >= 0) {
        r.helper = "emptyReturn";
        r.helper_descriptor = "(Ljava/lang/Object;II)Ljava/lang/Object;";
        r.mutants = {Mutant(PitMutator::kEmptyReturns)};
      } else {
        r.helper = "nullReturn", r.helper_descriptor = kObjectHelper;
        r.mutants = {Mutant(PitMutator::kNullReturns)};
      }
      return r;
    }
    default: return std::nullopt;  // V or malformed
  }
  r.mutants = {Mutant(PitMutator::kPrimitiveReturns)};
  return r;
}

int32_t IincConstant(const classfile::CodeAttribute& code, const classfile::Insn& in) {
  if (!IsIinc(code, in)) return 0;
  if (in.opcode == op::kWide) return static_cast<int16_t>(U16At(code.code, in.offset + 4));
  return static_cast<int8_t>(code.code[in.offset + 2]);
}

uint16_t IincLocal(const classfile::CodeAttribute& code, const classfile::Insn& in) {
  if (!IsIinc(code, in)) return 0;
  if (in.opcode == op::kWide) return U16At(code.code, in.offset + 2);
  return code.code[in.offset + 1];
}

std::vector<int32_t> PitMutantsAt(const analysis::Cfg& cfg, uint32_t i,
                                  const classfile::CodeAttribute& code,
                                  const classfile::ConstantPool& cp, std::string_view descriptor) {
  const classfile::Insn& in = cfg.insns[i];
  if (in.opcode >= kIneg && in.opcode <= kDneg) return {Mutant(PitMutator::kInvertNegs)};
  if (IsIinc(code, in)) {
    if (IincConstant(code, in) == 0) return {};
    return {Mutant(PitMutator::kIncrements)};
  }
  if (in.opcode < op::kIreturn || in.opcode > op::kAreturn) return {};
  auto r = ReturnMutationOf(descriptor);
  if (!r || r->return_opcode != in.opcode) return {};
  std::vector<int32_t> out = std::move(r->mutants);
  if (i > 0 && cfg.block_of_insn[i - 1] == cfg.block_of_insn[i]) {
    for (int32_t k : EquivalentTo(code, cfg.insns[i - 1], cp)) std::erase(out, k);
  }
  return out;
}

}  // namespace jtg::instrument
