#include "project/summary_html.h"

#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "report/json_fields.h"
#include "report/source_page.h"

namespace jtg::project {
namespace {

using nlohmann::json;
namespace jf = report::json_fields;

constexpr const char* kDash = "\u2013";  // shown for a missing field

constexpr const char* kStyle =
    "<style>body{font-family:sans-serif;margin:1.5em;color:#222}"
    "table{border-collapse:collapse;margin:.8em 0}th,td{border:1px solid #ccc;padding:3px 8px}"
    "th{background:#f3f3f3}#classes th{cursor:pointer;user-select:none}"
    "#classes th[aria-sort=ascending]::after{content:' \\25B2'}"
    "#classes th[aria-sort=descending]::after{content:' \\25BC'}"
    "td.num{text-align:right}tr.failed{background:#fde8e8}"
    ".reason{color:#a11;font-size:90%;display:block;max-width:32em;overflow-wrap:anywhere}"
    "td[data-key=blamed]{max-width:24em;font-size:90%}"
    "small{color:#555}</style>";

// Sorts #classes by a column's data-value (numbers numerically, missing last); header
// clicks set the hash, the hash sorts.
constexpr const char* kScript = R"JS(<script>
(function () {
  var t = document.getElementById('classes');
  if (!t) return;
  var body = t.tBodies[0], heads = t.tHead.rows[0].cells;
  function val(row, key) {
    var c = row.querySelector('td[data-key="' + key + '"]');
    var v = c ? c.getAttribute('data-value') : null;
    if (v === null) return null;
    return isNaN(Number(v)) || v === '' ? v.toLowerCase() : Number(v);
  }
  function sort(key, desc) {
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (x, y) {
      var a = val(x, key), b = val(y, key);
      if (a === b) return 0;
      if (a === null) return 1;
      if (b === null) return -1;
      return (a < b ? -1 : 1) * (desc ? -1 : 1);
    });
    rows.forEach(function (r) { body.appendChild(r); });
    for (var i = 0; i < heads.length; i++) {
      var on = heads[i].getAttribute('data-key') === key;
      if (on) heads[i].setAttribute('aria-sort', desc ? 'descending' : 'ascending');
      else heads[i].removeAttribute('aria-sort');
    }
    t.setAttribute('data-sorted', (desc ? '-' : '') + key);
  }
  function fromHash() {
    var m = /sort=(-?)([A-Za-z_]+)/.exec(location.hash);
    if (m) sort(m[2], m[1] === '-');
  }
  for (var i = 0; i < heads.length; i++) {
    heads[i].addEventListener('click', function () {
      var key = this.getAttribute('data-key');
      location.hash = 'sort=' + (t.getAttribute('data-sorted') === key ? '-' : '') + key;
    });
  }
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
</script>)JS";

std::string Esc(const std::string& s) { return report::HtmlEscape(s); }

// The raw number for data-value.
std::string Raw(double v) {  // shortest round trip, integers without ".0"
  char buf[32];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

std::string Fmt(double v, const char* fmt) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}
std::string Count(double v) { return Fmt(v, "%.0f"); }

double Pct(const jf::Ratio& r) { return r.total > 0 ? 100.0 * r.part / r.total : 0.0; }

// A cell of column `key`: `text` shown, `value` (raw) in data-value when present.
std::string Cell(const std::string& key, const std::string& text,
                 const std::optional<std::string>& value, bool numeric,
                 const std::string& extra = "") {
  std::string o = "<td data-key=\"" + key + "\"";
  if (numeric) o += " class=\"num\"";
  if (value) o += " data-value=\"" + Esc(*value) + "\"";
  return o + extra + ">" + (text.empty() ? kDash : text) + "</td>";
}
std::string NumberCell(const std::string& key, std::optional<double> v, const char* fmt = "%.0f") {
  return v ? Cell(key, Fmt(*v, fmt), Raw(*v), true) : Cell(key, "", std::nullopt, true);
}
// "covered/total" with data-value covered and data-total; then the percentage column.
std::string RatioCells(const std::string& key, const std::string& pct_key,
                       const std::optional<jf::Ratio>& r) {
  if (!r) return Cell(key, "", std::nullopt, true) + Cell(pct_key, "", std::nullopt, true);
  std::string o = Cell(key, Count(r->part) + "/" + Count(r->total), Raw(r->part), true,
                       " data-total=\"" + Raw(r->total) + "\"");
  if (r->total <= 0) return o + Cell(pct_key, "", std::nullopt, true);
  return o + Cell(pct_key, Fmt(Pct(*r), "%.1f") + "%", Raw(Pct(*r)), true);
}

bool HasScheme(const std::string& path) {
  const size_t colon = path.find(':');
  return colon != std::string::npos && path.find('/') > colon;
}
std::string Link(const std::string& path, const std::string& label, const std::string& base) {
  if (path.empty()) return "";
  if (HasScheme(path)) return Esc(label) + " " + Esc(path);
  const std::string href = path.front() == '/' ? "file://" + path : base + path;
  return "<a href=\"" + Esc(href) + "\">" + Esc(label) + "</a>";
}

struct Column {
  const char* key;
  const char* title;
};
const std::vector<Column> kSuiteColumns = {{"class", "class"},
                                           {"status", "status"},
                                           {"tests", "tests"},
                                           {"dropped", "dropped"},
                                           {"branches", "branches"},
                                           {"branch_pct", "branch %"},
                                           {"lines", "lines"},
                                           {"line_pct", "line %"},
                                           {"mutants", "weak mutants killed"},
                                           {"mutation_pct", "weak mutation %"},
                                           {"strong", "mutants killed by the tests"},
                                           {"strong_pct", "strong mutation %"},
                                           {"blamed", "blamed causes"},
                                           {"time_s", "time (s)"},
                                           {"links", "files"}};
const std::vector<Column> kPerfColumns = {{"class", "class"},       {"status", "status"},
                                          {"findings", "findings"}, {"likely_bugs", "likely bugs"},
                                          {"time_s", "time (s)"},   {"links", "files"}};

std::string ClassRow(const json& c, bool perf, const std::string& base) {
  const std::string name = jf::String(c, "class"), status = jf::String(c, "status");
  std::string o = "<tr data-class=\"" + Esc(name) + "\"" +
                  (status == "failed" ? " class=\"failed\"" : "") + ">";
  o += Cell("class", "<code>" + Esc(name) + "</code>", name, false);
  std::string status_text = Esc(status);
  const std::string reason = jf::String(c, "reason");
  if (!reason.empty()) status_text += "<div class=\"reason\">" + Esc(reason) + "</div>";
  o += Cell("status", status_text, status.empty() ? std::nullopt : std::optional(status), false);
  std::string links;
  auto add_link = [&](const char* field, const char* label) {
    const std::string l = Link(jf::String(c, field), label, base);
    if (!l.empty()) links += (links.empty() ? "" : " &middot; ") + l;
  };
  if (perf) {
    o += NumberCell("findings", jf::Number(c, "findings"));
    o += NumberCell("likely_bugs", jf::Number(c, "likely_bugs"));
    o += NumberCell("time_s", jf::Number(c, "time_s"), "%.1f");
    add_link("perf_report", "perf report");
    add_link("report", "report");
  } else {
    o += NumberCell("tests", jf::Number(c, "tests"));
    o += NumberCell("dropped", jf::Number(c, "dropped_tests"));
    o += RatioCells("branches", "branch_pct", jf::RatioAt(c, "branches", "covered"));
    o += RatioCells("lines", "line_pct", jf::RatioAt(c, "lines", "covered"));
    o += RatioCells("mutants", "mutation_pct", jf::RatioAt(c, "weak_mutation", "killed"));
    o += RatioCells("strong", "strong_pct", jf::RatioAt(c, "strong_mutation", "killed"));
    std::string blamed;
    for (const json& b : jf::Array(c, "blamed")) {
      if (b.is_string()) blamed += (blamed.empty() ? "" : "<br>") + Esc(b.get<std::string>());
    }
    o += Cell("blamed", blamed, std::nullopt, false);
    o += NumberCell("time_s", jf::Number(c, "time_s"), "%.1f");
    add_link("test_file", "test");
    add_link("report", "report");
  }
  return o + Cell("links", links, std::nullopt, false) + "</tr>\n";
}

// One figure of the totals table.
std::string Total(const std::string& key, const std::string& title, const std::string& text,
                  const std::optional<double>& value) {
  return "<tr><th>" + title + "</th><td id=\"total-" + key + "\" class=\"num\"" +
         (value ? " data-value=\"" + Raw(*value) + "\"" : std::string()) + ">" +
         (text.empty() ? kDash : text) + "</td></tr>\n";
}
std::string TotalNumber(const json& t, const char* key, const std::string& title,
                        const char* fmt = "%.0f") {
  const std::optional<double> v = jf::Number(t, key);
  return Total(key, title, v ? Fmt(*v, fmt) : "", v);
}
std::string TotalRatio(const json& t, const char* key, const char* part, const std::string& id,
                       const std::string& title) {
  const std::optional<jf::Ratio> r = jf::RatioAt(t, key, part);
  if (!r || r->total <= 0) return Total(id, title, r ? "0/0" : "", std::nullopt);
  return Total(id, title,
               Fmt(Pct(*r), "%.1f") + "% (" + Count(r->part) + "/" + Count(r->total) + ")",
               Pct(*r));
}

std::string Totals(const json& s, bool perf) {
  const json* tp = jf::Field(s, "totals");
  const json t = tp != nullptr ? *tp : json::object();
  std::string o = "<table id=\"totals\">\n";
  o += TotalNumber(t, "classes", "classes") + TotalNumber(t, "generated", "generated") +
       TotalNumber(t, "unchanged", "unchanged") + TotalNumber(t, "failed", "failed");
  if (perf) {
    o += TotalNumber(t, "findings", "findings") + TotalNumber(t, "likely_bugs", "likely bugs");
  } else {
    o += TotalNumber(t, "tests", "tests") + TotalNumber(t, "dropped_tests", "dropped tests") +
         TotalRatio(t, "branches", "covered", "branch_pct", "branch coverage") +
         TotalRatio(t, "lines", "covered", "line_pct", "line coverage") +
         TotalRatio(t, "weak_mutation", "killed", "mutation_pct", "weak-mutation score") +
         TotalRatio(t, "strong_mutation", "killed", "strong_pct", "strong-mutation score");
  }
  o += TotalNumber(t, "time_s", "time, all classes (s)", "%.1f");
  const std::optional<double> wall = jf::Number(s, "wall_s");
  o += Total("wall_s", "wall-clock time (s)", wall ? Fmt(*wall, "%.1f") : "", wall);
  return o + "</table>\n";
}

std::string Options(const json& s) {
  const json* o = jf::Field(s, "options");
  if (o == nullptr || !o->is_object() || o->empty()) return "";
  std::string text;
  for (const auto& [k, v] : o->items()) {
    text += (text.empty() ? "" : ", ") + Esc(k) + " " +
            Esc(v.is_string() ? v.get<std::string>() : v.dump());
  }
  return "<p id=\"options\">Options: " + text + ".</p>\n";
}

}  // namespace

std::string SummaryHtml(const json& s, const std::string& link_base) {
  const bool perf = jf::String(s, "command") == "perf";
  const std::string command = perf ? "perf" : "suite";
  std::string o = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>jtestgen " +
                  command + " summary</title>" + kStyle + "</head><body>\n";
  o += "<h1>jtestgen " + command + ": project summary</h1>\n<p>";
  const std::string version = jf::String(s, "version"), started = jf::String(s, "started");
  o += "Made by " + (version.empty() ? std::string(kDash) : Esc(version)) + ", started " +
       (started.empty() ? std::string(kDash) : Esc(started)) + ".</p>\n";
  o += Options(s) + Totals(s, perf);
  const std::vector<Column>& columns = perf ? kPerfColumns : kSuiteColumns;
  o += "<h2>Classes</h2>\n<table id=\"classes\"><thead><tr>";
  for (const Column& c : columns) {
    o += std::string("<th data-key=\"") + c.key + "\" title=\"sort\">" + c.title + "</th>";
  }
  o += "</tr></thead>\n<tbody>\n";
  for (const json& c : jf::Array(s, "classes")) o += ClassRow(c, perf, link_base);
  o += "</tbody></table>\n";
  const std::vector<json> skipped = jf::Array(s, "not_testable");
  o += "<h2>Not testable</h2>\n";
  if (skipped.empty()) {
    o += "<p>None.</p>\n";
  } else {
    o += "<table id=\"not-testable\"><tr><th>class</th><th>reason</th></tr>\n";
    for (const json& n : skipped) {
      const std::string name = jf::String(n, "class"), reason = jf::String(n, "reason");
      o += "<tr><td><code>" + Esc(name) + "</code></td><td>" +
           (reason.empty() ? std::string(kDash) : Esc(reason)) + "</td></tr>\n";
    }
    o += "</table>\n";
  }
  return o + kScript + "\n</body></html>\n";
}

}  // namespace jtg::project
