#include "classpath/classpath.h"

#include <zip.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "absl/strings/str_format.h"

namespace jtg::classpath {

namespace fs = std::filesystem;

// One classpath entry: a directory (zip == nullptr) or an open jar.
struct Classpath::Entry {
  std::string path;
  zip_t* zip = nullptr;

  Entry() = default;
  Entry(const Entry&) = delete;
  Entry& operator=(const Entry&) = delete;
  ~Entry() {
    if (zip != nullptr) zip_discard(zip);  // read-only: nothing to write back
  }
};

namespace {

constexpr std::string_view kClassSuffix = ".class";

bool IsJar(std::string_view path) {
  if (path.size() < 4) return false;
  std::string ext(path.substr(path.size() - 4));
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".jar" || ext == ".zip";
}

// Splits on ':' dropping empty parts.
std::vector<std::string_view> SplitSpec(std::string_view spec) {
  std::vector<std::string_view> parts;
  while (!spec.empty()) {
    size_t colon = spec.find(':');
    std::string_view part = spec.substr(0, colon);
    if (!part.empty()) parts.push_back(part);
    if (colon == std::string_view::npos) break;
    spec.remove_prefix(colon + 1);
  }
  return parts;
}

StatusOr<std::vector<uint8_t>> ReadFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", p.string()));
  std::vector<uint8_t> out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return absl::DataLossError(absl::StrCat("error reading ", p.string()));
  return out;
}

// Reads the jar member `name`; NotFound if absent.
StatusOr<std::vector<uint8_t>> ReadZipEntry(zip_t* zip, const std::string& jar,
                                            const std::string& name) {
  zip_int64_t index = zip_name_locate(zip, name.c_str(), 0);
  if (index < 0) return absl::NotFoundError(absl::StrCat(name, " not in ", jar));
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(zip, static_cast<zip_uint64_t>(index), 0, &st) != 0 ||
      (st.valid & ZIP_STAT_SIZE) == 0) {
    return absl::DataLossError(absl::StrCat(jar, ": cannot stat ", name));
  }
  zip_file_t* f = zip_fopen_index(zip, static_cast<zip_uint64_t>(index), 0);
  if (f == nullptr) {
    return absl::DataLossError(absl::StrCat(jar, ": cannot open ", name, ": ", zip_strerror(zip)));
  }
  std::vector<uint8_t> out(st.size);
  zip_uint64_t got = 0;
  while (got < st.size) {
    zip_int64_t n = zip_fread(f, out.data() + got, st.size - got);
    if (n <= 0) break;
    got += static_cast<zip_uint64_t>(n);
  }
  bool failed = got != st.size;
  std::string error = failed ? zip_file_strerror(f) : "";
  zip_fclose(f);
  if (failed) return absl::DataLossError(absl::StrCat(jar, ": cannot read ", name, ": ", error));
  return out;
}

void ListDir(const std::string& root, std::set<std::string>& out) {
  std::error_code ec;
  fs::recursive_directory_iterator it(root, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    std::string rel = it->path().lexically_relative(root).generic_string();
    if (!rel.ends_with(kClassSuffix)) continue;
    out.insert(rel.substr(0, rel.size() - kClassSuffix.size()));
  }
}

void ListJar(zip_t* zip, std::set<std::string>& out) {
  zip_int64_t n = zip_get_num_entries(zip, 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    const char* name = zip_get_name(zip, static_cast<zip_uint64_t>(i), 0);
    if (name == nullptr) continue;
    std::string_view s(name);
    if (!s.ends_with(kClassSuffix) || s.starts_with("META-INF/")) continue;
    out.insert(std::string(s.substr(0, s.size() - kClassSuffix.size())));
  }
}

}  // namespace

Classpath::Classpath(Classpath&&) noexcept = default;
Classpath& Classpath::operator=(Classpath&&) noexcept = default;
Classpath::~Classpath() = default;

StatusOr<Classpath> Classpath::Open(std::string_view spec) {
  Classpath cp;
  cp.spec_ = std::string(spec);
  for (std::string_view part : SplitSpec(spec)) {
    auto entry = std::make_unique<Entry>();
    entry->path = std::string(part);
    std::error_code ec;
    fs::file_status st = fs::status(entry->path, ec);
    if (ec || !fs::exists(st)) {
      return absl::NotFoundError(absl::StrCat("classpath entry does not exist: ", entry->path));
    }
    if (fs::is_directory(st)) {
      cp.entries_.push_back(std::move(entry));
      continue;
    }
    if (!IsJar(entry->path)) {
      return absl::InvalidArgumentError(
          absl::StrCat("classpath entry is neither a directory nor a .jar/.zip: ", entry->path));
    }
    int err = 0;
    entry->zip = zip_open(entry->path.c_str(), ZIP_RDONLY, &err);
    if (entry->zip == nullptr) {
      zip_error_t ze;
      zip_error_init_with_code(&ze, err);
      std::string why = zip_error_strerror(&ze);
      zip_error_fini(&ze);
      return absl::DataLossError(absl::StrCat("cannot open jar ", entry->path, ": ", why));
    }
    cp.entries_.push_back(std::move(entry));
  }
  if (cp.entries_.empty()) return absl::InvalidArgumentError("empty classpath");
  return cp;
}

StatusOr<std::vector<uint8_t>> Classpath::ReadClass(std::string_view internal_name) const {
  if (internal_name.empty() || internal_name.front() == '/' ||
      internal_name.find("..") != std::string_view::npos) {
    return absl::NotFoundError(
        absl::StrFormat("invalid class name \"%s\" (expected a/b/C)", internal_name));
  }
  std::string rel = std::string(internal_name) + std::string(kClassSuffix);
  for (const auto& e : entries_) {
    if (e->zip != nullptr) {
      StatusOr<std::vector<uint8_t>> bytes = ReadZipEntry(e->zip, e->path, rel);
      if (!absl::IsNotFound(bytes.status())) return bytes;
      continue;
    }
    fs::path p = fs::path(e->path) / rel;
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) return ReadFile(p);
  }
  return absl::NotFoundError(
      absl::StrFormat("class %s not found on classpath %s", internal_name, spec_));
}

std::vector<std::string> Classpath::ListClasses() const {
  std::set<std::string> names;
  for (const auto& e : entries_) {
    if (e->zip != nullptr) {
      ListJar(e->zip, names);
    } else {
      ListDir(e->path, names);
    }
  }
  return std::vector<std::string>(names.begin(), names.end());
}

std::vector<std::string> Classpath::NestedClassesOf(std::string_view outer) const {
  const std::string prefix = std::string(outer) + "$";
  std::vector<std::string> out;
  for (auto& name : ListClasses()) {
    if (name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0) {
      out.push_back(std::move(name));
    }
  }
  return out;
}

}  // namespace jtg::classpath
