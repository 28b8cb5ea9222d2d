// Java source spelling of literals and types, for the JUnit writer.
#pragma once

#include <cstdint>
#include <string>

#include "classfile/descriptor.h"
#include "testcase/test_case.h"

namespace jtg::output {

// A Java string literal with quotes: escapes quotes, backslashes and control characters
// (octal/named escapes) and writes non-ASCII as \uXXXX.
std::string StringLiteral(const std::u16string& s);
// A char literal with quotes.
std::string CharLiteral(char16_t c);
// A literal of primitive type `prim` (Z B C S I J F D) with the suffix or cast that makes its
// type exact: 5, 5L, (byte) 5, (short) 5, 'a', 1.5F, 1.5, Double.NaN, true.
std::string PrimitiveLiteral(char prim, int64_t i, double d);
// A statement's literal (primitive, boxed or string).
std::string LiteralExpr(const testcase::Literal& lit);
// Java source name of a type: int, java.lang.String[], java.util.Map.Entry.
std::string SourceType(const classfile::TypeDesc& t);
// Boxed class simple name for a primitive char: I -> Integer.
std::string BoxName(char prim);
// Java identifier-safe lower camel name from a type, for variables: ArrayList -> arrayList.
std::string VarStem(const classfile::TypeDesc& t);

}  // namespace jtg::output
