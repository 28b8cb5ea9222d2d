#include "output/compile_errors.h"

#include <cctype>
#include <regex>
#include <string_view>
#include <vector>

namespace jtg::output {

namespace {

// `text` split at '\n': element i is line i + 1 (views into `text`).
std::vector<std::string_view> Lines(const std::string& text) {
  std::vector<std::string_view> out;
  std::string_view rest(text);
  for (size_t nl = rest.find('\n'); nl != std::string_view::npos; nl = rest.find('\n')) {
    out.push_back(rest.substr(0, nl));
    rest.remove_prefix(nl + 1);
  }
  if (!rest.empty()) out.push_back(rest);
  return out;
}

// The 1-based line `line` of `lines`, or "".
std::string_view LineAt(const std::vector<std::string_view>& lines, int line) {
  return line >= 1 && static_cast<size_t>(line) <= lines.size() ? lines[line - 1]
                                                                : std::string_view();
}

// Whether `word` occurs in `text` as a whole Java identifier.
bool HasIdentifier(std::string_view text, std::string_view word) {
  auto ident = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const size_t end = at + word.size();
    if ((at == 0 || !ident(text[at - 1])) && (end == text.size() || !ident(text[end]))) return true;
  }
  return false;
}

// The tests of `f` that name the class an import line imports (`import a.b.C.D;` -> D).
std::vector<size_t> TestsUsingImport(const JavaFile& f, const std::vector<std::string_view>& lines,
                                     std::string_view import_line) {
  std::vector<size_t> out;
  std::string_view l(import_line);
  if (!l.starts_with("import ") || l.starts_with("import static ") || !l.ends_with(";")) return out;
  l.remove_suffix(1);
  const std::string_view simple = l.substr(l.find_last_of(". ") + 1);
  if (simple.empty() || simple == "*") return out;
  for (size_t t = 0; t < f.test_lines.size() && t < f.test_names.size(); ++t) {
    for (int line = f.test_lines[t].first; line <= f.test_lines[t].second; ++line) {
      if (HasIdentifier(LineAt(lines, line), simple)) {
        out.push_back(t);
        break;
      }
    }
  }
  return out;
}

}  // namespace

std::set<std::string> CompileErrors(const JavaFile& f, const std::string& log, std::string* outside,
                                    std::map<std::string, std::string>* unreported,
                                    std::map<std::string, std::string>* reasons) {
  std::set<std::string> bad, other_errors;
  std::vector<std::string_view> lines;
  outside->clear();
  static const std::regex kErr(
      R"(\.java:(\d+): error: ((unreported exception ([A-Za-z0-9_$.]+);)?[^\n]*))");
  for (std::sregex_iterator it(log.begin(), log.end(), kErr), end; it != end; ++it) {
    int line = std::stoi((*it)[1]);
    const std::string message = (*it)[2];
    std::vector<size_t> tests;
    for (size_t t = 0; t < f.test_lines.size() && t < f.test_names.size(); ++t) {
      if (line >= f.test_lines[t].first && line <= f.test_lines[t].second) tests.push_back(t);
    }
    if (tests.empty()) {
      if (lines.empty()) lines = Lines(f.source);  // once, and only for such an error
      tests = TestsUsingImport(f, lines, LineAt(lines, line));
    }
    for (size_t t : tests) {
      const std::string& name = f.test_names[t];
      bad.insert(name);
      reasons->emplace(name, message);
      if ((*it)[4].matched) {
        (*unreported)[name] = (*it)[4];
      } else {
        other_errors.insert(name);
      }
    }
    if (tests.empty() && outside->empty()) *outside = message;
  }
  // A test with another error too cannot be repaired by a throws clause.
  for (const auto& n : other_errors) unreported->erase(n);
  return bad;
}

}  // namespace jtg::output
