#!/usr/bin/env bash
# End-to-end checks of `jtestgen perf` (registered in ctest as `e2e_perf`) on the fixtures of
# tests/fixtures/perf and, when installed, on commons-collections3's CollectionUtils:
#   - Utils.subtract (quadratic over two Lists): a confirmed redundant traversal, iteration
#     exponent near 2, inner loop in ArrayList/LinkedList, with a written test, and the loop
#     summary binding the inner loop to arg2, once per element of arg1, and the
#     read oracle (Toddler) finding the inner loop's reads repeated;
#   - UtilsFixed.subtract (the HashSet twin): no confirmed redundant traversal;
#   - DistinctKeys.add (a scan needing mu+1 distinct keys): a confirmed long loop of at least
#     mu iterations;
#   - Measure.total (the loop is only behind an interface, implemented in perf-impl.jar):
#     a confirmed long loop in Countdown.steps;
#   - java.util.AbstractCollection.containsAll (a JDK class under test): a confirmed
#     redundant traversal; java.lang.String is refused with the reason;
#   - CollectionUtils.containsAny(Collection, Collection): a confirmed redundant traversal
#     with exponent near 2 when the second argument is an ArrayList, its reads repeated.
# Short budgets; the report's JSON is read with jq.
# usage: run_perf.sh <build_dir> <source_dir>
set -uo pipefail
echo "JDK under test: ${JAVA_HOME:-the java on PATH}"

