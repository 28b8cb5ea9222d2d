#include "perf/read_oracle.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "classfile/names.h"
#include "instrument/instrument.h"
#include "instrument/read_probes.h"
#include "jvm/jni_util.h"
#include "perf/jdk_dispatch.h"

namespace jtg::perf {
namespace {

// "field java.util.ArrayList.size, line 300" / "Object[] element, line 306".
std::string Describe(const instrument::ReadSite& s) {
  std::string d = s.what;
  if (size_t colon = d.find(':'); colon != std::string::npos) {  // owner.name:desc
    d = "field " + classfile::ToBinary(d.substr(0, colon));
  }
  if (s.line > 0) d += ", line " + std::to_string(s.line);
  return d;
}

// The class bytes with read probes on the loop (and the runtime guards of application code).
StatusOr<instrument::LoopReads> ProbedBytes(const std::vector<uint8_t>& original,
                                            const CountedLoop& inner) {
  const MethodKey& m = inner.method;
  const instrument::LoopReadTarget target{m.name, m.desc, inner.header_offset};
  JTG_ASSIGN_OR_RETURN(instrument::LoopReads lr,
                       instrument::InstrumentLoopReads(original, m.owner, target));
  if (!IsJdkClass(m.owner)) {
    instrument::Options guards;
    guards.coverage = false;
    guards.loop_guards = true;
    guards.exit_rewrite = true;
    instrument::IdAllocator ids;  // no goals without coverage: allocates nothing
    JTG_ASSIGN_OR_RETURN(instrument::Result r,
                         instrument::InstrumentBytes(lr.bytes, m.owner, guards, ids));
    lr.bytes = std::move(r.bytes);
  }
  return lr;
}

// Takes Reads.disarm()'s {overflow, tag, value, ...} into a trace.
StatusOr<ReadTrace> Disarm(JNIEnv* env, jclass reads, jmethodID disarm) {
  auto arr = static_cast<jlongArray>(env->CallStaticObjectMethod(reads, disarm));
  JTG_RETURN_IF_ERROR(jvm::CheckException(env, "jtestgen.rt.Reads.disarm"));
  if (arr == nullptr) return absl::InternalError("jtestgen.rt.Reads.disarm returned null");
  const jsize n = env->GetArrayLength(arr);
  std::vector<jlong> data(static_cast<size_t>(n));
  env->GetLongArrayRegion(arr, 0, n, data.data());
  env->DeleteLocalRef(arr);
  ReadTrace t;
  if (data.empty()) return t;
  t.overflow = data[0] != 0;
  t.events.reserve(data.size() / 2);
  for (size_t i = 1; i + 1 < data.size(); i += 2) {
    t.events.push_back({static_cast<int32_t>(data[i]), static_cast<int64_t>(data[i + 1])});
  }
  return t;
}

}  // namespace

StatusOr<ReadRedundancy> RunReadOracle(const ReadOracleContext& c, const CountedLoop& inner,
                                       testcase::TestCase test, const ReadOracleOptions& options) {
  const std::string& owner = inner.method.owner;
  auto original = c.transformer.OriginalBytes(owner);
  if (owner.empty() || !original) {
    return absl::FailedPreconditionError(absl::StrCat("no original bytes of ",
                                                      owner.empty() ? "the loop's class" : owner,
                                                      " (not instrumented in counting mode)"));
  }
  JTG_ASSIGN_OR_RETURN(instrument::LoopReads probed, ProbedBytes(*original, inner));
  JNIEnv* env = c.executor.env();
  jclass reads = c.executor.FindClass("jtestgen/rt/Reads");
  if (reads == nullptr)
    return absl::InternalError("runtime helper jtestgen.rt.Reads is not defined");
  jmethodID arm = env->GetStaticMethodID(reads, "arm", "(I)V");
  jmethodID disarm = env->GetStaticMethodID(reads, "disarm", "()[J");
  JTG_RETURN_IF_ERROR(jvm::CheckException(env, "jtestgen.rt.Reads methods"));

  // Swap the probed class in for one run; restored below on every path.
  c.transformer.SetOverride(owner, std::move(probed.bytes));
  auto restore = [&]() -> Status {
    c.transformer.ClearOverride(owner);
    auto back = c.vm.RetransformLoadedClasses({owner});
    if (!back.ok()) {
      return absl::InternalError(
          absl::StrCat("cannot restore ", owner, ": ", back.status().message()));
    }
    return absl::OkStatus();
  };
  auto swapped = c.vm.RetransformLoadedClasses({owner});
  if (!swapped.ok()) {
    Status restored = restore();
    return absl::InternalError(absl::StrCat("cannot retransform ", owner,
                                            " with read probes: ", swapped.status().message(),
                                            restored.ok() ? "" : "; ", restored.message()));
  }
  env->CallStaticVoidMethod(reads, arm, static_cast<jint>(options.max_events));
  test.n = options.n;
  testcase::ExecResult r = c.executor.Run(test);
  StatusOr<ReadTrace> trace = Disarm(env, reads, disarm);
  JTG_RETURN_IF_ERROR(restore());
  if (!trace.ok()) return trace.status();
  if (!r.Normal() || r.budget_exceeded) {
    return absl::FailedPreconditionError(
        r.budget_exceeded ? absl::StrCat("the run at n = ", options.n, " overran its budget")
        : r.threw_at >= 0 ? absl::StrCat("the run at n = ", options.n, " threw ", r.exception_class)
                          : absl::StrCat("the run at n = ", options.n, " failed: ", r.setup_error));
  }
  std::vector<std::string> names;
  for (const instrument::ReadSite& s : probed.sites) names.push_back(Describe(s));
  const int line = inner.where.line > 0 ? inner.where.line : probed.loop_line;
  std::string loop = "the inner loop at " + inner.where.method;
  if (line > 0) loop += " line " + std::to_string(line);
  return JudgeReads(*trace, names, loop, options.n, options.similarity);
}

ReadRedundancy RepeatedReads(const ReadOracleContext& c, const LoopGoal& goal,
                             const testcase::TestCase& test, const ReadOracleOptions& options) {
  StatusOr<ReadRedundancy> r =
      goal.redundant && goal.loops.size() >= 2
          ? RunReadOracle(c, goal.loops.back(), test, options)
          : StatusOr<ReadRedundancy>(absl::InvalidArgumentError("not a nested pair"));
  if (r.ok()) return *std::move(r);
  ReadRedundancy out;
  out.n = options.n;
  out.summary = absl::StrCat("read oracle not run: ", r.status().message());
  return out;
}

}  // namespace jtg::perf
