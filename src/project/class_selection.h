// Which classes a whole-project run (`jtestgen suite|perf --classes P`, project_run.h) tests:
// every class of the target entries whose binary name matches an include pattern and no
// exclude pattern (coverage/class_filter.h's syntax: `com.x.*`, `com.x.**`, `**`), and that
// can have a test class of its own (public or package-private top-level classes: the test
// class shares the package). The others that match are listed with the reason (interface,
// annotation, module or package info, synthetic, nested: tested with its outer class, as
// JaCoCo groups nested classes with it; anonymous or local).
//
// Thread safety: plain functions over their arguments.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::project {

struct NotTestable {
  std::string cls;     // binary name
  std::string reason;  // e.g. "interface"
};

struct ClassSelection {
  std::vector<std::string> classes;       // binary names, sorted
  std::vector<NotTestable> not_testable;  // sorted by name
};

// `target`: ':'-separated directories and jars to pick from; `includes`, `excludes`:
// ':'-separated patterns (empty includes = `**`). Errors: NotFound / DataLoss naming a target
// entry that does not exist or cannot be read (classpath::Classpath::Open), InvalidArgument
// when no class matches, naming the patterns and the target.
StatusOr<ClassSelection> SelectClasses(const std::string& target, const std::string& includes,
                                       const std::string& excludes);

// Why a class with these access flags and binary name gets no test class of its own, or ""
// when it does. Exposed for tests.
std::string NotTestableReason(const std::string& binary_name, uint16_t access);

}  // namespace jtg::project
