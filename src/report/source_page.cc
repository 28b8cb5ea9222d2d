#include "report/source_page.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "classfile/names.h"

namespace jtg::report {
namespace {

// JaCoCo's classes: fc / pc / nc for the line, and the branch summary for its title.
std::string LineAttributes(const LineCounts& l) {
  const char* cls = l.ci == 0 ? "nc" : (l.mi > 0 || l.mb > 0) ? "pc" : "fc";
  std::string a = absl::StrCat(" class=\"", cls, "\"");
  const int32_t branches = l.mb + l.cb;
  if (branches > 0) {
    const std::string title = l.mb == 0 ? absl::StrCat("All ", branches, " branches covered.")
                              : l.cb == 0
                                  ? absl::StrCat("All ", branches, " branches missed.")
                                  : absl::StrCat(l.mb, " of ", branches, " branches missed.");
    absl::StrAppend(&a, " title=\"", title, "\"");
  }
  return a;
}

constexpr char kStyle[] =
    "<style>body{font-family:sans-serif}pre{font-size:13px;line-height:1.3}"
    "span.ln{display:inline-block;width:5em;color:#888;text-align:right;padding-right:1em}"
    ".fc{background:#cfc}.pc{background:#ffc}.nc{background:#fcc}</style>";

}  // namespace

std::string HtmlEscape(std::string_view s) {  // std::string_view is not absl::string_view here
  return absl::StrReplaceAll(std::string(s),
                             {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}});
}

std::optional<std::string> FindSource(const std::vector<std::string>& roots, const std::string& pkg,
                                      const std::string& file) {
  if (file.empty()) return std::nullopt;
  for (const std::string& root : roots) {
    std::filesystem::path p(root);
    if (!pkg.empty()) p /= pkg;
    p /= file;
    std::error_code ec;
    if (std::filesystem::is_regular_file(p, ec)) return p.string();
  }
  return std::nullopt;
}

std::string SourcePageName(const std::string& pkg, const std::string& file) {
  const std::string dotted = classfile::ToBinary(pkg);
  return absl::StrCat("src.", dotted.empty() ? "" : dotted + ".", file, ".html");
}

std::string SourcePage(const std::string& title, const std::string& text,
                       const std::map<int, LineCounts>& lines) {
  std::string o =
      absl::StrCat("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>", HtmlEscape(title),
                   "</title>", kStyle, "</head><body><h1>", HtmlEscape(title),
                   "</h1><p><a href=\"index.html\">all classes</a></p><pre>");
  const std::vector<std::string> src_lines = absl::StrSplit(text, '\n');
  std::vector<std::string_view> src(src_lines.begin(), src_lines.end());
  if (!src.empty() && src.back().empty()) src.pop_back();  // the final newline
  auto emit = [&](int nr, std::string_view code) {
    auto it = lines.find(nr);
    const std::string attrs = it == lines.end() ? "" : LineAttributes(it->second);
    if (!code.empty() && code.back() == '\r') code.remove_suffix(1);
    absl::StrAppend(&o, "<span id=\"L", nr, "\"", attrs, "><span class=\"ln\">", nr, "</span>",
                    HtmlEscape(code), "</span>\n");
  };
  for (size_t i = 0; i < src.size(); ++i) emit(static_cast<int>(i) + 1, src[i]);
  bool beyond = false;
  for (const auto& [nr, l] : lines) {
    if (nr <= static_cast<int>(src.size())) continue;
    if (!beyond)
      o += "</pre><p>Lines with code beyond the end of this file (the source does "
           "not match the classes):</p><pre>";
    beyond = true;
    emit(nr, "");
  }
  return o + "</pre></body></html>\n";
}

StatusOr<std::string> ReadSource(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open source file ", path));
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) return absl::InternalError(absl::StrCat("cannot read source file ", path));
  return s.str();
}

}  // namespace jtg::report
