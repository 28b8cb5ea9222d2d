#include "perf/directed_seeds.h"

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <set>
#include <string_view>

#include "perf/populators.h"
#include "perf/sized_inputs.h"

namespace jtg::perf {

using classfile::TypeDesc;
using testcase::RepeatPattern;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

namespace {

// The implementation a collection parameter gets: a list unless the type asks for a set or
// a queue, or is itself a concrete java.util class.
std::string ImplFor(const TypeDesc& t) {
  const std::string& n = t.class_name;
  if (n.find("Set") != std::string::npos)
    return n == "java/util/TreeSet" || n == "java/util/SortedSet" || n == "java/util/NavigableSet"
               ? "java/util/TreeSet"
               : "java/util/HashSet";
  if (n == "java/util/Queue" || n == "java/util/Deque" || n == "java/util/ArrayDeque") {
    return "java/util/ArrayDeque";
  }
  if (n == "java/util/LinkedList" || n == "java/util/Vector") return n;
  if (n == "java/util/AbstractSequentialList") return "java/util/LinkedList";
  if (n == "java/util/AbstractQueue") return "java/util/PriorityQueue";
  return "java/util/ArrayList";
}

// Appends `impl` filled per `f`; returns the collection's statement index.
int AppendFilled(TestCase& tc, const TypeDesc& declared, const std::string& impl, bool strings,
                 const Fill& f) {
  Stmt c;
  c.kind = StmtKind::kNewCollection;
  c.owner = impl;
  c.type = Obj(impl);  // the writer spells `new <type>()`
  (void)declared;
  tc.stmts.push_back(std::move(c));
  int coll = static_cast<int>(tc.size()) - 1;
  Stmt base;
  base.kind = StmtKind::kLiteral;
  if (strings) {
    base.type = Obj("java/lang/String");
    base.lit.type = 's';
    std::string prefix = "e" + std::to_string(f.base) + "_";
    base.lit.s.assign(prefix.begin(), prefix.end());
  } else {
    base.type = Obj("java/lang/Integer");
    base.lit.type = 'I';
    base.lit.i = f.base;
  }
  tc.stmts.push_back(std::move(base));
  Stmt r;
  r.kind = StmtKind::kRepeat;
  r.callable = testcase::NewCallable(impl, "add", "(Ljava/lang/Object;)Z", false);
  r.receiver = coll;
  r.args = {static_cast<int>(tc.size()) - 1};
  r.repeat_mult = 1;
  r.repeat_add = f.add;
  r.repeat_pattern = f.pattern;
  r.type = Prim('V');
  tc.stmts.push_back(std::move(r));
  return coll;
}

// Whether type argument `k` of parameter `p`'s generic type is String (collections: k = 0
// with one argument; maps: k = 0 keys, k = 1 values).
bool StringTypeArg(const testcase::Callable& c, size_t p, size_t k, size_t arity) {
  if (p >= c.gparams.size()) return false;
  const auto& g = c.gparams[p];
  return g.kind == classfile::GenericType::kClass && g.args.size() == arity &&
         g.args[k].kind == classfile::GenericType::kClass && g.args[k].name == "java/lang/String";
}

// Element kind of a collection parameter: strings when its generic type says String.
bool StringElements(const testcase::Callable& c, size_t p) { return StringTypeArg(c, p, 0, 1); }

// The implementation a map parameter gets: TreeMap for sorted maps, else HashMap (or the
// concrete java.util class itself).
std::string MapImplFor(const TypeDesc& t) {
  const std::string& n = t.class_name;
  if (n == "java/util/SortedMap" || n == "java/util/NavigableMap" || n == "java/util/TreeMap") {
    return "java/util/TreeMap";
  }
  if (n == "java/util/LinkedHashMap") return n;
  return "java/util/HashMap";
}

// Appends a map `impl` holding n + f.add entries: distinct (or, kSame, equal) keys from
// f.base, each mapped to one constant value; returns the map's statement index.
int AppendFilledMap(TestCase& tc, const std::string& impl, bool string_keys, bool string_values,
                    const Fill& f) {
  Stmt m;
  m.kind = StmtKind::kNewCollection;
  m.owner = impl;
  m.type = Obj(impl);
  tc.stmts.push_back(std::move(m));
  int map = static_cast<int>(tc.size()) - 1;
  Stmt key;
  key.kind = StmtKind::kLiteral;
  if (string_keys) {
    key.type = Obj("java/lang/String");
    key.lit.type = 's';
    std::string prefix = "k" + std::to_string(f.base) + "_";
    key.lit.s.assign(prefix.begin(), prefix.end());
  } else {
    key.type = Obj("java/lang/Integer");
    key.lit.type = 'I';
    key.lit.i = f.base;
  }
  tc.stmts.push_back(std::move(key));
  int key_index = static_cast<int>(tc.size()) - 1;
  Stmt value;
  value.kind = StmtKind::kLiteral;
  if (string_values) {
    value.type = Obj("java/lang/String");
    value.lit.type = 's';
    value.lit.s = u"v";
  } else {
    value.type = Obj("java/lang/Integer");
    value.lit.type = 'I';
    value.lit.i = 1;
  }
  tc.stmts.push_back(std::move(value));
  Stmt r;
  r.kind = StmtKind::kRepeat;
  r.callable = testcase::NewCallable(
      impl, "put", "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", false);
  r.receiver = map;
  r.args = {key_index, static_cast<int>(tc.size()) - 1};
  r.repeat_mult = 1;
  r.repeat_add = f.add;
  r.repeat_pattern = f.pattern;
  r.type = Prim('V');
  tc.stmts.push_back(std::move(r));
  return map;
}

int ScaledInt(TestCase& tc, char base, int64_t add) {
  Stmt s;
  s.kind = StmtKind::kLiteral;
  s.type = Prim(base);
  s.lit.type = base;
  s.lit.n_mult = 1;
  s.lit.i = add;
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size()) - 1;
}

// A string of n + f.add units: "a" for all-equal elements, else two letters per base (the
// k-th disjoint input gets "ab", "cd", ...).
int ScaledString(TestCase& tc, const TypeDesc& declared, const Fill& f, int64_t apart) {
  Stmt s;
  s.kind = StmtKind::kLiteral;
  s.type = declared.class_name == "java/lang/String" ? declared : Obj("java/lang/String");
  s.lit.type = 's';
  s.lit.n_mult = 1;
  s.lit.i = f.add;
  if (f.pattern == RepeatPattern::kSame) {
    s.lit.s = u"a";
  } else {
    char16_t c = static_cast<char16_t>(u'a' + (2 * (f.base / apart)) % 26);
    s.lit.s = {c, static_cast<char16_t>(c + 1)};
  }
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size()) - 1;
}

}  // namespace

