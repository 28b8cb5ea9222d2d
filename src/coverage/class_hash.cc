#include "coverage/class_hash.h"

#include "absl/strings/str_format.h"

namespace jtg::coverage {

uint64_t HashClassBytes(std::span<const uint8_t> bytes) {
  uint64_t h = 14695981039346656037ull;  // FNV-1a 64 offset basis
  for (uint8_t b : bytes) {
    h ^= b;
    h *= 1099511628211ull;  // FNV prime
  }
  return h;
}

std::string HashToHex(uint64_t hash) { return absl::StrFormat("%016x", hash); }

std::optional<uint64_t> HexToHash(std::string_view hex) {
  if (hex.size() != 16) return std::nullopt;
  uint64_t v = 0;
  for (char c : hex) {
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = (v << 4) | static_cast<uint64_t>(d);
  }
  return v;
}

}  // namespace jtg::coverage
