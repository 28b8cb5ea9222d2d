// Runs TestCases in the embedded JVM through JNI and reports what they did.
//
// Each statement becomes one JNI call (constructor, method, array or collection creation);
// local references live in one JNI local frame per run. The run is bounded by the budgets of
// jtestgen.rt.Probes (backward-jump count and deadline, enforced in instrumented code).
// Exceptions thrown by the code under test are values in ExecResult, never C++ exceptions.
//
// Ownership: borrows the JNIEnv of the thread that created it; use it on that thread only.
#pragma once

#include <jni.h>

#include <memory>
#include <string>
#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "common/status.h"
#include "jvm/jdk_guards.h"
#include "jvm/thread_tracker.h"
#include "jvm/watchdog.h"
#include "sandbox/test_folder.h"
#include "testcase/execution_result.h"
#include "testcase/progress.h"
#include "testcase/test_case.h"

namespace jtg::testcase {

struct ExecutorOptions {
  int64_t iteration_limit = 200000;  // backward jumps per test
  int64_t time_limit_ms = 1000;      // wall time per test (loops and the watchdog)
  bool hit_counts = false;           // fill ExecResult::goal_counts (aDynaMOSA's frequency proxies)
  // Report the goals (and hit counts) of the last statement only: everything probed while
  // the earlier statements ran is discarded just before it (`jtestgen perf` counts the
  // loops of the call under test, not of building its inputs).
  bool window_last = false;
};

class Executor {
 public:
  // Errors: Internal if the runtime helper (jtestgen.rt.Probes) is missing.
  static StatusOr<std::unique_ptr<Executor>> Create(JNIEnv* env, const ExecutorOptions& opts);
  ~Executor();

  ExecResult Run(const TestCase& tc);

  // Class by internal name (a/b/C) or array descriptor ([I), as a cached global ref, loading
  // and initializing it with the system class loader. nullptr on failure, with the reason
  // (e.g. "java.lang.NoClassDefFoundError: ...") in *error when given.
  jclass FindClass(std::string_view internal_name, std::string* error = nullptr);
  // Whether a value of declared type `from` can be passed where `to` is expected.
  bool IsAssignable(const classfile::TypeDesc& from, const classfile::TypeDesc& to);
  // Whether the class is public (Class#getModifiers; nested classes included).
  bool IsPublic(std::string_view internal_name);
  // Class#getModifiers of the class (nested classes: as declared); -1 if it cannot be loaded.
  int Modifiers(std::string_view internal_name);
  // The class file of `internal_name` as the system class loader finds it (JDK classes
  // included; jtestgen.rt.Lambdas.classBytes). NotFound if there is none.
  StatusOr<std::vector<uint8_t>> ClassBytes(const std::string& internal_name);
  // Binary name of the nearest public superclass of a class (for catch clauses).
  std::string NearestPublicClass(std::string_view binary_name);

  // Loads Mockito and creates one throw-away mock, so that the first kMock statement of a
  // search does not pay byte-buddy's start-up under the per-test time limit. Needs the
  // Mockito jars on the JVM's classpath (jvm/mockito_jars.h). Errors: Internal naming the
  // Java exception.
  Status PrepareMocks();

  // Strong mutation: runs after this execute with the mutant (`site`, `k`) switched on
  // (jtestgen.rt.Probes.mutantSite / mutantIndex); ClearMutant() switches it off.
  void SetMutant(int32_t site, int32_t k);
  // Whether runs fill ExecResult::exception_origin (off by default: the search never needs
  // it, and it costs a stack trace per exception of a JDK class).
  void set_exception_origins(bool on) { exception_origins_ = on; }
  void ClearMutant() { SetMutant(0, -1); }

  JNIEnv* env() const { return env_; }
  // Stops runs blocked outside instrumented code (not owned; may be null).
  void SetWatchdog(jvm::Watchdog* w) { watchdog_ = w; }
  // The JDK guards' record (jvm/jdk_guards.h) and the tracker of threads a run starts
  // (jvm/thread_tracker.h); read into ExecResult after each run. Not owned; may be null.
  void SetSandboxEvents(jvm::SandboxEvents* s) { sandbox_ = s; }
  void SetThreadTracker(jvm::ThreadTracker* t) { threads_ = t; }
  // The test folder (sandbox/test_folder.h), emptied before every run; a run whose folder
  // cannot be emptied fails its setup. Not owned; may be null.
  void SetTestFolder(sandbox::TestFolder* f) { test_folder_ = f; }
  // Told before every call statement runs (not owned; may be null).
  void SetProgressSink(ProgressSink* p) { progress_ = p; }

