// The agent's output (agent_state.h): the coverage file (on request and at VM death) and,
// for modes that profile, the merged HST profile at VM death.
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "agent/agent_state.h"
#include "coverage/coverage_file.h"

namespace jtg::agent {

void AgentState::OnVmDeath(JNIEnv* jni) {
  std::lock_guard<std::mutex> lock(mu_);
  if (dying_) return;
  dying_ = true;
  PollArrays(jni);
  if (policy_->Profiles()) SaveProfile();
  Status st = Dump(jni);
  if (!st.ok()) std::fprintf(stderr, "jtestgen agent: %s\n", std::string(st.message()).c_str());
}

Status AgentState::Dump(JNIEnv* jni) {
  coverage::CoverageFile f;
  f.mode = std::string(ModeName(options_.mode));
  f.pid = static_cast<int64_t>(getpid());
  f.includes = options_.includes;
  f.excludes = options_.excludes;
  f.start_ms = start_ms_;
  f.dump_ms = NowMs();
  f.stats = stats_;
  for (const auto& rp : records_) {
    const ClassRecord& r = *rp;
    if (!r.planned && r.note.empty()) continue;  // defined, never reached our hook
    coverage::ClassCoverage c;
    c.name = r.name;
    c.defined_hash = r.defined_hash;
    c.hash = r.planned ? r.hash : r.defined_hash;
    c.slots = r.slots;
    int64_t kept = 0;
    for (int32_t k = 0; k < r.slots; ++k) {
      if (r.covered[k] == 0) continue;
      c.covered.push_back(k);
      if (r.removed[k] == 0) ++kept;
    }
    f.stats.covered_probes_kept += kept;
    if (kept > 0 && !policy_->KeepsEveryProbe()) {
      Log(absl::StrCat("kept ", kept, " covered probes in ", r.name, " (retransformed ",
                       r.retransforms, "x)"));
    }
    c.retransforms = r.retransforms;
    c.note = r.note;
    f.classes.push_back(std::move(c));
  }
  std::error_code ec;
  std::filesystem::create_directories(options_.out, ec);
  const std::string path = options_.out + "/" + coverage::CoverageFileName(f.pid);
  JTG_RETURN_IF_ERROR(coverage::WriteCoverageFile(f, path));
  Log(absl::StrCat("wrote ", path, " (", f.classes.size(), " classes)"));
  return absl::OkStatus();
}

void AgentState::SaveProfile() {
  coverage::HstProfile merged = profile_;
  ++merged.runs;
  merged.interval_ms = options_.interval_ms;
  for (const auto& rp : records_) {
    const ClassRecord& r = *rp;
    if (r.slot_method.empty()) continue;
    coverage::HstClassProfile c;
    c.name = r.name;
    c.active = MethodActive(r);
    const auto methods = static_cast<int32_t>(c.active.size());
    for (int32_t m = 0; m < methods; ++m) {
      const bool demand =
          coverage::ChooseTechnique(r.profile, m, c.active[static_cast<size_t>(m)],
                                    options_.hot_intervals) == coverage::Technique::kDemand;
      ++(demand ? stats_.demand_methods : stats_.static_methods);
    }
    coverage::MergeClassProfile(merged, r.hash, std::move(c));
  }
  std::error_code ec;
  std::filesystem::create_directories(options_.cache, ec);
  Status st = coverage::WriteHstProfile(merged, options_.cache + "/" + coverage::kHstProfileFile);
  if (!st.ok()) std::fprintf(stderr, "jtestgen agent: %s\n", std::string(st.message()).c_str());
}

}  // namespace jtg::agent
