#!/usr/bin/env bash
# `jtestgen perf --jar` over a whole library jar (issue 5: within 30 minutes per jar on this
# 2-core machine), under /usr/bin/time; keeps the report and prints its summary.
# usage: bench/perf_jar.sh JAR [budget] [out]
#   JAR     e.g. /usr/share/java/commons-collections3.jar (also the classpath)
#   budget  search budget for the whole jar (default 25m: bounds the whole run; each method gets 0.25-20 s of search)
#   out     output directory (default /tmp/perf-<jar name>)
# env: BUILD (default build), SEED (default 1)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD:-$root/build}"
jar="$1"; budget="${2:-25m}"
out="${3:-/tmp/perf-$(basename "$jar" .jar)}"
mkdir -p "$out"
/usr/bin/time -v "$BUILD/jtestgen" perf --classpath "$jar" --jar "$jar" --budget "$budget" \
  --seed "${SEED:-1}" --out "$out" >"$out/run.log" 2>"$out/time.log"
head -1 "$out/run.log"
grep -E "Elapsed|Maximum resident" "$out/time.log"
jq -r '"findings: \(.findings | length), confirmed: \([.findings[] | select(.status == "confirmed")] | length), redundant traversals confirmed: \([.findings[] | select(.kind == "redundant-traversal" and .status == "confirmed")] | length), skipped: \(.skipped | length)"' "$out/perf-report.json"
