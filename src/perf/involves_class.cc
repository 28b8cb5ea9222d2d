#include "perf/involves_class.h"

#include "perf/jdk_dispatch.h"

namespace jtg::perf {

bool CallsClass(const testcase::TestCase& test, const std::string& internal) {
  for (const testcase::Stmt& s : test.stmts) {
    if ((s.kind != testcase::StmtKind::kCall && s.kind != testcase::StmtKind::kRepeat) ||
        s.observer || !s.callable) {
      continue;
    }
    if (s.callable->owner == internal || s.callable->ConstructedClass() == internal) return true;
  }
  return false;
}

bool InvolvesClass(const testcase::TestCase& test, const std::string& internal,
                   std::string_view outer_owner, bool own_entry) {
  if (!CallsClass(test, internal)) return false;
  if (IsJdkClass(internal) || !IsJdkClass(outer_owner)) return true;
  return own_entry;
}

}  // namespace jtg::perf
