#include "generate/search/solver_replay.h"

#include "absl/strings/str_cat.h"
#include "concolic/z3_encode.h"

namespace jtg::generate {
namespace {

using concolic::Slot;
using concolic::Value;
using testcase::StmtKind;

Value ToValue(const testcase::Literal& lit) {
  switch (lit.type) {
    case 'J': return Value::Long(lit.i);
    case 'F': return Value::Float(static_cast<float>(lit.d));
    case 'D': return Value::Double(lit.d);
    default: return Value::Int(static_cast<int32_t>(lit.i));
  }
}

// Which statements of [0, last] statement `last` depends on.
std::vector<bool> Slice(const testcase::TestCase& t, size_t last) {
  std::vector<bool> need(last + 1, false);
  need[last] = true;
  auto uses = [&](const testcase::Stmt& s, auto&& f) {
    if (s.receiver >= 0) f(static_cast<size_t>(s.receiver));
    for (int a : s.args) f(static_cast<size_t>(a));
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = last + 1; i-- > 0;) {
      if (!need[i]) continue;
      uses(t.stmts[i], [&](size_t j) {
        if (j < i && !need[j]) need[j] = changed = true;
      });
    }
    for (size_t i = 0; i < last; ++i) {  // calls that may change a needed object
      if (need[i] || t.stmts[i].kind != StmtKind::kCall) continue;
      uses(t.stmts[i], [&](size_t j) {
        const bool object =
            t.stmts[j].kind == StmtKind::kCall || t.stmts[j].kind == StmtKind::kNewArray;
        if (j < i && need[j] && object && !need[i]) need[i] = changed = true;
      });
    }
  }
  return need;
}

absl::Status Unmodelled(size_t i, std::string_view what) {
  return absl::UnimplementedError(absl::StrCat("statement ", i, ": ", std::string(what)));
}

}  // namespace

