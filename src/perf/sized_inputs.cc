#include "perf/sized_inputs.h"

#include <algorithm>
#include <map>
#include <utility>

namespace jtg::perf {

using classfile::TypeDesc;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

namespace {

// java.nio buffer class per primitive element type.
const std::map<char, std::string>& Buffers() {
  static const std::map<char, std::string> kBuffers = {
      {'I', "java/nio/IntBuffer"},   {'J', "java/nio/LongBuffer"}, {'S', "java/nio/ShortBuffer"},
      {'B', "java/nio/ByteBuffer"},  {'C', "java/nio/CharBuffer"}, {'F', "java/nio/FloatBuffer"},
      {'D', "java/nio/DoubleBuffer"}};
  return kBuffers;
}

// Element class of a reference array the list route fills: Integer or String elements.
bool IntegerElements(const std::string& cls) {
  return cls == "java/lang/Object" || cls == "java/lang/Integer" || cls == "java/lang/Number" ||
         cls == "java/lang/Comparable" || cls == "java/io/Serializable";
}
bool StringElements(const std::string& cls) {
  return cls == "java/lang/String" || cls == "java/lang/CharSequence";
}

int Push(TestCase& tc, Stmt s) {
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size()) - 1;
}

// The kRepeat of `put`/`add` on `receiver` with a literal element from f.base.
void AppendRepeat(TestCase& tc, int receiver, std::shared_ptr<const testcase::Callable> m,
                  Stmt element, const Fill& f) {
  const int lit = Push(tc, std::move(element));
  Stmt r;
  r.kind = StmtKind::kRepeat;
  r.callable = std::move(m);
  r.receiver = receiver;
  r.args = {lit};
  r.repeat_mult = 1;
  r.repeat_add = f.add;
  r.repeat_pattern = f.pattern;
  r.type = Prim('V');
  tc.stmts.push_back(std::move(r));
}

}  // namespace

bool IsFillableArray(const TypeDesc& t) {
  if (t.dims != 1) return false;
  if (t.base != 'L') return Buffers().contains(t.base);
  return IntegerElements(t.class_name) || StringElements(t.class_name);
}

int AppendFilledArray(TestCase& tc, const TypeDesc& t, const Fill& f) {
  TypeDesc element = t;
  element.dims = 0;
  if (t.base != 'L') {
    const std::string& buffer = Buffers().at(t.base);
    const std::string buf_desc = "L" + buffer + ";";
    Stmt cap;
    cap.kind = StmtKind::kLiteral;
    cap.type = Prim('I');
    cap.lit.type = 'I';
    cap.lit.n_mult = 2;  // room for n + add elements at any n, whatever the search does to
    cap.lit.i = 16;      // the element count; the array is trimmed to them below
    const int cap_index = Push(tc, std::move(cap));
    Stmt alloc;
    alloc.kind = StmtKind::kCall;
    alloc.callable = testcase::NewCallable(buffer, "allocate", "(I)" + buf_desc, true);
    alloc.args = {cap_index};
    alloc.type = Obj(buffer);
    const int buf = Push(tc, std::move(alloc));
    Stmt lit;
    lit.kind = StmtKind::kLiteral;
    lit.type = element;
    lit.lit.type = t.base;
    lit.lit.i = f.base;
    lit.lit.d = static_cast<double>(f.base);
    AppendRepeat(
        tc, buf,
        testcase::NewCallable(buffer, "put", std::string("(") + t.base + ")" + buf_desc, false),
        std::move(lit), f);
    Stmt backing;
    backing.kind = StmtKind::kCall;
    backing.callable = testcase::NewCallable(buffer, "array", std::string("()[") + t.base, false);
    backing.receiver = buf;
    backing.type = t;
    const int backing_index = Push(tc, std::move(backing));
    Stmt position;
    position.kind = StmtKind::kCall;
    position.callable = testcase::NewCallable("java/nio/Buffer", "position", "()I", false);
    position.receiver = buf;
    position.type = Prim('I');
    const int position_index = Push(tc, std::move(position));
    Stmt trimmed;  // Arrays.copyOf(buffer.array(), buffer.position()): the elements put
    trimmed.kind = StmtKind::kCall;
    trimmed.callable = testcase::NewCallable("java/util/Arrays", "copyOf",
                                             std::string("([") + t.base + "I)[" + t.base, true);
    trimmed.args = {backing_index, position_index};
    trimmed.type = t;
    return Push(tc, std::move(trimmed));
  }
  const bool strings = StringElements(t.class_name);
  Stmt list;
  list.kind = StmtKind::kNewCollection;
  list.owner = "java/util/ArrayList";
  list.type = Obj("java/util/ArrayList");
  const int coll = Push(tc, std::move(list));
  Stmt lit;
  lit.kind = StmtKind::kLiteral;
  if (strings) {
    lit.type = Obj("java/lang/String");
    lit.lit.type = 's';
    const std::string prefix = "e" + std::to_string(f.base) + "_";
    lit.lit.s.assign(prefix.begin(), prefix.end());
  } else {
    lit.type = Obj("java/lang/Integer");
    lit.lit.type = 'I';
    lit.lit.i = f.base;
  }
  AppendRepeat(tc, coll,
               testcase::NewCallable("java/util/ArrayList", "add", "(Ljava/lang/Object;)Z", false),
               std::move(lit), f);
  Stmt empty;
  empty.kind = StmtKind::kNewArray;
  empty.type = t;
  const int empty_index = Push(tc, std::move(empty));
  Stmt array;
  array.kind = StmtKind::kCall;
  array.callable = testcase::NewCallable("java/util/ArrayList", "toArray",
                                         "([Ljava/lang/Object;)[Ljava/lang/Object;", false);
  array.receiver = coll;
  array.args = {empty_index};
  array.type = t;  // the writer casts: (T[]) list.toArray(new T[] {})
  return Push(tc, std::move(array));
}

bool IsBufferCapacity(const TestCase& tc, size_t i) {
  const Stmt& s = tc.stmts[i];
  if (s.kind != StmtKind::kLiteral || s.lit.n_mult == 0) return false;
  bool used = false;
  for (const Stmt& u : tc.stmts) {
    const bool uses = u.receiver == static_cast<int>(i) ||
                      std::find(u.args.begin(), u.args.end(), static_cast<int>(i)) != u.args.end();
    if (!uses) continue;
    if (u.kind != StmtKind::kCall || u.callable == nullptr || u.callable->name != "allocate" ||
        !u.callable->owner.starts_with("java/nio/")) {
      return false;
    }
    used = true;
  }
  return used;
}

}  // namespace jtg::perf
