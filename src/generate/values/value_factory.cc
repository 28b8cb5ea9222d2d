#include "generate/values/value_factory.h"

#include "generate/values/generic_params.h"

namespace jtg::generate {

using classfile::GenericType;
using classfile::TypeDesc;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

// ---- SequencePool -------------------------------------------------------------------------

void SequencePool::Add(const TestCase& tc) {
  size_t idx = seqs_.size();
  seqs_.push_back(tc);
  for (size_t i = 0; i < tc.size(); ++i) {
    const Stmt& s = tc.stmts[i];
    if (!s.ProducesValue() || s.type.IsPrimitive() || s.kind == StmtKind::kNull ||
        s.kind == StmtKind::kLiteral) {
      continue;
    }
    std::string key = s.type.Descriptor();
    if (by_type_.count(key) == 0) compatible_.clear();  // a new type: recompute lazily
    by_type_[key].emplace_back(idx, static_cast<int>(i));
  }
}

bool SequencePool::Pick(const TypeDesc& t, testcase::Executor& ex, Rng& rng, size_t* seq,
                        int* stmt) {
  std::string want = t.Descriptor();
  auto it = compatible_.find(want);
  if (it == compatible_.end()) {
    std::vector<std::string> keys;
    for (const auto& [key, uses] : by_type_) {
      auto td = classfile::ParseFieldDescriptor(key);
      if (td.ok() && ex.IsAssignable(*td, t)) keys.push_back(key);
    }
    it = compatible_.emplace(want, std::move(keys)).first;
  }
  if (it->second.empty()) return false;
  const auto& uses = by_type_[rng.Pick(it->second)];
  const auto& [s, i] = rng.Pick(uses);
  *seq = s;
  *stmt = i;
  return true;
}

// ---- ValueFactory -------------------------------------------------------------------------

namespace {
CallablePtr JdkMethod(const char* owner, const char* name, const char* desc, bool is_static,
                      bool interface_owner) {
  return testcase::NewCallable(owner, name, desc, is_static, interface_owner);
}
}  // namespace

ValueFactory::ValueFactory(Universe& u, SequencePool& pool, testcase::Executor& ex, Rng& rng,
                           FactoryLimits limits)
    : u_(u),
      pool_(pool),
      ex_(ex),
      rng_(rng),
      limits_(limits),
      iterator_(
          JdkMethod("java/util/Collection", "iterator", "()Ljava/util/Iterator;", false, true)),
      enumeration_(JdkMethod("java/util/Collections", "enumeration",
                             "(Ljava/util/Collection;)Ljava/util/Enumeration;", true, false)),
      for_name_(JdkMethod("java/lang/Class", "forName", "(Ljava/lang/String;)Ljava/lang/Class;",
                          true, false)),
      sams_([&u, &ex](const std::string& n) -> StatusOr<std::vector<uint8_t>> {
        auto bytes = u.classpath().ReadClass(n);
        if (bytes.ok()) return bytes;
        return ex.ClassBytes(n);
      }) {}

namespace {
char BoxedPrimitive(const std::string& n) {
  if (n == "java/lang/Integer") return 'I';
  if (n == "java/lang/Long") return 'J';
  if (n == "java/lang/Short") return 'S';
  if (n == "java/lang/Byte") return 'B';
  if (n == "java/lang/Character") return 'C';
  if (n == "java/lang/Boolean") return 'Z';
  if (n == "java/lang/Float") return 'F';
  if (n == "java/lang/Double") return 'D';
  return 0;
}

TypeDesc ObjectType(const std::string& n) {
  TypeDesc t;
  t.base = 'L';
  t.class_name = n;
  return t;
}
}  // namespace

int ValueFactory::Generate(TestCase& tc, const TypeDesc& t, int depth, const GenericType* g) {
  // Values whose element types are pinned are built here, not reused.
  const bool pinned = PinsElements(g);
  if (tc.size() >= limits_.max_length)
    return t.IsPrimitive() ? Literal(tc, t, t.base) : Null(tc, t);
  if (t.IsPrimitive()) {
    if (rng_.Chance(limits_.reuse_chance * 0.5)) {
      int r = ReuseInTest(tc, t);
      if (r >= 0) return r;
    }
    return Literal(tc, t, t.base);
  }
  // Strings and boxed values are literals: they need no depth (builder.name("x") is deep).
  bool literal = t.dims == 0 &&
                 (t.class_name == "java/lang/String" || t.class_name == "java/lang/CharSequence" ||
                  BoxedPrimitive(t.class_name) != 0);
  if (rng_.Chance(limits_.null_chance) || (depth > limits_.max_depth && !literal)) {
    return Null(tc, t);
  }
  if (!pinned && rng_.Chance(limits_.reuse_chance)) {
    int r = ReuseInTest(tc, t);
    if (r >= 0) return r;
  }
  if (t.dims > 0) return Array(tc, t, depth, g);
  const std::string& n = t.class_name;
  if (hints_ != nullptr && depth <= 2 && rng_.Chance(kHintChance)) {
    int r = Hinted(tc, t, depth, g);
    if (r >= 0) return r;
  }
  if (n == "java/lang/String") return Literal(tc, t, 's');
  if (n == "java/lang/CharSequence" && rng_.Chance(0.75)) return Literal(tc, t, 's');
  if (char p = BoxedPrimitive(n)) return Literal(tc, t, p);
  if (n == "java/lang/Number") return Literal(tc, t, rng_.Chance(0.7) ? 'I' : 'D');
  bool pool_first = rng_.Chance(0.5);
  if (pool_first && !pinned) {
    int r = FromPool(tc, t);
    if (r >= 0) return r;
  }
  if (n == "java/lang/Object" && rng_.Chance(0.25)) {
    int r = StructuredObject(tc, depth);
    if (r >= 0) return r;
  }
  if (n == "java/lang/Object" || n == "java/lang/Comparable" || n == "java/io/Serializable") {
    return Literal(tc, t, rng_.Chance(0.6) ? 's' : 'I');
  }
  if (int r = JdkValue(tc, t, depth, g); r >= 0) return r;
  if (const auto& impls = u_.jdk().ImplementationsOf(n); !impls.empty()) {
    // The preferred implementation half of the time, else any (checked: --jdk-impl may
    // name one that does not implement `t`).
    const std::string& impl = rng_.Chance(0.5) ? impls.front() : rng_.Pick(impls);
    if (ex_.IsAssignable(ObjectType(impl), t)) return Collection(tc, t, impl, depth, g);
  }
  if (JdkCatalog::LambdaAlternative(n) && rng_.Chance(kJdkLambdaChance)) {
    if (int r = Lambda(tc, t, depth, g); r >= 0) return r;
  }
  int r = UserType(tc, t, depth);
  if (r >= 0) return r;
  r = Lambda(tc, t, depth, g);  // a functional interface nothing above can build
  if (r >= 0) return r;
  r = Mock(tc, t, depth);  // only with --mocks, only for types nothing above can build
  if (r >= 0) return r;
  if (!pinned) r = FromPool(tc, t);
  if (r >= 0) return r;
  return Null(tc, t);
}

int ValueFactory::AppendCall(TestCase& tc, const CallablePtr& c, int depth) {
  if (depth == 0) {
    // The arguments of a call under test are built with that method's type hints.
    const auto& hints = u_.TypeHintsFor(*c);
    hints_ = hints.empty() ? nullptr : &hints;
    int r = AppendCallWith(tc, c, depth);
    hints_ = nullptr;
    return r;
  }
  return AppendCallWith(tc, c, depth);
}

int ValueFactory::Hinted(TestCase& tc, const TypeDesc& t, int depth, const GenericType* g) {
  std::vector<const std::string*> fits;
  for (const std::string& h : *hints_) {
    if (h != t.class_name && ex_.IsAssignable(ObjectType(h), t)) fits.push_back(&h);
  }
  if (fits.empty()) return -1;
  size_t mark = tc.size();
  int r = Generate(tc, ObjectType(*rng_.Pick(fits)), depth, g);
  if (r < 0 || tc.stmts[static_cast<size_t>(r)].kind == StmtKind::kNull) {
    tc.stmts.resize(mark);
    return -1;
  }
  return r;
}

int ValueFactory::AppendCallWith(TestCase& tc, const CallablePtr& c, int depth) {
  Stmt s;
  s.kind = StmtKind::kCall;
  s.callable = c;
  if (!c->IsConstructor() && !c->is_static) {
    TypeDesc owner = ObjectType(c->owner);
    int recv = -1;
    if (rng_.Chance(0.7)) recv = FromPool(tc, owner);
    if (recv < 0) recv = ReuseInTest(tc, owner);
    if (recv < 0) recv = UserType(tc, owner, depth + 1);
    if (recv < 0 || tc.stmts[static_cast<size_t>(recv)].kind == StmtKind::kNull) return -1;
    s.receiver = recv;
  }
  for (size_t i = 0; i < c->desc.params.size(); ++i) {
    int a = GenerateArg(tc, *c, i, depth + 1);
    if (a < 0) return -1;
    s.args.push_back(a);
  }
  s.type = c->IsConstructor() ? ObjectType(c->ConstructedClass()) : c->desc.ret;
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size() - 1);
}