absl::StatusOr<Replay> ReplayTest(const classfile::ClassFile& cut, const testcase::TestCase& t,
                                  size_t last, int64_t max_steps) {
  concolic::Interpreter in(cut, max_steps);
  Replay r;
  const std::vector<bool> need = Slice(t, last);
  std::vector<Slot> value(last + 1, Slot::Null());
  std::vector<int> position(last + 1, -1);  // among the replayed statements, for the shape
  for (size_t i = 0, p = 0; i <= last; ++i) {
    if (need[i]) position[i] = static_cast<int>(p++);
  }
  auto slot_of = [&](int index) { return value[static_cast<size_t>(index)]; };
  for (size_t i = 0; i <= last; ++i) {
    if (!need[i]) continue;
    const testcase::Stmt& s = t.stmts[i];
    absl::StrAppend(&r.shape, ";", static_cast<int>(s.kind), s.type.Descriptor());
    if (i == last) r.last_from = in.run().path.size();
    switch (s.kind) {
      case StmtKind::kLiteral: {
        if (s.lit.n_mult != 0) return Unmodelled(i, "a scaled literal");
        absl::StrAppend(&r.shape, std::string(1, s.lit.type));
        if (s.lit.type == 's' && s.lit.s.size() > concolic::Z3Encoder::kMaxText) {
          return Unmodelled(i, "a text longer than the solver's bound");
        }
        if (s.lit.type == 's' && s.type.class_name == "java/lang/String") {
          value[i] = in.StringInput(s.lit.s);
        } else if (s.type.IsPrimitive()) {
          auto v = in.Input(s.lit.type, ToValue(s.lit));
          if (!v.ok()) return v.status();
          value[i] = *v;
        } else {
          return Unmodelled(i, "a boxed literal");
        }
        r.input_stmt.push_back(i);
        break;
      }
      case StmtKind::kNull: break;
      case StmtKind::kNewArray: {
        if (s.type.dims != 1) return Unmodelled(i, "a multi-dimensional array");
        for (int a : s.args) absl::StrAppend(&r.shape, ",", position[static_cast<size_t>(a)]);
        std::vector<Slot> elems;
        for (int a : s.args) elems.push_back(slot_of(a));
        value[i] = in.NewArray(s.type.Descriptor(), std::move(elems));
        break;
      }
      case StmtKind::kCall: {
        const testcase::Callable& c = *s.callable;
        absl::StrAppend(&r.shape, c.owner, ".", c.name, c.descriptor, "@",
                        s.receiver >= 0 ? position[static_cast<size_t>(s.receiver)] : -1);
        for (int a : s.args) absl::StrAppend(&r.shape, ",", position[static_cast<size_t>(a)]);
        if (c.owner != cut.Name() || c.stub) {
          // An object from another class's method stays opaque: passing it along is fine,
          // using it is not modelled. A primitive or String result has no value here.
          if (!s.type.IsReference() || s.type.class_name == "java/lang/String") {
            return Unmodelled(i, "a value from a call of another class");
          }
          // It could change an object of the class or an array it is given.
          std::vector<int> uses = s.args;
          if (s.receiver >= 0) uses.push_back(s.receiver);
          for (int a : uses) {
            const Slot v = slot_of(a);
            if (v.IsRef() && !v.IsNull() && !in.IsOpaque(v) &&
                in.Object(v).cls != "java/lang/String") {
              return Unmodelled(i, "a call of another class on an object the test follows");
            }
          }
          value[i] = in.NewOpaque(s.type.Descriptor());
          break;
        }
        const classfile::MethodInfo* m = nullptr;
        for (const classfile::MethodInfo& cand : cut.methods) {
          if (cut.MethodName(cand) == c.name && cut.MethodDescriptor(cand) == c.descriptor) {
            m = &cand;
          }
        }
        if (m == nullptr) return Unmodelled(i, "an inherited method");
        std::vector<Slot> args;
        if (c.IsConstructor()) {
          value[i] = in.NewObject(std::string(cut.Name()));
          args.push_back(value[i]);
        } else if (!c.is_static) {
          const Slot recv = slot_of(s.receiver);
          if (recv.IsNull() || in.Object(recv).cls != cut.Name()) {
            return Unmodelled(i, "a receiver not built by the class's constructors");
          }
          args.push_back(recv);
        }
        for (int a : s.args) args.push_back(slot_of(a));
        auto result = in.Call(*m, std::move(args));
        if (!result.ok()) return result.status();
        if (*result) value[i] = **result;
        if (!in.run().thrown.empty()) {  // the JVM would stop the test here too
          r.run = std::move(in.run());
          return r;
        }
        break;
      }
      case StmtKind::kNewCollection:
      case StmtKind::kGetStatic:
      case StmtKind::kLambda:
      case StmtKind::kMock:
        if (!s.type.IsReference() || s.type.class_name == "java/lang/String") {
          return Unmodelled(i, "a value the interpreter cannot compute");
        }
        value[i] = in.NewOpaque(s.type.Descriptor());
        break;
      default: return Unmodelled(i, "a statement kind the interpreter does not model");
    }
  }
  r.run = std::move(in.run());
  return r;
}

testcase::TestCase UntieLiterals(const testcase::TestCase& t, size_t& last) {
  testcase::TestCase out;
  out.n = t.n;
  std::vector<int> moved(t.size(), -1);  // old index -> new index
  std::vector<bool> used(t.size(), false);
  const size_t old_last = last;
  for (size_t i = 0; i < t.size(); ++i) {
    testcase::Stmt s = t.stmts[i];
    for (int& a : s.args) {
      const auto j = static_cast<size_t>(a);
      if (t.stmts[j].kind == StmtKind::kLiteral && used[j]) {
        a = static_cast<int>(out.stmts.size());
        out.stmts.push_back(t.stmts[j]);
      } else {
        used[j] = true;
        a = moved[j];
      }
    }
    if (s.receiver >= 0) s.receiver = moved[static_cast<size_t>(s.receiver)];
    moved[i] = static_cast<int>(out.stmts.size());
    out.stmts.push_back(std::move(s));
  }
  last = static_cast<size_t>(moved[old_last]);
  return out;
}

void WriteInputs(const std::vector<size_t>& input_stmt, const std::vector<Value>& values,
                 const std::vector<std::u16string>& texts, testcase::TestCase& t) {
  for (size_t k = 0; k < input_stmt.size() && k < values.size(); ++k) {
    testcase::Literal& lit = t.stmts[input_stmt[k]].lit;
    const Value& v = values[k];
    switch (lit.type) {
      case 's':
        if (k < texts.size()) lit.s = texts[k];
        break;
      case 'J': lit.i = v.AsLong(); break;
      case 'F': lit.d = v.AsFloat(); break;
      case 'D': lit.d = v.AsDouble(); break;
      default: lit.i = v.AsInt(); break;
    }
  }
}

}  // namespace jtg::generate
