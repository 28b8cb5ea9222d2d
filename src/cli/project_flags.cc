#include "cli/project_flags.h"

#include <unistd.h>

#include "cli/budget.h"

namespace jtg::cli {

void AddProjectFlags(CLI::App* cmd, ProjectFlags& f) {
  f.classes_opt = cmd->add_option(
      "--classes", f.classes,
      "whole-project run: every testable class matching these ':'-separated patterns "
      "(com.x.* = package com.x, com.x.** = with subpackages, ** = all), one test class each");
  f.exclude_opt = cmd->add_option("--exclude", f.exclude,
                                  "whole-project run: classes not to test (same patterns)");
  f.target_opt = cmd->add_option(
      "--target", f.target,
      "whole-project run: pick classes only from these ':'-separated classpath entries "
      "(default: all of --classpath)");
  f.jobs_opt =
      cmd->add_option("--jobs,-j", f.jobs, "whole-project run: classes at once (default 1)")
          ->check(CLI::Range(1, 256));
  f.budget_opt = cmd->add_option(
      "--budget-per-class", f.budget_per_class,
      "whole-project run: search budget of each class, e.g. 60s (default: --budget)");
  f.ray_opt = cmd->add_option(
      "--ray", f.ray,
      "whole-project run on a Ray cluster: its address (HOST:PORT of the head, or auto), one "
      "task per class, as many at once as the cluster has CPUs or --jobs (needs the Python "
      "package ray: make ray-setup)");
  f.retry_failed_opt = cmd->add_flag(
      "--retry-failed", f.retry_failed,
      "whole-project run: run again the classes that failed with the same bytes and options "
      "(default: listed as failed with their earlier reason, not run)");
  f.ray_memory_opt = cmd->add_option(
      "--ray-memory", f.ray_memory,
      "with --ray: memory each class job asks the cluster for, e.g. 3g (default 2g for suite, "
      "6g for perf)");
}

StatusOr<project::ProjectOptions> ProjectOptionsFrom(const ProjectFlags& f, double default_budget) {
  project::ProjectOptions p;
  // An empty pattern list would match every class (as "**"): a script's empty variable is
  // not a request to test the whole classpath.
  if (f.classes_opt->count() > 0 && f.classes.find_first_not_of(": ") == std::string::npos) {
    return absl::InvalidArgumentError(
        "--classes is empty: give class patterns such as com.x.* or com.x.** (** for all)");
  }
  p.includes = f.classes;
  p.excludes = f.exclude;
  p.target = f.target;
  p.jobs = f.jobs;
  p.jobs_given = f.jobs_opt->count() > 0;
  p.budget_per_class = default_budget;
  if (!f.budget_per_class.empty()) {
    JTG_ASSIGN_OR_RETURN(p.budget_per_class, ParseBudget(f.budget_per_class, "--budget-per-class"));
  }
  p.ray_address = f.ray;
  p.retry_failed = f.retry_failed;
  if (!f.ray_memory.empty()) {
    if (f.ray.empty()) return absl::InvalidArgumentError("--ray-memory needs --ray");
    JTG_ASSIGN_OR_RETURN(int mib, ParseMegabytes(f.ray_memory, "--ray-memory"));
    p.ray_memory = int64_t{mib} << 20;
  }
  p.live = isatty(STDERR_FILENO) == 1;
  return p;
}

}  // namespace jtg::cli