int ValueFactory::GenerateArg(TestCase& tc, const testcase::Callable& c, size_t p, int depth) {
  const GenericType* g = p < c.gparams.size() ? &c.gparams[p] : nullptr;
  // Only this call's own integral arguments (and the elements of its arrays) are small: the
  // calls that build its reference arguments decide for themselves.
  const bool outer = small_now_;
  small_now_ = !small_sizes_.empty() && SizesLimited(c);
  int a = Generate(tc, c.desc.params[p], depth, g);
  small_now_ = outer;
  return a;
}

void ValueFactory::LimitSizes(const testcase::Callable& c) {
  small_sizes_.insert(c.owner + "." + c.name + c.descriptor);
}

bool ValueFactory::SizesLimited(const testcase::Callable& c) const {
  return small_sizes_.count(c.owner + "." + c.name + c.descriptor) > 0;
}

int ValueFactory::ReuseInTest(const TestCase& tc, const TypeDesc& t) {
  std::vector<int> candidates;
  for (size_t i = 0; i < tc.size(); ++i) {
    const Stmt& s = tc.stmts[i];
    if (!s.ProducesValue() || s.kind == StmtKind::kNull) continue;
    if (s.type.Descriptor() == t.Descriptor() ||
        (!t.IsPrimitive() && !s.type.IsPrimitive() && ex_.IsAssignable(s.type, t))) {
      candidates.push_back(static_cast<int>(i));
    }
  }
  if (candidates.empty()) return -1;
  return rng_.Pick(candidates);
}

