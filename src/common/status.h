// Errors as values for all of jtestgen: absl::Status / absl::StatusOr<T>.
//
// Conventions (LevelDB style):
//  - absl::DataLossError     : corrupt input (class file, jar). Message names the class,
//                              the byte offset and what is wrong.
//  - absl::NotFoundError     : a class, method or file that does not exist.
//  - absl::InvalidArgumentError : bad user input (classpath, flags).
//  - absl::FailedPreconditionError : valid input we cannot handle (e.g. too-new class file
//                              when reading forward is disabled, abstract class with no
//                              implementation).
//  - absl::InternalError     : a JVM/JNI failure.
// No C++ exception crosses a JNI or JVMTI boundary; only main() decides to exit.
#pragma once

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

namespace jtg {

using absl::Status;
using absl::StatusOr;

}  // namespace jtg

// Propagates a non-OK Status from an expression returning Status.
#define JTG_RETURN_IF_ERROR(expr)              \
  do {                                         \
    ::absl::Status jtg_status_ = (expr);       \
    if (!jtg_status_.ok()) return jtg_status_; \
  } while (0)

#define JTG_CONCAT_INNER_(a, b) a##b
#define JTG_CONCAT_(a, b) JTG_CONCAT_INNER_(a, b)
// Declares `lhs` from a StatusOr expression, or returns its error.
// Not formatted: the NOLINT must stay on the line clang-tidy reports.
// clang-format off
#define JTG_ASSIGN_OR_RETURN(lhs, expr)                                                   \
  auto JTG_CONCAT_(jtg_or_, __LINE__) = (expr);                                           \
  if (!JTG_CONCAT_(jtg_or_, __LINE__).ok()) return JTG_CONCAT_(jtg_or_, __LINE__).status(); \
  lhs = std::move(*JTG_CONCAT_(jtg_or_, __LINE__))  /* NOLINT(bugprone-macro-parentheses): lhs is a declaration ("auto x"), parentheses would break it */
// clang-format on