bool IsFillableCollection(const TypeDesc& t) {
  if (t.dims != 0 || t.base != 'L') return false;
  static const std::set<std::string> kTypes = {
      "java/util/Collection",    "java/util/List",
      "java/util/Set",           "java/util/SortedSet",
      "java/util/NavigableSet",  "java/util/Queue",
      "java/util/Deque",         "java/lang/Iterable",
      "java/util/ArrayList",     "java/util/LinkedList",
      "java/util/Vector",        "java/util/HashSet",
      "java/util/LinkedHashSet", "java/util/TreeSet",
      "java/util/ArrayDeque",    "java/util/AbstractCollection",
      "java/util/AbstractList",  "java/util/AbstractSet",
      "java/util/AbstractQueue", "java/util/AbstractSequentialList"};
  return kTypes.contains(t.class_name);
}

bool IsFillableMap(const TypeDesc& t) {
  if (t.dims != 0 || t.base != 'L') return false;
  static const std::set<std::string> kTypes = {"java/util/Map",           "java/util/SortedMap",
                                               "java/util/NavigableMap",  "java/util/HashMap",
                                               "java/util/LinkedHashMap", "java/util/TreeMap",
                                               "java/util/AbstractMap"};
  return kTypes.contains(t.class_name);
}

bool IsScalableString(const TypeDesc& t) {
  return t.dims == 0 && t.base == 'L' &&
         (t.class_name == "java/lang/String" || t.class_name == "java/lang/CharSequence");
}

