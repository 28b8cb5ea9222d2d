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
}

StatusOr<project::ProjectOptions> ProjectOptionsFrom(const ProjectFlags& f, double default_budget) {
  project::ProjectOptions p;
  p.includes = f.classes;
  p.excludes = f.exclude;
  p.target = f.target;
  p.jobs = f.jobs;
  p.budget_per_class = default_budget;
  if (!f.budget_per_class.empty()) {
    JTG_ASSIGN_OR_RETURN(p.budget_per_class, ParseBudget(f.budget_per_class, "--budget-per-class"));
  }
  p.live = isatty(STDERR_FILENO) == 1;
  return p;
}

}  // namespace jtg::cli