[[ $# -eq 2 ]] || { echo "usage: run_perf.sh <build_dir> <source_dir>" >&2; exit 2; }
BUILD="$(cd "$1" && pwd)"
JTG="$BUILD/jtestgen"
CP="$BUILD/fixtures/classes:$BUILD/fixtures/perf-impl.jar"
BUDGET=${JTG_PERF_BUDGET:-8s}
RUN_TIMEOUT=240
command -v jq >/dev/null || { echo "FAIL jq is not installed (make setup installs it)"; exit 1; }

tmp="$(mktemp -d "${TMPDIR:-/tmp}/jtg-perf.XXXXXX")"
# KEEP_TMP=1 keeps the scratch folder (the written PerfTests, for checking them by hand).
trap '[[ -n "${KEEP_TMP:-}" ]] || rm -rf "$tmp"' EXIT
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"; shift
  local f
  for f in "$@"; do [[ -s "$f" ]] && { echo "---- $f"; tail -n 30 "$f" | sed 's/^/  | /'; }; done
}

# run <name> <classpath> <class> [jtestgen perf flags...]: report in $tmp/<name>/perf-report.json
run() {
  local name="$1" cp="$2" cls="$3"; shift 3
  local rc=0
  timeout "$RUN_TIMEOUT" "$JTG" perf --classpath "$cp" --class "$cls" --budget "$BUDGET" \
    --seed 1 --out "$tmp/$name" "$@" >"$tmp/$name.log" 2>&1 || rc=$?
  if [[ $rc -ne 0 || ! -f "$tmp/$name/perf-report.json" ]]; then
    fail "$name: jtestgen perf exit $rc, no report" "$tmp/$name.log"
    return 1
  fi
}

# check <name> <description> <jq filter over the report that must yield true>
check() {
  local name="$1" what="$2" filter="$3"
  if [[ "$(jq "$filter" "$tmp/$name/perf-report.json")" == true ]]; then
    pass "$name: $what"
  else
    fail "$name: $what" "$tmp/$name.log" "$tmp/$name/perf-report.json"
  fi
}

if run utils "$CP" fixtures.perf.Utils --method 'subtract(List,List)'; then
  check utils "redundant traversal confirmed, exponent in [1.8, 2.2], inner loop in a JDK list, test written" \
    '[.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed"
       and .exponent >= 1.8 and .exponent <= 2.2 and .test != null
       and any(.loops[]; .method | test("^java\\.util\\.(ArrayList|LinkedList)\\.")))] | length > 0'
  # arg2, or arg1 again when the search passed one list twice (subtract(list0, list0): the same
  # retraversal, found so on JDK 25 at seed 1).
  check utils "loop summary: the inner loop walks an input once per element of arg1 (Glider's retraversal)" \
    '[.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed"
       and (.loop_inputs // "" | test("inner loop [^;]* walks arg[12][^;]*, once per element of arg1")))] | length > 0'
  check utils "the read oracle finds the inner loop re-reading the same elements" \
    '[.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed"
       and .repeated_reads.similar == true and .repeated_reads.repeated > 0)] | length > 0'
  test_file="$tmp/utils/fixtures/perf/UtilsPerfTest.java"
  if [[ -f "$test_file" ]] && grep -q 'for (int i = 0; i < n' "$test_file" && grep -q 'static final int N = 1024;' "$test_file"; then
    pass "utils: sized JUnit test written ($test_file)"
  else
    fail "utils: no sized JUnit test" "$tmp/utils.log"
  fi
  # The likely bug's test can fail: its growth check fails on Utils and passes on the same
  # test pointed at UtilsFixed (a HashSet lookup). Run outside JUnit (PerfTimer --check).
  method="$(grep -o 'assertGrowthAtMostLinear("[^"]*", UtilsPerfTest::[A-Za-z0-9_]*' "$test_file" | head -1 | sed 's/.*:://')"
  junit_api="$(ls /usr/share/java/junit-jupiter-api.jar 2>/dev/null)"
  if [[ -z "$method" || -z "$junit_api" ]]; then
    fail "utils: no growth check in the likely bug's test (or no junit-jupiter-api.jar)" "$test_file"
  else
    mkdir -p "$tmp/check/bug" "$tmp/check/fixed"
    sed 's/Utils\.subtract(/UtilsFixed.subtract(/; s/UtilsPerfTest/UtilsFixedPerfTest/g' "$test_file" \
      >"$tmp/check/UtilsFixedPerfTest.java"
    check_run() {  # check_run <dir> <class>: PerfTimer --check output
      "${jbin}java" -cp "$1:$BUILD/runtime_classes:$CP" jtestgen.rt.PerfTimer --check "$2" "$method" 2>&1
    }
    jbin="${JAVA_HOME:+$JAVA_HOME/bin/}"
    if "${jbin}javac" -d "$tmp/check/bug" -cp "$CP:$junit_api" "$test_file" 2>"$tmp/check/javac.log" &&
       "${jbin}javac" -d "$tmp/check/fixed" -cp "$CP:$junit_api" "$tmp/check/UtilsFixedPerfTest.java" 2>>"$tmp/check/javac.log"; then
      bug_out="$(check_run "$tmp/check/bug" fixtures.perf.UtilsPerfTest)"
      fixed_out="$(check_run "$tmp/check/fixed" fixtures.perf.UtilsFixedPerfTest)"
      if [[ "$bug_out" == "fail "*"grows faster than linearly"* && "$fixed_out" == "pass" ]]; then
        pass "utils: the growth check fails on the bug and passes on the fix ($bug_out)"
      else
        echo "bug: $bug_out / fixed: $fixed_out" >"$tmp/check/out.log"
        fail "utils: growth check should fail on Utils and pass on UtilsFixed" "$tmp/check/out.log"
      fi
    else
      fail "utils: the written test does not compile outside jtestgen" "$tmp/check/javac.log"
    fi
  fi
fi

if run fixed "$CP" fixtures.perf.UtilsFixed --method subtract; then
  check fixed "no confirmed redundant traversal (the HashSet lookup is constant)" \
    '[.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed")] | length == 0'
fi

if run keys "$CP" fixtures.perf.DistinctKeys --method add; then
  check keys "long loop confirmed with at least mu = 1024 iterations" \
    '[.findings[] | select(.kind == "long-loop" and .status == "confirmed" and .max_iterations >= 1024)] | length > 0'
fi

if run measure "$CP" fixtures.perf.Measure; then
  check measure "long loop confirmed in Countdown.steps, reached through the interface" \
    '[.findings[] | select(.kind == "long-loop" and .status == "confirmed"
       and any(.loops[]; .method | test("Countdown\\.steps")))] | length > 0'
