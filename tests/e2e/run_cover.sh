#!/usr/bin/env bash
# End-to-end test of `jtestgen cover` and `jtestgen report` (ctest e2e_cover) on the
# program of tests/fixtures_cover (cover.Main):
#   1. static, ddst, hst, tpc and fold runs report exactly the same lines, branches and
#      instructions, and ddst really retransformed classes; fold set flags, retransformed
#      nothing, and a probe whose flag is set records no more (cover.FoldProbe); hst and tpc run twice on one
#      cache: the second hst run uses the first run's profile, the second tpc run is served
#      by the plan cache; a tpc run whose class bytes changed (JaCoCo's agent transformed
#      them first) misses the cache and still reports the same;
#   2. the lines marked `// cov: X` in the sources have status X (in the JSON, and in the
#      HTML's source-line pages); finally and synchronized code counts once (Cleanup.java);
#   3. line status agrees with JaCoCo's own report of a JaCoCo-agent run, for every line;
#   4. both agents in one JVM (ours in ddst mode, JaCoCo's -javaagent): neither crashes,
#      JaCoCo reports exactly what it reports alone, jtestgen the same covered and missed
#      lines and branches (it planned on JaCoCo's bytes, so instruction counts differ);
#   5. the exit status passes through, a dump on request, and coverage recorded for other
#      class bytes is refused naming the class;
#   6. another agent's redefinition of a class with other bytes (PIT's mutants) is accepted.
# usage: run_cover.sh <build dir> <source dir>
set -euo pipefail
echo "JDK under test: ${JAVA_HOME:-the java on PATH}"
build="$(cd "$1" && pwd)"; src="$(cd "$2" && pwd)"
source "$build/jdk.env"  # JTG_JAVA_HOME, the JDK the build chose (CMakeLists.txt)
# The JDK under test: JAVA_HOME when set (ctest sets it: the build's JDK, or the JDK 25 of
# the second pass), else the build's. jtestgen finds the same one.
export JAVA_HOME="${JAVA_HOME:-$JTG_JAVA_HOME}"
JAVA="$JAVA_HOME/bin/java"
SJ=/usr/share/java
jt="$build/jtestgen"
CP="$build/fixtures_cover/classes"
work="$(mktemp -d "${TMPDIR:-/tmp}/jtg-cover.XXXXXX")"
trap '[[ -n "${KEEP:-}" ]] || rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

step "static run"
"$jt" cover --includes 'cover.*' --out "$work/static" -- "$JAVA" -cp "$CP" cover.Main 3 300 \
  >"$work/static.log" || fail "static run failed: $(cat "$work/static.log")"
grep -q '^sum ' "$work/static.log" || fail "program output missing"
"$jt" report "$work/static" --classpath "$CP" --xml "$work/static.xml" \
  --json "$work/static.json" --html "$work/html" --sources "$src/tests/fixtures_cover" \
  || fail "report (static) failed"
[[ -f "$work/html/index.html" && -f "$work/html/cover.Branchy.html" ]] || fail "no HTML report"
# Source-line pages: Unused.java:8 (never run) missed, Branchy's marked lines by status.
page="$work/html/src.cover.Unused.java.html"
[[ -f "$page" ]] || fail "no source page for Unused.java"
grep -q '<span id="L8" class="nc"' "$page" || fail "Unused.java:8 is not shown missed"
grep -q 'href="src.cover.Branchy.java.html#L' "$work/html/cover.Branchy.html" \
  || fail "the class page does not link its source lines"
while IFS=: read -r line rest; do
  want="${rest##*// cov: }"
  case "$want" in covered) c=fc ;; partly) c=pc ;; missed) c=nc ;; esac
  grep -q "<span id=\"L$line\" class=\"$c\"" "$work/html/src.cover.Branchy.java.html" \
    || fail "Branchy.java:$line is not shown $want in the source page"
done < <(grep -nE '// cov: (covered|partly|missed)$' "$src/tests/fixtures_cover/cover/Branchy.java")

step "ddst run"
"$jt" cover --mode ddst --includes 'cover.*' --out "$work/ddst" -- "$JAVA" -cp "$CP" \
  cover.Main 3 300 >"$work/ddst.log" || fail "ddst run failed: $(cat "$work/ddst.log")"
