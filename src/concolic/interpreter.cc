#include "concolic/interpreter.h"

#include "absl/strings/str_cat.h"
#include "concolic/frame.h"

namespace jtg::concolic {

namespace {

constexpr int kMaxDepth = 64;  // nested calls of the class's own methods

}  // namespace

Interpreter::Interpreter(const classfile::ClassFile& cls, int64_t max_steps)
    : cls_(cls), max_steps_(max_steps) {}

absl::StatusOr<Slot> Interpreter::Input(char type, Value v) {
  auto sort = InputSort(type);
  if (!sort || *sort != v.sort) {
    return absl::InvalidArgumentError(absl::StrCat("no input of type ", std::string(1, type)));
  }
  const auto index = static_cast<int32_t>(run_.input_sorts.size());
  run_.input_sorts.push_back(*sort);
  const bool narrow = type == 'B' || type == 'C' || type == 'S' || type == 'Z';
  const Expr var = Var(index, *sort, narrow ? type : 0);
  auto range = [&](int32_t lo, int32_t hi) {  // a narrow int type's values
    run_.domain.push_back(Binary(Op::kGe, var, Const(Value::Int(lo))));
    run_.domain.push_back(Binary(Op::kLe, var, Const(Value::Int(hi))));
  };
  switch (type) {
    case 'Z': range(0, 1); break;
    case 'B': range(-128, 127); break;
    case 'C': range(0, 65535); break;
    case 'S': range(-32768, 32767); break;
    default: break;
  }
  return Slot{v, var};
}

Slot Interpreter::StringInput(std::u16string s) {
  const auto index = static_cast<int32_t>(run_.input_sorts.size());
  run_.input_sorts.push_back(Sort::kString);
  return NewString(std::move(s), Var(index, Sort::kString));
}

Slot Interpreter::NewString(std::u16string s, Expr text) {
  Slot ref = NewObject("java/lang/String");
  HeapObject& o = Object(ref);
  o.chars = std::move(s);
  o.text = std::move(text);
  return ref;
}

Slot Interpreter::NewArray(std::string array_type, std::vector<Slot> elems) {
  Slot ref = NewObject(std::move(array_type));
  Object(ref).elems = std::move(elems);
  return ref;
}

Slot Interpreter::NewObject(std::string cls) {
  heap_.push_back(HeapObject{std::move(cls), {}, {}, nullptr, {}, false});
  return Slot{Value{Sort::kRef, heap_.size()}, nullptr};
}

Slot Interpreter::NewOpaque(std::string type) {
  Slot ref = NewObject(std::move(type));
  Object(ref).opaque = true;
  return ref;
}

absl::Status Interpreter::Step() {
  if (++run_.steps > max_steps_) {
    return absl::ResourceExhaustedError(absl::StrCat("more than ", max_steps_, " instructions"));
  }
  return absl::OkStatus();
}

void Interpreter::Branch(int32_t method, uint32_t offset, int32_t arm, bool taken,
                         const Expr& cond) {
  if (!IsGround(cond)) run_.path.push_back({offset, arm, taken, cond, method});
}

absl::StatusOr<const Interpreter::Decoded*> Interpreter::Decode(const classfile::MethodInfo& m) {
  auto it = decoded_.find(&m);
  if (it != decoded_.end()) return &it->second;
  auto insns = classfile::DecodeCode(m.code->code);
  if (!insns.ok()) return insns.status();
  Decoded d;
  d.insns = std::move(*insns);
  for (size_t i = 0; i < d.insns.size(); ++i) d.index[d.insns[i].offset] = i;
  return &decoded_.emplace(&m, std::move(d)).first->second;
}

absl::StatusOr<std::optional<Slot>> Interpreter::Call(const classfile::MethodInfo& m,
                                                      std::vector<Slot> args) {
  if (!m.code.has_value()) {
    return absl::UnimplementedError(absl::StrCat("method ", std::string(cls_.MethodName(m)),
                                                 " has no code (abstract or native)"));
  }
  if (depth >= kMaxDepth) return absl::UnimplementedError("calls nested too deeply");
  auto code = Decode(m);
  if (!code.ok()) return code.status();
  const auto index = static_cast<int32_t>(&m - cls_.methods.data());
  Frame frame(*this, m, index, **code);
  ++depth;
  auto r = frame.Run(std::move(args));
  --depth;
  return r;
}

std::optional<Sort> InputSort(char c) {
  switch (c) {
    case 'I':
    case 'Z':
    case 'B':
    case 'C':
    case 'S': return Sort::kInt;
    case 'J': return Sort::kLong;
    case 'F': return Sort::kFloat;
    case 'D': return Sort::kDouble;
    default: return std::nullopt;
  }
}

absl::StatusOr<StaticRun> RunConcolic(const classfile::ClassFile& cls,
                                      const classfile::MethodInfo& m, std::span<const Value> inputs,
                                      int64_t max_steps) {
  if ((m.access & classfile::kAccStatic) == 0 || !m.code.has_value()) {
    return absl::InvalidArgumentError("not a static method with code");
  }
  const std::string_view desc = cls.MethodDescriptor(m);
  Interpreter interp(cls, max_steps);
  std::string params;
  for (size_t i = 1; i < desc.size() && desc[i] != ')'; ++i) {
    if (!InputSort(desc[i])) {
      return absl::InvalidArgumentError(
          absl::StrCat("parameter of ", std::string(desc), " is not primitive"));
    }
    params.push_back(desc[i]);
  }
  if (params.size() != inputs.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat(inputs.size(), " inputs for ", params.size(), " parameters"));
  }
  std::vector<Slot> args;
  for (size_t i = 0; i < params.size(); ++i) {
    auto in = interp.Input(params[i], inputs[i]);
    if (!in.ok()) return absl::InvalidArgumentError(absl::StrCat("input ", i, " has another sort"));
    args.push_back(*in);
  }
  auto r = interp.Call(m, std::move(args));
  if (!r.ok()) return r.status();
  StaticRun out;
  static_cast<ConcolicRun&>(out) = std::move(interp.run());
  if (*r && out.thrown.empty()) {
    out.result = (*r)->v;
    out.result_expr = Numeric(**r);
  }
  return out;
}

}  // namespace jtg::concolic
