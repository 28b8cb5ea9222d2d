// ValueFactory: literal values (primitives, boxed values, strings) drawn from the CUT's
// constants and from random values.
#include <cmath>
#include <limits>
#include <optional>

#include "generate/values/value_factory.h"

namespace jtg::generate {

using classfile::TypeDesc;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

std::u16string ValueFactory::RandomString() {
  const Seeds& seeds = u_.seeds();
  // Paths in the test folder, for a CUT that handles files (Universe::OfferTestFolder).
  if (!seeds.paths.empty() && rng_.Chance(0.25)) return rng_.Pick(seeds.paths);
  double r = static_cast<double>(rng_.Below(1000)) / 1000.0;
  if (r < 0.5 && !seeds.strings.empty()) return rng_.Pick(seeds.strings);
  if (r < 0.65 && !seeds.strings.empty()) {
    // A constant with a random edit: prefix, suffix or doubled.
    std::u16string s = rng_.Pick(seeds.strings);
    switch (rng_.Below(4)) {
      case 0: return s + rng_.Pick(seeds.strings);
      case 1: return u"-" + s;
      case 2: return s + static_cast<char16_t>(u'0' + rng_.Below(10));
      default: return s.empty() ? s : s.substr(0, rng_.Below(s.size()));
    }
  }
  if (r < 0.85) {
    // Number-like text: sign, digits, point, exponent, type suffix, hex prefix.
    std::u16string s;
    if (rng_.Chance(0.2)) s += u'-';
    if (rng_.Chance(0.15)) s += rng_.Chance(0.5) ? u"0x" : u"#";
    size_t digits = 1 + rng_.Below(6);
    for (size_t k = 0; k < digits; ++k) {
      const char16_t* hex = u"0123456789abcdefABCDEF";
      s += hex[rng_.Below(rng_.Chance(0.8) ? 10 : 22)];
    }
    if (rng_.Chance(0.3)) {
      s += u'.';
      for (size_t k = 0; k < 1 + rng_.Below(3); ++k)
        s += static_cast<char16_t>(u'0' + rng_.Below(10));
    }
    if (rng_.Chance(0.2)) {
      s += rng_.Chance(0.5) ? u'e' : u'E';
      if (rng_.Chance(0.3)) s += u'-';
      s += static_cast<char16_t>(u'0' + rng_.Below(10));
    }
    if (rng_.Chance(0.2)) s += u"lLfFdD"[rng_.Below(6)];
    return s;
  }
  std::u16string s;
  size_t n = rng_.Below(8);
  const char16_t* alphabet = u"abcxyzABCXYZ 019.-_,;:/@\\\t\n";
  for (size_t k = 0; k < n; ++k) s += alphabet[rng_.Below(28)];
  return s;
}

std::optional<std::u16string> ValueFactory::RelatedString(const TestCase& tc, size_t skip) {
  related_.Learn(u_.seeds().strings, u_.seeds().ints);
  return related_.Make(tc, skip, rng_);
}

int ValueFactory::Literal(TestCase& tc, const TypeDesc& t, char kind) {
  const Seeds& seeds = u_.seeds();
  Stmt s;
  s.kind = StmtKind::kLiteral;
  s.type = t;
  s.lit.type = kind;
  auto some_int = [&]() -> int64_t {
    if (small_now_) return rng_.Between(-1, 16);  // a method whose sizes ran out of budget
    double r = static_cast<double>(rng_.Below(100)) / 100.0;
    if (r < 0.5 && !seeds.ints.empty()) return rng_.Pick(seeds.ints);
    if (r < 0.85) return rng_.Between(-10, 10);
    // EvoSuite's default bound on random integers (2048): larger sizes and counts mostly
    // buy time spent allocating in the code under test, not coverage.
    return rng_.Between(-2048, 2048);
  };
  switch (kind) {
    case 's': {
      std::optional<std::u16string> related;
      if (rng_.Chance(kRelatedStringChance)) related = RelatedString(tc, tc.size());
      s.lit.s = related ? *std::move(related) : RandomString();
      break;
    }
    case 'Z': s.lit.i = rng_.Chance(0.5) ? 1 : 0; break;
    case 'B': s.lit.i = ((some_int() & 0xFF) ^ 0x80) - 0x80; break;  // a byte, sign-extended
    case 'S': s.lit.i = static_cast<int16_t>(some_int()); break;
    case 'C': {
      if (rng_.Chance(0.5) && !seeds.strings.empty()) {
        const auto& str = rng_.Pick(seeds.strings);
        if (!str.empty()) {
          s.lit.i = str[rng_.Below(str.size())];
          break;
        }
      }
      s.lit.i = 0x20 + static_cast<int64_t>(rng_.Below(95));
      break;
    }
    case 'I': s.lit.i = static_cast<int32_t>(some_int()); break;
    case 'J': s.lit.i = some_int(); break;
    case 'F':
    case 'D': {
      double r = static_cast<double>(rng_.Below(100)) / 100.0;
      double v;
      // IEEE 754's special values now and then: code that handles floating point tests
      // for them (isNaN, isInfinite, signed zero).
      static constexpr double kSpecial[] = {std::numeric_limits<double>::quiet_NaN(),
                                            std::numeric_limits<double>::infinity(),
                                            -std::numeric_limits<double>::infinity(), -0.0};
      if (r < 0.05)
        v = kSpecial[rng_.Below(4)];
      else if (r < 0.4 && !seeds.doubles.empty())
        v = rng_.Pick(seeds.doubles);
      else if (r < 0.7)
        v = static_cast<double>(some_int());
      else
        v = static_cast<double>(rng_.Between(-204800, 204800)) / 100.0;
      if (kind == 'F') v = static_cast<float>(v);
      s.lit.d = v;
      break;
    }
    default:
      s.lit.type = 'I';
      s.lit.i = some_int();
      break;
  }
  tc.stmts.push_back(std::move(s));
  return static_cast<int>(tc.size() - 1);
}

}  // namespace jtg::generate
