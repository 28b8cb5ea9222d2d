#include "report/javac_filters.h"

#include <algorithm>
#include <optional>
#include <set>

#include "absl/container/flat_hash_map.h"
#include "classfile/bytecode.h"

namespace jtg::report {
namespace {

using classfile::Insn;

constexpr uint8_t kIload = 0x15, kAload = 0x19, kIstore = 0x36, kAstore = 0x3a;
constexpr uint8_t kIinc = 0x84, kRet = 0xa9, kWide = 0xc4, kAthrow = 0xbf, kMonitorexit = 0xc3;
constexpr uint8_t kInvokevirtual = 0xb6, kInvokeinterface = 0xb9;

// The opcode with xload_n / xstore_n folded into xload / xstore, and wide's inner opcode.
uint8_t Normalized(const std::vector<uint8_t>& code, const Insn& in) {
  const uint8_t op = in.opcode;
  if (op == kWide && in.offset + 1 < code.size()) return code[in.offset + 1];
  if (op >= 0x1a && op <= 0x2d) return static_cast<uint8_t>(kIload + (op - 0x1a) / 4);
  if (op >= 0x3b && op <= 0x4e) return static_cast<uint8_t>(kIstore + (op - 0x3b) / 4);
  return op;
}

// The local variable an aload / astore (any form) names; nullopt for other instructions.
std::optional<uint32_t> LocalOf(const std::vector<uint8_t>& code, const Insn& in, uint8_t want) {
  const uint8_t op = in.opcode;
  const uint8_t first_short = want == kAload ? 0x2a : 0x4b;  // aload_0 / astore_0
  if (op >= first_short && op <= first_short + 3) return op - first_short;
  if (op == want && in.offset + 1 < code.size()) return code[in.offset + 1];
  if (op == kWide && in.offset + 3 < code.size() && code[in.offset + 1] == want) {
    return (static_cast<uint32_t>(code[in.offset + 2]) << 8) | code[in.offset + 3];
  }
  return std::nullopt;
}

// Operand bytes that must be equal in two copies of the same source code: immediates and
// constant-pool indexes. Local variable indexes (copies may get other slots), iinc's
// increment (it belongs with the slot), branch targets and switch tables are left out.
size_t ComparedOperandBytes(uint8_t op) {
  switch (op) {
    case 0x10:
    case 0x12:
    case 0xbc: return 1;  // bipush, ldc, newarray
    case 0x11:
    case 0x13:
    case 0x14: return 2;  // sipush, ldc_w, ldc2_w
    case 0xb2:
    case 0xb3:
    case 0xb4:
    case 0xb5:
    case 0xb6:
    case 0xb7:
    case 0xb8:
    case 0xb9:
    case 0xba:
    case 0xbb:
    case 0xbd:
    case 0xc0:
    case 0xc1: return 2;
    case 0xc5: return 3;  // multianewarray: class and dimensions
    default: return 0;
  }
}

bool SameInsn(const std::vector<uint8_t>& code, const Insn& a, const Insn& b) {
  const uint8_t op = Normalized(code, a);
  if (op != Normalized(code, b)) return false;
  if (op == kIinc || op == kRet) return true;
  const size_t n = ComparedOperandBytes(a.opcode);
  if (n == 0) return true;
  if (a.offset + n >= code.size() || b.offset + n >= code.size()) return false;
  return std::equal(code.begin() + a.offset + 1, code.begin() + a.offset + 1 + n,
                    code.begin() + b.offset + 1);
}

// Union-find over instruction indexes; the root is the lowest index of its set.
int32_t Find(std::vector<int32_t>& parent, int32_t i) {
  while (parent[i] != i) {
    parent[i] = parent[parent[i]];
    i = parent[i];
  }
  return i;
}
void Union(std::vector<int32_t>& parent, int32_t a, int32_t b) {
  a = Find(parent, a);
  b = Find(parent, b);
  if (a == b) return;
  if (a < b)
    parent[b] = a;
  else
    parent[a] = b;
}

bool InvokesClose(const classfile::CodeAttribute& code, const classfile::ConstantPool& cp,
                  const Insn& in) {
  if ((in.opcode != kInvokevirtual && in.opcode != kInvokeinterface) ||
      in.offset + 2 >= code.code.size()) {
    return false;
  }
  auto ref =
      cp.Member(static_cast<uint16_t>((code.code[in.offset + 1] << 8) | code.code[in.offset + 2]));
  return ref.ok() && ref->name == "close" && ref->descriptor == "()V";
}

// try-with-resources' close() on the normal exits: the handler's close sequence (after its
// astore, up to the first close() call, with the null check javac adds for resources that
// may be null) repeated right after each range the handler protects. JaCoCo ignores these
// too: the try line shows the resource's opening, not its closing.
template <typename IndexOf>
void IgnoreNormalCloses(const classfile::CodeAttribute& code, const std::vector<Insn>& insns,
                        const classfile::ConstantPool& cp, uint16_t handler_pc, int32_t start,
                        const IndexOf& index_of, std::vector<bool>& ignored) {
  const auto n = static_cast<int32_t>(insns.size());
  int32_t close = -1;
  // javac's sequence is `aload r; [ifnull L; aload r;] invoke close`: a few instructions.
  constexpr int32_t kMaxCloseSequence = 8;
  for (int32_t k = start + 1; k < n && k <= start + kMaxCloseSequence; ++k) {
    if (InvokesClose(code, cp, insns[k])) {
      close = k;
      break;
    }
  }
  if (close < 0) return;
  const int32_t len = close - start;  // instructions [start + 1, close]
  for (const classfile::ExceptionHandler& h : code.handlers) {
    if (h.handler_pc != handler_pc) continue;
    const std::optional<int32_t> c = index_of(h.end_pc);
    if (!c || *c + len > n || ignored[*c]) continue;
    bool same = true;
    for (int32_t j = 0; j < len && same; ++j) {
      same = SameInsn(code.code, insns[*c + j], insns[start + 1 + j]);
    }
    if (!same) continue;
    for (int32_t j = 0; j < len; ++j) ignored[*c + j] = true;
  }
}

}  // namespace

InsnFilter FilterJavacDuplicates(const classfile::CodeAttribute& code, const analysis::Cfg& cfg,
                                 const classfile::ConstantPool* cp) {
  const std::vector<Insn>& insns = cfg.insns;
  const auto n = static_cast<int32_t>(insns.size());
  std::vector<int32_t> parent(insns.size());
  for (int32_t i = 0; i < n; ++i) parent[i] = i;
  std::vector<bool> ignored(insns.size(), false);
  absl::flat_hash_map<uint32_t, int32_t> index_at;
  for (int32_t i = 0; i < n; ++i) index_at[insns[i].offset] = i;
  auto index_of = [&](uint32_t offset) -> std::optional<int32_t> {
    auto it = index_at.find(offset);
    if (it == index_at.end()) return std::nullopt;
    return it->second;
  };

  std::set<uint16_t> catch_any;
  for (const classfile::ExceptionHandler& h : code.handlers) {
    if (h.catch_type == 0) catch_any.insert(h.handler_pc);
  }
  for (uint16_t handler_pc : catch_any) {
    const std::optional<int32_t> start = index_of(handler_pc);
    if (!start) continue;
    const std::optional<uint32_t> t = LocalOf(code.code, insns[*start], kAstore);
    if (!t) continue;
    int32_t reload = -1;  // index of `aload t` followed by athrow
    for (int32_t k = *start + 1; k + 1 < n; ++k) {
      if (insns[k + 1].opcode == kAthrow && LocalOf(code.code, insns[k], kAload) == t) {
        reload = k;
        break;
      }
      // Another store into t ends the search: t no longer holds the exception.
      if (LocalOf(code.code, insns[k], kAstore) == t) break;
    }
    if (reload < 0) continue;
    const int32_t body = *start + 1, len = reload - body;  // F = insns [body, reload)
    ignored[*start] = ignored[reload] = ignored[reload + 1] = true;
    if (len == 0) continue;
    std::set<int32_t> copies;
    for (const classfile::ExceptionHandler& h : code.handlers) {
      if (h.catch_type != 0 || h.handler_pc != handler_pc) continue;
      const std::optional<int32_t> c = index_of(h.end_pc);
      // The handler's own range (synchronized's handler protects itself) has no copy.
      if (!c || (*c >= *start && *c <= reload + 1)) continue;
      copies.insert(*c);
      // synchronized's normal monitorexit is the last thing inside the range.
      if (insns[reload - 1].opcode == kMonitorexit && *c - len >= 0) copies.insert(*c - len);
    }
    for (int32_t c : copies) {
      if (c + len > n || (c < *start && c + len > *start)) continue;
      bool same = true;
      for (int32_t j = 0; j < len && same; ++j) {
        same = SameInsn(code.code, insns[c + j], insns[body + j]);
      }
      if (!same) continue;
      for (int32_t j = 0; j < len; ++j) Union(parent, c + j, body + j);
    }
  }
  // try-with-resources (javac 11 and later): a handler for Throwable that stores it,
  // closes the resource (adding a failure of close() as suppressed) and rethrows it. Its
  // code is not the user's: ignored from its astore to its athrow.
  if (cp != nullptr) {
    for (const classfile::ExceptionHandler& h : code.handlers) {
      if (h.catch_type == 0) continue;
      auto type = cp->ClassName(h.catch_type);
      if (!type.ok() || *type != "java/lang/Throwable") continue;
      const std::optional<int32_t> start = index_of(h.handler_pc);
      if (!start || ignored[*start]) continue;
      const std::optional<uint32_t> t = LocalOf(code.code, insns[*start], kAstore);
      if (!t) continue;
      bool suppresses = false;
      for (int32_t k = *start + 1; k + 1 < n; ++k) {
        const Insn& in = insns[k];
        if (in.opcode == kInvokevirtual && in.offset + 2 < code.code.size()) {
          auto ref = cp->Member(
              static_cast<uint16_t>((code.code[in.offset + 1] << 8) | code.code[in.offset + 2]));
          suppresses = suppresses || (ref.ok() && ref->name == "addSuppressed");
        }
        if (insns[k + 1].opcode == kAthrow && LocalOf(code.code, in, kAload) == t) {
          if (suppresses) {
            for (int32_t j = *start; j <= k + 1; ++j) ignored[j] = true;
            IgnoreNormalCloses(code, insns, *cp, h.handler_pc, *start, index_of, ignored);
          }
          break;
        }
        if (LocalOf(code.code, in, kAstore) == t) break;
      }
    }
  }
  InsnFilter out;
  out.rep.resize(insns.size());
  for (int32_t i = 0; i < n; ++i) out.rep[i] = ignored[i] ? InsnFilter::kIgnored : Find(parent, i);
  return out;
}

}  // namespace jtg::report
