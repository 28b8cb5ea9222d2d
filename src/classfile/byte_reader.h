// Bounds-checked big-endian reader over a byte span, used by the class-file parser.
//
// Every read checks the remaining length first; a short read returns
// DataLoss("<what>: offset N: truncated <region> (need K bytes, M left)") where N is the
// absolute offset in the class file (`base` + position). The reader never reads out of
// bounds. It does not own the bytes: the span must outlive it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "absl/strings/str_format.h"
#include "common/status.h"

namespace jtg::classfile {

// DataLoss("<what>: offset <offset>: <reason>"), the parser's single error format.
inline Status DataLossAt(std::string_view what, size_t offset, std::string_view reason) {
  return absl::DataLossError(absl::StrFormat("%s: offset %d: %s", what, offset, reason));
}

class ByteReader {
 public:
  // `base` is the absolute offset of data[0] in the class file; `region` names the
  // structure being read ("class file", "attribute Code", ...) for truncation messages.
  ByteReader() = default;
  ByteReader(std::span<const uint8_t> data, std::string_view what, size_t base = 0,
             std::string_view region = "class file")
      : data_(data), what_(what), base_(base), region_(region) {}

  size_t pos() const { return pos_; }             // relative to data[0]
  size_t offset() const { return base_ + pos_; }  // absolute in the class file
  size_t remaining() const { return data_.size() - pos_; }
  bool AtEnd() const { return pos_ == data_.size(); }
  std::string_view what() const { return what_; }
  std::span<const uint8_t> data() const { return data_; }

  Status Error(std::string_view reason) const { return DataLossAt(what_, offset(), reason); }
  Status ErrorAt(size_t absolute_offset, std::string_view reason) const {
    return DataLossAt(what_, absolute_offset, reason);
  }

  Status Need(size_t n) const {
    if (remaining() >= n) return absl::OkStatus();
    return Error(absl::StrFormat("truncated %s (need %d bytes, %d left)", region_, n, remaining()));
  }

  Status U1(uint8_t& out) {
    JTG_RETURN_IF_ERROR(Need(1));
    out = data_[pos_++];
    return absl::OkStatus();
  }
  Status U2(uint16_t& out) {
    JTG_RETURN_IF_ERROR(Need(2));
    out = static_cast<uint16_t>((data_[pos_] << 8) | data_[pos_ + 1]);
    pos_ += 2;
    return absl::OkStatus();
  }
  Status U4(uint32_t& out) {
    JTG_RETURN_IF_ERROR(Need(4));
    out = (uint32_t{data_[pos_]} << 24) | (uint32_t{data_[pos_ + 1]} << 16) |
          (uint32_t{data_[pos_ + 2]} << 8) | uint32_t{data_[pos_ + 3]};
    pos_ += 4;
    return absl::OkStatus();
  }
  Status U8(uint64_t& out) {
    uint32_t hi = 0, lo = 0;
    JTG_RETURN_IF_ERROR(Need(8));
    JTG_RETURN_IF_ERROR(U4(hi));
    JTG_RETURN_IF_ERROR(U4(lo));
    out = (uint64_t{hi} << 32) | lo;
    return absl::OkStatus();
  }
  // Returns a view of the next n bytes and advances past them.
  Status Bytes(size_t n, std::span<const uint8_t>& out) {
    JTG_RETURN_IF_ERROR(Need(n));
    out = data_.subspan(pos_, n);
    pos_ += n;
    return absl::OkStatus();
  }
  // DataLoss if bytes are left over (a structure shorter than its declared length).
  Status ExpectEnd() const {
    if (AtEnd()) return absl::OkStatus();
    return Error(absl::StrFormat("%s has %d unexpected trailing bytes", region_, remaining()));
  }

 private:
  std::span<const uint8_t> data_;
  std::string_view what_;
  size_t base_ = 0;
  std::string_view region_;
  size_t pos_ = 0;
};

}  // namespace jtg::classfile
