#!/usr/bin/env bash
# End-to-end test of the jtestgen CLI (registered in ctest as `e2e_suite`).
# usage: run_e2e.sh <build_dir> <source_dir>
# Prints one PASS/FAIL line per check and ends with `e2e: N passed, M failed`;
# exits non-zero if any check failed.
set -uo pipefail
echo "JDK under test: ${JAVA_HOME:-the java on PATH}"

[[ $# -eq 2 ]] || { echo "usage: run_e2e.sh <build_dir> <source_dir>" >&2; exit 2; }
BUILD="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
source "$BUILD/jdk.env"  # JTG_JAVA_HOME, the JDK the build chose (CMakeLists.txt)
# The JDK under test: JAVA_HOME when set (ctest sets it: the build's JDK, or the JDK 25 of
# the second pass), else the build's. jtestgen finds the same one.
export JAVA_HOME="${JAVA_HOME:-$JTG_JAVA_HOME}"
JAVAC="$JAVA_HOME/bin/javac"
JTG="$BUILD/jtestgen"
MEASURE="$SRC/tools/jacoco/measure_suite.sh"
EXAMPLES="$BUILD/examples/classes"
CUT=com.example.inventory.Inventory            # the bundled example's main class
CUT_TEST_PATH="com/example/inventory/InventoryJtgTest.java"
export JTG_JACOCO_CACHE="$BUILD/jacoco-cache"
RUN_TIMEOUT=300                                # seconds per jtestgen invocation

tmp="$(mktemp -d "${TMPDIR:-/tmp}/jtg-e2e.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"
  shift
  local f
  for f in "$@"; do   # show the tail of each relevant log
    [[ -s "$f" ]] && { echo "---- $f"; tail -n 40 "$f" | sed 's/^/  | /'; }
  done
}

# --- tiny JSON helpers (the shapes are flat and known; no jq/python on a bare machine) -------
# json_counter FILE KEY -> "covered total" from "KEY":{"covered":N,"total":M}
json_counter() {
  local obj
  obj=$(tr -d ' \t\r\n' <"$1" | grep -o "\"$2\":{[^}]*}" | head -1)
  local c t
  c=$(grep -o '"covered":[0-9]*' <<<"$obj" | head -1 | cut -d: -f2)
  t=$(grep -o '"total":[0-9]*' <<<"$obj" | head -1 | cut -d: -f2)
  [[ -n "$c" && -n "$t" ]] && echo "$c $t"
}
# within_1pp "c1 t1" "c2 t2": ratios differ by at most one percentage point (0/0 counts as 100%)
within_1pp() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    split(a, x, " "); split(b, y, " ");
    r1 = (x[2] > 0) ? x[1] / x[2] : 1; r2 = (y[2] > 0) ? y[1] / y[2] : 1;
    d = r1 - r2; if (d < 0) d = -d; exit (d <= 0.01 + 1e-9) ? 0 : 1 }'
}
pct() { awk -v a="$1" 'BEGIN { split(a, x, " "); printf "%.1f%% (%d/%d)", (x[2] > 0 ? 100 * x[1] / x[2] : 100), x[1], x[2] }'; }

if [[ ! -x "$JTG" ]]; then
  echo "FAIL jtestgen binary not found at $JTG"
  echo "e2e: 0 passed, 1 failed"
  exit 1
fi

