#include "jvm/coverage_transformer.h"

#include "coverage/excluded_classes.h"

namespace jtg::jvm {

std::optional<std::vector<uint8_t>> CoverageTransformer::Transform(std::string_view internal_name,
                                                                   bool boot_loader,
                                                                   std::span<const uint8_t> bytes) {
  if (boot_loader && guarding_.load()) {
    std::string name(internal_name);
    std::lock_guard<std::mutex> lock(mu_);
    auto hooks = guard_hooks_.find(name);
    if (hooks != guard_hooks_.end()) {
      if (auto done = guarded_.find(name); done != guarded_.end()) return done->second;
      auto hooked = instrument::InsertEntryHooks(bytes, name, hooks->second);
      if (!hooked.ok()) {
        failures_[name] = std::string(hooked.status().message());
        return std::nullopt;
      }
      guarded_[name] = *hooked;
      return std::move(*hooked);
    }
  }
  const bool excluded = boot_loader || coverage::IsExcludedClass(internal_name);
  if (excluded && !(boot_loader && counting_.load())) return std::nullopt;
  std::string name(internal_name);
  std::lock_guard<std::mutex> lock(mu_);
  const bool jdk = boot_loader && jdk_classes_.count(name) != 0;
  if (excluded && !jdk) return std::nullopt;
  if (plans_.count(name) != 0) {  // a retransform (or another loader's copy)
    if (auto o = overrides_.find(name); o != overrides_.end()) return o->second;
    if (!counting_) return std::nullopt;  // keep as is
    auto it = instrumented_.find(name);
    if (it == instrumented_.end()) return std::nullopt;
    return it->second;
  }
  instrument::Options opts;
  if (jdk) {  // shared with the JVM's own threads: count only, never throw or divert
    opts.loop_guards = false;
    opts.exit_rewrite = false;
    opts.owner_blocks_only = true;
  } else {
    opts.mutation = mutation_classes_.count(name) != 0;
  }
  auto result = instrument::InstrumentBytes(bytes, internal_name, opts, ids_);
  if (!result.ok()) {
    failures_[name] = std::string(result.status().message());
    return std::nullopt;
  }
  plans_[name] = std::move(result->plan);
  if (counting_) {
    original_[name].assign(bytes.begin(), bytes.end());
    instrumented_[name] = result->bytes;
  }
  return std::move(result->bytes);
}

void CoverageTransformer::GuardJdkClasses(
    std::map<std::string, std::vector<instrument::EntryHook>> hooks) {
  std::lock_guard<std::mutex> lock(mu_);
  guard_hooks_ = std::move(hooks);
  guarded_.clear();
  guarding_ = !guard_hooks_.empty();
}

void CoverageTransformer::CountJdkClasses(std::vector<std::string> jdk_classes) {
  std::lock_guard<std::mutex> lock(mu_);
  counting_ = true;
  jdk_classes_.clear();
  for (std::string& n : jdk_classes) {
    // Probes grows its arrays with java.util.Arrays: a probe there would recurse forever.
    if (n.starts_with("java/util/") && n != "java/util/Arrays") jdk_classes_.insert(std::move(n));
  }
}

std::optional<std::vector<uint8_t>> CoverageTransformer::OriginalBytes(
    const std::string& internal_name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = original_.find(internal_name);
  if (it == original_.end()) return std::nullopt;
  return it->second;
}

void CoverageTransformer::SetOverride(std::string internal_name, std::vector<uint8_t> bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  overrides_[std::move(internal_name)] = std::move(bytes);
}

void CoverageTransformer::ClearOverride(const std::string& internal_name) {
  std::lock_guard<std::mutex> lock(mu_);
  overrides_.erase(internal_name);
}

void CoverageTransformer::EnableMutation(std::string internal_name) {
  std::lock_guard<std::mutex> lock(mu_);
  mutation_classes_.insert(std::move(internal_name));
}

std::optional<instrument::ClassPlan> CoverageTransformer::Plan(
    const std::string& internal_name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = plans_.find(internal_name);
  if (it == plans_.end()) return std::nullopt;
  return it->second;
}

std::map<std::string, std::string> CoverageTransformer::Failures() const {
  std::lock_guard<std::mutex> lock(mu_);
  return failures_;
}

}  // namespace jtg::jvm
