// Big-endian byte writer used by the class-file writer and the attribute encoders.
// Owns its output buffer; Take() moves it out. Writes never fail: callers check u16/u32
// limits before narrowing (see CheckU16).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"
#include "common/status.h"

namespace jtg::classfile {

// ResourceExhausted("<what> count N exceeds 65535") when n does not fit a u2.
inline Status CheckU16(size_t n, std::string_view what) {
  if (n <= 0xFFFF) return absl::OkStatus();
  return absl::ResourceExhaustedError(absl::StrFormat("%s count %d exceeds 65535", what, n));
}

class ByteWriter {
 public:
  void U1(uint8_t v) { out_.push_back(v); }
  void U2(uint16_t v) {
    out_.push_back(static_cast<uint8_t>(v >> 8));
    out_.push_back(static_cast<uint8_t>(v));
  }
  void U4(uint32_t v) {
    U2(static_cast<uint16_t>(v >> 16));
    U2(static_cast<uint16_t>(v));
  }
  void U8(uint64_t v) {
    U4(static_cast<uint32_t>(v >> 32));
    U4(static_cast<uint32_t>(v));
  }
  void Bytes(std::span<const uint8_t> b) { out_.insert(out_.end(), b.begin(), b.end()); }
  void Bytes(std::string_view s) { out_.insert(out_.end(), s.begin(), s.end()); }

  size_t size() const { return out_.size(); }
  std::vector<uint8_t> Take() { return std::move(out_); }

 private:
  std::vector<uint8_t> out_;
};

}  // namespace jtg::classfile
