#!/usr/bin/env bash
# `jtestgen perf` on the issue-5 examples at a 60 s budget each: the fixtures of
# tests/fixtures/perf, java.util.AbstractCollection.containsAll (a JDK class under test) and
# CollectionUtils.containsAny. Prints, per finding, the iterations
# reached in one execution (mu = 1024) and the fitted exponents of iterations and time.
# usage: bench/perf_examples.sh [budget]     env: BUILD (default build), SEED (default 1)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD:-$root/build}"
budget="${1:-60s}"
CP="$BUILD/fixtures/classes:$BUILD/fixtures/perf-impl.jar"
CC3=/usr/share/java/commons-collections3.jar
tmp="$(mktemp -d)"
echo "| class.method | kind | status | max iterations | iteration exponent | reason |"
echo "|---|---|---|---:|---:|---|"
run() {
  local name="$1" cp="$2" cls="$3"; shift 3
  "$BUILD/jtestgen" perf --classpath "$cp" --class "$cls" --budget "$budget" --seed "${SEED:-1}" \
    --out "$tmp/$name" --quiet "$@" >/dev/null 2>&1 || { echo "| $cls | run failed | | | | |"; return; }
  jq -r '.findings[] | "| \(.class | split(".") | last).\(.method) | \(.kind) | \(.status) | \(.max_iterations | floor) | \(if .exponent then ((.exponent * 100 | round) / 100 | tostring) else "-" end) | \(.reason) |"' \
    "$tmp/$name/perf-report.json"
}
run utils "$CP" fixtures.perf.Utils
run fixed "$CP" fixtures.perf.UtilsFixed
run keys "$CP" fixtures.perf.DistinctKeys
run measure "$CP" fixtures.perf.Measure
run jdk "$CP" java.util.AbstractCollection --method 'containsAll(Collection)'
[[ -f "$CC3" ]] && run containsany "$CC3" org.apache.commons.collections.CollectionUtils --method 'containsAny(Collection,Collection)'
rm -rf "$tmp"
