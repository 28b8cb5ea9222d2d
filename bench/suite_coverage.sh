#!/usr/bin/env bash
# Coverage benchmark: runs `jtestgen suite` on library classes, measures each generated suite
# with JaCoCo (tools/jacoco/measure_suite.sh) and prints a Markdown table. See bench/README.md.
#
# usage: bench/suite_coverage.sh [budget] [class ...]
#   budget  jtestgen --budget value (default 60s)
#   class   fully-qualified name, or CLASSPATH=FQCN to give its classpath explicitly.
#           Default: ListUtils (commons-collections 3) and NumberUtils (commons-lang 3).
# env: BUILD (default build), JUNIT (4|5, default 5), SEED (default 1), KEEP (=1 keeps output),
#      ARGS (extra jtestgen arguments, e.g. ARGS='--search adynamosa'),
#      DEV=1 (the issue-3 dev list: ListUtils, CollectionUtils, NumberUtils, StringUtils, StrBuilder)
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD:-$root/build}"
JTG="$BUILD/jtestgen"
JUNIT="${JUNIT:-5}"
SEED="${SEED:-1}"
budget="${1:-60s}"; [[ $# -gt 0 ]] && shift
classes=("$@")
if [[ ${#classes[@]} -eq 0 && "${DEV:-0}" == 1 ]]; then
  classes=(org.apache.commons.collections.ListUtils org.apache.commons.collections.CollectionUtils
           org.apache.commons.lang3.math.NumberUtils org.apache.commons.lang3.StringUtils
           org.apache.commons.lang3.text.StrBuilder)
fi
if [[ ${#classes[@]} -eq 0 ]]; then
  classes=(/usr/share/java/commons-collections3.jar=org.apache.commons.collections.ListUtils
           /usr/share/java/commons-lang3.jar=org.apache.commons.lang3.math.NumberUtils)
fi
[[ -x "$JTG" ]] || { echo "bench: $JTG not found; run 'make build' first" >&2; exit 2; }

# Known locations for classes given without a classpath.
default_cp() {
  case "$1" in
    org.apache.commons.collections.*) echo /usr/share/java/commons-collections3.jar ;;
    org.apache.commons.lang3.*) echo /usr/share/java/commons-lang3.jar ;;
    com.example.*) echo "$BUILD/examples/classes" ;;
    *) echo "" ;;
  esac
}
counter() {  # counter <file> <key> -> "covered total"
  local obj
  obj=$(tr -d ' \t\r\n' <"$1" 2>/dev/null | grep -o "\"$2\":{[^}]*}" | head -1) || true
  local c t
  c=$(grep -o '"covered":[0-9]*' <<<"$obj" | cut -d: -f2); t=$(grep -o '"total":[0-9]*' <<<"$obj" | cut -d: -f2)
  [[ -n "$c" && -n "$t" ]] && echo "$c $t"
}
scalar() { tr -d ' \t\r\n' <"$1" 2>/dev/null | grep -o "\"$2\":[0-9.]*" | head -1 | cut -d: -f2; }
# Uncovered branches blamed on a type that could not be built (report "not_built"); "?" if
# the report has none or python3 is missing.
not_built() {
  command -v python3 >/dev/null 2>&1 || { echo "?"; return; }
  python3 -c 'import json, sys
nb = json.load(open(sys.argv[1])).get("not_built")
print(nb["branches"] if nb else "?")' "$1" 2>/dev/null || echo "?"
}
pct() { [[ -z "$1" ]] && { echo "n/a"; return; }
  awk -v a="$1" 'BEGIN { split(a, x, " "); printf "%.1f%% (%d/%d)", (x[2] > 0 ? 100 * x[1] / x[2] : 100), x[1], x[2] }'; }

work="$(mktemp -d "${TMPDIR:-/tmp}/jtg-bench.XXXXXX")"
[[ "${KEEP:-0}" == 1 ]] && echo "bench: keeping output in $work" >&2 || trap 'rm -rf "$work"' EXIT

rows=()
for spec in "${classes[@]}"; do
  if [[ "$spec" == *=* ]]; then cp="${spec%%=*}"; cls="${spec#*=}"; else cls="$spec"; cp="$(default_cp "$cls")"; fi
  [[ -n "$cp" ]] || { echo "bench: no classpath known for $cls; pass CLASSPATH=$cls" >&2; continue; }
  out="$work/${cls//./_}"
  echo "bench: $cls (budget $budget) ..." >&2
  start=$(date +%s.%N)
  rc=0
  "$JTG" suite --classpath "$cp" --class "$cls" --budget "$budget" --seed "$SEED" \
    --junit "$JUNIT" --out "$out" ${ARGS:-} >"$work/${cls}.jtestgen.log" 2>&1 || rc=$?
  end=$(date +%s.%N)
  wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f s", b - a }')
  if [[ $rc -ne 0 ]]; then
    echo "bench: jtestgen failed for $cls (exit $rc):" >&2; tail -n 20 "$work/${cls}.jtestgen.log" >&2
    rows+=("| \`$cls\` | jtestgen exit $rc | | | | | | $wall |"); continue
  fi
  mrc=0
  "$root/tools/jacoco/measure_suite.sh" "$cp" "$cls" "$out" "$JUNIT" >"$work/${cls}.jacoco.json" \
    2>"$work/${cls}.measure.log" || mrc=$?
  [[ $mrc -ge 2 ]] && { echo "bench: measure_suite failed for $cls:" >&2; tail -n 20 "$work/${cls}.measure.log" >&2; }
  tests=$(scalar "$out/jtestgen-report.json" tests)
  run=$(scalar "$work/${cls}.jacoco.json" tests_run)
  failing=$(scalar "$work/${cls}.jacoco.json" tests_failed)
  [[ $mrc -ge 2 ]] && failing="compile error"
  jb="$(counter "$work/${cls}.jacoco.json" branches)"
  [[ -n "$jb" ]] && { sum_b=$(awk -v s="${sum_b:-0}" -v a="$jb" 'BEGIN { split(a, x, " "); print s + (x[2] > 0 ? 100 * x[1] / x[2] : 100) }'); n_b=$(( ${n_b:-0} + 1 )); }
  sps=$(scalar "$out/jtestgen-report.json" statements_per_second)
  rows+=("| \`$cls\` | ${tests:-${run:-?}} | ${failing:-?} | $(pct "$jb") | $(pct "$(counter "$work/${cls}.jacoco.json" lines)") | $(pct "$(counter "$out/jtestgen-report.json" branches)") | $(not_built "$out/jtestgen-report.json") | $wall | ${sps%.*} |")
done

echo
echo "| class | tests | failing tests | JaCoCo branches | JaCoCo lines | jtestgen branches | not built (branches) | wall time | statements/s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
[[ ${n_b:-0} -gt 0 ]] && awk -v s="$sum_b" -v n="$n_b" 'BEGIN { printf "| **mean** | | | %.1f%% | | | | | |\n", s / n }' || true
