// Z3 encoding of symbolic expressions (concolic/expr.h) and one-query solving, through Z3's
// C++ API (Debian's libz3-dev). int and long are bit-vectors of 32 and 64 bits with the
// JVM's wrapping, truncating division (bvsdiv, bvsrem) and masked shift distances; float and
// double are Z3's IEEE 754 floating-point sorts (8/24 and 11/53 bits) with round-to-nearest-
// even, floating-to-integer conversion as JVMS 2.8.3 (NaN to 0, saturating, round toward
// zero), and fcmpl/fcmpg/dcmpl/dcmpg with their NaN results (den Hollander 2010, section 9,
// used bit-vectors and skipped floating point; this encodes it).
// Thread safety: a Z3Encoder and its z3::context belong to one thread at a time.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "concolic/expr.h"

namespace jtg::concolic {

class Z3Encoder {
 public:
  explicit Z3Encoder(z3::context& ctx) : ctx_(ctx) {}

  // The Z3 term of `e` (memoized per node). Inputs are the constants in<index>.
  z3::expr Encode(const Expr& e);
  // The Z3 term of input `index` of `sort` (a narrow input already encoded: its extension).
  z3::expr Input(int32_t index, Sort sort);
  // The Value of `term` (of `sort`) in `model`, completing unconstrained inputs.
  Value Read(const z3::model& model, const z3::expr& term, Sort sort);
  // The Value of a ground numeral term (bit-vector, floating point or Boolean) of `sort`.
  Value ReadGround(const z3::expr& v, Sort sort);
  z3::sort SortOf(Sort s);
  // The width of narrow input `index` (its constant in<index> has that many bits) once an
  // encoded expression used it; 0 otherwise.
  unsigned NarrowWidth(int32_t index) const {
    auto it = narrow_width_.find(index);
    return it == narrow_width_.end() ? 0 : it->second;
  }
  // Texts (kString) are encoded as a 32-bit length and kMaxText 16-bit characters, each
  // operation unrolled over the bound (z3_text.cc): Debian's Z3 4.8.12 aborts the process
  // on sequences of bit-vectors and has no character API for its String sort. A text input
  // is the length in<i>_len and the characters in<i>_<k>; longer texts are cut at the bound.
  static constexpr int kMaxText = 32;
  static constexpr int kMaxParsed = 11;  // characters Integer.parseInt is modelled on
  struct TextTerm {
    z3::expr len;              // bit-vector of 32 bits
    std::vector<z3::expr> at;  // kMaxText bit-vectors of 16 bits; those from len on unused
  };
  TextTerm Text(const Expr& e);  // of a kString expression
  // 0 <= length <= kMaxText for text input `index`.
  z3::expr TextBound(int32_t index);
  // The text of input `index` in `model`.
  std::u16string ReadText(const z3::model& model, int32_t index);

 private:
  z3::expr EncodeNode(const Node& n, const std::vector<z3::expr>& args);
  z3::expr EncodeStringOp(const Node& n);  // a string operation of int or bool sort
  TextTerm EncodeText(const Node& n);
  z3::expr Pick(const TextTerm& t, const z3::expr& index);           // t.at[index], index symbolic
  z3::expr Matches(const TextTerm& s, const TextTerm& t, int from);  // t occurs at `from`
  std::pair<z3::expr, z3::expr> ParseInt(const TextTerm& t);         // (valid, value)
  z3::expr FloatConst(uint64_t bits, Sort sort);
  z3::expr ToInteger(const z3::expr& f, unsigned width, Sort from);

  z3::context& ctx_;
  // Keyed by node; the Expr keeps the node alive so that its address is not reused.
  absl::flat_hash_map<const Node*, std::pair<Expr, z3::expr>> memo_;
  absl::flat_hash_map<const Node*, std::pair<Expr, TextTerm>> texts_;
  absl::flat_hash_map<int32_t, z3::expr> inputs_;  // narrow inputs, extended to 32 bits
  absl::flat_hash_map<int32_t, unsigned> narrow_width_;
};

// The value Z3 gives `e` with input i = inputs[i]: a second, independent evaluation for the
// differential tests of eval.h. Errors: InvalidArgument when Z3 does not reduce it to a
// numeral.
absl::StatusOr<Value> EvalWithZ3(const Expr& e, std::span<const Value> inputs);

// One query: is the conjunction of `conditions` (kBool) satisfiable? `sorts[i]` is the sort
// of input i. A sat answer carries a value for every input (unconstrained ones too).
struct SolveResult {
  enum class Answer : uint8_t { kSat, kUnsat, kTimeout };
  Answer answer = Answer::kTimeout;
  std::vector<Value> model;           // by input index, when kSat
  std::vector<std::u16string> texts;  // by input index: the text of a kString input
  absl::Duration time;
};
SolveResult Solve(std::span<const Expr> conditions, std::span<const Sort> sorts,
                  absl::Duration timeout);

}  // namespace jtg::concolic
