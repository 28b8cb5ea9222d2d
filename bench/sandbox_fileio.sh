#!/usr/bin/env bash
# jtestgen on commons-io's file-handling classes (issue 19's "Done when"): each class is
# searched for BUDGET (default 60s) inside the disposable namespace of
# tests/e2e/lib_hostile_ns.sh (read-only root, sentinel tree as /tmp, home and working
# directory), then its written suite runs under JaCoCo in a plain JVM in the same place.
# Reports per class: exit status, wall time, tests, jtestgen's and JaCoCo's branch and line
# coverage, failing tests, and whether the search and the suite left the sentinel tree as it
# was.
#
# usage: bench/sandbox_fileio.sh [build_dir]   (BUDGET=60s CLASSES="org.apache.commons.io.FileUtils ...")
# KEEP=1 keeps the scratch folder (outputs, logs, <Class>.sentinel.diff) under build_dir.
set -uo pipefail
BUILD="$(cd "${1:-build}" && pwd)"
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$SRC/tests/e2e/lib_hostile_ns.sh"
if [[ "${JTG_HOSTILE_NS:-}" != 1 ]]; then
  ns_bench "$BUILD" fileio "${BASH_SOURCE[0]}" "$@"; exit $?
fi
ns_setup || exit 99
SCRATCH="$JTG_HOSTILE_SCRATCH"
BUDGET="${BUDGET:-60s}"
CLASSES="${CLASSES:-org.apache.commons.io.FileUtils org.apache.commons.io.IOUtils}"
CP=/usr/share/java/commons-io.jar
export JTG_JACOCO_CACHE="$SCRATCH/jacoco-cache"
counter() { tr -d ' \n' <"$1" | grep -o "\"$2\":{[^}]*}" | head -1 | sed 's/.*"covered":\([0-9]*\),"total":\([0-9]*\).*/\1\/\2/'; }
make_sentinel
base="$(snapshot)"
printf '%-10s %4s %6s %5s %12s %12s %12s %12s %6s %8s %8s\n' class rc wall tests jtg_branch \
  jtg_line jacoco_branch jacoco_line failed search suite
for cls in $CLASSES; do
  out="$SCRATCH/out/${cls##*.}"; log="$SCRATCH/${cls##*.}.log"
  t0=$SECONDS
  (cd "$SENTINEL/project" && HOME="$SENTINEL/home" "$BUILD/jtestgen" suite --classpath "$CP" \
    --class "$cls" --budget "$BUDGET" --out "$out" </dev/null >"$log" 2>&1); rc=$?
  wall=$((SECONDS - t0))
  [[ "$(snapshot)" == "$base" ]] && s1=same || { s1=CHANGED; make_sentinel; base="$(snapshot)"; }
  json=$(cd "$SENTINEL/project" && "$SRC/tools/jacoco/measure_suite.sh" "$CP" "$cls" "$out" 5 2>/dev/null)
  echo "$json" >"$SCRATCH/jacoco.json"
  [[ "$(snapshot)" == "$base" ]] && s2=same || {
    s2=CHANGED; diff <(echo "$base") <(snapshot) >"$SCRATCH/${cls##*.}.sentinel.diff"
    make_sentinel; base="$(snapshot)"; }
  tests=$(tr -d ' \n' <"$out/jtestgen-report.json" 2>/dev/null | grep -o '"tests":[0-9]*' | head -1 | cut -d: -f2)
  printf '%-10s %4s %6s %5s %12s %12s %12s %12s %6s %8s %8s\n' "${cls##*.}" "$rc" "$wall" "${tests:-0}" \
    "$(counter "$out/jtestgen-report.json" branches)" "$(counter "$out/jtestgen-report.json" lines)" \
    "$(counter "$SCRATCH/jacoco.json" branches)" "$(counter "$SCRATCH/jacoco.json" lines)" \
    "$(grep -o '"tests_failed":[0-9]*' "$SCRATCH/jacoco.json" | cut -d: -f2)" "$s1" "$s2"
  [[ $rc -ne 0 ]] && tail -n 3 "$log" | sed 's/^/    /'
  grep -E "^jtestgen:|note:" "$log" | head -5 | sed 's/^/    /'
done
