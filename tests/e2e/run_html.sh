#!/usr/bin/env bash
# Headless-Chromium checks of the HTML pages of `jtestgen report` (registered in ctest as
# `e2e_html`, issue 26):
#   (a) a project summary (a hand-written jtestgen-summary.json: escaping, a failed class, a
#       class with missing figures) rendered by `jtestgen report --suite-summary`: after the
#       page's script ran, the totals' and every row's data-value numbers equal the JSON's,
#       "#sort=-tests" and "#sort=class" put the rows in that order, clicking a header (from
#       a page that loads the summary in a frame) sorts ascending then descending, and
#       nothing the JSON holds is injected as markup;
#   (b) a perf finding page: `jtestgen perf` on fixtures.perf.Utils.subtract (in-memory
#       fixture), then `jtestgen report --perf-report ... --sources tests/fixtures/perf`: each
#       finding's section has its log-log plot (one point per positive measurement, the fitted
#       line with the JSON's exponent), its measurements, and the loop's source line marked;
#   (c) with an agent coverage run (`jtestgen cover` on the cover fixtures) in the same
#       `jtestgen report` call, the index page links the coverage report (in coverage/), the
#       summary and the perf page.
# A screenshot of each page goes to <build>/e2e-html/{summary,perf}.png (checked non-empty).
# Exits 77 (skipped) only when chromium is absent.
# usage: run_html.sh <build_dir> <source_dir>
set -uo pipefail

