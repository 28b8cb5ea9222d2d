#include "counting_jvm.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "jvm/jdk_counting.h"

namespace jtg::testing {
namespace {

[[noreturn]] void Die(const char* what, const Status& st) {
  std::fprintf(stderr, "%s: %s\n", what, std::string(st.message()).c_str());
  std::abort();
}

}  // namespace

CountingJvm& GetCountingJvm() {
  static CountingJvm* shared = [] {
    auto* s = new CountingJvm();
    jvm::JvmOptions opts;
    opts.classpath = JTG_FIXTURES_DIR;
    opts.transformer = &s->transformer;
    opts.retransform = true;
    opts.extra = {"-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal"};
    auto vm = jvm::Jvm::Create(opts);
    if (!vm.ok()) Die("cannot create the test JVM", vm.status());
    s->vm = std::move(*vm);
    auto n = jvm::StartJdkCounting(*s->vm, s->transformer, jvm::DefaultJdkCountedClasses());
    if (!n.ok()) Die("StartJdkCounting", n.status());
    s->retransformed = *n;
    testcase::ExecutorOptions eo;
    eo.iteration_limit = 1000000;
    eo.time_limit_ms = 5000;
    eo.hit_counts = true;
    auto ex = testcase::Executor::Create(s->vm->env(), eo);
    if (!ex.ok()) Die("executor", ex.status());
    s->executor = std::move(*ex);
    return s;
  }();
  return *shared;
}

}  // namespace jtg::testing