# --- a/b: generate, compile+run under JaCoCo, compare coverage with the tool's report --------
suite_checks() {  # suite_checks <label> <junit> <outdir> [extra jtestgen args...]
  local label="$1" junit="$2" out="$3"; shift 3
  local log="$tmp/$label.jtestgen.log" test_file="$out/$CUT_TEST_PATH"
  local report="$out/jtestgen-report.json"
  local rc=0
  timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$EXAMPLES" --class "$CUT" --budget 10s \
      --seed 1 --out "$out" "$@" >"$log" 2>&1 || rc=$?
  if [[ $rc -eq 0 && -f "$test_file" ]]; then
    pass "$label: jtestgen suite exits 0 and writes $CUT_TEST_PATH"
  else
    fail "$label: jtestgen suite exit $rc, test file $( [[ -f "$test_file" ]] && echo present || echo missing)" "$log"
    fail "$label: @Test count (no test file)"
    fail "$label: measure_suite.sh (no test file)"
    fail "$label: report vs JaCoCo (no test file)"
    return
  fi

  local ntests
  ntests=$(grep -c '@Test' "$test_file" || true)
  if [[ "$ntests" -ge 3 ]]; then
    pass "$label: test file has $ntests @Test methods"
  else
    fail "$label: test file has only $ntests @Test methods (want >= 3)" "$test_file"
  fi

  local mlog="$tmp/$label.measure.log" mjson="$tmp/$label.jacoco.json" mrc=0
  "$MEASURE" "$EXAMPLES" "$CUT" "$out" "$junit" >"$mjson" 2>"$mlog" || mrc=$?
  if [[ $mrc -eq 0 ]]; then
    pass "$label: generated suite compiles and passes under JaCoCo: $(cat "$mjson")"
  else
    fail "$label: measure_suite.sh exit $mrc" "$mlog"
  fi

  if [[ ! -f "$report" ]]; then
    fail "$label: $report missing" "$log"; return
  fi
  local jb jl rb rl
  jb=$(json_counter "$mjson" branches); jl=$(json_counter "$mjson" lines)
  rb=$(json_counter "$report" branches); rl=$(json_counter "$report" lines)
  if [[ -z "$jb" || -z "$jl" || -z "$rb" || -z "$rl" ]]; then
    fail "$label: cannot read branches/lines from report or JaCoCo output" "$report" "$mjson"
  elif within_1pp "$jb" "$rb" && within_1pp "$jl" "$rl"; then
    pass "$label: report agrees with JaCoCo: branches $(pct "$rb") vs $(pct "$jb"), lines $(pct "$rl") vs $(pct "$jl")"
  else
    fail "$label: report disagrees with JaCoCo: branches $(pct "$rb") vs $(pct "$jb"), lines $(pct "$rl") vs $(pct "$jl")" "$report"
  fi
}

suite_checks a-junit5 5 "$tmp/gen"
suite_checks b-junit4 4 "$tmp/gen4" --junit 4

# --- c: determinism ------------------------------------------------------------------------
det_ok=1
for run in 1 2; do
  if ! timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$EXAMPLES" --class "$CUT" --seed 7 \
       --iterations 300 --out "$tmp/det$run" >"$tmp/det$run.log" 2>&1; then
    det_ok=0; fail "c: determinism run $run (--seed 7 --iterations 300) failed" "$tmp/det$run.log"
  fi
done
if [[ $det_ok -eq 1 ]]; then
  if [[ -f "$tmp/det1/$CUT_TEST_PATH" ]] && cmp -s "$tmp/det1/$CUT_TEST_PATH" "$tmp/det2/$CUT_TEST_PATH"; then
    pass "c: two runs with --seed 7 --iterations 300 write identical test files"
  else
    diff "$tmp/det1/$CUT_TEST_PATH" "$tmp/det2/$CUT_TEST_PATH" >"$tmp/det.diff" 2>&1
    fail "c: test files of two seeded runs differ" "$tmp/det.diff"
  fi
fi

# --- d: error cases: non-zero exit, exactly one non-empty stderr line naming the thing -------
expect_error() {  # expect_error <label> <regex the message must match> <jtestgen args...>
  local label="$1" want="$2"; shift 2
  local err="$tmp/err.$passed.$failed.txt" rc=0
  timeout 120 "$JTG" suite --budget 5s --out "$tmp/errout" "$@" >/dev/null 2>"$err" || rc=$?
  local lines msg
  lines=$(grep -c . "$err" || true)
  msg=$(grep . "$err" | head -1)
  if [[ $rc -eq 0 ]]; then
    fail "$label: exit status 0, expected non-zero" "$err"
  elif [[ $rc -eq 124 ]]; then
    fail "$label: timed out" "$err"
  elif [[ "$lines" -ne 1 ]]; then
    fail "$label: exit $rc but $lines stderr lines (want exactly 1)" "$err"
  elif ! grep -Eq -- "$want" <<<"$msg"; then
    fail "$label: message does not name '$want': $msg"
  else
    pass "$label: exit $rc: $msg"
  fi
}

