// Small builders for hand-written TestCases in unit tests (statements in the engine's own
// model, run by the shared JVM's executor).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "classfile/descriptor.h"
#include "testcase/test_case.h"

namespace jtg::testing {

// A method or constructor ("<init>") of `owner` (internal name) with JVM descriptor `desc`.
inline std::shared_ptr<const testcase::Callable> MakeMethod(const std::string& owner,
                                                            const std::string& name,
                                                            const std::string& desc,
                                                            bool is_static) {
  return testcase::NewCallable(owner, name, desc, is_static);
}

// Appends a primitive literal of type `type` (Z B C S I J F D); returns its index.
inline int AddPrimitive(testcase::TestCase& tc, char type, int64_t i, double d = 0) {
  testcase::Stmt s;
  s.kind = testcase::StmtKind::kLiteral;
  s.type.base = type;
  s.lit.type = type;
  s.lit.i = i;
  s.lit.d = d;
  tc.stmts.push_back(s);
  return static_cast<int>(tc.size() - 1);
}

// Appends a String literal (ASCII `v`); returns its index.
inline int AddString(testcase::TestCase& tc, const std::string& v) {
  testcase::Stmt s;
  s.kind = testcase::StmtKind::kLiteral;
  s.type.base = 'L';
  s.type.class_name = "java/lang/String";
  s.lit.type = 's';
  s.lit.s = std::u16string(v.begin(), v.end());
  tc.stmts.push_back(s);
  return static_cast<int>(tc.size() - 1);
}

// Appends a call of `c` with the given argument (and receiver) statements; returns its index.
inline int AddCallStmt(testcase::TestCase& tc, std::shared_ptr<const testcase::Callable> c,
                       std::vector<int> args, int receiver = -1) {
  testcase::Stmt s;
  s.kind = testcase::StmtKind::kCall;
  s.type =
      c->IsConstructor() ? *classfile::ParseFieldDescriptor("L" + c->owner + ";") : c->desc.ret;
  s.callable = std::move(c);
  s.args = std::move(args);
  s.receiver = receiver;
  tc.stmts.push_back(s);
  return static_cast<int>(tc.size() - 1);
}

}  // namespace jtg::testing
