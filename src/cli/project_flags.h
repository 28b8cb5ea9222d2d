// The flags of whole-project runs (project/project_run.h) shared by `jtestgen suite` and
// `jtestgen perf`, and their turning into ProjectOptions. Command-line wiring only.
#pragma once

#include <string>

#include "CLI/CLI.hpp"
#include "common/status.h"
#include "project/project_run.h"

namespace jtg::cli {

struct ProjectFlags {
  std::string classes, exclude, target, budget_per_class, ray, ray_memory;
  int jobs = 1;
  bool retry_failed = false;
  CLI::Option* classes_opt = nullptr;
  CLI::Option* target_opt = nullptr;
  CLI::Option* jobs_opt = nullptr;

  CLI::Option* exclude_opt = nullptr;
  CLI::Option* budget_opt = nullptr;
  CLI::Option* ray_opt = nullptr;
  CLI::Option* ray_memory_opt = nullptr;
  CLI::Option* retry_failed_opt = nullptr;

  // --classes or --target given: a whole-project run.
  bool Selected() const { return classes_opt->count() > 0 || target_opt->count() > 0; }
  // A flag given that only a whole-project run takes (--exclude, --jobs, --budget-per-class,
  // --ray, --ray-memory, --retry-failed), or "".
  std::string ProjectOnlyFlag() const {
    if (exclude_opt->count() > 0) return "--exclude";
    if (jobs_opt->count() > 0) return "--jobs";
    if (budget_opt->count() > 0) return "--budget-per-class";
    if (ray_opt->count() > 0) return "--ray";
    if (retry_failed_opt->count() > 0) return "--retry-failed";
    if (ray_memory_opt->count() > 0) return "--ray-memory";
    return "";
  }
};

// Adds --classes, --exclude, --target, --jobs, --budget-per-class, --ray, --ray-memory and
// --retry-failed to `cmd`.
void AddProjectFlags(CLI::App* cmd, ProjectFlags& f);

// The common part of the ProjectOptions: patterns, target, jobs, per-class budget (parsed:
// InvalidArgument for a bad duration; `default_budget` when not given), the Ray address and
// memory request (InvalidArgument for a bad size), live progress when stderr is a terminal.
StatusOr<project::ProjectOptions> ProjectOptionsFrom(const ProjectFlags& f, double default_budget);

}  // namespace jtg::cli
