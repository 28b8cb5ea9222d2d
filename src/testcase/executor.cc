#include "testcase/executor.h"

#include <unistd.h>

#include <bit>
#include <chrono>

#include "jvm/jni_util.h"

namespace jtg::testcase {

using classfile::TypeDesc;

namespace {
// JNI class name of a type: internal name for classes, descriptor for arrays.
std::string JniName(const TypeDesc& t) {
  if (t.dims > 0) return t.Descriptor();
  return t.class_name;
}
}  // namespace

StatusOr<std::unique_ptr<Executor>> Executor::Create(JNIEnv* env, const ExecutorOptions& opts) {
  std::unique_ptr<Executor> ex(new Executor(env, opts));
  auto global = [&](const char* name) -> jclass {
    jclass local = env->FindClass(name);
    if (local == nullptr) return nullptr;
    auto g = static_cast<jclass>(env->NewGlobalRef(local));
    env->DeleteLocalRef(local);
    return g;
  };
  ex->probes_ = global("jtestgen/rt/Probes");
  if (ex->probes_ == nullptr) {
    return jvm::CheckException(env, "runtime helper jtestgen.rt.Probes is not defined");
  }
  ex->begin_ = env->GetStaticMethodID(ex->probes_, "begin", "(JJ)V");
  ex->drain_ = env->GetStaticMethodID(ex->probes_, "drain", "()[I");
  ex->counts_ = env->GetStaticMethodID(ex->probes_, "counts", "()[I");
  ex->iterations_ = env->GetStaticFieldID(ex->probes_, "iterations", "J");
  ex->mutant_site_ = env->GetStaticFieldID(ex->probes_, "mutantSite", "I");
  ex->mutant_index_ = env->GetStaticFieldID(ex->probes_, "mutantIndex", "I");
  ex->lambdas_ = global("jtestgen/rt/Lambdas");
  if (ex->lambdas_ == nullptr) {
    return jvm::CheckException(env, "runtime helper jtestgen.rt.Lambdas is not defined");
  }
  ex->make_lambda_ = env->GetStaticMethodID(
      ex->lambdas_, "make", "(Ljava/lang/Class;Ljava/lang/Object;)Ljava/lang/Object;");
  ex->class_bytes_ = env->GetStaticMethodID(ex->lambdas_, "classBytes", "(Ljava/lang/String;)[B");
  ex->collection_ = global("java/util/Collection");
  ex->map_ = global("java/util/Map");
  ex->string_ = global("java/lang/String");
  ex->class_class_ = global("java/lang/Class");
  ex->list_ = global("java/util/List");
  ex->to_array_ = env->GetMethodID(ex->collection_, "toArray", "()[Ljava/lang/Object;");
  ex->coll_size_ = env->GetMethodID(ex->collection_, "size", "()I");
  ex->map_size_ = env->GetMethodID(ex->map_, "size", "()I");
  ex->get_modifiers_ = env->GetMethodID(ex->class_class_, "getModifiers", "()I");
  ex->get_superclass_ = env->GetMethodID(ex->class_class_, "getSuperclass", "()Ljava/lang/Class;");
  JTG_RETURN_IF_ERROR(jvm::CheckException(env, "executor start-up"));
  return ex;
}

void Executor::SetMutant(int32_t site, int32_t k) {
  env_->SetStaticIntField(probes_, mutant_site_, site);
  env_->SetStaticIntField(probes_, mutant_index_, k);
}

Executor::~Executor() {
  for (auto& [name, cls] : classes_) {
    if (cls != nullptr) env_->DeleteGlobalRef(cls);
  }
  for (jclass c : {probes_, lambdas_, collection_, map_, string_, class_class_, list_}) {
    if (c != nullptr) env_->DeleteGlobalRef(c);
  }
}

jclass Executor::FindClass(std::string_view internal_name, std::string* error) {
  std::string key(internal_name);
  auto it = classes_.find(key);
  if (it != classes_.end()) {
    if (it->second == nullptr && error != nullptr) *error = "class could not be loaded";
    return it->second;
  }
  jclass local = env_->FindClass(key.c_str());
  jclass global = nullptr;
  if (local == nullptr) {
    jvm::JavaException ex = jvm::TakeException(env_);
    if (error != nullptr) *error = ex.Describe();
  } else {
    global = static_cast<jclass>(env_->NewGlobalRef(local));
    env_->DeleteLocalRef(local);
  }
  classes_.emplace(key, global);
  return global;
}

bool Executor::IsAssignable(const TypeDesc& from, const TypeDesc& to) {
  if (from.IsPrimitive() || to.IsPrimitive()) {
    return from.IsPrimitive() && to.IsPrimitive() && from.base == to.base;
  }
  std::string a = JniName(from), b = JniName(to);
  if (a == b || b == "java/lang/Object") return true;
  std::string key = a + "|" + b;
  auto it = assignable_.find(key);
  if (it != assignable_.end()) return it->second;
  jclass ca = FindClass(a), cb = FindClass(b);
  bool ok = ca != nullptr && cb != nullptr && env_->IsAssignableFrom(ca, cb);
  assignable_.emplace(key, ok);
  return ok;
}

bool Executor::IsPublic(std::string_view internal_name) {
  int mods = Modifiers(internal_name);
  return mods >= 0 && (mods & 1) != 0;
}

int Executor::Modifiers(std::string_view internal_name) {
  jclass c = FindClass(internal_name);
  if (c == nullptr) return -1;
  jint mods = env_->CallIntMethod(c, get_modifiers_);
  if (env_->ExceptionCheck()) {
    env_->ExceptionClear();
    return -1;
  }
  return mods;
}

std::string Executor::NearestPublicClass(std::string_view binary_name) {
  std::string internal(binary_name);
  for (char& ch : internal) {
    if (ch == '.') ch = '/';
  }
  jclass c = FindClass(internal);
  if (c == nullptr) return "java.lang.Throwable";
  jclass cur = static_cast<jclass>(env_->NewLocalRef(c));
  while (cur != nullptr) {
    jint mods = env_->CallIntMethod(cur, get_modifiers_);
    if ((mods & 1) != 0) {
      std::string name = jvm::ClassName(env_, cur);
      env_->DeleteLocalRef(cur);
      return name;
    }
    auto next = static_cast<jclass>(env_->CallObjectMethod(cur, get_superclass_));
    env_->DeleteLocalRef(cur);
    cur = next;
  }
  env_->ExceptionClear();
  return "java.lang.Throwable";
}

jmethodID Executor::MethodId(const Callable& c, jclass cls) {
  std::string key = absl::StrCat(c.is_static ? "S" : "I", c.owner, ".", c.name, c.descriptor);
  auto it = methods_.find(key);
  if (it != methods_.end()) return it->second;
  jmethodID id = c.is_static ? env_->GetStaticMethodID(cls, c.name.c_str(), c.descriptor.c_str())
                             : env_->GetMethodID(cls, c.name.c_str(), c.descriptor.c_str());
  if (id == nullptr) env_->ExceptionClear();
  methods_.emplace(std::move(key), id);
  return id;
}

// Code under test that opens files or sockets and never closes them leaks descriptors
// until the GC's cleaners close them; thousands of runs can exhaust the process's limit
// (then jtestgen cannot even start javac). Every 256 runs, when the lowest free
// descriptor number is high, ask for a GC.
void Executor::ReleaseLeakedDescriptors() {
  if ((++runs_ & 255) != 0) return;
  int fd = dup(0);
  if (fd < 0 || fd > 2048) {
    jclass system = env_->FindClass("java/lang/System");
    jmethodID gc = system ? env_->GetStaticMethodID(system, "gc", "()V") : nullptr;
    if (gc != nullptr) env_->CallStaticVoidMethod(system, gc);
    env_->ExceptionClear();
    if (system != nullptr) env_->DeleteLocalRef(system);
  }
  if (fd >= 0) close(fd);
}

ExecResult Executor::Run(const TestCase& tc) {
  ReleaseLeakedDescriptors();
  ExecResult out;
  auto start = std::chrono::steady_clock::now();
  if (test_folder_ != nullptr) {
    if (Status st = test_folder_->Reset(); !st.ok()) {
      out.setup_failed = true;
      out.setup_error = std::string(st.message());
      return out;
    }
  }
  if (env_->PushLocalFrame(static_cast<jint>(tc.size() * 4 + 64)) != 0) {
    env_->ExceptionClear();
    out.setup_failed = true;
    out.setup_error = "cannot reserve JNI local references";
    return out;
  }
  // System.nanoTime() and steady_clock share CLOCK_MONOTONIC on Linux.
  jlong deadline = std::chrono::duration_cast<std::chrono::nanoseconds>(
                       std::chrono::steady_clock::now().time_since_epoch())
                       .count() +
                   opts_.time_limit_ms * 1000000LL;
  env_->CallStaticVoidMethod(probes_, begin_, static_cast<jlong>(opts_.iteration_limit), deadline);
  if (sandbox_ != nullptr) sandbox_->Reset(env_);
  if (threads_ != nullptr) threads_->BeginTest(env_);
  std::vector<jvalue> vals(tc.size());
  int64_t fired_before = 0;
  if (watchdog_ != nullptr) {
    fired_before = watchdog_->fired();
    watchdog_->Arm(std::chrono::milliseconds(opts_.time_limit_ms));
  }
  for (size_t i = 0; i < tc.size(); ++i) {
    if (opts_.window_last && i + 1 == tc.size() && i > 0) {
      ExecResult discard;
      CollectGoals(discard);  // drains the probes: only the last statement is reported
      // drain() also ends the execution for thread-filtered probes (Probes.hitOwner): begin
      // again, with the same budgets.
      env_->CallStaticVoidMethod(probes_, begin_, static_cast<jlong>(opts_.iteration_limit),
                                 deadline);
    }
    const bool ran = RunStmt(tc, i, vals, out);
    if (sandbox_ != nullptr && out.sandbox_at < 0 && sandbox_->Any(env_)) {
      out.sandbox_at = static_cast<int>(i);
    }
    if (!ran) break;
  }
  if (watchdog_ != nullptr) {
    watchdog_->Disarm();
    // Interrupted or stopped by the watchdog: whatever it threw, the run overran.
    if (watchdog_->fired() != fired_before) out.budget_exceeded = true;
  }
  // Threads the run left first (they may still exit or write), then what the run did.
  if (threads_ != nullptr) {
    jvm::ThreadsLeft left = threads_->EndTest(env_);
    out.threads_busy = left.busy;
    out.threads_unstoppable = left.unstoppable;
  }
  if (sandbox_ != nullptr) {
    out.sandbox_events = sandbox_->Take(env_, &out.sandbox_first);
    if (out.sandbox_events & jvm::kSandboxExit) out.exit_attempt = true;
  }
  out.iterations = env_->GetStaticLongField(probes_, iterations_);
  if (progress_ != nullptr) progress_->Running(nullptr);
  CollectGoals(out);
  env_->PopLocalFrame(nullptr);
  out.millis =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return out;
}

bool Executor::RunStmt(const TestCase& tc, size_t i, std::vector<jvalue>& vals, ExecResult& out) {
  const Stmt& s = tc.stmts[i];
  jvalue v{};
  bool ok = true;
  switch (s.kind) {
    case StmtKind::kLiteral:
      ok = s.lit.n_mult != 0 ? MakeScaledLiteral(tc, s, 0, v) : MakeLiteral(s, v);
      break;
    case StmtKind::kRepeat:
      if (progress_ != nullptr) progress_->Running(s.callable.get());
      ok = Repeat(tc, s, vals);
      break;
    case StmtKind::kNull: v.l = nullptr; break;
    case StmtKind::kCall:
      if (progress_ != nullptr) progress_->Running(s.callable.get());
      ok = Call(s, vals, v);
      break;
    case StmtKind::kNewArray: ok = NewArray(s, vals, v); break;
    case StmtKind::kNewCollection: ok = NewCollection(s, vals, v); break;
    case StmtKind::kMock: ok = Mock(s, vals, v); break;
    case StmtKind::kLambda: ok = Lambda(tc, s, vals, v); break;
    case StmtKind::kGetStatic: {
      jclass c = FindClass(s.owner);
      jfieldID f =
          c ? env_->GetStaticFieldID(c, s.field.c_str(), s.type.Descriptor().c_str()) : nullptr;
      if (f == nullptr) {
        ok = false;
      } else {
        v.l = env_->GetStaticObjectField(c, f);
      }
      break;
    }
  }
  if (env_->ExceptionCheck()) {
    jvm::JavaException ex = jvm::TakeException(env_, exception_origins_);
    out.threw_at = static_cast<int>(i);
    out.exception_class = ex.class_name;
    out.exception_message = ex.message;
    out.exception_message_null = ex.message_null;
    out.exception_origin = ex.origin;
    if (ex.class_name == "jtestgen.rt.BudgetExceeded" ||
        ex.class_name == "java.lang.OutOfMemoryError") {
      out.budget_exceeded = true;
    } else if (ex.class_name == "jtestgen.rt.ExitAttempt") {
      out.exit_attempt = true;
    } else if (s.kind != StmtKind::kCall) {
      out.setup_failed = true;
      out.setup_error = ex.Describe();
    }
    return false;
  }
  if (!ok) {
    out.setup_failed = true;
    out.setup_error = "statement " + std::to_string(i) + " could not be run";
    return false;
  }
  vals[i] = v;
  out.values.push_back(Observe(s, v));
  return true;
}

void Executor::CollectGoals(ExecResult& out) {
  std::vector<jint> counts;
  if (opts_.hit_counts && counts_ != nullptr) {
    auto c = static_cast<jintArray>(env_->CallStaticObjectMethod(probes_, counts_));
    if (env_->ExceptionCheck()) {  // a late watchdog stop, as for drain below
      env_->ExceptionClear();
      out.budget_exceeded = true;
    } else if (c != nullptr) {
      counts.resize(static_cast<size_t>(env_->GetArrayLength(c)));
      env_->GetIntArrayRegion(c, 0, static_cast<jsize>(counts.size()), counts.data());
      env_->DeleteLocalRef(c);
    }
  }
  auto arr = static_cast<jintArray>(env_->CallStaticObjectMethod(probes_, drain_));
  if (arr == nullptr || env_->ExceptionCheck()) {
    // A watchdog stop that arrived after the run ended: the run did overrun.
    env_->ExceptionClear();
    out.budget_exceeded = true;
    arr = static_cast<jintArray>(env_->CallStaticObjectMethod(probes_, drain_));
    if (arr == nullptr) {
      env_->ExceptionClear();
      return;
    }
  }
  jsize n = env_->GetArrayLength(arr);
  std::vector<jint> data(static_cast<size_t>(n));
  env_->GetIntArrayRegion(arr, 0, n, data.data());
  env_->DeleteLocalRef(arr);
  // Layout (Probes.drain): {n, goal..., m, (switch id, key)..., d, (goal, float bits)...,
  // w, (conditional or mutation site id, mutant index or reached marker)...}; the last
  // section may be absent.
  if (n < 2) return;
  const size_t size = static_cast<size_t>(n);
  size_t goals = static_cast<size_t>(data[0]);
  if (1 + goals >= size) return;
  out.goals.assign(data.begin() + 1, data.begin() + 1 + static_cast<long>(goals));
  if (counts.size() == goals) out.goal_counts.assign(counts.begin(), counts.end());
  size_t pairs = static_cast<size_t>(data[1 + goals]);
  size_t at = 2 + goals;
  for (size_t k = 0; k < pairs && at + 1 < size; ++k, at += 2) {
    out.switches.emplace_back(data[at], data[at + 1]);
  }
  if (at >= size) return;
  size_t misses = static_cast<size_t>(data[at++]);
  for (size_t k = 0; k < misses && at + 1 < size; ++k, at += 2) {
    out.distances.emplace_back(data[at], std::bit_cast<float>(data[at + 1]));
  }
  if (at >= size) return;
  size_t infected = static_cast<size_t>(data[at++]);
  for (size_t k = 0; k < infected && at + 1 < size; ++k, at += 2) {
    out.mutants.emplace_back(data[at], data[at + 1]);
  }
}

}  // namespace jtg::testcase