std::vector<DirectedSeed> DirectedSeeds(generate::Universe& u, generate::ValueFactory& factory,
                                        const generate::CallablePtr& entry, int64_t n,
                                        size_t max_seeds, const generate::CallablePtr& view) {
  std::vector<DirectedSeed> out;
  // The class whose instance the seeds build and fill: the entry's, or the view's owner.
  const std::string& owner = view ? view->owner : entry->owner;
  const auto& params = entry->desc.params;
  std::vector<size_t> colls;
  for (size_t p = 0; p < params.size(); ++p) {
    if (IsFillableCollection(params[p]) || IsFillableMap(params[p]) ||
        IsScalableString(params[p]) || IsFillableArray(params[p])) {
      colls.push_back(p);
    }
  }
  // Collection patterns: (name, fill of the k-th collection parameter).
  struct Pattern {
    std::string name;
    std::function<Fill(size_t k)> fill;
  };
  constexpr int64_t kApart = 1 << 20;
  std::vector<Pattern> patterns;
  if (colls.empty()) {
    patterns.push_back({"", [](size_t) { return Fill{}; }});
  } else {
    patterns.push_back({"all distinct, disjoint, equal sizes", [](size_t k) {
                          return Fill{0, static_cast<int64_t>(k) * kApart};
                        }});
    if (colls.size() > 1) {
      patterns.push_back({"all distinct, disjoint, the first smaller (n vs n+1)", [](size_t k) {
                            return Fill{k == 0 ? 0 : 1, static_cast<int64_t>(k) * kApart};
                          }});
      patterns.push_back({"all distinct, disjoint, the first larger (n+1 vs n)", [](size_t k) {
                            return Fill{k == 0 ? 1 : 0, static_cast<int64_t>(k) * kApart};
                          }});
      patterns.push_back({"all distinct, equal contents", [](size_t) { return Fill{0, 0}; }});
    } else if (!entry->is_static && !entry->IsConstructor()) {
      // One input and a receiver (filled with n+1 below): the input larger too, which takes
      // the other branch of size-dependent code (AbstractSet.removeAll).
      patterns.push_back(
          {"all distinct, disjoint, the input larger than the receiver (n+2)", [](size_t k) {
             return Fill{2, static_cast<int64_t>(k + 1) * kApart};
           }});
    }
    patterns.push_back({"all elements equal", [](size_t) {
                          return Fill{0, 0, RepeatPattern::kSame};
                        }});
  }
  // Receivers: plain, or populated n+1 times by each populator (at most 3).
  std::vector<generate::CallablePtr> populators;
  if (!entry->is_static && !entry->IsConstructor()) {
    // The receiver's own instance methods, and for the class under test those it inherits
    // (a stack whose push is Stack's).
    std::vector<generate::CallablePtr> methods = u.InstanceMethodsOf(owner);
    if (owner == u.cut_name()) {
      for (size_t i = u.targets().size(); i < u.calls().size(); ++i) {
        methods.push_back(u.calls()[i]);
      }
    }
    // Named as growing (add, put, push, ...) first, then the rest that do not read or
    // remove; one-parameter ones before two (add(x) before put(k, v)); at most 3.
    for (int rank = 0; rank <= 1; ++rank) {
      for (size_t arity = 1; arity <= 2; ++arity) {
        for (const auto& m : methods) {
          if (IsPopulator(*m) && m->desc.params.size() == arity && populators.size() < 3 &&
              PopulatorRank(m->name) == rank &&
              std::find(populators.begin(), populators.end(), m) == populators.end()) {
            populators.push_back(m);
          }
        }
      }
    }
  }
  for (size_t variant = 0; variant <= populators.size(); ++variant) {
    for (const Pattern& pat : patterns) {
      if (out.size() >= max_seeds) return out;
      TestCase tc;
      tc.n = n;
      Stmt call;
      call.kind = StmtKind::kCall;
      call.callable = entry;
      std::string words = pat.name;
      if (!entry->is_static && !entry->IsConstructor()) {
        // An abstract JDK collection or map under test: an empty instance of the JDK's own
        // implementation (AbstractSet: HashSet), which the populators fill.
        const bool jdk_abstract =
            owner == u.cut_name() && u.cut_is_abstract() && owner.starts_with("java/util/");
        const TypeDesc owner_type = Obj(owner);
        int recv = -1;
        if (jdk_abstract && (IsFillableCollection(owner_type) || IsFillableMap(owner_type))) {
          Stmt empty;
          empty.kind = StmtKind::kNewCollection;
          empty.owner = IsFillableMap(owner_type) ? MapImplFor(owner_type) : ImplFor(owner_type);
          empty.type = Obj(empty.owner);
          tc.stmts.push_back(std::move(empty));
          recv = static_cast<int>(tc.size()) - 1;
        } else {
          recv = factory.Generate(tc, owner_type, 1);
        }
        if (recv < 0 || tc.stmts[static_cast<size_t>(recv)].kind == StmtKind::kNull) continue;
        if (variant > 0) {
          AppendPopulate(tc, recv, populators[variant - 1], 0);
          words += std::string(words.empty() ? "" : "; ") + "receiver filled by n+1 distinct " +
                   populators[variant - 1]->name + " calls";
        }
        if (view) {  // the view of the filled receiver: recv.values(), recv.keySet(), ...
          Stmt v;
          v.kind = StmtKind::kCall;
          v.callable = view;
          v.receiver = recv;
          v.type = view->desc.ret;
          tc.stmts.push_back(std::move(v));
          recv = static_cast<int>(tc.size()) - 1;
          words += std::string(words.empty() ? "" : "; ") + "called on its " + view->name + "()";
        }
        call.receiver = recv;
      }
      bool ok = true;
      size_t k = 0;
      for (size_t p = 0; p < params.size() && ok; ++p) {
        const TypeDesc& t = params[p];
        int a;
        if (IsFillableCollection(t)) {
          a = AppendFilled(tc, t, ImplFor(t), StringElements(*entry, p), pat.fill(k++));
        } else if (IsFillableMap(t)) {
          a = AppendFilledMap(tc, MapImplFor(t), StringTypeArg(*entry, p, 0, 2),
                              StringTypeArg(*entry, p, 1, 2), pat.fill(k++));
        } else if (IsScalableString(t)) {
          a = ScaledString(tc, t, pat.fill(k++), kApart);
        } else if (IsFillableArray(t)) {
          Fill fill = pat.fill(k++);
          // byte, short and char elements: bases apart within their range.
          if (t.base == 'B') fill.base = fill.base / kApart * 64;
          if (t.base == 'S' || t.base == 'C') fill.base = fill.base / kApart * 8192;
          a = AppendFilledArray(tc, t, fill);
        } else if (t.dims == 0 && (t.base == 'I' || t.base == 'J')) {
          // Past the populated values (0..n): a key not present yet.
          a = ScaledInt(tc, t.base, variant > 0 ? 1 : 0);
        } else if (variant > 0 && t.dims == 0 && t.base == 'L' &&
                   (t.class_name == "java/lang/Object" || t.class_name == "java/lang/Integer")) {
          // The last key the receiver was filled with (its keys are 0..n): a lookup or a
          // removal that scans in insertion order walks all of it.
          Stmt last;
          last.kind = StmtKind::kLiteral;
          last.type = Obj("java/lang/Integer");
          last.lit.type = 'I';
          last.lit.n_mult = 1;
          tc.stmts.push_back(std::move(last));
          a = static_cast<int>(tc.size()) - 1;
        } else {
          const classfile::GenericType* g =
              p < entry->gparams.size() ? &entry->gparams[p] : nullptr;
          a = factory.Generate(tc, t, 1, g);
        }
        ok = a >= 0;
        call.args.push_back(a);
      }
      if (!ok) continue;
      call.type = entry->IsConstructor() ? Obj(entry->owner) : entry->desc.ret;
      tc.stmts.push_back(std::move(call));
      if (words.empty()) words = "int and long arguments = n";
      out.push_back({std::move(tc), std::move(words)});
    }
  }
  return out;
}

}  // namespace jtg::perf