int ValueFactory::FromPool(TestCase& tc, const TypeDesc& t) {
  size_t seq = 0;
  int stmt = 0;
  if (!pool_.Pick(t, ex_, rng_, &seq, &stmt)) return -1;
  const TestCase& src = pool_.seq(seq);
  // Copy the whole sequence (its later calls may have changed the value's state), or just
  // the prefix that produces the value when the whole one does not fit; renumber references.
  int last = static_cast<int>(src.size()) - 1;
  if (tc.size() + src.size() > limits_.max_length) last = stmt;
  if (tc.size() + static_cast<size_t>(last) + 1 > limits_.max_length) return -1;
  int base = static_cast<int>(tc.size());
  for (int i = 0; i <= last; ++i) {
    Stmt s = src.stmts[static_cast<size_t>(i)];
    if (s.receiver >= 0) s.receiver += base;
    for (int& a : s.args) a += base;
    tc.stmts.push_back(std::move(s));
  }
  return base + stmt;
}

int ValueFactory::Null(TestCase& tc, const TypeDesc& t) {
  Stmt s;
  s.kind = StmtKind::kNull;
  s.type = t;
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size() - 1);
}

int ValueFactory::Collection(TestCase& tc, const TypeDesc& t, const std::string& impl, int depth,
                             const GenericType* g) {
  bool is_map = testcase::IsMapImpl(impl);
  bool sorted = impl.find("Tree") != std::string::npos;
  // Properties holds strings (getProperty ignores other values); it and Hashtable reject null.
  bool properties = impl == "java/util/Properties";
  bool no_nulls = sorted || properties || impl == "java/util/ArrayDeque";  // add(null) throws
  // Pinned element types (key and value for maps) from the generic type; nullptr: free.
  // The java.util types' parameters align (List<E> and ArrayList<E>, Map<K,V> and HashMap).
  const GenericType* pinned[2] = {nullptr, nullptr};
  if (g != nullptr && g->kind == GenericType::kClass && g->args.size() == (is_map ? 2u : 1u)) {
    for (size_t k = 0; k < g->args.size(); ++k) pinned[k] = ElementType(g->args[k]);
  }
  // Free element type: strings or integers, one kind per collection so sorted ones compare.
  char kind = properties || rng_.Chance(0.5) ? 's' : 'I';
  TypeDesc elem = ObjectType(kind == 's' ? "java/lang/String" : "java/lang/Integer");
  size_t n = rng_.Below(5);
  Stmt s;
  s.kind = StmtKind::kNewCollection;
  s.owner = impl;
  s.type = ObjectType(impl);
  for (size_t k = 0; k < n * (is_map ? 2 : 1); ++k) {
    int e;
    if (const GenericType* eg = pinned[is_map ? k % 2 : 0]; eg != nullptr) {
      e = TypedElement(tc, *eg, depth, no_nulls);
      if (e < 0) {  // stop filling; a map keeps whole pairs
        if (is_map && k % 2 == 1) s.args.pop_back();
        break;
      }
    } else if (!no_nulls && !is_map && rng_.Chance(0.15)) {
      e = Generate(tc, ObjectType("java/lang/Object"), depth + 1);
    } else {
      e = Literal(tc, elem, kind);
    }
    if (e < 0) return -1;
    s.args.push_back(e);
  }
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size() - 1);
}