"$jt" report "$work/ddst" --classpath "$CP" --xml "$work/ddst.xml" --json "$work/ddst.json" \
  || fail "report (ddst) failed"
retransformed=$(jq -s '[.[].stats.retransformed_classes] | add' "$work"/ddst/jtestgen-cov-*.json)
echo "ddst: $retransformed class retransformations"
[[ "$retransformed" -ge 3 ]] || fail "ddst retransformed only $retransformed classes"
if ! diff <(jq -S .packages "$work/static.json") <(jq -S .packages "$work/ddst.json") \
     >"$work/modes.diff"; then
  head -40 "$work/modes.diff" >&2
  fail "static and ddst report different coverage"
fi
# covered_probes_kept: static keeps the probe of every covered slot; ddst only those covered
# after their class's last retransformation.
static_covered=$(jq -s '[.[].classes[].covered | length] | add' "$work"/static/jtestgen-cov-*.json)
static_kept=$(jq -s '[.[].stats.covered_probes_kept] | add' "$work"/static/jtestgen-cov-*.json)
ddst_kept=$(jq -s '[.[].stats.covered_probes_kept] | add' "$work"/ddst/jtestgen-cov-*.json)
echo "covered probes kept at exit: static $static_kept (of $static_covered covered slots), ddst $ddst_kept"
[[ "$static_kept" -eq "$static_covered" ]] || fail "static kept $static_kept covered probes, covered $static_covered"
[[ "$ddst_kept" -lt "$static_kept" ]] || fail "ddst kept $ddst_kept covered probes, static $static_kept"
jq -r '.counters | "static = ddst: lines \(.line.covered)/\(.line.covered + .line.missed), branches \(.branch.covered)/\(.branch.covered + .branch.missed)"' \
  "$work/static.json"

step "drop run (benchmark bound: every probe goes at a class's first retransformation)"
# A benchmark mode, not offered by `jtestgen cover`: the agent is loaded directly.
"$JAVA" "-agentpath:$build/libjtestgen_agent.so=mode=drop,includes=cover.*,out=$work/drop" \
  -cp "$CP" cover.Main 3 300 >"$work/drop.log" 2>&1 || fail "drop run failed: $(cat "$work/drop.log")"
"$jt" report "$work/drop" --classpath "$CP" --json "$work/drop.json" || fail "report (drop) failed"
dropped=$(jq -s '[.[].stats.retransformed_classes] | add' "$work"/drop/jtestgen-cov-*.json)
drop_lines=$(jq .counters.line.covered "$work/drop.json")
static_lines=$(jq .counters.line.covered "$work/static.json")
echo "drop: $dropped class retransformations, $drop_lines of static's $static_lines lines recorded"
[[ "$dropped" -ge 3 ]] || fail "drop retransformed only $dropped classes"
[[ "$drop_lines" -gt 0 && "$drop_lines" -le "$static_lines" ]] \
  || fail "drop recorded $drop_lines lines, static $static_lines"

step "ddst with a sweep (one more retransformation once coverage is quiet)"
# Each phase of cover.Main covers code of classes retransformed in an earlier phase; the
# 300 ms pauses are quiet, so each class with such probes gets its one sweep.
"$JAVA" "-agentpath:$build/libjtestgen_agent.so=mode=ddst,sweep_quiet_ms=100,includes=cover.*,out=$work/sweep" \
  -cp "$CP" cover.Main 3 300 >"$work/sweep.log" 2>&1 || fail "sweep run failed: $(cat "$work/sweep.log")"
"$jt" report "$work/sweep" --classpath "$CP" --json "$work/sweep.json" || fail "report (sweep) failed"
if ! diff <(jq -S .packages "$work/static.json") <(jq -S .packages "$work/sweep.json") >"$work/sweep.diff"; then
  head -40 "$work/sweep.diff" >&2
  fail "static and ddst with a sweep report different coverage"
