#include "jvm_fixture.h"

#include <stdlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "jvm/mockito_jars.h"

namespace jtg::testing {

SharedJvm& GetSharedJvm() {
  static SharedJvm* shared = [] {
    auto* s = new SharedJvm();
    jvm::JvmOptions opts;
    opts.classpath = JTG_FIXTURES_DIR;
    // Mockito, when installed (kMock tests skip otherwise); never instrumented.
    if (jvm::CheckMockitoJars().ok()) opts.classpath += ":" + jvm::MockitoClasspath();
    opts.transformer = &s->transformer;
    opts.retransform = true;
    auto vm = jvm::Jvm::Create(opts);
    if (!vm.ok()) {
      std::fprintf(stderr, "cannot create the test JVM: %s\n",
                   std::string(vm.status().message()).c_str());
      std::abort();
    }
    s->vm = std::move(*vm);
    std::string root = (std::filesystem::temp_directory_path() / "jtg-unit-folder-XXXXXX").string();
    if (mkdtemp(root.data()) == nullptr) std::abort();
    static std::string to_remove = root;  // the binary's own folder, removed at exit
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(to_remove, ec);
    });
    s->folder = std::make_unique<sandbox::TestFolder>(root + "/test");
    auto guards = jvm::StartJdkGuards(*s->vm, s->transformer, s->folder->path());
    if (!guards.ok()) {
      std::fprintf(stderr, "cannot guard the test JVM: %s\n",
                   std::string(guards.status().message()).c_str());
      std::abort();
    }
    s->guards = std::move(*guards);
    testcase::ExecutorOptions eo;
    eo.iteration_limit = 10000;
    eo.time_limit_ms = 500;
    auto ex = testcase::Executor::Create(s->vm->env(), eo);
    auto wd = jvm::Watchdog::Create(s->vm->vm(), s->vm->jvmti(), s->vm->env());
    if (!ex.ok() || !wd.ok()) std::abort();
    s->executor = std::move(*ex);
    s->watchdog = std::move(*wd);
    s->executor->SetWatchdog(s->watchdog.get());
    s->executor->SetSandboxEvents(s->guards.events.get());
    s->executor->SetThreadTracker(s->guards.threads.get());
    s->executor->SetTestFolder(s->folder.get());
    return s;
  }();
  return *shared;
}

}  // namespace jtg::testing
