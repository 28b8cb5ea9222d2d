#include <algorithm>
#include <cctype>

#include "absl/strings/str_cat.h"
#include "classfile/class_file.h"
#include "classfile/names.h"
#include "jvm/java_home.h"
#include "perf/goal_builder.h"
#include "perf/pipeline_steps.h"

namespace jtg::perf::pipeline {

StatusOr<std::unique_ptr<PerfSession>> StartSession(const PerfOptions& opts,
                                                    classpath::Classpath& cp) {
  auto s = std::unique_ptr<PerfSession>(new PerfSession{opts,
                                                        cp,
                                                        {},
                                                        nullptr,
                                                        nullptr,
                                                        {},
                                                        generate::Rng(opts.seed),
                                                        std::chrono::steady_clock::now(),
                                                        0,
                                                        0,
                                                        0,
                                                        0,
                                                        0,
                                                        {},
                                                        0});
  s->max_heap_mb = opts.max_heap_mb > 0 ? opts.max_heap_mb : DefaultMaxHeapMb();
  jvm::JvmOptions jopts;
  jopts.classpath = cp.spec();
  jopts.extra.push_back("-Xmx" + std::to_string(s->max_heap_mb) + "m");
  std::vector<std::string> jdk = CountedJdkClasses();
  if (!opts.class_name.empty()) {
    // A JDK class under test is counted like the JDK classes its loops reach.
    std::string internal = classfile::ToInternal(opts.class_name);
    if (IsJdkClass(internal) && std::find(jdk.begin(), jdk.end(), internal) == jdk.end()) {
      jdk.push_back(internal);
    }
  }
  JTG_ASSIGN_OR_RETURN(s->counting, StartCountingJvm(jopts, std::move(jdk)));
  auto& vm = *s->counting.vm;
  testcase::ExecutorOptions exec_opts;
  exec_opts.hit_counts = true;
  exec_opts.window_last = true;
  exec_opts.iteration_limit = 200'000'000;
  exec_opts.time_limit_ms = 5000;
  JTG_ASSIGN_OR_RETURN(s->executor, testcase::Executor::Create(vm.env(), exec_opts));
  JTG_ASSIGN_OR_RETURN(s->watchdog, jvm::Watchdog::Create(vm.vm(), vm.jvmti(), vm.env()));
  s->executor->SetWatchdog(s->watchdog.get());
  JTG_ASSIGN_OR_RETURN(s->guards, jvm::StartJdkGuards(vm, *s->counting.transformer));
  s->executor->SetSandboxEvents(s->guards.events.get());
  s->executor->SetThreadTracker(s->guards.threads.get());
  for (int64_t n = std::max(1, opts.mu / 8); n <= opts.mu; n *= 2) s->ns.push_back(n);
  return s;
}

StatusOr<ClassWork> PlanClass(PerfSession& s, const std::string& class_name,
                              const std::optional<MethodPattern>& pattern, PerfReport* report) {
  ClassWork w;
  w.class_name = class_name;
  w.internal = classfile::ToInternal(class_name);
  if (IsJdkClass(w.internal)) {
    // A JDK class (java.util.AbstractCollection): its bytes come from the JVM, and it is
    // instrumented by retransformation (counting mode).
    auto bytes = s.counting.vm->ReadSystemClassBytes(w.internal);
    if (!bytes.ok()) {
      return absl::NotFoundError(absl::StrCat("class ", class_name, " is not a class of the JDK (",
                                              bytes.status().message(), ")"));
    }
    JTG_ASSIGN_OR_RETURN(w.universe, generate::Universe::Build(s.cp, w.internal, {}, &*bytes));
  } else {
    JTG_ASSIGN_OR_RETURN(w.universe, generate::Universe::Build(s.cp, w.internal));
    JTG_ASSIGN_OR_RETURN(const jvm::Jdk jdk, jvm::FindJdk());
    JTG_RETURN_IF_ERROR(jvm::CheckClassVersion(class_name, w.universe->cut().major_version, jdk));
  }
  // Inherited public methods are entries too (TreeList.addAll from AbstractList); JDK base
  // classes are read through the JVM.
  w.universe->AddInheritedCalls(
      [&s](const std::string& name) { return s.counting.vm->ReadSystemClassBytes(name); });
  std::vector<generate::CallablePtr> entries;
  for (const auto& t : w.universe->calls()) {
    if (t->IsConstructor()) continue;
    if (pattern && !Matches(*pattern, t->name, t->descriptor)) continue;
    entries.push_back(t);
  }
  if (entries.empty()) {
    if (pattern) {
      return absl::NotFoundError(absl::StrCat(
          "class ", class_name, ": no public method matches --method '", s.opts.method, "'"));
    }
    return w;
  }
  std::string load_error;
  if (s.executor->FindClass(w.internal, &load_error) == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("class ", class_name, " cannot be loaded: ", load_error));
  }
  GoalBuilder goal_builder(s.counting, *w.universe, s.cp, *s.executor);
  size_t no_loop = 0;
  for (const auto& entry : entries) {
    std::string sig = JavaSignature(entry->name, entry->descriptor);
    auto goals = goal_builder.For(entry);
    if (!goals.ok()) {
      report->skipped.push_back(
          {absl::StrCat(class_name, ".", sig), std::string(goals.status().message())});
      continue;
    }
    if (goals->empty()) {
      if (pattern)
        report->skipped.push_back({absl::StrCat(class_name, ".", sig), "reaches no loop"});
      ++no_loop;
      continue;
    }
    w.entries.push_back({entry, sig, std::move(*goals), nullptr});
  }
  // Loops reached through the class's collection views (values().removeAll(list)).
  PlanViews(s, w, pattern);
  if (no_loop > 0 && !pattern) {
    report->skipped.push_back(
        {class_name + ".*", std::to_string(no_loop) + " public method(s) reach no loop"});
  }
  return w;
}

std::vector<std::string> JarClasses(const std::string& jar) {
  std::vector<std::string> out;
  auto cp = classpath::Classpath::Open(jar);
  if (!cp.ok()) return out;
  for (const auto& name : cp->ListClasses()) {
    size_t dollar = name.find('$');
    if (dollar != std::string::npos && std::isdigit(static_cast<unsigned char>(name[dollar + 1]))) {
      continue;  // anonymous or local
    }
    if (name.ends_with("package-info") || name.ends_with("module-info")) continue;
    auto bytes = cp->ReadClass(name);
    if (!bytes.ok()) continue;
    auto parsed = classfile::Parse(*bytes, name);
    if (!parsed.ok()) continue;
    uint16_t a = parsed->cls.access;
    if ((a & classfile::kAccPublic) == 0 ||
        (a & (classfile::kAccAnnotation | classfile::kAccSynthetic)) != 0) {
      continue;
    }
    out.push_back(classfile::ToBinary(name));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace jtg::perf::pipeline
