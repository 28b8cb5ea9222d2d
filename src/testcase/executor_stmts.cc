// Executor: the JNI call for each statement kind, and observation of produced values.
#include <cmath>

#include "jvm/jni_util.h"
#include "testcase/executor.h"
#include "testcase/unstable_text.h"

namespace jtg::testcase {

using classfile::TypeDesc;

namespace {
jvalue PrimitiveJvalue(char base, int64_t i, double d) {
  jvalue v{};
  switch (base) {
    case 'Z': v.z = i != 0; break;
    case 'B': v.b = static_cast<jbyte>(i); break;
    case 'C': v.c = static_cast<jchar>(i); break;
    case 'S': v.s = static_cast<jshort>(i); break;
    case 'I': v.i = static_cast<jint>(i); break;
    case 'J': v.j = static_cast<jlong>(i); break;
    case 'F': v.f = static_cast<jfloat>(d); break;
    case 'D': v.d = d; break;
  }
  return v;
}

const char* BoxClass(char p) {
  switch (p) {
    case 'Z': return "java/lang/Boolean";
    case 'B': return "java/lang/Byte";
    case 'C': return "java/lang/Character";
    case 'S': return "java/lang/Short";
    case 'I': return "java/lang/Integer";
    case 'J': return "java/lang/Long";
    case 'F': return "java/lang/Float";
    case 'D': return "java/lang/Double";
  }
  return nullptr;
}

char UnboxedChar(const std::string& binary_name) {
  if (binary_name == "java.lang.Boolean") return 'Z';
  if (binary_name == "java.lang.Byte") return 'B';
  if (binary_name == "java.lang.Character") return 'C';
  if (binary_name == "java.lang.Short") return 'S';
  if (binary_name == "java.lang.Integer") return 'I';
  if (binary_name == "java.lang.Long") return 'J';
  if (binary_name == "java.lang.Float") return 'F';
  if (binary_name == "java.lang.Double") return 'D';
  return 0;
}
}  // namespace

bool Executor::MakeLiteral(const Stmt& s, jvalue& result) {
  const Literal& lit = s.lit;
  if (lit.type == 's') {
    result.l = env_->NewString(reinterpret_cast<const jchar*>(lit.s.data()),
                               static_cast<jsize>(lit.s.size()));
    return result.l != nullptr;
  }
  jvalue prim = PrimitiveJvalue(lit.type, lit.i, lit.d);
  if (s.type.IsPrimitive()) {
    result = prim;
    return true;
  }
  // A boxed literal (declared Integer, Object, Number, ...): Box.valueOf(prim).
  result.l = Box(lit.type, prim);
  return result.l != nullptr || env_->ExceptionCheck();
}

jobject Executor::Box(char prim, const jvalue& v) {
  const char* box = BoxClass(prim);
  jclass c = box ? FindClass(box) : nullptr;
  if (c == nullptr) return nullptr;
  std::string desc = std::string("(") + prim + ")L" + box + ";";
  jmethodID value_of = env_->GetStaticMethodID(c, "valueOf", desc.c_str());
  if (value_of == nullptr) return nullptr;
  return env_->CallStaticObjectMethodA(c, value_of, &v);
}

bool Executor::Call(const Stmt& s, std::vector<jvalue>& vals, jvalue& result) {
  const Callable& c = *s.callable;
  jclass cls = FindClass(c.owner);
  if (cls == nullptr) return false;
  jmethodID id = MethodId(c, cls);
  if (id == nullptr) return false;
  std::vector<jvalue> args(s.args.size());
  for (size_t k = 0; k < s.args.size(); ++k) args[k] = vals[static_cast<size_t>(s.args[k])];
  const jvalue* a = args.empty() ? nullptr : args.data();
  result = jvalue{};
  if (c.IsConstructor()) {
    if (c.TakesOuterInstance() && args[0].l == nullptr) {
      // `((Outer) null).new Inner()` throws NPE in Java; JNI would construct it.
      env_->ThrowNew(FindClass("java/lang/NullPointerException"), nullptr);
      return true;
    }
    result.l = env_->NewObjectA(cls, id, a);
    return true;
  }
  jobject recv = nullptr;
  if (!c.is_static) {
    recv = vals[static_cast<size_t>(s.receiver)].l;
    if (recv == nullptr) {
      // Calling through null: the JVM would throw NPE; do the same in Java terms.
      jclass npe = FindClass("java/lang/NullPointerException");
      env_->ThrowNew(npe, nullptr);
      return true;
    }
  }
  const TypeDesc& r = c.desc.ret;
  char kind = r.dims > 0 ? 'L' : r.base;
#define JTG_CALL(Type, field)                                   \
  if (c.is_static) {                                            \
    result.field = env_->CallStatic##Type##MethodA(cls, id, a); \
  } else {                                                      \
    result.field = env_->Call##Type##MethodA(recv, id, a);      \
  }
  switch (kind) {
    case 'V':
      if (c.is_static)
        env_->CallStaticVoidMethodA(cls, id, a);
      else
        env_->CallVoidMethodA(recv, id, a);
      break;
    case 'Z': JTG_CALL(Boolean, z) break;
    case 'B': JTG_CALL(Byte, b) break;
    case 'C': JTG_CALL(Char, c) break;
    case 'S': JTG_CALL(Short, s) break;
    case 'I': JTG_CALL(Int, i) break;
    case 'J': JTG_CALL(Long, j) break;
    case 'F': JTG_CALL(Float, f) break;
    case 'D': JTG_CALL(Double, d) break;
    default: JTG_CALL(Object, l) break;
  }
#undef JTG_CALL
  // A downcast statement (declared narrower than the method returns, generate/values/producer.h):
  // a value of another class cannot be used as the declared type, so the test cannot run.
  // (Compared without building descriptors: this runs after every call.)
  if (kind == 'L' && result.l != nullptr && s.type.dims == 0 && s.type.base == 'L' && r.dims == 0 &&
      r.base == 'L' && s.type.class_name != r.class_name && !env_->ExceptionCheck()) {
    jclass want = FindClass(s.type.class_name);
    if (want == nullptr || !env_->IsInstanceOf(result.l, want)) return false;
  }
  return true;
}

bool Executor::NewCollection(const Stmt& s, std::vector<jvalue>& vals, jvalue& result) {
  jclass cls = FindClass(s.owner);
  if (cls == nullptr) return false;
  jmethodID ctor = env_->GetMethodID(cls, "<init>", "()V");
  if (ctor == nullptr) return false;
  jobject obj = env_->NewObject(cls, ctor);
  if (obj == nullptr) return true;  // exception pending
  bool is_map = env_->IsInstanceOf(obj, map_);
  if (is_map) {
    jmethodID put =
        env_->GetMethodID(map_, "put", "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;");
    for (size_t k = 0; k + 1 < s.args.size(); k += 2) {
      jobject r = env_->CallObjectMethod(obj, put, vals[static_cast<size_t>(s.args[k])].l,
                                         vals[static_cast<size_t>(s.args[k + 1])].l);
      if (env_->ExceptionCheck()) return true;
      if (r != nullptr) env_->DeleteLocalRef(r);
    }
  } else {
    jmethodID add = env_->GetMethodID(collection_, "add", "(Ljava/lang/Object;)Z");
    for (int a : s.args) {
      env_->CallBooleanMethod(obj, add, vals[static_cast<size_t>(a)].l);
      if (env_->ExceptionCheck()) return true;
    }
  }
  result.l = obj;
  return true;
}

bool Executor::NewArray(const Stmt& s, std::vector<jvalue>& vals, jvalue& result) {
  TypeDesc comp = s.type.Component();
  jsize n = static_cast<jsize>(s.args.size());
  auto el = [&](size_t k) { return vals[static_cast<size_t>(s.args[k])]; };
  if (comp.IsPrimitive()) {
#define JTG_ARR(New, Set, jt, field)           \
  {                                            \
    auto arr = env_->New(n);                   \
    if (arr == nullptr) return true;           \
    for (jsize k = 0; k < n; ++k) {            \
      jt x = el(static_cast<size_t>(k)).field; \
      env_->Set(arr, k, 1, &x);                \
    }                                          \
    result.l = arr;                            \
    return true;                               \
  }
    switch (comp.base) {
      case 'Z': JTG_ARR(NewBooleanArray, SetBooleanArrayRegion, jboolean, z)
      case 'B': JTG_ARR(NewByteArray, SetByteArrayRegion, jbyte, b)
      case 'C': JTG_ARR(NewCharArray, SetCharArrayRegion, jchar, c)
      case 'S': JTG_ARR(NewShortArray, SetShortArrayRegion, jshort, s)
      case 'I': JTG_ARR(NewIntArray, SetIntArrayRegion, jint, i)
      case 'J': JTG_ARR(NewLongArray, SetLongArrayRegion, jlong, j)
      case 'F': JTG_ARR(NewFloatArray, SetFloatArrayRegion, jfloat, f)
      case 'D': JTG_ARR(NewDoubleArray, SetDoubleArrayRegion, jdouble, d)
    }
#undef JTG_ARR
    return false;
  }
  std::string cname = comp.dims > 0 ? comp.Descriptor() : comp.class_name;
  jclass ccls = FindClass(cname);
  if (ccls == nullptr) return false;
  jobjectArray arr = env_->NewObjectArray(n, ccls, nullptr);
  if (arr == nullptr) return true;
  for (jsize k = 0; k < n; ++k) {
    env_->SetObjectArrayElement(arr, k, el(static_cast<size_t>(k)).l);
    if (env_->ExceptionCheck()) return true;
  }
  result.l = arr;
  return true;
}

namespace {

// Copies the primitive array `array` (its length is out.size()) into `out` as kPrimitive
// values of type `p`.
template <typename A, typename J>
void Region(JNIEnv* env, jobject array, char p, void (JNIEnv::*get)(A, jsize, jsize, J*),
            std::vector<Observed>& out) {
  std::vector<J> buffer(out.size());
  (env->*get)(static_cast<A>(array), 0, static_cast<jsize>(out.size()), buffer.data());
  for (size_t k = 0; k < out.size(); ++k) {
    out[k].kind = Observed::kPrimitive;
    out[k].prim = p;
    if (p == 'F' || p == 'D') {
      out[k].d = static_cast<double>(buffer[k]);
    } else {
      // A Java byte is signed: the sign extension is meant.
      out[k].i = static_cast<int64_t>(buffer[k]);  // NOLINT(bugprone-signed-char-misuse)
    }
  }
}

// The elements of a small array of a primitive type or of String (Observed::elements).
void ObserveElements(JNIEnv* env, jobject array, Observed& o) {
  const std::string& cls = o.runtime_class;
  const jsize n = static_cast<jsize>(o.size);
  if (n <= 0 || n > kMaxObservedElements || cls.size() < 2) return;
  std::vector<Observed> out(static_cast<size_t>(n));
  if (cls == "[Ljava.lang.String;") {
    auto arr = static_cast<jobjectArray>(array);
    for (jsize k = 0; k < n; ++k) {
      Observed& e = out[static_cast<size_t>(k)];
      auto str = static_cast<jstring>(env->GetObjectArrayElement(arr, k));
      if (str == nullptr) {
        e.kind = Observed::kNull;
        continue;
      }
      const bool long_text = env->GetStringLength(str) > kMaxElementChars;
      if (!long_text) e.s = jvm::ToU16(env, str);
      env->DeleteLocalRef(str);
      if (long_text || LooksUnstable(e.s)) return;
      e.kind = Observed::kString;
    }
    o.elements = std::move(out);
    return;
  }
  if (cls.size() != 2) return;
  const char p = cls[1];
  switch (p) {
    case 'Z': Region(env, array, p, &JNIEnv::GetBooleanArrayRegion, out); break;
    case 'B': Region(env, array, p, &JNIEnv::GetByteArrayRegion, out); break;
    case 'C': Region(env, array, p, &JNIEnv::GetCharArrayRegion, out); break;
    case 'S': Region(env, array, p, &JNIEnv::GetShortArrayRegion, out); break;
    case 'I': Region(env, array, p, &JNIEnv::GetIntArrayRegion, out); break;
    case 'J': Region(env, array, p, &JNIEnv::GetLongArrayRegion, out); break;
    case 'F': Region(env, array, p, &JNIEnv::GetFloatArrayRegion, out); break;
    case 'D': Region(env, array, p, &JNIEnv::GetDoubleArrayRegion, out); break;
    default: return;
  }
  if (env->ExceptionCheck()) {
    env->ExceptionClear();
    return;
  }
  o.elements = std::move(out);
}

}  // namespace

Observed Executor::Observe(const Stmt& s, const jvalue& v) {
  Observed o;
  if (!s.ProducesValue()) return o;
  const TypeDesc& t = s.type;
  if (t.IsPrimitive()) {
    o.kind = Observed::kPrimitive;
    o.prim = t.base;
    switch (t.base) {
      case 'Z': o.i = v.z; break;
      case 'B': o.i = v.b; break;
      case 'C': o.i = v.c; break;
      case 'S': o.i = v.s; break;
      case 'I': o.i = v.i; break;
      case 'J': o.i = v.j; break;
      case 'F': o.d = v.f; break;
      case 'D': o.d = v.d; break;
    }
    return o;
  }
  if (v.l == nullptr) {
    o.kind = Observed::kNull;
    return o;
  }
  o.runtime_class = jvm::ObjectClassName(env_, v.l);
  if (env_->IsInstanceOf(v.l, string_)) {
    o.kind = Observed::kString;
    const jsize length = env_->GetStringLength(static_cast<jstring>(v.l));
    if (length > kMaxObservedChars) {
      o.size = length;
      o.s.assign(static_cast<size_t>(kMaxObservedChars), u'\0');
      env_->GetStringRegion(static_cast<jstring>(v.l), 0, kMaxObservedChars,
                            reinterpret_cast<jchar*>(o.s.data()));
    } else {
      o.s = jvm::ToU16(env_, static_cast<jstring>(v.l));
    }
    return o;
  }
  o.kind = Observed::kObject;
  if (char p = UnboxedChar(o.runtime_class); p != 0) {
    o.boxed = true;
    o.prim = p;
    jclass c = FindClass(BoxClass(p));
    static constexpr struct {
      char p;
      const char* name;
      const char* desc;
    } kUnbox[] = {{'Z', "booleanValue", "()Z"}, {'B', "byteValue", "()B"},
                  {'C', "charValue", "()C"},    {'S', "shortValue", "()S"},
                  {'I', "intValue", "()I"},     {'J', "longValue", "()J"},
                  {'F', "floatValue", "()F"},   {'D', "doubleValue", "()D"}};
    for (const auto& u : kUnbox) {
      if (u.p != p) continue;
      jmethodID m = env_->GetMethodID(c, u.name, u.desc);
      switch (p) {
        case 'Z': o.i = env_->CallBooleanMethod(v.l, m); break;
        case 'B': o.i = env_->CallByteMethod(v.l, m); break;
        case 'C': o.i = env_->CallCharMethod(v.l, m); break;
        case 'S': o.i = env_->CallShortMethod(v.l, m); break;
        case 'I': o.i = env_->CallIntMethod(v.l, m); break;
        case 'J': o.i = env_->CallLongMethod(v.l, m); break;
        case 'F': o.d = env_->CallFloatMethod(v.l, m); break;
        case 'D': o.d = env_->CallDoubleMethod(v.l, m); break;
      }
    }
    env_->ExceptionClear();
    return o;
  }
  if (!o.runtime_class.empty() && o.runtime_class[0] == '[') {
    o.size = env_->GetArrayLength(static_cast<jarray>(v.l));
    ObserveElements(env_, v.l, o);
  } else if (env_->IsInstanceOf(v.l, collection_)) {
    o.size = env_->CallIntMethod(v.l, coll_size_);
    // Only the JDK's lists: a user's List runs user code to list its elements.
    if (!env_->ExceptionCheck() && o.size > 0 && o.size <= kMaxObservedElements &&
        o.runtime_class.starts_with("java.util.") && env_->IsInstanceOf(v.l, list_)) {
      ObserveListElements(v.l, o);
    }
  } else if (env_->IsInstanceOf(v.l, map_)) {
    o.size = env_->CallIntMethod(v.l, map_size_);
  }
  if (env_->ExceptionCheck()) {
    env_->ExceptionClear();
    o.size = -1;
  }
  return o;
}

void Executor::ObserveListElements(jobject list, Observed& o) {
  auto items = static_cast<jobjectArray>(env_->CallObjectMethod(list, to_array_));
  if (env_->ExceptionCheck() || items == nullptr) {
    env_->ExceptionClear();
    return;
  }
  const jsize n = env_->GetArrayLength(items);
  Stmt element;  // an Object-typed value, for Observe
  element.kind = StmtKind::kLiteral;
  element.type.base = 'L';
  element.type.class_name = "java/lang/Object";
  std::vector<Observed> out;
  for (jsize k = 0; k < n && static_cast<int64_t>(out.size()) == k; ++k) {
    jvalue e{};
    e.l = env_->GetObjectArrayElement(items, k);
    Observed x = Observe(element, e);
    if (e.l != nullptr) env_->DeleteLocalRef(e.l);
    if (x.kind == Observed::kNull) {
      out.push_back(x);
    } else if (x.kind == Observed::kString && !x.Truncated() &&
               x.s.size() <= static_cast<size_t>(kMaxElementChars) && !LooksUnstable(x.s)) {
      out.push_back(x);
    } else if (x.kind == Observed::kObject && x.boxed && x.prim != 'F' && x.prim != 'D') {
      x.kind = Observed::kPrimitive;  // written as a literal that boxes to its class
      out.push_back(x);
    }
  }
  env_->DeleteLocalRef(items);
  if (static_cast<jsize>(out.size()) == n && n == o.size) o.elements = std::move(out);
}

}  // namespace jtg::testcase