int ValueFactory::TypedElement(TestCase& tc, const GenericType& g, int depth, bool no_nulls) {
  TypeDesc et = Erasure(g);
  if (et.dims == 0 && et.base == 'L') {
    if (!no_nulls && rng_.Chance(limits_.null_chance)) return Null(tc, et);
    if (et.class_name == "java/lang/String") return Literal(tc, et, 's');
    if (char p = BoxedPrimitive(et.class_name)) return Literal(tc, et, p);
  }
  size_t mark = tc.size();
  int e = Generate(tc, et, depth + 1, &g);
  if (e >= 0 && no_nulls && tc.stmts[static_cast<size_t>(e)].kind == StmtKind::kNull) {
    tc.stmts.resize(mark);
    return -1;
  }
  return e;
}

int ValueFactory::Array(TestCase& tc, const TypeDesc& t, int depth, const GenericType* g) {
  TypeDesc comp = t.Component();
  const GenericType* comp_g =
      g != nullptr && g->kind == GenericType::kArray && !g->args.empty() ? g->args.data() : nullptr;
  size_t n = rng_.Below(5);
  Stmt s;
  s.kind = StmtKind::kNewArray;
  s.type = t;
  for (size_t k = 0; k < n; ++k) {
    int e = Generate(tc, comp, depth + 1, comp_g);
    if (e < 0) return -1;
    s.args.push_back(e);
  }
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size() - 1);
}

int ValueFactory::JdkValue(TestCase& tc, const TypeDesc& t, int depth, const GenericType* g) {
  const std::string& n = t.class_name;
  CallablePtr call;
  TypeDesc arg_type;
  if (n == "java/util/Iterator" || n == "java/util/ListIterator") {
    if (n != "java/util/Iterator") return -1;
    call = iterator_;
  } else if (n == "java/util/Enumeration") {
    call = enumeration_;
  } else if (n == "java/lang/Class") {
    // Half of the time a class the CUT's code loads as a constant (when it has any), else
    // one of a small set of JDK classes.
    static const char16_t* kNames[] = {u"java.lang.String", u"java.lang.Integer",
                                       u"java.lang.Object", u"java.util.ArrayList",
                                       u"java.lang.Number"};
    const auto& constants = u_.seeds().classes;
    Stmt lit;
    lit.kind = StmtKind::kLiteral;
    lit.type = ObjectType("java/lang/String");
    lit.lit.type = 's';
    lit.lit.s =
        !constants.empty() && rng_.Chance(0.5) ? rng_.Pick(constants) : kNames[rng_.Below(5)];
    tc.stmts.push_back(std::move(lit));
    Stmt s;
    s.kind = StmtKind::kCall;
    s.callable = for_name_;
    s.args = {static_cast<int>(tc.size() - 1)};
    s.type = for_name_->desc.ret;
    tc.stmts.push_back(std::move(s));
    return static_cast<int>(tc.size() - 1);
  } else {
    return -1;
  }
  // Iterator<E> and Enumeration<E> align with ArrayList<E>.
  int coll = Collection(tc, ObjectType("java/util/ArrayList"), "java/util/ArrayList", depth + 1, g);
  if (coll < 0) return -1;
  Stmt s;
  s.kind = StmtKind::kCall;
  s.callable = call;
  if (call->is_static) {
    s.args = {coll};
  } else {
    s.receiver = coll;
  }
  s.type = call->desc.ret;
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size() - 1);
}

int ValueFactory::StructuredObject(TestCase& tc, int depth) {
  switch (rng_.Below(6)) {
    case 0: return Collection(tc, ObjectType("java/util/ArrayList"), "java/util/ArrayList", depth);
    case 1: return Collection(tc, ObjectType("java/util/HashMap"), "java/util/HashMap", depth);
    case 2: return Array(tc, *classfile::ParseFieldDescriptor("[Ljava/lang/Object;"), depth);
    case 3: return Array(tc, *classfile::ParseFieldDescriptor("[I"), depth);
    case 4: return JdkValue(tc, ObjectType("java/util/Iterator"), depth);
    default: return JdkValue(tc, ObjectType("java/util/Enumeration"), depth);
  }
}

}  // namespace jtg::generate
