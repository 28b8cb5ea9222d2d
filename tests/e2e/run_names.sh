#!/usr/bin/env bash
# End-to-end check of class names with '$' (issue 41): top-level classes whose binary names
# hold '$' ($Top, Gen$Made, Dollar$$Holder) and member classes whose simple names do
# (Outer.In$ner, Outer.Plain$). For each class of tests/fixtures_names, `jtestgen suite`
# must write a suite that names those classes as the source does (InnerClasses attribute,
# classfile/source_names.h), and the suite must compile with javac and pass under JaCoCo's
# agent (tools/jacoco/measure_suite.sh), independently of jtestgen's own validation.
# usage: run_names.sh <build_dir> <source_dir>
set -uo pipefail

[[ $# -eq 2 ]] || { echo "usage: run_names.sh <build_dir> <source_dir>" >&2; exit 2; }
BUILD="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
source "$BUILD/jdk.env"
export JAVA_HOME="${JAVA_HOME:-$JTG_JAVA_HOME}"
JTG="$BUILD/jtestgen"
MEASURE="$SRC/tools/jacoco/measure_suite.sh"
CP="$BUILD/fixtures_names/classes"
export JTG_JACOCO_CACHE="$BUILD/jacoco-cache"
export JTG_BUILD="$BUILD"
BUDGET="${JTG_E2E_BUDGET:-4s}"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/jtg-names.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"
  shift
  local f
  for f in "$@"; do [[ -s "$f" ]] && { echo "---- $f"; tail -n 30 "$f" | sed 's/^/  | /'; }; done
}

# names <class> <test file name> <source spelling the tests must use>...
names() {
  local cls=$1 test_name=$2
  shift 2
  local out="$tmp/${cls//\$/_}"
  if ! timeout -k 5 300 "$JTG" suite --classpath "$CP" --class "$cls" --budget "$BUDGET" \
      --seed 1 --out "$out" --quiet >"$out.log" 2>&1; then
    fail "$cls: jtestgen suite failed" "$out.log"; return
  fi
  local file="$out/names/$test_name.java"
  [[ -f "$file" ]] || { fail "$cls: no $test_name.java" "$out.log"; return; }
  local tests
  tests=$(grep -c '@Test' "$file")
  (( tests > 0 )) || { fail "$cls: $test_name.java has no test" "$file"; return; }
  local spelling
  for spelling in "$@"; do
    grep -qF -- "$spelling" "$file" || { fail "$cls: the tests never write '$spelling'" "$file"; return; }
  done
  if grep -qE 'names\.\.|\.Gen\.Made|Dollar\.\.Holder|In\.ner|Plain\.[^a-zA-Z_]' "$file"; then
    fail "$cls: a '\$' was written as a nesting separator" "$file"; return
  fi
  local json
  if ! json=$("$MEASURE" "$CP" "$cls" "$out" 5 2>"$out.measure"); then
    fail "$cls: the suite does not compile or fails under JaCoCo" "$out.measure"; return
  fi
  local run
  run=$(grep -o '"tests_run":[0-9]*' <<<"$json" | grep -o '[0-9]*$')
  if [[ -n "$run" && "$run" -ge 1 ]]; then
    pass "$cls: $tests test(s) written, $run run by JUnit, all pass; names spelled as the source"
  else
    fail "$cls: JUnit ran no test: $json" "$out.measure"
  fi
}

names 'names.$Top' _TopJtgTest '$Top.' 'Gen$Made'
names 'names.Gen$Made' Gen_MadeJtgTest 'new Gen$Made('
names 'names.Outer$In$ner' Outer_In_nerJtgTest 'Outer.In$ner'
names 'names.Outer' OuterJtgTest 'Outer.In$ner'
names 'names.Dollar$$Holder' Dollar__HolderJtgTest 'new Dollar$$Holder('

echo "passed: $passed, failed: $failed"
(( failed == 0 ))
