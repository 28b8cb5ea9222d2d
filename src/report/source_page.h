// Source-line pages of the HTML report (`jtestgen report --html DIR --sources S`), as
// JaCoCo's HTML report shows them: every line of a source file, numbered, coloured by its
// coverage status (covered: every instruction and branch of the line covered; partly:
// some; missed: none; no colour: no code), with the line's branch counts on hover.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "report/class_coverage.h"

namespace jtg::report {

// Where the source of `file` (a SourceFile attribute, e.g. "Foo.java") of package `pkg`
// (internal form a/b, "" = default package) is: the first of `roots` (directories, in
// order) holding <root>/<pkg>/<file>. nullopt when none does.
std::optional<std::string> FindSource(const std::vector<std::string>& roots, const std::string& pkg,
                                      const std::string& file);

// The page's file name for package `pkg` and source file `file`: "src.a.b.Foo.java.html".
std::string SourcePageName(const std::string& pkg, const std::string& file);

// The HTML page for `text` (the file's contents, UTF-8) with `lines` (line number -> counts
// of that line, from the report). `title` names the file in the heading. Lines numbered
// past the end of `text` are listed after it (the source does not match the classes).
std::string SourcePage(const std::string& title, const std::string& text,
                       const std::map<int, LineCounts>& lines);

// `s` with &, <, > and " replaced by HTML entities (for text and attribute values).
std::string HtmlEscape(std::string_view s);

// Reads `path` whole. Errors: NotFound / Internal naming the file.
StatusOr<std::string> ReadSource(const std::string& path);

}  // namespace jtg::report