fi
swept=$(jq -s '[.[].stats.retransformed_classes] | add' "$work"/sweep/jtestgen-cov-*.json)
sweep_kept=$(jq -s '[.[].stats.covered_probes_kept] | add' "$work"/sweep/jtestgen-cov-*.json)
echo "ddst with a sweep: $swept class retransformations (without: $retransformed), $sweep_kept covered probes kept (without: $ddst_kept)"
[[ "$swept" -gt "$retransformed" ]] || fail "the sweep retransformed nothing more"
[[ "$sweep_kept" -lt "$ddst_kept" ]] || fail "the sweep kept $sweep_kept covered probes, ddst $ddst_kept"

same_as_static() {  # <mode label> <report json>
  if ! diff <(jq -S .packages "$work/static.json") <(jq -S .packages "$2") >"$work/$1.diff"; then
    head -40 "$work/$1.diff" >&2
    fail "static and $1 report different coverage"
  fi
}
stat() { jq -s "[.[].stats.$2] | add" "$work"/$1/jtestgen-cov-*.json; }
# tpc runs three times: run 2 plans anew the classes its profile (run 1's) gives fold guards
# (their bytes depend on the profile); run 3 reads run 1's profile again (restored: each run
# merges its own counts into the profile, which changes the choices) and finds every plan in
# the cache, fold guards included.
for mode in hst tpc; do
  runs="1 2"; [[ $mode == tpc ]] && runs="1 2 3"
  for run in $runs; do
    profile="$work/$mode-cache/hst-profile.json"
    [[ $mode == tpc && $run == 2 ]] && cp "$profile" "$work/tpc-profile1.json"
    [[ $mode == tpc && $run == 3 ]] && cp "$work/tpc-profile1.json" "$profile"
    step "$mode run $run"
    "$jt" cover --mode "$mode" --includes 'cover.*' --out "$work/$mode$run" \
      --cache "$work/$mode-cache" -- "$JAVA" -cp "$CP" cover.Main 3 300 >"$work/$mode$run.log" \
      || fail "$mode run $run failed: $(cat "$work/$mode$run.log")"
    "$jt" report "$work/$mode$run" --classpath "$CP" --json "$work/$mode$run.json" \
      || fail "report ($mode run $run) failed"
    same_as_static "$mode$run" "$work/$mode$run.json"
    echo "$mode run $run: $(stat "$mode$run" demand_methods) DDST and $(stat "$mode$run" static_methods) static methods, $(stat "$mode$run" profiled_classes) classes profiled, $(stat "$mode$run" retransformed_classes) retransformations, $(stat "$mode$run" plan_cache_hits) cached plans"
  done
  [[ -f "$work/$mode-cache/hst-profile.json" ]] || fail "$mode wrote no profile"
  [[ $(stat "${mode}1" profiled_classes) -eq 0 ]] || fail "$mode run 1 found a profile"
  [[ $(stat "${mode}2" profiled_classes) -eq $(stat "${mode}2" instrumented_classes) ]] \
    || fail "$mode run 2 did not use the profile for every class"
done
[[ $(stat tpc1 plan_cache_stores) -ge 5 && $(stat tpc1 plan_cache_hits) -eq 0 ]] \
  || fail "tpc run 1 should plan and store every class"
[[ $(stat tpc2 plan_cache_hits) -eq $(( $(stat tpc2 instrumented_classes) - $(stat tpc2 fold_classes) )) ]] \
  || fail "tpc run 2 should take every plan from the cache but those of classes with fold guards"
[[ $(stat tpc3 plan_cache_hits) -eq $(stat tpc3 instrumented_classes) && $(stat tpc3 fold_classes) -ge 1 ]] \
  || fail "tpc run 3 should take every plan from the cache, fold guards included"
[[ $(stat hst2 demand_methods) -ge 1 ]] || fail "hst: no method chose DDST"

# Run 2 of hst had a profile for every class: its DDST methods got fold guards (the default,
# agent option fold=1), so nothing was retransformed.
echo "hst run 2: $(stat hst2 fold_classes) classes with flag probes, $(stat hst2 fold_flags_set) flags set, $(stat hst2 retransformed_classes) retransformations"
[[ $(stat hst2 fold_classes) -ge 1 ]] || fail "hst run 2: no class got flag probes"
[[ $(stat hst2 fold_flags_set) -ge 1 ]] || fail "hst run 2: no flag set"
[[ $(stat hst2 retransformed_classes) -eq 0 ]] \
  || fail "hst run 2 retransformed classes (every class is profiled: fold or static only)"
