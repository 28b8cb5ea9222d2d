#!/usr/bin/env bash
# The hard branches of tests/fixtures/hard/HardBranches.java (issue 23): `jtestgen suite`
# without the solver at a long budget and with it at a short one, per seed. Prints one
# Markdown row per run: the marked ("// hard") lines covered, of those of primitive methods
# (the ones before computedString) and of all, JaCoCo-independent (jtestgen's report), the
# solver's figures, and dropped tests. The nested class HardBranches$Counter is a class
# under test of its own (as EvoSuite takes it): each run is two suites, the figures summed.
# usage: bench/solver_hard.sh [seeds]   env: BUILD (default build), LONG (default 60s),
#        SHORT (default 20s); seeds default "1 2 3"
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD:-$root/build}"
src="$root/tests/fixtures/hard/HardBranches.java"
read -r -a seeds <<<"${1:-1 2 3}"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
all=$(awk '/\/\/ hard$/ {print NR}' "$src")
prim=$(awk '/computedString/ {exit} /\/\/ hard$/ {print NR}' "$src")
count() { local n=0 l; for l in $1; do [[ " $2 " == *" $l "* ]] || n=$((n + 1)); done; echo "$n"; }
echo "| run | seed | primitive hard branches | all hard branches | solver tests / goals first / sat / unsat / timeout / s | dropped |"
echo "|---|---:|---:|---:|---|---:|"
run() {
  local label=$1 budget=$2 seed=$3; shift 3
  local unc="" solver="" dropped=0 cls
  for cls in hard.HardBranches 'hard.HardBranches$Counter'; do
    local out="$tmp/$label-$seed-$cls"
    "$BUILD/jtestgen" suite --classpath "$BUILD/fixtures/classes" --class "$cls" \
      --budget "$budget" --seed "$seed" --out "$out" --quiet "$@" >"$out.log" 2>&1 ||
      { echo "| $label | $seed | run failed ($cls) | | | |"; return; }
    local r="$out/jtestgen-report.json"
    unc="$unc $(jq -r '.uncovered_lines | map(tostring) | join(" ")' "$r")"
    solver="$solver $(jq -r '.search.solver | "\(.tests) \(.goals_first_covered) \(.queries.sat) \(.queries.unsat) \(.queries.timeout) \(.seconds)"' "$r")"
    dropped=$((dropped + $(jq '.dropped_tests' "$r")))
  done
  # The Counter suite reports only its own lines; the outer one lists Counter's as uncovered
  # (not its class): a Counter line counts as covered when the Counter suite covers it.
  local counter_unc; counter_unc=$(jq -r '.uncovered_lines | map(tostring) | join(" ")' \
    "$tmp/$label-$seed-hard.HardBranches\$Counter/jtestgen-report.json")
  local first=$(awk '/class Counter/ {print NR; exit}' "$src") l merged=""
  for l in $unc; do
    if ((l < first)) || [[ " $counter_unc " == *" $l "* ]]; then merged="$merged $l"; fi
  done
  local s
  s=$(awk '{ for (i = 1; i <= NF; ++i) t[(i - 1) % 6] += $i }
           END { printf "%d / %d / %d / %d / %d / %.1f", t[0], t[1], t[2], t[3], t[4], t[5] }' <<<"$solver")
  echo "| $label | $seed | $(count "$prim" "$merged")/$(wc -w <<<"$prim") | $(count "$all" "$merged")/$(wc -w <<<"$all") | $s | $dropped |"
}
for seed in "${seeds[@]}"; do
  run "no solver, ${LONG:-60s}" "${LONG:-60s}" "$seed" --no-solver
  run "solver, ${SHORT:-20s}" "${SHORT:-20s}" "$seed"
done
