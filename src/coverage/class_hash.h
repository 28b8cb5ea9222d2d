// Identity of a class's bytes for coverage data: 64-bit FNV-1a over the class file as the
// JVM first saw it (before any instrumentation). The agent writes it with each class's
// coverage; `jtestgen report` recomputes it from the classpath and refuses coverage
// recorded for other bytes (the probe plan would not match).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace jtg::coverage {

uint64_t HashClassBytes(std::span<const uint8_t> bytes);
// 16 lowercase hex digits, and back (nullopt for anything else).
std::string HashToHex(uint64_t hash);
std::optional<uint64_t> HexToHash(std::string_view hex);

}  // namespace jtg::coverage
