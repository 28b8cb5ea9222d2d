#!/usr/bin/env bash
# End-to-end checks of `jtestgen suite` on class files of Java 17, 21 and 25 (issue 22;
# registered in ctest as `e2e_modern` on the build's JDK and `e2e_modern_jdk25` on the
# JDK 25). The fixtures are tests/fixtures_modern, compiled by CMake into
# <build>/fixtures_modern/release{17,21,25} (21 and 25 only when the machine has a JDK 25):
#   - on every release the running JDK loads: a suite for each class that compiles and passes
#     (jtestgen's own validation) and covers most branches (checked against JaCoCo);
#   - on every release the running JDK loads: `jtestgen cover` of modern.Main, static and
#     ddst probes, reports the same lines and branches, and every line's counts (missed and
#     covered instructions and branches) equal those of JaCoCo 0.8.15's report of a
#     JaCoCo-agent run (records, pattern switches: report/record_filter.h, pattern_filters.h);
#   - on a release newer than the running JDK: refused, exit status non-zero, with one line
#     naming the class, its class-file version and the JDK in use.
# usage: run_modern.sh <build_dir> <source_dir>; JAVA_HOME picks the JDK (default the build's).
set -uo pipefail

[[ $# -eq 2 ]] || { echo "usage: run_modern.sh <build_dir> <source_dir>" >&2; exit 2; }
BUILD="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
source "$BUILD/jdk.env"  # JTG_JAVA_HOME, the JDK the build chose (CMakeLists.txt)
export JAVA_HOME="${JAVA_HOME:-$JTG_JAVA_HOME}"
JTG="$BUILD/jtestgen"
MEASURE="$SRC/tools/jacoco/measure_suite.sh"
MODERN="$BUILD/fixtures_modern"
export JTG_JACOCO_CACHE="$BUILD/jacoco-cache"
export JTG_BUILD="$BUILD"  # measure_suite.sh keeps JaCoCo 0.8.15 there
BUDGET="${JTG_E2E_BUDGET:-8s}"

feature=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$JAVA_HOME/release")
tmp="$(mktemp -d "${TMPDIR:-/tmp}/jtg-modern.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"
  shift
  local f
  for f in "$@"; do [[ -s "$f" ]] && { echo "---- $f"; tail -n 30 "$f" | sed 's/^/  | /'; }; done
}
echo "JDK under test: $JAVA_HOME (Java $feature)"

# suite <release> <class> <min branch %>: a passing suite covering at least that share.
suite() {
  local release=$1 cls=$2 min=$3
  local cp="$MODERN/release$release" out="$tmp/r$release-$2"
  local name="release $release $cls on Java $feature"
  if ! timeout -k 5 300 "$JTG" suite --classpath "$cp" --class "$cls" --budget "$BUDGET" \
      --out "$out" --quiet >"$out.log" 2>&1; then
    fail "$name: jtestgen suite failed" "$out.log"; return
  fi
  local file="$out/$(tr . / <<<"$cls")JtgTest.java"
  [[ -f "$file" ]] || { fail "$name: no test file" "$out.log"; return; }
  local json
  if ! json=$("$MEASURE" "$cp" "$cls" "$out" 5 2>"$out.measure"); then
    fail "$name: the suite does not compile or fails under JaCoCo" "$out.measure"; return
  fi
  local covered total
  covered=$(grep -o '"branches":{"covered":[0-9]*' <<<"$json" | head -1 | grep -o '[0-9]*$')
  total=$(grep -o '"branches":{"covered":[0-9]*,"total":[0-9]*' <<<"$json" | head -1 |
    grep -o '[0-9]*$')
  if [[ -z "$covered" || -z "$total" || "$total" -eq 0 ]]; then
    fail "$name: no branch counts from JaCoCo: $json" "$out.measure"; return
  fi
  if (( 100 * covered >= min * total )); then
    pass "$name: passing suite, JaCoCo branches $covered/$total (at least $min%)"
  else
    fail "$name: JaCoCo branches $covered/$total, below $min%" "$out.log"
  fi
}

# refused <release> <class>: a class file newer than the running JDK is refused in one line.
refused() {
  local release=$1 cls=$2 out="$tmp/refused-$1"
  local name="release $release $cls on Java $feature"
  if timeout -k 5 120 "$JTG" suite --classpath "$MODERN/release$release" --class "$cls" \
      --budget 2s --out "$out" --quiet >"$out.log" 2>&1; then
    fail "$name: accepted, though Java $feature cannot load it" "$out.log"; return
  fi
  local major=$((44 + release))
  if [[ $(wc -l <"$out.log") -eq 1 ]] &&
     grep -q "class $cls: class file version $major (Java $release) is newer than JDK $feature" \
       "$out.log"; then
    pass "$name: refused in one line: $(cat "$out.log")"
  else
    fail "$name: not refused with the one-line message" "$out.log"
  fi
}

# cover <release>: modern.Main under `jtestgen cover` (static and ddst) and under JaCoCo's agent.
cover() {
  local release=$1 cp="$MODERN/release$1" w="$tmp/cover$1"
  local name="release $release cover modern.Main on Java $feature"
  mkdir -p "$w"
  local mode
  for mode in static ddst; do
    if ! timeout -k 5 120 "$JTG" cover --mode "$mode" --includes 'modern.*' --out "$w/$mode" -- \
        "$JAVA_HOME/bin/java" -cp "$cp" modern.Main >"$w/$mode.log" 2>&1 ||
       ! "$JTG" report "$w/$mode" --classpath "$cp" --json "$w/$mode.json" --xml "$w/$mode.xml" \
        >>"$w/$mode.log" 2>&1; then
      fail "$name: jtestgen cover --mode $mode failed" "$w/$mode.log"; return
    fi
  done
  local counts='[.packages[].classes[] | {name, l: .counters.line, b: .counters.branch}]'
  if ! diff <(jq -S "$counts" "$w/static.json") <(jq -S "$counts" "$w/ddst.json") \
      >"$w/modes.diff"; then
    fail "$name: static and ddst probes report different coverage" "$w/modes.diff"; return
  fi
  local jj
  jj=$("$SRC/tools/jacoco/fetch_jacoco.sh" "$BUILD/jacoco-0.8.15") ||
    { fail "$name: JaCoCo 0.8.15 cannot be fetched"; return; }
  cp "$jj/org.jacoco.agent-0.8.15-runtime.jar" "$w/jacocoagent.jar"  # the agent itself
  local jcp
  jcp=$(printf '%s:' "$jj"/org.jacoco.core-0.8.15.jar "$jj"/org.jacoco.report-0.8.15.jar \
    "$jj"/asm-*.jar)
  if ! "$JAVA_HOME/bin/java" "-javaagent:$w/jacocoagent.jar=destfile=$w/jacoco.exec,includes=modern.*" \
        -cp "$cp" modern.Main >"$w/jacoco.log" 2>&1 ||
     ! "$JAVA_HOME/bin/java" -cp "$jcp" "$SRC/tests/e2e/cover/JacocoXml.java" "$w/jacoco.exec" \
        "$cp" "$w/jacoco.xml" >>"$w/jacoco.log" 2>&1; then
    fail "$name: the JaCoCo run failed" "$w/jacoco.log"; return
  fi
  if "$JAVA_HOME/bin/java" "$SRC/tests/e2e/cover/CompareLines.java" "$w/jacoco.xml" \
      "$w/static.xml" --exact >"$w/compare.log" 2>&1; then
    pass "$name: static = ddst = JaCoCo on every line: $(tail -n 1 "$w/compare.log")"
  else
    fail "$name: line coverage differs from JaCoCo's" "$w/compare.log"
  fi
}

[[ -d "$MODERN/release17" ]] || { fail "no $MODERN/release17: build the modern_classes_17 target"; }
for release in 17 21 25; do
  [[ -d "$MODERN/release$release" ]] || { echo "SKIP release $release: not built (no JDK 25)"; continue; }
  if (( release > feature )); then
    case $release in 21) refused 21 modern.Switches ;; 25) refused 25 modern.Guarded ;; esac
    continue
  fi
  cover "$release"
  suite "$release" modern.Shapes 70
  (( release >= 21 )) && suite "$release" modern.Switches 70
  (( release >= 25 )) && suite "$release" modern.Guarded 70
done

echo "e2e_modern: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