[[ $(stat hst2 fold_classes) -lt $(stat hst2 instrumented_classes) ]] \
  || fail "hst run 2: every class got flag probes (only profiled classes with a DDST method should)"

step "hst with fold=0 (profiled DDST methods' probes removed by retransformation)"
cp -r "$work/hst-cache" "$work/hstnofold-cache"
"$JAVA" "-agentpath:$build/libjtestgen_agent.so=mode=hst,fold=0,cache=$work/hstnofold-cache,includes=cover.*,out=$work/hstnofold" \
  -cp "$CP" cover.Main 3 300 >"$work/hstnofold.log" 2>&1 || fail "hst fold=0 run failed: $(cat "$work/hstnofold.log")"
"$jt" report "$work/hstnofold" --classpath "$CP" --json "$work/hstnofold.json" || fail "report (hst fold=0) failed"
same_as_static hstnofold "$work/hstnofold.json"
echo "hst with fold=0: $(stat hstnofold fold_classes) classes with flag probes, $(stat hstnofold retransformed_classes) retransformations"
[[ $(stat hstnofold fold_classes) -eq 0 ]] || fail "hst fold=0: a class got flag probes"
[[ $(stat hstnofold retransformed_classes) -ge 1 ]] || fail "hst fold=0: nothing retransformed"

step "fold run (probes guarded by flags the JIT folds; nothing retransformed)"
"$jt" cover --mode fold --includes 'cover.*' --out "$work/fold" -- "$JAVA" -cp "$CP" \
  cover.Main 3 300 >"$work/fold.log" || fail "fold run failed: $(cat "$work/fold.log")"
"$jt" report "$work/fold" --classpath "$CP" --json "$work/fold.json" || fail "report (fold) failed"
same_as_static fold "$work/fold.json"
echo "fold: $(stat fold fold_classes) classes with flag probes, $(stat fold fold_flags_set) flags set"
[[ $(stat fold fold_classes) -ge 5 ]] || fail "fold: too few classes got flag probes"
[[ $(stat fold fold_flags_set) -ge 20 ]] || fail "fold: too few flags set"
[[ $(stat fold retransformed_classes) -eq 0 ]] || fail "fold retransformed classes"
# A covered probe records no more once its flag is set: cover.FoldProbe clears its own probe
# array and reruns code whose flags the agent set (0 slots again); under static, the same
# code records again.
for mode in fold static; do
  "$jt" cover --mode "$mode" --interval-ms 20 --includes 'cover.*' --out "$work/fp-$mode" -- \
    "$JAVA" -cp "$CP" cover.FoldProbe >"$work/fp-$mode.log" \
    || fail "FoldProbe ($mode) failed: $(cat "$work/fp-$mode.log")"
done
cat "$work/fp-fold.log" "$work/fp-static.log"
grep -qE '^flags [1-9][0-9]* set [1-9][0-9]* recorded again 0 ' "$work/fp-fold.log" \
  || fail "fold: covered probes recorded again: $(cat "$work/fp-fold.log")"
grep -qE '^flags 0 set 0 recorded again [1-9]' "$work/fp-static.log" \
  || fail "static: FoldProbe did not record again: $(cat "$work/fp-static.log")"

