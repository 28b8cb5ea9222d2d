#!/usr/bin/env bash
# The hard branches of tests/fixtures/hard/HardBranches.java (issue 23): `jtestgen suite`
# without the solver at a long budget and with it at a short one, per seed. Prints one
# Markdown row per run: the marked ("// hard") lines covered, of those of primitive methods
# (the ones before computedString) and of all, JaCoCo-independent (jtestgen's report), the
# solver's figures, and dropped tests.
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
  local out="$tmp/$label-$seed"
  "$BUILD/jtestgen" suite --classpath "$BUILD/fixtures/classes" --class hard.HardBranches \
    --budget "$budget" --seed "$seed" --out "$out" --quiet "$@" >"$out.log" 2>&1 ||
    { echo "| $label | $seed | run failed | | | |"; return; }
  local r="$out/jtestgen-report.json" unc
  unc=$(jq -r '.uncovered_lines | map(tostring) | join(" ")' "$r")
  local s
  s=$(jq -r '.search.solver | "\(.tests) / \(.goals_first_covered) / \(.queries.sat) / \(.queries.unsat) / \(.queries.timeout) / \(.seconds * 10 | round / 10)"' "$r")
  echo "| $label | $seed | $(count "$prim" "$unc")/$(wc -w <<<"$prim") | $(count "$all" "$unc")/$(wc -w <<<"$all") | $s | $(jq '.dropped_tests' "$r") |"
}
for seed in "${seeds[@]}"; do
  run "no solver, ${LONG:-60s}" "${LONG:-60s}" "$seed" --no-solver
  run "solver, ${SHORT:-20s}" "${SHORT:-20s}" "$seed"
done
