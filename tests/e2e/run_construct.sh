#!/usr/bin/env bash
# End-to-end checks of object construction (registered in ctest as `e2e_construct`): for each
# class under tests/fixtures/construct, `jtestgen suite` must reach the stated branch
# coverage, keep every test through validation (javac + JUnit run: 0 dropped) and build the
# parameter the way the fixture demands (the written test contains the expected construct).
# The classpath is the fixture classes plus construct-impl.jar, which holds the only
# implementations of Greeter and Meter. Mocked runs with --mocks (Sensor has no
# implementation) when libmockito-java is installed, and once without to show the difference.
# usage: run_construct.sh <build_dir> <source_dir>
# Prints one PASS/FAIL line per class and ends with `e2e_construct: N passed, M failed`.
set -uo pipefail
echo "JDK under test: ${JAVA_HOME:-the java on PATH}"

[[ $# -eq 2 ]] || { echo "usage: run_construct.sh <build_dir> <source_dir>" >&2; exit 2; }
BUILD="$(cd "$1" && pwd)"
JTG="$BUILD/jtestgen"
CP="$BUILD/fixtures/classes:$BUILD/fixtures/construct-impl.jar"
BUDGET=${JTG_CONSTRUCT_BUDGET:-6s}
RUN_TIMEOUT=120

tmp="$(mktemp -d "${TMPDIR:-/tmp}/jtg-construct.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"; shift
  local f
  for f in "$@"; do [[ -s "$f" ]] && { echo "---- $f"; tail -n 40 "$f" | sed 's/^/  | /'; }; done
}
# counter FILE KEY -> "covered total" from "KEY": {"covered": N, "total": M}
counter() {
  local obj
  obj=$(tr -d ' \t\r\n' <"$1" | grep -o "\"$2\":{[^}]*}" | head -1)
  echo "$(grep -o '"covered":[0-9]*' <<<"$obj" | cut -d: -f2) $(grep -o '"total":[0-9]*' <<<"$obj" | cut -d: -f2)"
}

[[ -x "$JTG" && -f "$BUILD/fixtures/construct-impl.jar" ]] || {
  echo "FAIL jtestgen or construct-impl.jar missing under $BUILD"; echo "e2e_construct: 0 passed, 1 failed"; exit 1; }

# check <class (binary name)> <test file stem> <min covered branches or "all"> <construct regex>
#       [more jtestgen flags...]
check() {
  local cls="$1" stem="$2" want="$3" construct="$4"
  shift 4
  local out="$tmp/$stem" log="$tmp/$stem.log" rc=0
  timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$CP" --class "$cls" --budget "$BUDGET" \
    --seed 1 --validation-runs 1 --out "$out" "$@" >"$log" 2>&1 || rc=$?
  local file="$out/fixtures/construct/${stem}JtgTest.java" report="$out/jtestgen-report.json"
  if [[ $rc -ne 0 || ! -f "$file" || ! -f "$report" ]]; then
    fail "$cls: jtestgen exit $rc, test file $( [[ -f "$file" ]] && echo present || echo missing)" "$log"
    return
  fi
  local b dropped
  read -r -a b <<<"$(counter "$report" branches)"
  dropped=$(tr -d ' \t\r\n' <"$report" | grep -o '"dropped_tests":[0-9]*' | cut -d: -f2)
  local need="${b[1]}"; [[ "$want" != all ]] && need="$want"
  if [[ -z "${b[0]}" || "${b[0]}" -lt "$need" ]]; then
    fail "$cls: branches ${b[0]}/${b[1]}, want $need" "$log" "$file"
  elif [[ "$dropped" != 0 ]]; then
    fail "$cls: $dropped test(s) dropped by validation" "$log"
  elif ! grep -Eq -- "$construct" "$file"; then
    fail "$cls: the suite never writes /$construct/" "$file"
  else
    pass "$cls: branches ${b[0]}/${b[1]}, 0 dropped, writes /$construct/"
  fi
}

check fixtures.construct.Welcome  Welcome  all 'new EnglishGreeter\(\)'      # (a) impl in another jar
check fixtures.construct.Gauge    Gauge    all 'Meters\.scaled\('           # (a') factory in another jar
check fixtures.construct.Boxes    Boxes    all 'new Box\('                  # (b) generic container
check fixtures.construct.Workshop Workshop all '\.build\(\)'                # (c) builder-only type
check fixtures.construct.Grid     Grid     all 'new int\[\]\[\]'            # (d) 2-D array
check 'fixtures.construct.Outer$Inner' Outer_Inner all '\.new Inner\('     # (e) inner class as CUT
check fixtures.construct.Outer    Outer    all '\.new Inner\('              # (e) inner class parameter
check fixtures.construct.Geometry Geometry all 'Shapes\.circle\('           # (f) factory-only type
check fixtures.construct.Generic  Generic  all 'put\(("[^"]*"|text[_0-9]*), Long\.valueOf\(' # (g) type arguments: Map<String, Long> (a parameterized test's rows give the text)
check fixtures.construct.Alarm    Alarm    all 'setLevel\('               # (i) candidate sequence search: collaborator mutators
check fixtures.construct.Lazy     Lazy     all 'Supplier supplier[0-9]+ = \(\) -> ' # (h) lambdas: Supplier, SAMs with no implementation

# (g) --mocks: Mocked.Sensor has no implementation anywhere; only a Mockito mock covers it,
# and without --mocks the branches past the null check stay uncovered.
if [[ -f /usr/share/java/mockito-core.jar && -f /usr/share/java/byte-buddy.jar \
      && -f /usr/share/java/objenesis.jar ]]; then
  check fixtures.construct.Mocked Mocked all 'when\(sensor[0-9]+\.level\(\)\)\.thenReturn\(' --mocks
  out="$tmp/Mocked-nomocks" rc=0
  timeout "$RUN_TIMEOUT" "$JTG" suite --classpath "$CP" --class fixtures.construct.Mocked \
    --budget "$BUDGET" --seed 1 --validation-runs 1 --out "$out" >"$out.log" 2>&1 || rc=$?
  read -r -a b <<<"$( [[ -f "$out/jtestgen-report.json" ]] && counter "$out/jtestgen-report.json" branches)"
  if [[ $rc -ne 0 || -z "${b[0]:-}" ]]; then
    fail "fixtures.construct.Mocked without --mocks: jtestgen exit $rc" "$out.log"
  elif [[ "${b[0]}" -ge "${b[1]}" ]] || grep -q mockito "$out"/fixtures/construct/MockedJtgTest.java; then
    fail "fixtures.construct.Mocked without --mocks: branches ${b[0]}/${b[1]}, want fewer and no Mockito"
  else
    pass "fixtures.construct.Mocked without --mocks: branches ${b[0]}/${b[1]} (Sensor never built)"
  fi
else
  echo "SKIP fixtures.construct.Mocked: libmockito-java not installed (make setup installs it)"
fi

echo "e2e_construct: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
