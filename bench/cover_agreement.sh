#!/usr/bin/env bash
# Issue 6, part 4 on real workloads: every mode of jtestgen's coverage agent must report the
# coverage static mode reports, and static mode's line coverage must agree with JaCoCo's.
# For each workload (bench/cover_workloads.sh) this runs static, ddst, hst twice and tpc
# twice (the second run of each uses the profile and plan cache of the first), fold, and
# JaCoCo's agent, then compares `jtestgen report` JSON (every package, class, line and branch) of
# each mode with static's, and static's XML with JaCoCo's own XML line by line
# (tests/e2e/cover/CompareLines.java --common: source files both report; a line only
# JaCoCo reports, from a class never loaded, counts as missed). Each mode is a separate run
# of the program, so code whose execution varies between runs (timing, hashing) can differ;
# any difference is printed.
#
# usage: bench/cover_agreement.sh            env: BUILD, WORKLOADS, SIZE (default short)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD:-$root/build}"
WORKLOADS="${WORKLOADS:-checkstyle h2 xalan jython}"
SIZE="${SIZE:-short}"
J=/usr/share/java
JAVA="${JAVA:-java}"
jt="$BUILD/jtestgen"
work="$(mktemp -d "${TMPDIR:-/tmp}/jtg-cover-agree.XXXXXX")"
trap 'rm -rf "$work"' EXIT
(cd "$work" && unzip -q -o "$J/org.jacoco.agent.jar" jacocoagent.jar)
JCP="$J/org.jacoco.core.jar:$J/org.jacoco.report.jar:$J/asm.jar:$J/asm-commons.jar:$J/asm-tree.jar"
# shellcheck source=bench/cover_workloads.sh
source "$root/bench/cover_workloads.sh"

ours() {  # <label> <mode> <workload>: run + report (JSON, XML)
  local out="$work/$3-$1"
  "$jt" cover --mode "$2" --includes "$OURS" --out "$out" --cache "$work/$3-cache-$2" -- \
    "$JAVA" -cp "$CP" "$MAIN" "${ARGS[@]}" >"$out.stdout" 2>"$out.stderr"
  "$jt" report "$out" --classpath "$CP" --json "$out.json" --xml "$out.xml" >/dev/null \
    || echo "report $1 $3 failed" >&2
}
lines() { jq -r '.counters.line | "\(.covered)/\(.covered + .missed)"' "$1"; }
branches() { jq -r '.counters.branch | "\(.covered)/\(.covered + .missed)"' "$1"; }

echo "| workload | static lines | static branches | ddst, hst 1, hst 2, tpc 1, tpc 2, fold = static | JaCoCo line agreement |"
echo "|---|---:|---:|---|---|"
for name in $WORKLOADS; do
  "setup_$name" || continue
  ours static static "$name"
  ours ddst ddst "$name"
  ours hst1 hst "$name"; ours hst2 hst "$name"
  ours tpc1 tpc "$name"; ours tpc2 tpc "$name"
  ours fold fold "$name"
  verdicts=()
  for m in ddst hst1 hst2 tpc1 tpc2 fold; do
    if diff <(jq -S .packages "$work/$name-static.json") <(jq -S .packages "$work/$name-$m.json") \
         >"$work/$name-$m.diff"; then
      verdicts+=("$m same")
    else
      verdicts+=("$m DIFFERS ($(grep -c '^[<>]' "$work/$name-$m.diff") diff lines)")
      echo "$name: $m differs from static:" >&2; head -20 "$work/$name-$m.diff" >&2
    fi
  done
  "$JAVA" "-javaagent:$work/jacocoagent.jar=destfile=$work/$name.exec,includes=$THEIRS" \
    -cp "$CP" "$MAIN" "${ARGS[@]}" >/dev/null 2>&1
  "$JAVA" -cp "$JCP" "$root/tests/e2e/cover/JacocoXml.java" "$work/$name.exec" "$JARS" \
    "$work/$name-jacoco.xml" || echo "JaCoCo report $name failed" >&2
  agree=$("$JAVA" "$root/tests/e2e/cover/CompareLines.java" "$work/$name-jacoco.xml" \
    "$work/$name-static.xml" --common | tee "$work/$name-compare.txt" | tail -1)
  grep '^DIFF' "$work/$name-compare.txt" | head -10 >&2
  echo "| $name | $(lines "$work/$name-static.json") | $(branches "$work/$name-static.json") | $(IFS=';'; echo "${verdicts[*]}") | $agree |"
done
