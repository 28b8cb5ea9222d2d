#include "output/method_writer.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "testcase/unstable_text.h"

namespace jtg::output {

using classfile::TypeDesc;
using testcase::Observed;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

MethodWriter::MethodWriter(const TestCase& tc, const testcase::ExecResult& r,
                           const std::vector<bool>& keep, const TypeOracle& oracle,
                           TypeNamer& namer, FolderMap* folder)
    : tc_(tc), r_(r), keep_(keep), oracle_(oracle), namer_(namer), folder_(folder) {
  uses_.assign(tc.size(), 0);
  for (const Stmt& s : tc.stmts) {
    if (s.receiver >= 0) ++uses_[static_cast<size_t>(s.receiver)];
    for (int a : s.args) ++uses_[static_cast<size_t>(a)];
  }
  names_.resize(tc.size());
}

std::vector<std::string> MethodWriter::Lines(bool perf_last) {
  std::vector<std::string> out;
  assertion_lines_.clear();
  std::map<std::string, int> counters;
  size_t value_index = 0;
  for (size_t i = 0; i < tc_.size(); ++i) {
    const Stmt& s = tc_.stmts[i];
    bool threw = static_cast<int>(i) == r_.threw_at;
    const Observed* obs = nullptr;
    if (!threw && value_index < r_.values.size()) obs = &r_.values[value_index++];
    if (Inlinable(i)) continue;
    if (s.ProducesValue() && !threw) {
      std::string stem = VarStem(s.type);
      names_[i] = stem + std::to_string(counters[stem]++);
    }
    std::string expr = Expr(i);
    if (threw) {
      const std::string ex =
          namer_.Name(classfile::ToInternal(oracle_.public_exception(r_.exception_class)));
      std::string body = s.kind == StmtKind::kNewCollection ? "{ " + expr + " }" : expr;
      if (!assert_message_ || r_.exception_message_null || perf_last) {
        out.push_back(absl::StrCat("assertThrows(", ex, ".class, () -> ", body, ");"));
        break;
      }
      out.push_back(
          absl::StrCat("Throwable thrown = assertThrows(", ex, ".class, () -> ", body, ");"));
      const std::string& m = r_.exception_message;  // ASCII (MessageAssertable)
      assertion_lines_.emplace_back(out.size(), static_cast<int>(i));
      out.push_back(absl::StrCat("assertEquals(",
                                 FolderString(std::u16string(m.begin(), m.end()), folder_),
                                 ", thrown.getMessage());"));
      break;
    }
    if (s.kind == StmtKind::kMock) {
      MockLines(s, names_[i], out);
      continue;
    }
    if (s.kind == StmtKind::kRepeat) {
      if (perf_last && i + 1 == tc_.size()) {
        out.push_back("return () -> { " + expr + " };");
      } else {
        out.push_back(expr);
      }
      continue;
    }
    if (perf_last && i + 1 == tc_.size()) {
      // `jtestgen perf`: the call under test is what the sized method hands back to time.
      out.push_back("return () -> { " + expr + "; };");
      continue;
    }
    if (s.kind == StmtKind::kNewCollection) {
      out.push_back(namer_.Name(s.type) + " " + names_[i] + " = new " + namer_.Name(s.type) +
                    "();");
      bool is_map = testcase::IsMapImpl(s.owner);
      for (size_t k = 0; k < s.args.size(); k += is_map ? 2 : 1) {
        if (is_map) {
          out.push_back(names_[i] + ".put(" + Arg(s.args[k], nullptr) + ", " +
                        Arg(s.args[k + 1], nullptr) + ");");
        } else {
          out.push_back(names_[i] + ".add(" + Arg(s.args[k], nullptr) + ");");
        }
      }
      continue;
    }
    if (!names_[i].empty()) {
      out.push_back(namer_.Name(s.type) + " " + names_[i] + " = " + Downcast(s) + expr + ";");
      // A constructor never yields null: assertNotNull after it could not fail.
      bool wanted = keep_.empty() || (i < keep_.size() && keep_[i]);
      if (s.kind == StmtKind::kCall && obs != nullptr && wanted && !perf_last &&
          !s.callable->IsConstructor()) {
        const size_t before = out.size();
        Assert(s, names_[i], *obs, out);
        for (size_t l = before; l < out.size(); ++l) {
          assertion_lines_.emplace_back(l, static_cast<int>(i));
        }
      }
    } else {
      out.push_back(expr + ";");
    }
  }
  return out;
}

bool MethodWriter::Inlinable(size_t i) const {
  const Stmt& s = tc_.stmts[i];
  if (s.kind != StmtKind::kLiteral && s.kind != StmtKind::kNull) return false;
  if (uses_[i] == 1) return true;
  // A primitive or String literal is written at each use, so one value feeding parameters
  // of different meaning reads as two (`new PriceCalculator(1)`, `new Inventory(p, 1)`);
  // a boxed one stays one variable (two boxings of a large value are two objects).
  return s.kind == StmtKind::kLiteral && uses_[i] > 1 &&
         (s.type.dims == 0 && (s.type.base != 'L' || s.type.class_name == "java/lang/String"));
}

void MethodWriter::MockLines(const Stmt& s, const std::string& name,
                             std::vector<std::string>& out) const {
  out.push_back(namer_.Name(s.type) + " " + name + " = " + MockExpr(s) + ";");
  for (size_t k = 0; k < s.stubs.size() && k < s.args.size(); ++k) {
    const auto& c = *s.stubs[k];
    std::string matchers;
    for (size_t p = 0; p < c.desc.params.size(); ++p) {
      matchers += (p > 0 ? ", " : "") + Matcher(c.desc.params[p]);
    }
    out.push_back(absl::StrCat("when(", name, ".", c.name, "(", matchers, ")).thenReturn(",
                               Arg(s.args[k], &c.desc.ret), ");"));
  }
}

std::string MethodWriter::LitExpr(const testcase::Literal& lit) const {
  if (lit.n_mult == 0 && lit.type == 's') return FolderString(lit.s, folder_);
  if (lit.n_mult == 0) return LiteralExpr(lit);
  std::string e = lit.n_mult == 1 ? "n" : std::to_string(lit.n_mult) + " * n";
  if (lit.i > 0) e += " + " + std::to_string(lit.i);
  if (lit.i < 0) e += " - " + std::to_string(-lit.i);
  if (lit.type == 's') {  // "ab" n times, in Java 8's API (String.repeat is Java 11's)
    testcase::Literal unit = lit;
    unit.n_mult = 0;
    return "String.join(\"\", " + namer_.Name(std::string("java/util/Collections")) + ".nCopies(" +
           e + ", " + LiteralExpr(unit) + "))";
  }
  return lit.type == 'J' ? "(long) (" + e + ")" : "(" + e + ")";
}

std::string MethodWriter::RepeatLine(const Stmt& s) const {
  std::string count = s.repeat_mult == 0
                          ? std::to_string(s.repeat_add)
                          : (s.repeat_mult == 1 ? "n" : std::to_string(s.repeat_mult) + " * n");
  if (s.repeat_mult != 0 && s.repeat_add > 0) count += " + " + std::to_string(s.repeat_add);
  if (s.repeat_mult != 0 && s.repeat_add < 0) count += " - " + std::to_string(-s.repeat_add);
  const Stmt& base = tc_.stmts[static_cast<size_t>(s.args[0])];
  std::string offset = s.repeat_pattern == testcase::RepeatPattern::kDistinct ? "i"
                       : s.repeat_pattern == testcase::RepeatPattern::kModulo
                           ? "i % " + std::to_string(s.repeat_modulo)
                           : "";
  std::string element;
  if (base.lit.type == 's') {
    element = LiteralExpr(base.lit);
    if (!offset.empty()) element += " + (" + offset + ")";
  } else {
    element = LitExpr(base.lit);
    if (!offset.empty()) element = "(" + element + " + " + offset + ")";
    if (base.lit.type == 'J' && !offset.empty()) element = "(long) " + element;
    // Narrow elements (a java.nio buffer's put): the int sum is cast back.
    if (!offset.empty() && base.type.IsPrimitive()) {
      if (base.lit.type == 'B') element = "(byte) " + element;
      if (base.lit.type == 'S') element = "(short) " + element;
      if (base.lit.type == 'C') element = "(char) " + element;
    }
    if (!base.type.IsPrimitive()) element = BoxName(base.lit.type) + ".valueOf(" + element + ")";
  }
  const auto& c = *s.callable;
  std::string rest;
  for (size_t k = 1; k < s.args.size(); ++k) {
    rest += ", " + Arg(s.args[k], k < c.desc.params.size() ? &c.desc.params[k] : nullptr);
  }
  std::string target = c.is_static ? namer_.Name(c.owner) : Arg(s.receiver, nullptr);
  return "for (int i = 0; i < " + count + "; i++) { " + target + "." + c.name + "(" + element +
         rest + "); }";
}

std::string MethodWriter::Downcast(const Stmt& s) const {
  if (s.kind != StmtKind::kCall || s.callable->IsConstructor() || !s.type.IsReference() ||
      s.type.Descriptor() == s.callable->desc.ret.Descriptor()) {
    return "";
  }
  return "(" + namer_.Name(s.type) + ") ";
}

std::string MethodWriter::LambdaExpr(const Stmt& s) const {
  size_t arity = s.callable != nullptr ? s.callable->desc.params.size() : 0;
  std::string head = "(";
  for (size_t k = 0; k < arity; ++k) head += (k > 0 ? ", p_" : "p_") + std::to_string(k);
  head += ") -> ";
  if (s.args.empty()) {  // void; else (no value) the default, as the executor returns
    const TypeDesc* r = s.callable != nullptr ? &s.callable->desc.ret : nullptr;
    if (r == nullptr || (r->base == 'V' && r->dims == 0)) return head + "{ }";
    return head + (r->IsPrimitive() ? PrimitiveLiteral(r->base, 0, 0) : "null");
  }
  size_t v = static_cast<size_t>(s.args[0]);
  // A plain null: the lambda's return type needs no cast (and may not be nameable).
  if (tc_.stmts[v].kind == StmtKind::kNull && Inlinable(v)) return head + "null";
  return head + Arg(s.args[0], nullptr);
}

std::string MethodWriter::Matcher(const TypeDesc& p) const {
  if (p.IsPrimitive()) {
    switch (p.base) {
      case 'Z': return "anyBoolean()";
      case 'B': return "anyByte()";
      case 'C': return "anyChar()";
      case 'S': return "anyShort()";
      case 'I': return "anyInt()";
      case 'J': return "anyLong()";
      case 'F': return "anyFloat()";
      default: return "anyDouble()";
    }
  }
  return "(" + namer_.Name(p) + ") any()";
}

bool MethodWriter::Accessible(const TypeDesc& t) const {
  if (t.class_name.empty() || !oracle_.is_public || oracle_.is_public(t.class_name)) return true;
  const size_t slash = t.class_name.rfind('/');
  const std::string pkg = slash == std::string::npos ? "" : t.class_name.substr(0, slash);
  return classfile::ToBinary(pkg) == namer_.package_name();
}

std::string MethodWriter::Arg(int i, const TypeDesc* want) const {
  const Stmt& s = tc_.stmts[static_cast<size_t>(i)];
  // A public method may take a parameter of a class the test cannot name (a package-private
  // base class): the argument, of a public subclass, then goes without the cast.
  if (want != nullptr && !Accessible(*want)) want = Accessible(s.type) ? &s.type : nullptr;
  bool cast = want != nullptr && want->Descriptor() != s.type.Descriptor();
  if (!names_[static_cast<size_t>(i)].empty() && !Inlinable(static_cast<size_t>(i))) {
    return cast && upcasts_ ? "(" + namer_.Name(*want) + ") " + names_[static_cast<size_t>(i)]
                            : names_[static_cast<size_t>(i)];
  }
  if (s.kind == StmtKind::kNull) {
    if (want == nullptr && !Accessible(s.type)) return "null";
    return "(" + namer_.Name(want != nullptr ? *want : s.type) + ") null";
  }
  if (s.kind == StmtKind::kLiteral) {
    std::string lit = LitExpr(s.lit);
    if (s.lit.type != 's' && !s.type.IsPrimitive()) {
      // Boxed: declared as a wrapper, Object or Number.
      lit = BoxName(s.lit.type) + ".valueOf(" + lit + ")";
    }
    if (cast) return "(" + namer_.Name(*want) + ") " + lit;
    return lit;
  }
  return names_[static_cast<size_t>(i)];
}

std::string MethodWriter::Args(const Stmt& s, size_t first) const {
  std::string out;
  for (size_t k = first; k < s.args.size(); ++k) {
    if (k > first) out += ", ";
    const TypeDesc* want = nullptr;
    if (s.kind == StmtKind::kCall)
      want = &s.callable->desc.params[k];
    else if (s.kind == StmtKind::kNewArray) {
      static thread_local TypeDesc comp;
      comp = s.type.Component();
      want = &comp;
    }
    out += Arg(s.args[k], want);
  }
  return out;
}

std::string MethodWriter::Expr(size_t i) const {
  const Stmt& s = tc_.stmts[i];
  switch (s.kind) {
    case StmtKind::kLiteral: {
      std::string lit = LitExpr(s.lit);
      if (s.lit.type != 's' && !s.type.IsPrimitive()) {
        return BoxName(s.lit.type) + ".valueOf(" + lit + ")";
      }
      return lit;
    }
    case StmtKind::kNull: return "null";
    case StmtKind::kGetStatic: return namer_.Name(s.owner) + "." + s.field;
    case StmtKind::kMock: return MockExpr(s);
    case StmtKind::kRepeat: return RepeatLine(s);
    case StmtKind::kLambda: return LambdaExpr(s);
    case StmtKind::kNewArray: return "new " + namer_.Name(s.type) + " {" + Args(s) + "}";
    case StmtKind::kNewCollection: {
      // Only used inside assertThrows: build it in a block.
      std::string t = namer_.Name(s.type);
      std::string b = t + " c = new " + t + "(); ";
      bool is_map = testcase::IsMapImpl(s.owner);
      for (size_t k = 0; k < s.args.size(); k += is_map ? 2 : 1) {
        b += is_map
                 ? "c.put(" + Arg(s.args[k], nullptr) + ", " + Arg(s.args[k + 1], nullptr) + "); "
                 : "c.add(" + Arg(s.args[k], nullptr) + "); ";
      }
      return b;
    }
    case StmtKind::kCall: {
      const auto& c = *s.callable;
      if (c.stub != nullptr) {  // a stub subclass: an anonymous class of its superclass
        return "new " + namer_.Name(c.stub->super_name) + "(" + Args(s) + ") " +
               StubBody(*c.stub, oracle_.source_name);
      }
      std::string owner = namer_.Name(c.owner);
      if (c.TakesOuterInstance() && !s.args.empty()) {
        // `outer.new Inner(...)` takes the simple name: `outer.new Outer.Inner()` is illegal.
        std::string outer = Arg(s.args[0], c.desc.params.data());
        if (outer.starts_with("(")) outer = "(" + outer + ")";  // a cast or a typed null
        return outer + ".new " + c.inner_simple_name + "(" + Args(s, 1) + ")";
      }
      if (c.IsConstructor()) return "new " + owner + "(" + Args(s) + ")";
      std::string target = c.is_static ? owner : Arg(s.receiver, nullptr);
      return target + "." + c.name + "(" + Args(s) + ")";
    }
  }
  return "null";
}

std::string MethodWriter::ArrayContents(const TypeDesc& declared, const Observed& o) const {
  if (o.elements.empty() || declared.dims != 1) return "";
  const TypeDesc component = declared.Component();
  std::string items;
  for (const Observed& e : o.elements) {
    if (!items.empty()) items += ", ";
    if (e.kind == Observed::kPrimitive && component.IsPrimitive() && component.base == e.prim) {
      items += PrimitiveLiteral(e.prim, e.i, e.d);
    } else if (e.kind == Observed::kString && !component.IsPrimitive()) {
      items += FolderString(e.s, folder_);
    } else if (e.kind == Observed::kNull && !component.IsPrimitive()) {
      items += "null";
    } else {
      return "";  // an element the declared type cannot hold as written
    }
  }
  return "new " + namer_.Name(declared) + " {" + items + "}";
}

void MethodWriter::Assert(const Stmt& s, const std::string& v, const Observed& o,
                          std::vector<std::string>& out) const {
  switch (o.kind) {
    case Observed::kPrimitive:
      if (o.prim == 'Z') {
        out.push_back(std::string(o.i ? "assertTrue(" : "assertFalse(") + v + ");");
      } else if (o.prim == 'F' || o.prim == 'D') {
        out.push_back("assertEquals(" + PrimitiveLiteral(o.prim, o.i, o.d) + ", " + v + ", 0.01);");
      } else {
        out.push_back("assertEquals(" + PrimitiveLiteral(o.prim, o.i, o.d) + ", " + v + ");");
      }
      break;
    case Observed::kString:
      if (o.Truncated() && s.type.dims == 0 &&
          (s.type.class_name == "java/lang/String" ||
           s.type.class_name == "java/lang/CharSequence")) {  // only its length is known
        out.push_back("assertEquals(" + std::to_string(o.size) + ", " + v + ".length());");
      } else if (!o.Truncated() && s.type.dims == 0 && s.type.base == 'L' &&
                 !testcase::LooksUnstable(o.s)) {
        // Declared String, or Object, CharSequence, Comparable or a type variable's erasure
        // holding a String: String.equals decides either way.
        out.push_back("assertEquals(" + FolderString(o.s, folder_) + ", " + v + ");");
      } else {
        out.push_back("assertNotNull(" + v + ");");
      }
      break;
    case Observed::kNull: out.push_back("assertNull(" + v + ");"); break;
    case Observed::kObject:
      if (o.boxed && !(o.prim == 'F' || o.prim == 'D')) {
        out.push_back("assertEquals(" + BoxName(o.prim) + ".valueOf(" +
                      PrimitiveLiteral(o.prim, o.i, o.d) + "), " + v + ");");
      } else if (o.boxed && s.type.dims == 0) {  // a Float or Double, within the delta
        out.push_back("assertEquals(" + PrimitiveLiteral('D', 0, o.d) + ", ((" +
                      namer_.Name(std::string("java/lang/Number")) + ") " + v +
                      ").doubleValue(), 0.01);");
      } else if (!o.elements.empty() && s.type.dims == 0 && !o.runtime_class.starts_with("[")) {
        // A JDK list: equal to Arrays.asList of its elements (List.equals).
        std::string items;
        for (const Observed& e : o.elements) {
          if (!items.empty()) items += ", ";
          items += e.kind == Observed::kString      ? FolderString(e.s, folder_)
                   : e.kind == Observed::kPrimitive ? PrimitiveLiteral(e.prim, e.i, e.d)
                   : o.elements.size() == 1         ? "(Object) null"
                                                    : "null";
        }
        out.push_back("assertEquals(" + namer_.Name(std::string("java/util/Arrays")) + ".asList(" +
                      items + "), " + v + ");");
      } else if (std::string contents = ArrayContents(s.type, o); !contents.empty()) {
        out.push_back(absl::StrCat("assertArrayEquals(", contents, ", ", v,
                                   o.elements[0].prim == 'D'   ? ", 0.01"
                                   : o.elements[0].prim == 'F' ? ", 0.01F"
                                                               : "",
                                   ");"));
      } else if (o.size >= 0 && s.type.dims > 0) {
        out.push_back("assertEquals(" + std::to_string(o.size) + ", " + v + ".length);");
      } else if (o.size >= 0 && (oracle_.is_collection(s.type) || oracle_.is_map(s.type))) {
        out.push_back("assertEquals(" + std::to_string(o.size) + ", " + v + ".size());");
      } else {
        out.push_back("assertNotNull(" + v + ");");
      }
      break;
    case Observed::kNone: break;
  }
}

}  // namespace jtg::output
