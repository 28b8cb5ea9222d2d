#!/usr/bin/env bash
# Cost of running a generated suite: median wall time and peak resident memory of the JVM
# that runs it (JUnit console launcher), over RUNS runs (default 5). Used to compare
# DynaMOSA and aDynaMOSA suites (aDynaMOSA's claim: cheaper suites at equal coverage).
#
# usage: bench/suite_cost.sh <classpath> <fqcn> <gen_dir> [4|5]
# prints: {"class":"a.b.C","runs":5,"median_s":1.23,"max_rss_kb":123456,"tests":N}
set -euo pipefail
JAVA_HOME="${JTG_JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
SJ=/usr/share/java
cp_in="$1"; fqcn="$2"; gen="$3"; junit="${4:-5}"; runs="${RUNS:-5}"
work="$(mktemp -d "${TMPDIR:-/tmp}/jtg-cost.XXXXXX")"; trap 'rm -rf "$work"' EXIT
if [[ "$junit" == 4 ]]; then jcp="$SJ/junit4.jar:$SJ/hamcrest-core.jar"; else jcp="$SJ/junit-platform-console-standalone.jar"; fi
src="$gen/$(tr . / <<<"$fqcn")JtgTest.java"
"$JAVA_HOME/bin/javac" -nowarn -encoding UTF-8 -d "$work/classes" -cp "$cp_in:$jcp" "$src" >"$work/javac.log" 2>&1 \
  || { echo "suite_cost: javac failed for $src" >&2; cat "$work/javac.log" >&2; exit 2; }
times=(); rss=0
for ((i = 0; i < runs; i++)); do
  if [[ "$junit" == 4 ]]; then
    cmd=("$JAVA_HOME/bin/java" -cp "$work/classes:$cp_in:$jcp" org.junit.runner.JUnitCore "${fqcn}JtgTest")
  else
    cmd=("$JAVA_HOME/bin/java" -cp "$work/classes:$cp_in:$jcp" org.junit.platform.console.ConsoleLauncher
         --disable-banner --details=none --select-class="${fqcn}JtgTest")
  fi
  /usr/bin/time -f "%e %M" -o "$work/time" "${cmd[@]}" >"$work/run.log" 2>&1 || true
  read -r t m <"$work/time"
  times+=("$t"); (( m > rss )) && rss=$m
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
tests=$(grep -c '@Test' "$src" || true)
echo "{\"class\":\"$fqcn\",\"runs\":$runs,\"median_s\":$median,\"max_rss_kb\":$rss,\"tests\":$tests}"