[[ $# -eq 2 ]] || { echo "usage: run_html.sh <build_dir> <source_dir>" >&2; exit 2; }
BUILD="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
JTG="$BUILD/jtestgen"
CHROMIUM="${JTG_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
if [[ -z "$CHROMIUM" || ! -x "$CHROMIUM" ]]; then
  echo "SKIP: no chromium (apt-get install chromium)"
  exit 77
fi
command -v python3 >/dev/null || { echo "FAIL python3 is not installed"; exit 1; }

tmp="$(mktemp -d "${TMPDIR:-/tmp}/jtg-html.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
shots="$BUILD/e2e-html"
mkdir -p "$shots"
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"; shift
  local f
  for f in "$@"; do [[ -s "$f" ]] && { echo "---- $f"; tail -n 30 "$f" | sed 's/^/  | /'; }; done
}

# chrome <output flag> <url>: one headless run with no network use and a fresh profile.
chrome() {
  local profile
  profile="$(mktemp -d "$tmp/profile.XXXXXX")"
  timeout 90 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --window-size=1300,1000 --user-data-dir="$profile" "$@" 2>>"$tmp/chromium.log"
}

# check_png <name> <file>
check_png() {
  if [[ -s "$2" && "$(head -c 8 "$2" | od -An -tx1 | tr -d ' \n')" == 89504e470d0a1a0a ]] &&
     (( $(stat -c %s "$2") > 10000 )); then
    pass "$1: screenshot $2 ($(stat -c %s "$2") bytes)"
  else
    fail "$1: no screenshot at $2" "$tmp/chromium.log"
  fi
}

# (a) the project summary.
cat >"$tmp/jtestgen-summary.json" <<'JSON'
{"version":"jtestgen e2e","command":"suite","started":"2026-11-27T20:00:00Z","wall_s":123.4,
 "options":{"budget_per_class_s":60,"seed":0,"jobs":2,"junit":5},
 "classes":[
  {"class":"a.b.C","status":"generated","test_file":"a/b/CJtgTest.java",
   "report":".jtestgen/a.b.C/jtestgen-report.json","tests":12,"dropped_tests":1,
   "branches":{"covered":10,"total":12},"lines":{"covered":30,"total":33},
   "weak_mutation":{"killed":5,"total":7},"blamed":["not built: java.io.File"],"time_s":61.2},
  {"class":"a.b.D","status":"failed","reason":"worker crashed <img src=x onerror=alert(1)>",
   "time_s":3.5},
  {"class":"a.b.Alpha","status":"unchanged","tests":30,"dropped_tests":0,
   "branches":{"covered":4,"total":4},"lines":{"covered":9,"total":10},"time_s":0.2},
  {"class":"a.b.<script>Z</script>","status":"generated","tests":2,"dropped_tests":0,
   "branches":{"covered":0,"total":6},"lines":{"covered":1,"total":8},
   "weak_mutation":{"killed":0,"total":3},"time_s":9.9}],
 "not_testable":[{"class":"a.b.I","reason":"interface"}],
 "totals":{"classes":4,"generated":2,"unchanged":1,"failed":1,"tests":44,"dropped_tests":1,
           "branches":{"covered":14,"total":22},"lines":{"covered":40,"total":51},
           "weak_mutation":{"killed":5,"total":10},"time_s":74.8}}
JSON

# (b) a perf run on an in-memory fixture.
perf_out="$tmp/perf"
rc=0
timeout 240 "$JTG" perf --classpath "$BUILD/fixtures/classes:$BUILD/fixtures/perf-impl.jar" \
  --class fixtures.perf.Utils --method 'subtract(List,List)' --budget 10s --seed 1 \
  --out "$perf_out" >"$tmp/perf.log" 2>&1 || rc=$?
if [[ $rc -eq 0 && -f "$perf_out/perf-report.json" ]]; then
  pass "jtestgen perf wrote $perf_out/perf-report.json"
else
  fail "jtestgen perf exit $rc, no report" "$tmp/perf.log"
fi

# (c) an agent coverage run, reported together with both.
source "$BUILD/jdk.env"  # JTG_JAVA_HOME, the JDK the build chose
JAVA="${JAVA_HOME:-$JTG_JAVA_HOME}/bin/java"
COVER_CP="$BUILD/fixtures_cover/classes"
rc=0
"$JTG" cover --includes 'cover.*' --out "$tmp/cov" -- "$JAVA" -cp "$COVER_CP" cover.Main 3 300 \
  >"$tmp/cover.log" 2>&1 || rc=$?
[[ $rc -eq 0 ]] && pass "jtestgen cover ran cover.Main" || fail "jtestgen cover exit $rc" "$tmp/cover.log"

site="$tmp/site"
rc=0
"$JTG" report "$tmp/cov" --classpath "$COVER_CP" --suite-summary "$tmp/jtestgen-summary.json" \
  --perf-report "$perf_out/perf-report.json" --html "$site" \
  --sources "$SRC/tests/fixtures/perf:$SRC/tests/fixtures_cover" >"$tmp/report.log" 2>&1 || rc=$?
if [[ $rc -eq 0 && -f "$site/index.html" && -f "$site/suite-1.html" && -f "$site/perf-1.html" &&
      -f "$site/coverage/index.html" && -f "$site/coverage/cover.Branchy.html" ]]; then
  pass "jtestgen report wrote index.html, suite-1.html, perf-1.html and coverage/"
else
  fail "jtestgen report exit $rc" "$tmp/report.log"
fi
rc=0
"$JTG" report --suite-summary "$tmp/missing.json" --html "$tmp/none" >"$tmp/bad.log" 2>&1 || rc=$?
if [[ $rc -ne 0 && "$(wc -l <"$tmp/bad.log")" -eq 1 ]] && grep -q "missing.json: no such file" "$tmp/bad.log"; then
  pass "a missing summary is one line naming the file"
else
  fail "a missing summary: exit $rc" "$tmp/bad.log"
fi

chrome --dump-dom "file://$site/suite-1.html#sort=-tests" >"$tmp/suite-tests.html"
chrome --dump-dom "file://$site/suite-1.html#sort=class" >"$tmp/suite-class.html"
chrome --dump-dom "file://$site/perf-1.html" >"$tmp/perf-dom.html"
# Header clicks: a page beside the summary loads it in a frame, clicks the "time (s)" header
# twice and writes the row orders it saw (file pages may read each other only with
# --allow-file-access-from-files; the virtual time budget lets the hashchange tasks run).
cat >"$site/click-test.html" <<'HTML'
<!DOCTYPE html><html><body><pre id="out">not run</pre>
<iframe id="f" src="suite-1.html" width="1300" height="800"></iframe>
<script>
function order(d) {
  return Array.prototype.map.call(d.querySelectorAll('tr[data-class]'),
                                  function (r) { return r.getAttribute('data-class'); });
}
var f = document.getElementById('f');
f.onload = function () {
  var d = f.contentDocument, th = d.querySelector('th[data-key="time_s"]');
  th.click();
  setTimeout(function () {
    var first = order(d), first_sorted = d.getElementById('classes').getAttribute('data-sorted');
    th.click();
    setTimeout(function () {
      document.getElementById('out').textContent = JSON.stringify({first: first,
          first_sorted: first_sorted, second: order(d),
          second_sorted: d.getElementById('classes').getAttribute('data-sorted')});
    }, 200);
  }, 200);
};
</script></body></html>
HTML
chrome --allow-file-access-from-files --virtual-time-budget=5000 \
  --dump-dom "file://$site/click-test.html" >"$tmp/click-dom.html"
chrome --dump-dom "file://$site/index.html" >"$tmp/index-dom.html"
chrome --screenshot="$shots/summary.png" "file://$site/suite-1.html#sort=-tests" >/dev/null
chrome --screenshot="$shots/perf.png" --window-size=1300,2200 "file://$site/perf-1.html" >/dev/null
check_png summary "$shots/summary.png"
check_png perf "$shots/perf.png"

# The DOM checks: one line per check, "PASS ..." or "FAIL ...".
python3 - "$tmp" "$perf_out/perf-report.json" "$SRC/tests/fixtures/perf/Utils.java" \
  >"$tmp/dom-checks.txt" 2>&1 <<'PY'
import json, math, re, sys
from html.parser import HTMLParser

tmp, perf_json, utils_src = sys.argv[1:4]

class Dom(HTMLParser):
    """Elements as (tag, attrs, text) in document order; text is the element's own text."""
    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.elems, self.stack = [], []
        self.feed(text)
    def handle_starttag(self, tag, attrs):
        e = {"tag": tag, "attrs": dict(attrs), "text": "", "parents": [p["attrs"] for p in self.stack]}
        self.elems.append(e)
        if tag not in ("meta", "br", "img", "input", "link", "hr", "col", "wbr"):
            self.stack.append(e)
    def handle_endtag(self, tag):
        if any(e["tag"] == tag for e in self.stack):
            while self.stack.pop()["tag"] != tag:
                pass
    def handle_data(self, data):
        for e in self.stack:
            e["text"] += data

def read(name):
    return open(f"{tmp}/{name}", encoding="utf-8").read()

def check(ok, what):
    print(("PASS " if ok else "FAIL ") + what)

summary = json.load(open(f"{tmp}/jtestgen-summary.json"))
totals = summary["totals"]
raw = read("suite-tests.html")
dom = Dom(raw)
by_id = {e["attrs"]["id"]: e for e in dom.elems if "id" in e["attrs"]}

def num(e):
    v = e["attrs"].get("data-value") if e else None
    return None if v is None else float(v)

def pct(r):
    return 100.0 * r[list(r)[0]] / r["total"]

expect = {k: totals[k] for k in ("classes", "generated", "unchanged", "failed", "tests",
                                 "dropped_tests", "time_s")}
expect["wall_s"] = summary["wall_s"]
expect["branch_pct"] = pct(totals["branches"])
expect["line_pct"] = pct(totals["lines"])
expect["mutation_pct"] = pct(totals["weak_mutation"])
for k, v in expect.items():
    got = num(by_id.get("total-" + k))
    check(got is not None and math.isclose(got, v, rel_tol=1e-9), f"summary total {k}: {got} == {v}")

rows = [e for e in dom.elems if e["tag"] == "tr" and "data-class" in e["attrs"]]
check([r["attrs"]["data-class"] for r in rows].count("a.b.C") == 1 and len(rows) == 4,
      f"summary: one row per class ({len(rows)})")
cells = {}
for e in dom.elems:
    if e["tag"] == "td" and "data-key" in e["attrs"]:
        owner = next((p["data-class"] for p in reversed(e["parents"]) if "data-class" in p), None)
        cells[(owner, e["attrs"]["data-key"])] = e
bad = []
for c in summary["classes"]:
    name = c["class"]
    want = {"tests": c.get("tests"), "dropped": c.get("dropped_tests"), "time_s": c.get("time_s"),
            "branches": c.get("branches", {}).get("covered"),
            "lines": c.get("lines", {}).get("covered"),
            "mutants": c.get("weak_mutation", {}).get("killed"),
            "branch_pct": pct(c["branches"]) if "branches" in c else None,
            "line_pct": pct(c["lines"]) if "lines" in c else None}
    for key, v in want.items():
        got = num(cells.get((name, key)))
        if (v is None) != (got is None) or (v is not None and not math.isclose(got, v, rel_tol=1e-9)):
            bad.append(f"{name}.{key}: page {got}, JSON {v}")
check(not bad, "summary rows' data-value numbers equal the JSON's" + (": " + "; ".join(bad) if bad else ""))
reason = cells.get(("a.b.D", "status"))
check(reason is not None and "worker crashed <img src=x onerror=alert(1)>" in reason["text"],
      "the failed class's reason is shown, as text")
tags = [e["tag"] for e in dom.elems]
check("img" not in tags and tags.count("script") == 1 and "&lt;script&gt;Z" in raw,
      "nothing from the JSON is markup (no img, one script: the page's)")

table = by_id.get("classes")
check(table is not None and table["attrs"].get("data-sorted") == "-tests",
      "the page's script ran: #sort=-tests applied (data-sorted)")
order = [r["attrs"]["data-class"] for r in rows]
tests = {c["class"]: c.get("tests") for c in summary["classes"]}
want = sorted((c for c in tests if tests[c] is not None), key=lambda c: -tests[c]) + \
       [c for c in tests if tests[c] is None]
check(order == want, f"rows by tests, descending, missing last: {order}")
by_class = [e["attrs"]["data-class"] for e in Dom(read("suite-class.html")).elems
            if e["tag"] == "tr" and "data-class" in e["attrs"]]
check(by_class == sorted(tests, key=str.lower), f"rows by class name: {by_class}")

clicked = None
for e in Dom(read("click-dom.html")).elems:
    if e["attrs"].get("id") == "out":
        try:
            clicked = json.loads(e["text"])
        except ValueError:
            clicked = None
times = {c["class"]: c.get("time_s") for c in summary["classes"]}
by_time = sorted(times, key=lambda c: times[c])
check(clicked is not None and clicked["first"] == by_time and clicked["first_sorted"] == "time_s",
      f"a click on the time header sorts ascending: {clicked and clicked['first']}")
check(clicked is not None and clicked["second"] == by_time[::-1]
      and clicked["second_sorted"] == "-time_s",
      f"a second click sorts descending: {clicked and clicked['second']}")

# (b) the perf page.
perf = json.load(open(perf_json))
pdom = Dom(read("perf-dom.html"))
findings = perf["findings"]
check(len(findings) > 0, f"the perf run has findings ({len(findings)})")
source = open(utils_src, encoding="utf-8").read().split("\n")
for i, f in enumerate(findings):
    rank = f.get("rank", i + 1)
    inside = [e for e in pdom.elems if any(p.get("id") == f"finding-{rank}" for p in e["parents"])]
    if not inside:
        check(False, f"finding {rank}: section finding-{rank}")
        continue
    pts = [e for e in inside if e["tag"] == "circle" and e["attrs"].get("class") == "point"]
    pos = 0
    for ys in (f["iterations"], f["times_ms"]):  # a panel plots 2 or more positive points
        k = sum(1 for n, y in zip(f["sizes"], ys) if n > 0 and y > 0)
        pos += k if k >= 2 else 0
    check(len(pts) == pos, f"finding {rank}: {len(pts)} plotted points == {pos} positive measurements")
    fits = [e for e in inside if e["tag"] == "path" and e["attrs"].get("class") == "fit"]
    legends = " ".join(e["text"] for e in inside if e["tag"] == "text")
    if f.get("exponent") is not None:
        check(len(fits) >= 1 and f"fitted line: exponent {f['exponent']:.2f}" in legends,
              f"finding {rank}: fitted line with exponent {f['exponent']:.2f}")
    values = [float(e["attrs"]["data-value"]) for e in inside
              if e["tag"] == "td" and "data-value" in e["attrs"]
              and any(p.get("class") == "measurements" for p in e["parents"])]
    want = [v for j, n in enumerate(f["sizes"]) for v in
            [n] + ([f["iterations"][j]] if j < len(f["iterations"]) else []) +
            ([f["times_ms"][j]] if j < len(f["times_ms"]) else [])]
    check(values == want, f"finding {rank}: measurements table equals the JSON")
    for loop in f["loops"]:
        if loop["method"].startswith("fixtures.perf.Utils.") and loop["line"] > 0:
            marked = [e for e in inside if e["tag"] == "span" and e["attrs"].get("class") == "loop-line"]
            text = source[loop["line"] - 1].strip()
            check(any(text in e["text"] for e in marked),
                  f"finding {rank}: Utils.java:{loop['line']} shown and marked ({text})")

index = Dom(read("index-dom.html"))
links = [e["attrs"].get("href") for e in index.elems if e["tag"] == "a"]
check(links == ["coverage/index.html", "suite-1.html", "perf-1.html"],
      f"index links the pages: {links}")
PY
while IFS= read -r line; do
  case "$line" in
    PASS\ *) pass "${line#PASS }" ;;
    FAIL\ *) fail "${line#FAIL }" ;;
    *) fail "DOM check: $line" ;;
  esac
done <"$tmp/dom-checks.txt"

echo "html: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
