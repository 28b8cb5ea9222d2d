#!/usr/bin/env bash
# The same work on two JDKs (issue 22): `jtestgen suite` on the bundled example, the modern
# fixtures and the five dev classes, `jtestgen cover` on the cover fixture program, and
# `jtestgen perf` on the issue-5 examples, once on each JDK, with one JaCoCo (0.8.15) as the
# oracle. Prints one Markdown table per tool, a column pair per JDK.
# usage: bench/jdk_compare.sh [budget]   env: BUILD (default build), JDKS (default: the
#        build's JDK and its JDK 25, from <build>/jdk.env), SEED (default 1), SECTIONS
#        (default "suite cover perf")
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD:-$root/build}"
budget="${1:-60s}"
source "$BUILD/jdk.env"
read -r -a jdks <<<"${JDKS:-$JTG_JAVA_HOME $JTG_JDK25_HOME}"
[[ ${#jdks[@]} -eq 2 ]] || { echo "jdk_compare: need two JDKs (JDKS='A B')" >&2; exit 2; }
export JTG_JACOCO=maven JTG_BUILD="$BUILD"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
name() { sed -n 's/^JAVA_VERSION="\(.*\)"/\1/p' "$1/release"; }

want() { [[ " ${SECTIONS:-suite cover perf} " == *" $1 "* ]]; }

if want suite; then
echo "## suite ($budget, seed ${SEED:-1}): JaCoCo 0.8.15 branches and failing tests"
echo
echo "| class | $(name "${jdks[0]}") branches | failing | $(name "${jdks[1]}") branches | failing |"
echo "|---|---:|---:|---:|---:|"
suite_row() {
  local cp=$1 cls=$2 row="| \`$2\`"
  for j in "${jdks[@]}"; do
    local out="$tmp/$(basename "$j")-$cls"
    if ! JAVA_HOME="$j" "$BUILD/jtestgen" suite --classpath "$cp" --class "$cls" --budget "$budget" \
         --seed "${SEED:-1}" --out "$out" --quiet >"$out.log" 2>&1; then
      row="$row | run failed | "; continue
    fi
    local json
    json=$(JAVA_HOME="$j" "$root/tools/jacoco/measure_suite.sh" "$cp" "$cls" "$out" 5 2>/dev/null)
    local c t f
    c=$(grep -o '"branches":{"covered":[0-9]*' <<<"$json" | head -1 | grep -o '[0-9]*$')
    t=$(grep -o '"branches":{"covered":[0-9]*,"total":[0-9]*' <<<"$json" | head -1 | grep -o '[0-9]*$')
    f=$(grep -o '"tests_failed":[0-9]*' <<<"$json" | grep -o '[0-9]*$')
    row="$row | ${c:-?}/${t:-?} | ${f:-?}"
  done
  echo "$row |"
}
suite_row "$BUILD/examples/classes" com.example.inventory.Inventory
suite_row "$BUILD/fixtures_modern/release17" modern.Shapes
suite_row /usr/share/java/commons-collections3.jar org.apache.commons.collections.ListUtils
suite_row /usr/share/java/commons-collections3.jar org.apache.commons.collections.CollectionUtils
suite_row /usr/share/java/commons-lang3.jar org.apache.commons.lang3.math.NumberUtils
suite_row /usr/share/java/commons-lang3.jar org.apache.commons.lang3.StringUtils
suite_row /usr/share/java/commons-lang3.jar org.apache.commons.lang3.text.StrBuilder
fi

echo
if want cover; then
echo
echo "## cover (static probes): jtestgen report totals"
echo
echo "| program | JDK | lines covered/total | branches covered/total | instructions covered/total |"
echo "|---|---|---:|---:|---:|"
cover_row() {
  local label=$1 cp=$2 includes=$3; shift 3
  for j in "${jdks[@]}"; do
    local d="$tmp/cover-$label-$(basename "$j")"
    JAVA_HOME="$j" "$BUILD/jtestgen" cover --includes "$includes" --out "$d" -- "$j/bin/java" \
      -cp "$cp" "$@" >"$d.log" 2>&1
    "$BUILD/jtestgen" report "$d" --classpath "$cp" --json "$d.json" >>"$d.log" 2>&1
    jq -r --arg p "$label" --arg n "$(name "$j")" '.counters as $c | def f(k): "\($c[k].covered)/\($c[k].covered + $c[k].missed)"; "| \($p) | \($n) | \(f("line")) | \(f("branch")) | \(f("instruction")) |"' \
      "$d.json" 2>/dev/null || echo "| $label | $(name "$j") | run failed | | |"
  done
}
cover_row "cover.Main 3 300" "$BUILD/fixtures_cover/classes" 'cover.*' cover.Main 3 300
cover_row "modern.Main (release 17)" "$BUILD/fixtures_modern/release17" 'modern.*' modern.Main
fi

if want perf; then
echo
echo "## perf ($budget): findings"
for j in "${jdks[@]}"; do
  echo
  echo "### $(name "$j")"
  echo
  JAVA_HOME="$j" BUILD="$BUILD" bash "$root/bench/perf_examples.sh" "$budget"
done
fi