fi

# Inherited populators and entries (issue 25): History's elements come only through
# Stack.push / Vector.add, and TreeList.addAll is AbstractList's.
if run history "$CP" fixtures.perf.History --method 'countRepeats()'; then
  check history "redundant traversal confirmed in countRepeats, receiver filled by an inherited method" \
    '[.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed"
       and (.input_pattern | test("receiver: History \\(")))] | length > 0'
fi
if [[ -f /usr/share/java/commons-collections3.jar ]] &&
   run treelist /usr/share/java/commons-collections3.jar org.apache.commons.collections.list.TreeList \
     --method 'addAll(Collection)'; then
  check treelist "an inherited method (AbstractList.addAll) is accepted by --method and its loop found" \
    '[.findings[] | select(.method == "addAll(java.util.Collection)"
       and any(.loops[]; .method | test("addAll")))] | length > 0'
fi

# A collection view (issue 25): HashMap.values().removeAll(list) scans the list once per
# value (AbstractCollection.removeAll), reached through the view method values().
if run views "$CP" java.util.HashMap --method values; then
  check views "redundant traversal confirmed in values().removeAll, its growth check failing on this code" \
    '[.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed"
       and (.method | test("^values\\(\\)\\.(removeAll|retainAll)"))
       and (.test_check // "" | startswith("fails:")))] | length > 0'
fi

# A JDK class under test (retransformed): AbstractCollection.containsAll scans the receiver
# once per element of its argument.
if run jdk "$CP" java.util.AbstractCollection --method 'containsAll(Collection)'; then
  check jdk "JDK class under test: redundant traversal confirmed in containsAll, test written in jtestgen.java.util" \
    '[.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed"
       and .test != null and any(.loops[]; .method | test("^java\\.util\\.AbstractCollection\\.containsAll")))] | length > 0'
  if [[ -f "$tmp/jdk/jtestgen/java/util/AbstractCollectionPerfTest.java" ]]; then
    pass "jdk: test file in package jtestgen.java.util"
  else
    fail "jdk: no jtestgen/java/util/AbstractCollectionPerfTest.java" "$tmp/jdk.log"
  fi
fi
# Outside java.util the JDK is not instrumented: a clear error, non-zero exit.
rc=0
"$JTG" perf --classpath "$CP" --class java.lang.String --budget 1s --out "$tmp/string" >"$tmp/string.log" 2>&1 || rc=$?
if [[ $rc -ne 0 ]] && grep -q "java.lang.String: of the JDK's classes only those of java.util" "$tmp/string.log"; then
  pass "string: java.lang.String refused with the reason (exit $rc)"
else
  fail "string: expected a non-zero exit naming the class and the reason (exit $rc)" "$tmp/string.log"
fi

CC3=/usr/share/java/commons-collections3.jar
if [[ -f "$CC3" ]]; then
  if run containsany "$CC3" org.apache.commons.collections.CollectionUtils \
       --method 'containsAny(java.util.Collection,java.util.Collection)'; then
    check containsany "redundant traversal confirmed, exponent in [1.7, 2.3], second argument an ArrayList" \
      '[.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed"
         and .exponent >= 1.7 and .exponent <= 2.3
         and (.input_pattern | test("arg2: ArrayList"))
         and any(.loops[]; .method | test("ArrayList\\.indexOf")))] | length > 0'
    check containsany "the read oracle finds ArrayList.indexOfRange re-reading the same elements" \
      '[.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed"
         and any(.loops[]; .method | test("ArrayList\\.indexOf"))
         and .repeated_reads.similar == true)] | length > 0'
  fi
else
  echo "SKIP containsAny: libcommons-collections3-java is not installed"
fi

echo "e2e_perf: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
