// java.lang.String's operations on UTF-16 text, as the concolic interpreter and the constant
// folder of expr.h compute them (Java SE API: String.equals, length, charAt, startsWith,
// endsWith, contains, indexOf, substring, hashCode). Z3's side is in z3_encode.h.
// Thread safety: pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "concolic/expr.h"

namespace jtg::concolic {

// String.hashCode: s[0]*31^(n-1) + ... + s[n-1], wrapping in 32 bits.
int32_t JavaHashCode(std::u16string_view s);

// Integer.parseInt(s) when s is an optional sign and ASCII digits whose value is an int;
// nullopt where it throws NumberFormatException (also for digits outside ASCII, which
// parseInt accepts: the model does not). Z3's model of it (z3_text.cc) also leaves out
// texts of more than 11 characters (leading zeros).
std::optional<int32_t> JavaParseInt(std::u16string_view s);

// String.indexOf(t, from): the first index >= max(from, 0) where t occurs, or -1.
int32_t JavaIndexOf(std::u16string_view s, std::u16string_view t, int32_t from);

// The value of string operation `op` (kStrLen ... kStrToInt) on constant arguments: an Expr
// constant, or nullopt when an argument is not constant or an index is out of bounds (the
// JVM throws there; the caller branches on the bounds first).
std::optional<Expr> FoldString(Op op, const std::vector<Expr>& args);

// True for kStrLen ... kStrToInt.
bool IsStringOp(Op op);

// `s` with characters outside printable ASCII as \uXXXX, for logs and ToString.
std::string Printable(std::u16string_view s);

}  // namespace jtg::concolic

namespace jtg::concolic {

// The UTF-16 text of a CONSTANT_Utf8's modified UTF-8 bytes (JVMS 4.4.7); a malformed byte
// sequence decodes byte by byte.
std::u16string DecodeModifiedUtf8(std::string_view bytes);

}  // namespace jtg::concolic
