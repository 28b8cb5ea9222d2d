#!/usr/bin/env bash
# End-to-end checks of whole-project runs (registered in ctest as `e2e_project`) on the small
# in-memory project of tests/fixtures/project (compiled here with javac):
#   - `suite --classes 'shop.**' --jobs 2`: one test class per testable class (Counter with its
#     nested Snapshot, Prices, Basket), the interface, nested and anonymous classes and the
#     class with nothing to call (Limits) listed as not testable with their reasons, a
#     summary whose totals add up, one progress line per class when stderr is not a terminal;
#   - the same command again: every class unchanged, nothing rewritten, in seconds;
#   - one class's source changed and recompiled: only it runs again;
#   - a hand-written test file in the way: that class fails with the reason, the file is left
#     as it was, the others are still done and the run exits 1;
#   - a second run on the same folder while one runs: refused;
#   - SIGKILL of the run: no class job outlives it;
#   - SIGINT in the middle: exit 130, the summary keeps the classes done, the next run does
#     only the rest;
#   - `perf --classes ... --jobs 2` on two perf fixtures: findings per class in the summary and
#     the tests moved under --out.
# usage: run_project.sh <build_dir> <source_dir>
set -uo pipefail
[[ $# -eq 2 ]] || { echo "usage: run_project.sh <build_dir> <source_dir>" >&2; exit 2; }
BUILD="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
JTG="$BUILD/jtestgen"
command -v jq >/dev/null || { echo "FAIL jq is not installed (make setup installs it)"; exit 1; }
JAVAC="${JAVA_HOME:+$JAVA_HOME/bin/}javac"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/jtg-project.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"; shift
  local f
  for f in "$@"; do [[ -s "$f" ]] && { echo "---- $f"; tail -n 30 "$f" | sed 's/^/  | /'; }; done
}
check() { local what="$1"; shift; if "$@" >/dev/null; then pass "$what"; else fail "$what" "${LOGS[@]}"; fi; }

cp -r "$SRC/tests/fixtures/project" "$tmp/src"
compile() { rm -rf "$tmp/classes"; "$JAVAC" -d "$tmp/classes" "$tmp"/src/shop/*.java; }
compile || { echo "FAIL javac of the fixture project"; exit 1; }
FLAGS=(--classpath "$tmp/classes" --classes 'shop.**' --jobs 2 --budget-per-class 3s
       --iterations 300 --validation-runs 1)
OUT="$tmp/out"
SUM="$OUT/jtestgen-summary.json"
LOGS=("$tmp/run1.err" "$tmp/run1.out")

# 1. First run.
rc=0; timeout 300 "$JTG" suite "${FLAGS[@]}" --out "$OUT" >"$tmp/run1.out" 2>"$tmp/run1.err" || rc=$?
check "first run exits 0 (rc=$rc)" test "$rc" -eq 0
check "summary lists the three testable classes as generated" \
  test "$(jq -r '[.classes[] | select(.status=="generated") | .class] | join(",")' "$SUM")" \
       = "shop.Basket,shop.Counter,shop.Prices"
for c in Basket Counter Prices; do
  check "test class of shop.$c written" test -s "$OUT/shop/${c}JtgTest.java"
done
check "the interface is not testable, with the reason" \
  test "$(jq -r '.not_testable[] | select(.class=="shop.Priced") | .reason' "$SUM")" = interface
check "the nested class is tested with its outer class" \
  test "$(jq -r '.not_testable[] | select(.class=="shop.Counter$Snapshot") | .reason' "$SUM")" \
       = "nested class (tested with shop.Counter)"
check "the anonymous class is not testable" \
  test "$(jq -r '.not_testable[] | select(.class=="shop.Basket$1") | .reason' "$SUM")" \
       = "anonymous or local class"
check "totals add up the rows (tests, covered branches)" \
  test "$(jq '[.classes[].tests] | add' "$SUM"),$(jq '[.classes[].branches.covered] | add' "$SUM")" \
       = "$(jq '.totals.tests' "$SUM"),$(jq '.totals.branches.covered' "$SUM")"
check "some branches covered" test "$(jq '.totals.branches.covered' "$SUM")" -gt 5
check "one progress line per class on a non-terminal stderr" \
  test "$(grep -cE '^\[[1-4]/4\] shop\.[A-Za-z]+: generated, [0-9]+ tests, branches' "$tmp/run1.err")" -eq 3
check "the summary line is printed" grep -q '^3 classes: 3 generated, 0 unchanged, 0 failed, 4 not testable' "$tmp/run1.out"
check "a class with nothing to call is not testable, not failed" \
  test "$(jq -r '.not_testable[] | select(.class=="shop.Limits") | .reason' "$SUM")" \
       = "class shop.Limits has no public method or constructor to test"
check "the child's report is in the class's state folder" \
  test -s "$OUT/.jtestgen/shop.Counter/jtestgen-report.json"

# The summary page as a browser shows it (Debian's chromium; skipped when absent): its totals
# and rows are those of the JSON.
CHROMIUM="$(command -v chromium || true)"
if [[ -n "$CHROMIUM" ]]; then
  timeout 90 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d "$tmp/profile.XXXXXX")" \
    --dump-dom "file://$OUT/jtestgen-summary.html" >"$tmp/summary-dom.html" 2>"$tmp/chromium.log"
  LOGS=("$tmp/chromium.log")
  check "the summary page's total tests are the JSON's" \
    grep -q "id=\"total-tests\"[^>]*data-value=\"$(jq '.totals.tests' "$SUM")\"" "$tmp/summary-dom.html"
  check "the summary page has one row per class" \
    test "$(grep -o 'data-class="shop\.[A-Za-z]*"' "$tmp/summary-dom.html" | sort -u | wc -l)" -eq 3
else
  echo "SKIP summary page in chromium: no chromium"
fi

# 2. Same command again: all unchanged.
before=$(stat -c %Y "$OUT/shop/CounterJtgTest.java")
start=$(date +%s)
rc=0; "$JTG" suite "${FLAGS[@]}" --out "$OUT" >"$tmp/run2.out" 2>"$tmp/run2.err" || rc=$?
took=$(( $(date +%s) - start ))
LOGS=("$tmp/run2.err" "$tmp/run2.out")
check "second run exits 0 and skips every class in ${took}s" \
  test "$rc" -eq 0 -a "$(jq '.totals.unchanged' "$SUM")" -eq 3 -a "$took" -le 10
check "an unchanged class's test file is not rewritten" \
  test "$(stat -c %Y "$OUT/shop/CounterJtgTest.java")" -eq "$before"

# 3. One class changed: only it runs again.
sed -i 's|public int value() { return value; }|public int value() { return value; }\n\n  public boolean isZero() { return value == 0; }|' \
  "$tmp/src/shop/Counter.java"
compile
rc=0; "$JTG" suite "${FLAGS[@]}" --out "$OUT" >"$tmp/run3.out" 2>"$tmp/run3.err" || rc=$?
LOGS=("$tmp/run3.err" "$tmp/run3.out")
check "after a change, only the changed class runs again" \
  test "$rc,$(jq -r '[.classes[] | select(.status=="generated") | .class] | join(",")' "$SUM")" \
       = "0,shop.Counter"
check "the new method is tested" grep -q 'isZero' "$OUT/shop/CounterJtgTest.java"

# 4. A hand-written test file in the way.
OUT4="$tmp/out4"
mkdir -p "$OUT4/shop"
printf 'package shop;\nclass PricesJtgTest {}\n' >"$OUT4/shop/PricesJtgTest.java"
rc=0; "$JTG" suite "${FLAGS[@]}" --out "$OUT4" >"$tmp/run4.out" 2>"$tmp/run4.err" || rc=$?
LOGS=("$tmp/run4.err" "$tmp/run4.out")
check "a class blocked by a hand-written file makes the run exit 1 (rc=$rc)" test "$rc" -eq 1
check "that class fails with the reason naming the file" \
  jq -e '.classes[] | select(.class=="shop.Prices") | select(.status=="failed")
         | .reason | test("PricesJtgTest.java")' "$OUT4/jtestgen-summary.json"
check "the hand-written file is left as it was" grep -q '^class PricesJtgTest {}' "$OUT4/shop/PricesJtgTest.java"
check "the other classes are still done" test "$(jq '.totals.generated' "$OUT4/jtestgen-summary.json")" -eq 2
check "the failure is named on stderr" grep -q 'jtestgen: 1 of 3 classes failed, first shop.Prices' "$tmp/run4.err"
# Again: the failed class is not run again while its bytes and options are the same.
rc=0; "$JTG" suite "${FLAGS[@]}" --out "$OUT4" >"$tmp/run4b.out" 2>"$tmp/run4b.err" || rc=$?
LOGS=("$tmp/run4b.err" "$tmp/run4b.out")
check "an unchanged failed class is listed as failed, not run again (rc=$rc)" \
  jq -e '.classes[] | select(.class=="shop.Prices") | select(.status=="failed")
         | .reason | test("PricesJtgTest.java.*not run again")' "$OUT4/jtestgen-summary.json"
check "so the second run does nothing" \
  test "$rc,$(jq '.totals.unchanged' "$OUT4/jtestgen-summary.json")" = "1,2"
rc=0; "$JTG" suite "${FLAGS[@]}" --retry-failed --out "$OUT4" >"$tmp/run4c.out" 2>"$tmp/run4c.err" || rc=$?
LOGS=("$tmp/run4c.err" "$tmp/run4c.out")
check "--retry-failed runs it again" \
  jq -e '.classes[] | select(.class=="shop.Prices") | select(.status=="failed")
         | .reason | test("not run again") | not' "$OUT4/jtestgen-summary.json"

# 5. Interrupted, then resumed.
OUT5="$tmp/out5"
"$JTG" suite --classpath "$tmp/classes" --classes 'shop.**' --jobs 1 --budget-per-class 3s \
  --iterations 300 --validation-runs 1 --out "$OUT5" >"$tmp/run5.out" 2>"$tmp/run5.err" &
pid=$!
for _ in $(seq 1 240); do   # until the first class is done
  [[ -s "$OUT5/jtestgen-summary.json" ]] && break
  sleep 0.5
done
rc=0; "$JTG" suite --classpath "$tmp/classes" --classes 'shop.**' --budget-per-class 3s \
  --out "$OUT5" >"$tmp/run5b.out" 2>"$tmp/run5b.err" || rc=$?
LOGS=("$tmp/run5b.err")
check "a second run on the same folder is refused while the first runs (rc=$rc)" \
  test "$rc" -eq 1 -a "$(grep -c 'another jtestgen run is using' "$tmp/run5b.err")" -eq 1
kill -INT "$pid"
rc=0; wait "$pid" || rc=$?
LOGS=("$tmp/run5.err" "$tmp/run5.out")
done5=$(jq '.classes | length' "$OUT5/jtestgen-summary.json" 2>/dev/null || echo 0)
check "SIGINT stops the run with exit 130 (rc=$rc) keeping $done5 class(es) done" \
  test "$rc" -eq 130 -a "$done5" -ge 1 -a "$done5" -lt 3
check "the stop is named on stderr" grep -q 'stopped by signal 2 after' "$tmp/run5.err"
rc=0; "$JTG" suite --classpath "$tmp/classes" --classes 'shop.**' --jobs 1 --budget-per-class 3s \
  --iterations 300 --validation-runs 1 --out "$OUT5" >"$tmp/run6.out" 2>"$tmp/run6.err" || rc=$?
LOGS=("$tmp/run6.err" "$tmp/run6.out")
check "the resumed run does only the rest" \
  test "$rc,$(jq '.totals.unchanged' "$OUT5/jtestgen-summary.json"),$(jq '.totals.generated' "$OUT5/jtestgen-summary.json")" \
       = "0,$done5,$((3 - done5))"

# 5b. SIGKILL of the project run: its class jobs (supervisors, workers, JVMs) die with it
# (issue 41: nine processes were left running).
OUT5K="$tmp/out5k"
"$JTG" suite --classpath "$tmp/classes" --classes 'shop.**' --jobs 2 --budget-per-class 30s \
  --out "$OUT5K" >"$tmp/run5k.out" 2>"$tmp/run5k.err" &
pid=$!
for _ in $(seq 1 120); do   # until two class jobs run
  (( $(pgrep -f -- "--out $OUT5K" | wc -l) >= 3 )) && break
  sleep 0.5
done
jobs_before=$(pgrep -f -- "--out $OUT5K" | wc -l)
kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
for _ in $(seq 1 40); do
  pgrep -f -- "--out $OUT5K" >/dev/null || break
  sleep 0.25
done
left=$(pgrep -f -- "--out $OUT5K" | wc -l)
LOGS=("$tmp/run5k.err")
check "SIGKILL of the project run stops its $((jobs_before - 1)) class-job processes ($left left)" \
  test "$jobs_before" -ge 3 -a "$left" -eq 0
pkill -KILL -f -- "--out $OUT5K" 2>/dev/null || true

# 6. perf over two fixtures.
OUT7="$tmp/out7"
rc=0; timeout 300 "$JTG" perf --classpath "$BUILD/fixtures/classes:$BUILD/fixtures/perf-impl.jar" \
  --classes 'fixtures.perf.Utils:fixtures.perf.DistinctKeys' --jobs 2 --budget-per-class 8s \
  --out "$OUT7" >"$tmp/run7.out" 2>"$tmp/run7.err" || rc=$?
LOGS=("$tmp/run7.err" "$tmp/run7.out")
check "perf project run exits 0 (rc=$rc)" test "$rc" -eq 0
check "Utils has a likely bug in the summary" \
  jq -e '.command == "perf" and (.classes[] | select(.class=="fixtures.perf.Utils") | .likely_bugs >= 1)' \
  "$OUT7/jtestgen-summary.json"
check "DistinctKeys has a finding" \
  jq -e '.classes[] | select(.class=="fixtures.perf.DistinctKeys") | .findings >= 1' "$OUT7/jtestgen-summary.json"
check "perf tests moved under --out" test -s "$OUT7/fixtures/perf/UtilsPerfTest.java"
check "each class's perf report stays in its state folder" \
  test -s "$OUT7/.jtestgen/fixtures.perf.Utils/perf-report.html"

# 7. Bad selection: one line naming it.
rc=0; "$JTG" suite --classpath "$tmp/classes" --classes 'no.such.**' --out "$tmp/out8" \
  >"$tmp/run8.out" 2>"$tmp/run8.err" || rc=$?
LOGS=("$tmp/run8.err")
check "a pattern matching nothing is named (rc=$rc)" \
  test "$rc" -ne 0 -a "$(grep -c "no class of .* matches --classes 'no.such.\*\*'" "$tmp/run8.err")" -eq 1

echo "e2e_project: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