expect_error "d1 unknown class" 'com[./]example[./]DoesNotExist' \
  --classpath "$EXAMPLES" --class com.example.DoesNotExist
expect_error "d2 missing classpath entry" '/nonexistent' \
  --classpath /nonexistent --class "$CUT"
expect_error "d3 empty classpath" '[Cc]lass-?[Pp]ath' \
  --classpath '' --class "$CUT"

mkdir -p "$tmp/iface-src/e2e" "$tmp/iface"
cat >"$tmp/iface-src/e2e/Shape.java" <<'JAVA'
package e2e;
public interface Shape { double area(); String name(); }
JAVA
if "$JAVAC" --release 11 -d "$tmp/iface" "$tmp/iface-src/e2e/Shape.java" 2>"$tmp/iface.log"; then
  expect_error "d4 interface without implementation" 'e2e[./]Shape' \
    --classpath "$tmp/iface" --class e2e.Shape
else
  fail "d4: cannot compile the interface fixture" "$tmp/iface.log"
fi

mkdir -p "$tmp/new-src/e2e" "$tmp/new"
cat >"$tmp/new-src/e2e/TooNew.java" <<'JAVA'
package e2e;
public class TooNew { public int twice(int x) { return 2 * x; } }
JAVA
if "$JAVAC" --release 11 -d "$tmp/new" "$tmp/new-src/e2e/TooNew.java" 2>"$tmp/new.log"; then
  # Bytes 6-7 of a class file hold the major version: 70 (Java 26) is newer than this JVM.
  printf '\x00\x46' | dd of="$tmp/new/e2e/TooNew.class" bs=1 seek=6 count=2 conv=notrunc status=none
  expect_error "d5 class file too new" 'e2e[./]TooNew' \
    --classpath "$tmp/new" --class e2e.TooNew
else
  fail "d5: cannot compile the too-new fixture" "$tmp/new.log"
fi

