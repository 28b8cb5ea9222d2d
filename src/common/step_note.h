// Where a long run is (searching, validating, growth runs, ...), for whoever watches it: a
// whole-project run (project/project_run.h) sets JTG_STEP_FILE in each child's environment
// and shows the step in its progress line. Set() replaces the file's one line atomically
// (write then rename), so the reader never sees half a line. Without the variable, or when
// the file cannot be written, Set() does nothing: progress is never worth failing a run.
//
// Thread safety: one StepNote per thread; different StepNotes on one file race harmlessly
// (the last rename wins).
#pragma once

#include <string>
#include <string_view>

namespace jtg {

class StepNote {
 public:
  // Reads JTG_STEP_FILE; an unset or empty variable makes a note that writes nothing.
  static StepNote FromEnvironment();
  StepNote() = default;  // writes nothing
  explicit StepNote(std::string path) : path_(std::move(path)) {}

  void Set(std::string_view step) const;
  bool enabled() const { return !path_.empty(); }

 private:
  std::string path_;
};

// The step last Set() on `path`, "" when there is none.
std::string ReadStep(const std::string& path);

}  // namespace jtg
