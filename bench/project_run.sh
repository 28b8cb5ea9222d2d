#!/usr/bin/env bash
# Whole-project run over a jar, twice: the first run's wall time, peak progress and summary
# totals, then the second run's (every class unchanged) wall time.
#   bench/project_run.sh JTESTGEN JAR PATTERNS OUT [JOBS] [BUDGET] [extra suite flags...]
# e.g. bench/project_run.sh build/jtestgen /usr/share/java/commons-collections3.jar \
#        'org.apache.commons.collections.**' /tmp/cc3 2 5s --validation-runs 2
# The first run goes through `script` so stderr is a terminal (the live progress line); its
# typescript is OUT.typescript.
set -euo pipefail
jtg="$1" jar="$2" patterns="$3" out="$4" jobs="${5:-2}" budget="${6:-5s}"
shift $(( $# < 6 ? $# : 6 ))
rm -rf "$out"
cmd=("$jtg" suite --classpath "$jar" --classes "$patterns" --jobs "$jobs" --budget-per-class "$budget"
     --out "$out" "$@")
start=$(date +%s)
script -qfc "$(printf '%q ' "${cmd[@]}")" "$out.typescript" >/dev/null || true
first=$(( $(date +%s) - start ))
start=$(date +%s.%N)
"${cmd[@]}" >"$out.run2.out" 2>"$out.run2.err" || true
second=$(echo "$(date +%s.%N) - $start" | bc)
echo "first run: ${first} s"
echo "second run: ${second} s"
jq -c '.totals' "$out/jtestgen-summary.json"
jq -r '.classes[] | select(.status=="failed") | "failed: \(.class): \(.reason)"' "$out/jtestgen-summary.json"
