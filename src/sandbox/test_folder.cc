#include "sandbox/test_folder.h"

#include <dirent.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace jtg::sandbox {

namespace fs = std::filesystem;

std::string TestFolderFromEnvironment() {
  const char* v = std::getenv(kTestFolderEnv);
  if (v == nullptr || *v != '/') return "";
  std::string p = v;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  return p;
}

namespace {

// Whether `path` is a directory (not a link to one) with no entry but . and ..
bool EmptyDirectory(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return false;
  if ((st.st_mode & S_IRWXU) != S_IRWXU) return false;  // chmod'ed by the code under test
  DIR* d = opendir(path.c_str());
  if (d == nullptr) return false;
  bool empty = true;
  while (dirent* e = readdir(d)) {
    const std::string n = e->d_name;
    if (n != "." && n != "..") {
      empty = false;
      break;
    }
  }
  closedir(d);
  return empty;
}

// Gives the owner full access to every directory below `root` (a test may have made one
// read-only; removing its entries needs write access outside the root user's namespace).
void Unlock(const fs::path& root) {
  std::error_code ec;
  fs::permissions(root, fs::perms::owner_all, fs::perm_options::add | fs::perm_options::nofollow,
                  ec);
  if (!fs::is_directory(fs::symlink_status(root, ec))) return;
  for (auto it = fs::recursive_directory_iterator(root, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_directory(ec) && !it->is_symlink(ec)) {
      fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
  }
}

}  // namespace

Status TestFolder::Reset() {
  if (EmptyDirectory(path_)) return absl::OkStatus();
  std::error_code ec;
  Unlock(path_);
  fs::remove_all(path_, ec);  // does not follow symbolic links
  if (ec) {
    return absl::InternalError("cannot empty the test folder " + path_ + ": " + ec.message());
  }
  if (!fs::create_directory(path_, ec) || ec) {
    return absl::InternalError("cannot recreate the test folder " + path_ + ": " +
                               (ec ? ec.message() : std::string("it exists")));
  }
  fs::permissions(path_, fs::perms::owner_all, fs::perm_options::replace, ec);
  return absl::OkStatus();
}

}  // namespace jtg::sandbox