# --- e: hostile code under test: exit, endless loop, blocking call, JVM crash --------------
mkdir -p "$tmp/hostile-src/e2e" "$tmp/hostile"
cat >"$tmp/hostile-src/e2e/Hostile.java" <<'JAVA'
package e2e;
import java.lang.reflect.Field;
public class Hostile {
  public static int safe(int x) { return x > 3 ? 1 : 0; }
  public static void quit(int x) { if (x != 12345) System.exit(3); }
  public static void halt(int x) { if (x != 12345) Runtime.getRuntime().halt(4); }
  public static int spin(int x) { int i = 0; while (x != 12345) { i++; } return i; }
  public static void block(int x) throws InterruptedException { if (x != 12345) Thread.sleep(600000); }
  public static void crash(int x) throws Exception {
    if (x != 12345) {
      Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      ((sun.misc.Unsafe) f.get(null)).putAddress(0, 0);
    }
  }
}
JAVA
if "$JAVAC" --release 11 -nowarn -d "$tmp/hostile" "$tmp/hostile-src/e2e/Hostile.java" >"$tmp/hostile.log" 2>&1; then
  rc=0
  (cd "$tmp" && timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$tmp/hostile" --class e2e.Hostile \
     --budget 8s --seed 3 --validation-runs 2 --out "$tmp/hostile-gen" >"$tmp/hostile.out" 2>"$tmp/hostile.err") || rc=$?
  hfile="$tmp/hostile-gen/e2e/HostileJtgTest.java"
  if [[ $rc -ne 0 || ! -f "$hfile" ]]; then
    fail "e: jtestgen on hostile code: exit $rc" "$tmp/hostile.out" "$tmp/hostile.err"
  elif ! grep -q 'while running e2e.Hostile.crash' "$tmp/hostile.err"; then
    fail "e: the JVM crash is not attributed to Hostile.crash" "$tmp/hostile.err"
  elif ! grep -q 'quit(I)V called System.exit' "$tmp/hostile.out" || \
       ! grep -q 'spin(I)I passed the per-test budget' "$tmp/hostile.out" || \
       ! grep -q 'block(I)V passed the per-test budget' "$tmp/hostile.out"; then
    fail "e: exit/loop/blocking methods are not reported" "$tmp/hostile.out"
  elif ! grep -q 'Hostile.safe(' "$hfile"; then
    fail "e: no test for the safe method" "$hfile"
  elif grep -Pq 'Hostile\.(quit|halt|spin|block|crash)\((?!12345\))' "$hfile"; then
    fail "e: a test calls a hostile method with a hostile argument" "$hfile"
  elif ! "$MEASURE" "$tmp/hostile" e2e.Hostile "$tmp/hostile-gen" 5 >"$tmp/hostile.json" 2>"$tmp/hostile.merr"; then
    fail "e: the suite written for hostile code does not pass" "$tmp/hostile.merr"
  else
    pass "e: hostile code: exit and halt neutralized, loop and blocking call stopped, crash survived"
  fi
else
  fail "e: cannot compile the hostile fixture" "$tmp/hostile.log"
fi

# --- f: a real library class: the report agrees with JaCoCo ---------------------------------
LU_JAR=/usr/share/java/commons-collections3.jar
if [[ -f "$LU_JAR" ]]; then
  rc=0
  timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$LU_JAR" --class org.apache.commons.collections.ListUtils \
    --budget 5s --seed 2 --validation-runs 2 --out "$tmp/lu-gen" >"$tmp/lu.out" 2>&1 || rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "f: jtestgen on ListUtils: exit $rc" "$tmp/lu.out"
  elif ! "$MEASURE" "$LU_JAR" org.apache.commons.collections.ListUtils "$tmp/lu-gen" 5 >"$tmp/lu.json" 2>"$tmp/lu.err"; then
    fail "f: the ListUtils suite does not pass under JaCoCo" "$tmp/lu.err"
  else
    ours_b=$(json_counter "$tmp/lu-gen/jtestgen-report.json" branches); jac_b=$(json_counter "$tmp/lu.json" branches)
    ours_l=$(json_counter "$tmp/lu-gen/jtestgen-report.json" lines); jac_l=$(json_counter "$tmp/lu.json" lines)
    if within_1pp "$ours_b" "$jac_b" && within_1pp "$ours_l" "$jac_l"; then
      pass "f: ListUtils: report agrees with JaCoCo: branches $(pct "$ours_b") vs $(pct "$jac_b"), lines $(pct "$ours_l") vs $(pct "$jac_l")"
    else
      fail "f: ListUtils: report disagrees with JaCoCo: branches $(pct "$ours_b") vs $(pct "$jac_b"), lines $(pct "$ours_l") vs $(pct "$jac_l")"
    fi
  fi
else
  fail "f: $LU_JAR missing (make setup installs libcommons-collections3-java)"
fi

# --- g: the solver covers the hard branches (numbers, strings, arrays, two calls); tests pass --
HARD_SRC="$SRC/tests/fixtures/hard/HardBranches.java"
rc=0
timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$BUILD/fixtures/classes" --class hard.HardBranches \
  --budget 10s --seed 1 --validation-runs 2 --out "$tmp/hard-gen" >"$tmp/hard.out" 2>&1 || rc=$?
# The marked lines of HardBranches' own methods (those of its nested Counter come after).
hard_lines=$(awk '/class Counter/ {exit} /\/\/ hard$/ {print NR}' "$HARD_SRC")
counter_line=$(awk '/class Counter/ {c = 1} c && /\/\/ hard$/ {print NR; exit}' "$HARD_SRC")
timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$BUILD/fixtures/classes" \
  --class 'hard.HardBranches$Counter' --budget 5s --seed 1 --validation-runs 2 \
  --out "$tmp/counter-gen" >"$tmp/counter.out" 2>&1 || rc=$?
counter_report=$(tr -d ' \n' <"$tmp/counter-gen/jtestgen-report.json" 2>/dev/null)
hard_report=$(tr -d ' \n' <"$tmp/hard-gen/jtestgen-report.json" 2>/dev/null)
uncovered=$(grep -o '"uncovered_lines":\[[^]]*\]' <<<"$hard_report" | grep -o '[0-9][0-9]*' | tr '\n' ' ')
missed=0; total=0
for l in $hard_lines; do
  total=$((total + 1))
  [[ " $uncovered " == *" $l "* ]] && missed=$((missed + 1))
done
if [[ $rc -ne 0 ]]; then
  fail "g: jtestgen on HardBranches: exit $rc" "$tmp/hard.out"
elif ! grep -o '"solver":{[^}]*' <<<"$hard_report" | grep -q '"goals_first_covered":[1-9]'; then
  fail "g: the solver covered no goal first" "$tmp/hard.out"
elif (( total < 13 || missed > 2 )); then
  fail "g: the solver missed $missed of $total hard branches" "$tmp/hard.out"
elif grep -o '"uncovered_lines":\[[^]]*\]' <<<"$counter_report" | grep -qw "$counter_line" ||
     ! grep -q '"dropped_tests":0' <<<"$counter_report"; then
  fail "g: Counter: line $counter_line (two calls set the state) uncovered, or tests dropped" \
    "$tmp/counter.out"
elif ! "$MEASURE" "$BUILD/fixtures/classes" hard.HardBranches "$tmp/hard-gen" 5 >"$tmp/hard.json" 2>"$tmp/hard.err" ||
     ! tr -d ' \n' <"$tmp/hard.json" | grep -q '"tests_failed":0' ||
     ! grep -q '"dropped_tests":0' <<<"$hard_report"; then
  fail "g: the HardBranches suite drops or fails tests" "$tmp/hard.err" "$tmp/hard.json"
else
  pass "g: solver: $((total - missed)) of $total hard branches and Counter's, all tests pass"
fi

# --- g2: related strings: a token built from the test's own strings ("--" + name + "=" + v)
# reaches the lookups that no random string satisfies (a failed map lookup has no distance).
# Without related strings none of seeds 1, 5, 6 reaches lines 32-33 at 60,000 tests.
REL_SRC="$SRC/tests/fixtures/related/Registry.java"
rel_lines=$(awk '/\/\/ related$/ {print NR}' "$REL_SRC")
rel_ok=0; rel_seen=""
for seed in 1 5; do
  rc=0
  timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$BUILD/fixtures/classes" --class related.Registry \
    --budget 20s --iterations 60000 --seed "$seed" --validation-runs 1 --out "$tmp/rel-$seed" \
    >"$tmp/rel-$seed.out" 2>&1 || rc=$?
  unc=$(tr -d ' \n' <"$tmp/rel-$seed/jtestgen-report.json" 2>/dev/null |
        grep -o '"uncovered_lines":\[[^]]*\]' | grep -o '[0-9][0-9]*' | tr '\n' ' ')
  missing=""
  for l in $rel_lines; do [[ " $unc " == *" $l "* ]] && missing="$missing $l"; done
  rel_seen="$rel_seen seed $seed: exit $rc, missed [${missing# }];"
  [[ $rc -eq 0 && -z "$missing" && -n "$rel_lines" ]] && rel_ok=1
done
if (( rel_ok )); then
  pass "g2: related strings reach the registered keys ($rel_seen)"
else
  fail "g2: related strings missed Registry's lines $rel_lines ($rel_seen)" "$tmp/rel-1.out"
fi

# --- h: a team's own files: never replaced; reports stay out of a source root (issue 24) ----
proj="$tmp/proj"; srcroot="$proj/src/test/java"; pkgdir="$srcroot/com/example/inventory"
mkdir -p "$pkgdir"
printf 'package com.example.inventory;\n// hand-written\npublic class InventoryTest {}\n' >"$pkgdir/InventoryTest.java"
printf 'package com.example.inventory;\n// hand-written too\npublic class InventoryJtgTest {}\n' >"$tmp/mine.java"
cp "$tmp/mine.java" "$pkgdir/InventoryJtgTest.java"
timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$EXAMPLES" --class "$CUT" --budget 3s --seed 1 \
  --out "$srcroot" >"$tmp/own.out" 2>"$tmp/own.err"
rc=$?
if [[ $rc -eq 0 ]] || ! cmp -s "$tmp/mine.java" "$pkgdir/InventoryJtgTest.java" ||
   ! grep -q "InventoryJtgTest.java.*not written by jtestgen.*left untouched" "$tmp/own.err"; then
  fail "h: a hand-written InventoryJtgTest.java was not refused and kept (exit $rc)" "$tmp/own.err"
else
  pass "h: a hand-written file of the test's name is left untouched, and the run says why"
fi
rm "$pkgdir/InventoryJtgTest.java"
timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$EXAMPLES" --class "$CUT" --budget 3s --seed 1 \
  --out "$srcroot" >"$tmp/own2.out" 2>&1
rc=$?
if [[ $rc -ne 0 ]] || ! head -1 "$pkgdir/InventoryJtgTest.java" | grep -q '^// Generated by jtestgen' ||
   ! grep -q '// hand-written' "$pkgdir/InventoryTest.java" ||
   [[ -e "$srcroot/jtestgen-report.json" || ! -s "$proj/target/jtestgen/jtestgen-report.json" ]]; then
  fail "h: into src/test/java: exit $rc, marker, InventoryTest.java kept, report in target/jtestgen" \
    "$tmp/own2.out"
else
  # A second run replaces its own file without --overwrite.
  timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$EXAMPLES" --class "$CUT" --budget 3s \
    --seed 2 --out "$srcroot" >"$tmp/own3.out" 2>&1 &&
    pass "h: InventoryJtgTest.java beside the team's InventoryTest.java, report in target/jtestgen, rerun replaces it" ||
    fail "h: a second run could not replace its own file" "$tmp/own3.out"
fi

# --- i: values of the clock, zone, locale and randomness are not asserted; the suite passes a
#        day later, elsewhere (issue 24) ------------------------------------------------------
cgen="$tmp/clock-gen"
timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$BUILD/fixtures/classes" --class unstable.Clock \
  --budget 5s --seed 1 --out "$cgen" >"$tmp/clock.out" 2>&1
rc=$?
cfile="$cgen/unstable/ClockJtgTest.java"
clock_ok=1; clock_why=""
if [[ $rc -ne 0 || ! -f "$cfile" ]]; then
  clock_ok=0; clock_why="jtestgen exit $rc"
elif ! grep -q 'twice' "$cfile" || ! grep -q 'assertEquals(' "$cfile"; then
  clock_ok=0; clock_why="the stable values (twice) are not asserted"
elif python3 - "$cfile" <<'PY'
import re, sys
bad = False
for body in re.split(r'@Test|@ParameterizedTest', open(sys.argv[1]).read()):
    names = set(re.findall(r'(\w+) = Clock\.same(?:Millisecond|Date)\(\)', body))
    bad = bad or bool(re.search(r'assert\w*\([^;]*Clock\.same(?:Millisecond|Date)\(', body)) or any(
        re.search(r'assert\w*\([^;]*\b' + re.escape(n) + r'\b', body) for n in names)
sys.exit(0 if bad else 1)
PY
then
  clock_ok=0; clock_why="a relation between two clock reads is asserted"
else
  mkdir -p "$tmp/clock-classes"
  SA=/usr/share/java/junit-platform-console-standalone.jar
  if ! "$JAVAC" -nowarn -d "$tmp/clock-classes" -cp "$BUILD/fixtures/classes:$SA" "$cfile" \
       >"$tmp/clock.javac" 2>&1; then
    clock_ok=0; clock_why="does not compile"
  else
    FT=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
    k=0
    for envspec in "-Duser.timezone=Pacific/Apia -Duser.language=tr -Duser.country=TR|+1d" \
                   "-Duser.timezone=Asia/Kolkata -Duser.language=de -Duser.country=DE|+7h" \
                   "-Duser.timezone=Europe/London -Duser.language=ja -Duser.country=JP|-30d x100000"; do
      k=$((k + 1)); props="${envspec%|*}"; shift_by="${envspec#*|}"
      pre=(); [[ -f "$FT" ]] && pre=(env LD_PRELOAD="$FT" FAKETIME="$shift_by" FAKETIME_DONT_FAKE_MONOTONIC=1)
      # shellcheck disable=SC2086
      if ! (cd "$tmp" && "${pre[@]}" "$JAVA_HOME/bin/java" $props -cp "$tmp/clock-classes:$BUILD/fixtures/classes:$SA" \
            org.junit.platform.console.ConsoleLauncher --disable-banner --details=summary \
            --select-class=unstable.ClockJtgTest >"$tmp/clock.run$k" 2>&1); then
        clock_ok=0; clock_why="fails under $props, clock $shift_by"
      fi
    done
  fi
fi
if [[ $clock_ok -eq 1 ]]; then
  pass "i: unstable.Clock: the suite asserts the stable values and passes under 3 other zones, locales and clocks"
else
  fail "i: unstable.Clock: $clock_why" "$tmp/clock.out" "$tmp/clock.javac" "$tmp/clock.run1" "$tmp/clock.run2" "$tmp/clock.run3"
fi

# --- j: observer assertions read back the state a void call left; strong mutation score (issue 39)
ogen="$tmp/observe-gen"
timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$BUILD/fixtures/classes" --class fixtures.observe.Account \
  --budget 5s --seed 1 --out "$ogen" >"$tmp/observe.out" 2>&1
rc=$?
ofile="$ogen/fixtures/observe/AccountJtgTest.java"
orep="$ogen/jtestgen-report.json"
obs_ok=1; obs_why=""
if [[ $rc -ne 0 || ! -f "$ofile" || ! -f "$orep" ]]; then
  obs_ok=0; obs_why="jtestgen exit $rc"
elif ! grep -Eq 'assert(Equals|True|False)\(.*\.(getBalance|hasMoreThan|isEmpty|historySize)\(' "$ofile" &&
     ! grep -Eq '= [a-z0-9]+\.(getBalance|hasMoreThan|isEmpty|historySize)\(' "$ofile"; then
  obs_ok=0; obs_why="no observer reads back the balance after deposit/withdraw"
else
  strong=$(jq -r '.strong_mutation.killed' "$orep"); weak=$(jq -r '.weak_mutation.killed' "$orep")
  total=$(jq -r '.strong_mutation.total' "$orep")
  if ! [[ "$strong" =~ ^[0-9]+$ && "$strong" -gt 0 && "$strong" -le "$weak" && "$weak" -le "$total" ]]; then
    obs_ok=0; obs_why="strong mutation score $strong (weak $weak, total $total) out of bounds"
  fi
fi
if [[ $obs_ok -eq 1 ]]; then
  pass "j: fixtures.observe.Account: observers assert the state calls left; strong mutants $strong/$total killed"
else
  fail "j: fixtures.observe.Account: $obs_why" "$tmp/observe.out" "$ofile"
fi

echo "e2e: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
