#include "coverage/plan_cache.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "absl/strings/str_cat.h"
#include "coverage/atomic_write.h"
#include "coverage/class_hash.h"

namespace jtg::coverage {
namespace {

constexpr char kMagic[8] = {'J', 'T', 'G', 'P', 'L', 'A', 'N', '\n'};
constexpr uint32_t kFormatVersion = 1;

template <typename T>
void Put(std::vector<uint8_t>& out, T v) {
  for (size_t i = 0; i < sizeof(T); ++i)
    out.push_back(static_cast<uint8_t>(uint64_t(v) >> (8 * i)));
}

class Reader {
 public:
  explicit Reader(const std::vector<uint8_t>& b) : b_(b) {}
  template <typename T>
  bool Get(T& v) {
    if (pos_ + sizeof(T) > b_.size()) return false;
    uint64_t x = 0;
    for (size_t i = 0; i < sizeof(T); ++i) x |= uint64_t{b_[pos_ + i]} << (8 * i);
    v = static_cast<T>(x);
    pos_ += sizeof(T);
    return true;
  }
  size_t pos() const { return pos_; }
  size_t left() const { return b_.size() - pos_; }
  void Skip(size_t n) { pos_ += n; }

 private:
  const std::vector<uint8_t>& b_;
  size_t pos_ = 0;
};

}  // namespace

std::string PlanCachePath(const std::string& dir, uint64_t hash) {
  return absl::StrCat(dir, "/", HashToHex(hash), ".jtgplan");
}

StatusOr<CachedPlan> LoadPlan(const std::string& dir, uint64_t hash) {
  const std::string path = PlanCachePath(dir, hash);
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("no cached plan ", path));
  std::vector<uint8_t> b((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto bad = [&](std::string_view why) {
    return absl::DataLossError(absl::StrCat(path, ": ", std::string(why)));
  };
  if (b.size() < sizeof(kMagic) + 8 || std::memcmp(b.data(), kMagic, sizeof(kMagic)) != 0) {
    return bad("not a jtestgen plan file");
  }
  const uint64_t sum = HashClassBytes({b.data(), b.size() - 8});
  Reader r(b);
  r.Skip(sizeof(kMagic));
  uint32_t format = 0, layout = 0, n = 0, m = 0;
  uint64_t key = 0, stored_sum = 0;
  CachedPlan p;
  if (!r.Get(format) || format != kFormatVersion) return bad("other plan file version");
  if (!r.Get(layout) || layout != kProbeLayoutVersion) return bad("other probe layout version");
  if (!r.Get(key) || key != hash) return bad("planned for other class bytes");
  if (!r.Get(p.slots) || p.slots < 0 || !r.Get(n) || n != static_cast<uint32_t>(p.slots) ||
      r.left() < 4ull * n) {
    return bad("bad slot table");
  }
  p.slot_method.resize(n);
  for (int32_t& s : p.slot_method) r.Get(s);
  if (!r.Get(m) || r.left() != uint64_t{m} + 8) return bad("bad class length");
  p.bytes.assign(b.begin() + static_cast<ptrdiff_t>(r.pos()),
                 b.begin() + static_cast<ptrdiff_t>(r.pos() + m));
  r.Skip(m);
  if (!r.Get(stored_sum) || stored_sum != sum) return bad("checksum mismatch");
  return p;
}

Status StorePlan(const std::string& dir, uint64_t hash, const CachedPlan& p) {
  std::vector<uint8_t> b(kMagic, kMagic + sizeof(kMagic));
  Put<uint32_t>(b, kFormatVersion);
  Put<uint32_t>(b, kProbeLayoutVersion);
  Put<uint64_t>(b, hash);
  Put<int32_t>(b, p.slots);
  Put<uint32_t>(b, static_cast<uint32_t>(p.slot_method.size()));
  for (int32_t s : p.slot_method) Put<int32_t>(b, s);
  Put<uint32_t>(b, static_cast<uint32_t>(p.bytes.size()));
  b.insert(b.end(), p.bytes.begin(), p.bytes.end());
  Put<uint64_t>(b, HashClassBytes(b));
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::string path = PlanCachePath(dir, hash);
  return WriteFileAtomically(path, {reinterpret_cast<const char*>(b.data()), b.size()});
}

}  // namespace jtg::coverage
