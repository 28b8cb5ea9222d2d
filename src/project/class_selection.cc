#include "project/class_selection.h"

#include <algorithm>
#include <cctype>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "classfile/class_file.h"
#include "classfile/names.h"
#include "classpath/classpath.h"
#include "coverage/class_filter.h"

namespace jtg::project {

namespace {

bool MatchesAny(const std::vector<std::string>& patterns, const std::string& name) {
  return std::any_of(patterns.begin(), patterns.end(),
                     [&](const std::string& p) { return coverage::MatchClassPattern(p, name); });
}

std::vector<std::string> Patterns(const std::string& spec) {
  std::vector<std::string> out;
  for (auto p : absl::StrSplit(spec, ':', absl::SkipWhitespace())) out.emplace_back(p);
  return out;
}

}  // namespace

std::string NotTestableReason(const std::string& binary_name, uint16_t access) {
  const std::string simple = binary_name.substr(binary_name.rfind('.') + 1);
  if (simple == "package-info" || simple == "module-info") return "package or module info";
  if ((access & classfile::kAccModule) != 0) return "module info";
  if ((access & classfile::kAccAnnotation) != 0) return "annotation";
  if ((access & classfile::kAccInterface) != 0) return "interface";
  size_t dollar = binary_name.find('$');
  if (dollar != std::string::npos) {
    if (dollar + 1 < binary_name.size() &&
        std::isdigit(static_cast<unsigned char>(binary_name[dollar + 1])) != 0) {
      return "anonymous or local class";
    }
    return absl::StrCat("nested class (tested with ", binary_name.substr(0, dollar), ")");
  }
  if ((access & classfile::kAccSynthetic) != 0) return "synthetic";
  // A package-private top-level class is tested too: its test class shares its package.
  return "";
}

StatusOr<ClassSelection> SelectClasses(const std::string& target, const std::string& includes,
                                       const std::string& excludes) {
  JTG_ASSIGN_OR_RETURN(auto cp, classpath::Classpath::Open(target));
  std::vector<std::string> in = Patterns(includes);
  if (in.empty()) in.emplace_back("**");
  const std::vector<std::string> out = Patterns(excludes);
  ClassSelection sel;
  for (const std::string& internal : cp.ListClasses()) {
    std::string name = classfile::ToBinary(internal);
    if (!MatchesAny(in, name) || MatchesAny(out, name)) continue;
    auto bytes = cp.ReadClass(internal);
    if (!bytes.ok()) {
      sel.not_testable.push_back({name, std::string(bytes.status().message())});
      continue;
    }
    auto parsed = classfile::Parse(*bytes, internal);
    if (!parsed.ok()) {
      sel.not_testable.push_back({name, std::string(parsed.status().message())});
      continue;
    }
    std::string why = NotTestableReason(name, parsed->cls.access);
    if (why.empty()) {
      sel.classes.push_back(std::move(name));
    } else {
      sel.not_testable.push_back({std::move(name), std::move(why)});
    }
  }
  if (sel.classes.empty() && sel.not_testable.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "no class of ", target, " matches --classes '", includes.empty() ? "**" : includes, "'",
        excludes.empty() ? "" : " minus --exclude '", excludes, excludes.empty() ? "" : "'"));
  }
  return sel;
}

}  // namespace jtg::project
