#include "perf/markdown_html.h"

#include <cctype>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "report/source_page.h"

namespace jtg::perf {

namespace {

using report::HtmlEscape;

bool IsPunct(char c) { return std::ispunct(static_cast<unsigned char>(c)) != 0; }

// Cells of a table row "| a | b \| c |": split on unescaped '|'; "\|" stays escaped for
// InlineHtml.
std::vector<std::string> Cells(std::string_view row) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < row.size(); ++i) {
    if (row[i] == '\\' && i + 1 < row.size()) {
      cur += row.substr(i, 2);
      ++i;
    } else if (row[i] == '|') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += row[i];
    }
  }
  out.push_back(cur);
  if (!out.empty() && out.front().find_first_not_of(' ') == std::string::npos) {
    out.erase(out.begin());
  }
  if (!out.empty() && out.back().find_first_not_of(' ') == std::string::npos) out.pop_back();
  for (std::string& c : out) {
    c.erase(0, c.find_first_not_of(' '));
    c.erase(c.find_last_not_of(' ') + 1);
  }
  return out;
}

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

std::string InlineHtml(std::string_view t) {
  std::string out;
  bool bold = false;
  for (size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '\\' && i + 1 < t.size() && IsPunct(t[i + 1])) {
      out += HtmlEscape(t.substr(i + 1, 1));
      ++i;
    } else if (c == '`') {
      size_t end = t.find('`', i + 1);
      if (end == std::string_view::npos) {
        out += "`";
        continue;
      }
      std::string code(t.substr(i + 1, end - i - 1));
      // In a table cell, "\|" inside code is a literal '|' (GitHub's rule).
      for (size_t at; (at = code.find("\\|")) != std::string::npos;) code.replace(at, 2, "|");
      out += "<code>" + HtmlEscape(code) + "</code>";
      i = end;
    } else if (c == '*' && i + 1 < t.size() && t[i + 1] == '*') {
      out += bold ? "</strong>" : "<strong>";
      bold = !bold;
      ++i;
    } else if (c == '[') {
      const size_t close = t.find("](", i);
      const size_t end = close == std::string_view::npos ? close : t.find(')', close);
      if (end == std::string_view::npos) {
        out += "[";
        continue;
      }
      out += "<a href=\"" + HtmlEscape(t.substr(close + 2, end - close - 2)) + "\">" +
             InlineHtml(t.substr(i + 1, close - i - 1)) + "</a>";
      i = end;
    } else {
      out += HtmlEscape(t.substr(i, 1));
    }
  }
  if (bold) out += "</strong>";
  return out;
}

std::string MarkdownToHtml(std::string_view md,
                           const std::map<std::string, std::string>& inline_svg) {
  std::vector<std::string_view> lines;
  while (!md.empty()) {
    const size_t nl = md.find('\n');
    lines.push_back(md.substr(0, nl));
    md = nl == std::string_view::npos ? std::string_view() : md.substr(nl + 1);
  }
  std::string html;
  size_t i = 0;
  while (i < lines.size()) {
    std::string_view l = lines[i];
    if (l.empty()) {
      ++i;
    } else if (StartsWith(l, "#")) {
      const size_t level = l.find_first_not_of('#');
      const std::string tag = "h" + std::to_string(level);
      std::string text(l.substr(level + 1));
      std::string id;
      if (level == 2 && text == "Terms") id = " id=\"terms\"";
      if (level == 3) id = " id=\"finding-" + text.substr(0, text.find('.')) + "\"";
      absl::StrAppend(&html, "<", tag, id, ">", InlineHtml(text), "</", tag, ">\n");
      ++i;
    } else if (StartsWith(l, "![")) {
      const size_t close = l.find("](");
      const std::string alt(l.substr(2, close == std::string_view::npos ? 0 : close - 2));
      const std::string src(close == std::string_view::npos
                                ? std::string_view()
                                : l.substr(close + 2, l.rfind(')') - close - 2));
      auto it = inline_svg.find(src);
      html += "<figure>" +
              (it != inline_svg.end()
                   ? it->second
                   : "<img src=\"" + HtmlEscape(src) + "\" alt=\"" + HtmlEscape(alt) + "\">") +
              "</figure>\n";
      ++i;
    } else if (StartsWith(l, "|")) {
      html += "<table>\n";
      bool header = true;
      for (; i < lines.size() && StartsWith(lines[i], "|"); ++i) {
        if (StartsWith(lines[i], "|---") || StartsWith(lines[i], "|:--")) continue;
        html += "<tr>";
        for (const std::string& c : Cells(lines[i])) {
          html += (header ? "<th>" : "<td>") + InlineHtml(c) + (header ? "</th>" : "</td>");
        }
        html += "</tr>\n";
        header = false;
      }
      html += "</table>\n";
    } else if (StartsWith(l, "- ")) {
      html += "<ul>\n";
      for (; i < lines.size() && StartsWith(lines[i], "- "); ++i) {
        html += "<li>" + InlineHtml(lines[i].substr(2)) + "</li>\n";
      }
      html += "</ul>\n";
    } else {
      std::string para;
      for (;
           i < lines.size() && !lines[i].empty() && !StartsWith(lines[i], "#") &&
           !StartsWith(lines[i], "|") && !StartsWith(lines[i], "- ") && !StartsWith(lines[i], "![");
           ++i) {
        para += (para.empty() ? "" : " ") + InlineHtml(lines[i]);
      }
      html += "<p>" + para + "</p>\n";
    }
  }
  return html;
}

}  // namespace jtg::perf