step "marked lines"
marks=0
while IFS=: read -r file line rest; do
  want="${rest##*// cov: }"; want="${want%% *}"
  base="$(basename "$file")"
  got=$(jq -r --arg f "$base" --argjson n "$line" '
    [.packages[].classes[] | select(.source_file == $f) | .lines] as $ls
    | if ([$ls[].partly[]] | index($n)) != null then "partly"
      elif ([$ls[].covered[]] | index($n)) != null then "covered"
      elif ([$ls[].missed[]] | index($n)) != null then "missed" else "absent" end' \
    "$work/static.json")
  [[ "$got" == "$want" ]] || fail "$base:$line is $got, the source says $want"
  marks=$((marks + 1))
done < <(grep -rnE '// cov: (covered|partly|missed)$' "$src/tests/fixtures_cover" --include='*.java')
[[ $marks -ge 8 ]] || fail "only $marks marked lines found"
echo "$marks marked lines as expected"

step "JaCoCo"
(cd "$work" && unzip -q -o "$SJ/org.jacoco.agent.jar" jacocoagent.jar)
JCP="$SJ/org.jacoco.core.jar:$SJ/org.jacoco.report.jar:$SJ/asm.jar:$SJ/asm-commons.jar:$SJ/asm-tree.jar"
"$JAVA" "-javaagent:$work/jacocoagent.jar=destfile=$work/jacoco.exec,includes=cover.*" \
  -cp "$CP" cover.Main 3 0 >/dev/null || fail "JaCoCo run failed"
"$JAVA" -cp "$JCP" "$src/tests/e2e/cover/JacocoXml.java" "$work/jacoco.exec" "$CP" \
  "$work/jacoco.xml" || fail "JaCoCo report failed"
"$JAVA" "$src/tests/e2e/cover/CompareLines.java" "$work/jacoco.xml" "$work/static.xml" \
  || fail "line coverage differs from JaCoCo's"

step "both agents in one JVM"
"$jt" cover --mode ddst --includes 'cover.*' --out "$work/both" -- "$JAVA" \
  "-javaagent:$work/jacocoagent.jar=destfile=$work/both.exec,includes=cover.*" \
  -cp "$CP" cover.Main 3 300 >/dev/null || fail "run with both agents failed"
"$jt" report "$work/both" --classpath "$CP" --json "$work/both.json" --xml "$work/both.xml" \
  || fail "report (both agents) failed"
# JaCoCo's transformer ran first: jtestgen planned on JaCoCo's bytes (saved beside the
# coverage) and counts only the instructions that are the class's own (report/own_insns.h):
# lines, branches and instructions as without JaCoCo.
# cover.Cleanup is left out: on JaCoCo's bytes (ASM inverts jumps and adds probes inside
# javac's finally copies) the report's javac filters do not apply (javac_filters.h).
lines='[.packages[].classes[] | select(.name != "cover.Cleanup") | {name, c: .lines.covered, m: .lines.missed, l: .counters.line, b: .counters.branch, i: .counters.instruction}]'
ls "$work"/both/classes/*.class >/dev/null 2>&1 || fail "planned bytes were not saved"
if ! diff <(jq -S "$lines" "$work/static.json") <(jq -S "$lines" "$work/both.json") \
     >"$work/both.diff"; then
  head -40 "$work/both.diff" >&2
  fail "jtestgen's coverage changes with JaCoCo's agent present"
fi
"$JAVA" -cp "$JCP" "$src/tests/e2e/cover/JacocoXml.java" "$work/both.exec" "$CP" \
  "$work/both-jacoco.xml" || fail "JaCoCo report (both agents) failed"
"$JAVA" "$src/tests/e2e/cover/CompareLines.java" "$work/jacoco.xml" "$work/both-jacoco.xml" \
  --exact || fail "JaCoCo's coverage changes with jtestgen's agent present"

step "JaCoCo's agent first (JAVA_TOOL_OPTIONS comes before the command line)"
# Our first hook sees JaCoCo's bytes: the agent identifies each class by the bytes its loader
# holds (the classpath's), so the report takes the coverage, with the same lines and branches.
JAVA_TOOL_OPTIONS="-javaagent:$work/jacocoagent.jar=destfile=$work/first.exec,includes=cover.*" \
  "$jt" cover --mode ddst --includes 'cover.*' --out "$work/jfirst" -- "$JAVA" \
  -cp "$CP" cover.Main 3 300 >/dev/null 2>&1 || fail "run with JaCoCo's agent first failed"
"$jt" report "$work/jfirst" --classpath "$CP" --json "$work/jfirst.json" \
  || fail "report (JaCoCo's agent first) failed"
ls "$work"/jfirst/classes/*.class >/dev/null 2>&1 || fail "planned bytes were not saved (JaCoCo first)"
if ! diff <(jq -S "$lines" "$work/static.json") <(jq -S "$lines" "$work/jfirst.json") \
     >"$work/jfirst.diff"; then
  head -40 "$work/jfirst.diff" >&2
  fail "jtestgen's coverage changes with JaCoCo's agent first"
fi
"$JAVA" -cp "$JCP" "$src/tests/e2e/cover/JacocoXml.java" "$work/first.exec" "$CP" \
  "$work/first-jacoco.xml" || fail "JaCoCo report (JaCoCo first) failed"
"$JAVA" "$src/tests/e2e/cover/CompareLines.java" "$work/jacoco.xml" "$work/first-jacoco.xml" \
  --exact || fail "JaCoCo's coverage changes with jtestgen's agent after it"

step "another agent redefines a class with other bytes (as PIT swaps in a mutant)"
# The new bytes get our probe field without probes, so the JVM takes them (it refuses a
# redefinition that drops a field); the coverage recorded before still reports.
mkdir -p "$work/redef/classes"
"$JAVA_HOME/bin/javac" -d "$work/redef/classes" "$src/tests/e2e/cover/Redefiner.java"
printf 'Premain-Class: redef.Redefiner\nCan-Redefine-Classes: true\n' >"$work/redef/manifest"
"$JAVA_HOME/bin/jar" cfm "$work/redef/redef.jar" "$work/redef/manifest" -C "$work/redef/classes" .
out="$("$jt" cover --includes 'redef.*' --out "$work/redef/cov" -- "$JAVA" \
  -javaagent:"$work/redef/redef.jar" -cp "$work/redef/redef.jar" redef.Redefiner 2>&1)" \
  || fail "a redefinition with other bytes failed under the agent: $out"
[[ "$out" == *"one two"* ]] || fail "the redefined class did not run its new bytes: $out"
"$jt" report "$work/redef/cov" --classpath "$work/redef/classes" --json "$work/redef.json" \
  || fail "report after a redefinition failed"
jq -e '[.. | objects | select(.name? == "redef.Target")] | length > 0' "$work/redef.json" \
  >/dev/null || fail "no coverage of redef/Target after its redefinition"

step "tpc on changed class bytes"
"$jt" cover --mode tpc --includes 'cover.*' --out "$work/tpc-both" --cache "$work/tpc-cache" \
  -- "$JAVA" "-javaagent:$work/jacocoagent.jar=destfile=$work/tpc-both.exec,includes=cover.*" \
  -cp "$CP" cover.Main 3 300 >/dev/null || fail "tpc run with both agents failed"
"$jt" report "$work/tpc-both" --classpath "$CP" --json "$work/tpc-both.json" \
  || fail "report (tpc, both agents) failed"
[[ $(stat tpc-both plan_cache_hits) -eq 0 ]] || fail "tpc used a plan made for other bytes"
if ! diff <(jq -S "$lines" "$work/static.json") <(jq -S "$lines" "$work/tpc-both.json") \
     >"$work/tpc-both.diff"; then
  head -40 "$work/tpc-both.diff" >&2
  fail "tpc's coverage changes when the class bytes change"
fi

step "exit status, dump on request, stale classes"
set +e
"$jt" cover --includes 'cover.*' --out "$work/exit" -- "$JAVA" -cp "$CP" cover.NoSuchMain \
  >/dev/null 2>&1
rc=$?
set -e
[[ $rc -eq 1 ]] || fail "exit status $rc, expected java's 1"
"$jt" cover --mode ddst --includes 'cover.*' --out "$work/dump" -- "$JAVA" -cp "$CP" \
  cover.Main 2 1500 >/dev/null &
pid=$!
sleep 1.2
touch "$work/dump/jtestgen-dump"
for _ in $(seq 20); do [[ -e "$work/dump/jtestgen-dump" ]] || break; sleep 0.1; done
[[ ! -e "$work/dump/jtestgen-dump" ]] || fail "dump request not served"
ls "$work"/dump/jtestgen-cov-*.json >/dev/null || fail "no coverage file after the dump request"
kill -0 "$pid" 2>/dev/null || fail "the program ended before the dump was checked"
wait "$pid"
cp -r "$CP" "$work/stale"
printf '\0' >>"$work/stale/cover/Branchy.class"
if "$jt" report "$work/static" --classpath "$work/stale" 2>"$work/stale.err"; then
  fail "report accepted coverage recorded for other bytes"
fi
grep -q 'cover.Branchy' "$work/stale.err" || fail "stale class not named: $(cat "$work/stale.err")"
echo "PASS"