 private:
  explicit Executor(JNIEnv* env, ExecutorOptions opts) : env_(env), opts_(opts) {}
  jmethodID MethodId(const Callable& c, jclass cls);
  bool RunStmt(const TestCase& tc, size_t i, std::vector<jvalue>& vals, ExecResult& out);
  bool Call(const Stmt& s, std::vector<jvalue>& vals, jvalue& result);
  bool NewCollection(const Stmt& s, std::vector<jvalue>& vals, jvalue& result);
  bool NewArray(const Stmt& s, std::vector<jvalue>& vals, jvalue& result);
  bool MakeLiteral(const Stmt& s, jvalue& result);
  // A literal statement under the test's size parameter (Literal::n_mult) plus `offset`
  // (integral: added; string: decimal digits appended).
  bool MakeScaledLiteral(const TestCase& tc, const Stmt& s, int64_t offset, jvalue& result);
  // kRepeat (executor_repeat.cc). Returns false if the statement cannot be run; a Java
  // exception thrown by an element's call is left pending.
  bool Repeat(const TestCase& tc, const Stmt& s, std::vector<jvalue>& vals);
  // kMock (executor_mock.cc): Mockito.mock(type), then per stub
  // `when(mock.m(any...())).thenReturn(value)`; Mockito's thread-local state is reset when a
  // step throws. False (setup failure) if Mockito is not on the classpath.
  bool Mock(const Stmt& s, std::vector<jvalue>& vals, jvalue& result);
  bool LoadMockito();
  // kLambda (executor_lambda.cc): jtestgen.rt.Lambdas.make(type, value), the value boxed
  // when the statement producing it has a primitive type.
  bool Lambda(const TestCase& tc, const Stmt& s, std::vector<jvalue>& vals, jvalue& result);
  // Box.valueOf(v) for primitive `prim` (Z B C S I J F D); nullptr on failure.
  jobject Box(char prim, const jvalue& v);
  Observed Observe(const Stmt& s, const jvalue& v);
  // The elements of a small java.util List (Observed::elements): strings, nulls and boxed
  // integral values, boolean or char; left empty if any other element is found.
  void ObserveListElements(jobject list, Observed& o);
  void CollectGoals(ExecResult& out);

  JNIEnv* env_;
  ExecutorOptions opts_;
  jvm::Watchdog* watchdog_ = nullptr;
  void ReleaseLeakedDescriptors();
  uint64_t runs_ = 0;
  jvm::SandboxEvents* sandbox_ = nullptr;
  jvm::ThreadTracker* threads_ = nullptr;
  sandbox::TestFolder* test_folder_ = nullptr;
  ProgressSink* progress_ = nullptr;
  bool exception_origins_ = false;
  jclass probes_ = nullptr;
  jmethodID begin_ = nullptr, drain_ = nullptr, counts_ = nullptr;
  jfieldID iterations_ = nullptr, mutant_site_ = nullptr, mutant_index_ = nullptr;
  jclass collection_ = nullptr, map_ = nullptr, string_ = nullptr, class_class_ = nullptr,
         list_ = nullptr;
  jmethodID to_array_ = nullptr;
  jmethodID coll_size_ = nullptr, map_size_ = nullptr, get_modifiers_ = nullptr,
            get_superclass_ = nullptr;
  // Mockito (loaded on the first kMock statement; global refs held by classes_).
  jclass mockito_ = nullptr, matchers_ = nullptr, stubbing_ = nullptr;
  jmethodID mock_ = nullptr, when_ = nullptr, then_return_ = nullptr, validate_usage_ = nullptr;
  // jtestgen.rt.Lambdas (embedded runtime).
  jclass lambdas_ = nullptr;
  jmethodID make_lambda_ = nullptr, class_bytes_ = nullptr;
  absl::flat_hash_map<std::string, jclass> classes_;
  // Keyed by "owner.name descriptor" (not by Callable address: callables come and go).
  absl::flat_hash_map<std::string, jmethodID> methods_;
  absl::flat_hash_map<std::string, bool> assignable_;
};

}  // namespace jtg::testcase
