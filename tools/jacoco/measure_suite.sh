#!/usr/bin/env bash
# Compiles and runs a jtestgen-generated JUnit suite under the JaCoCo agent and prints JaCoCo's
# coverage of the class under test as one JSON line on stdout:
#   {"class":"a.b.C","branches":{...},"lines":{...},"methods":{...},"instructions":{...},
#    "tests_run":N,"tests_failed":M}
#
# usage: measure_suite.sh <classpath> <fqcn> <gen_dir> [4|5]
#   classpath  where the class under test (and its dependencies) live; ':'-separated
#   fqcn       class under test, e.g. com.example.inventory.Inventory
#   gen_dir    jtestgen's --out directory; the test is <gen_dir>/<pkg path>/<Simple><suffix>.java,
#              suffix $JTG_TEST_SUFFIX (default JtgTest, as jtestgen suite --test-suffix)
#              (every .java file under gen_dir is compiled with it)
#   4|5        JUnit version of the suite (default 5)
#
# Exit status: 0 if the suite compiled and every test passed; 1 if a test failed (the JSON line
# is still printed, so coverage of a partly failing suite can be reported); 2 on usage errors or
# if compilation fails. Reasons go to stderr. Set JTG_VERBOSE=1 to see the test runner's output.
set -euo pipefail

# The JDK, as jtestgen finds it: JAVA_HOME when set, else JTG_JAVA_HOME, else the one the
# build chose (CMakeLists.txt writes <build>/jdk.env).
if [[ -z "${JAVA_HOME:-}" && -z "${JTG_JAVA_HOME:-}" \
      && -f "${JTG_BUILD:-$(dirname "$0")/../../build}/jdk.env" ]]; then
  source "${JTG_BUILD:-$(dirname "$0")/../../build}/jdk.env"
fi
JAVA_HOME="${JAVA_HOME:-${JTG_JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}}"
JAVA="$JAVA_HOME/bin/java"
JAVAC="$JAVA_HOME/bin/javac"
SJ=/usr/share/java
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

die() { echo "measure_suite: $*" >&2; exit 2; }

[[ $# -ge 3 && $# -le 4 ]] || die "usage: measure_suite.sh <classpath> <fqcn> <gen_dir> [4|5]"
cp_in="$1"; fqcn="$2"; gen_dir="$3"; junit="${4:-5}"
[[ "$junit" == 4 || "$junit" == 5 ]] || die "JUnit version must be 4 or 5, got '$junit'"
[[ -n "$cp_in" ]] || die "empty classpath"
[[ -d "$gen_dir" ]] || die "output directory '$gen_dir' does not exist"

# Absolute classpath entries (we run java from other directories).
cp_abs=""
IFS=':' read -r -a cp_parts <<<"$cp_in"
for p in "${cp_parts[@]}"; do
  [[ -e "$p" ]] || die "classpath entry '$p' does not exist"
  cp_abs="${cp_abs:+$cp_abs:}$(cd "$(dirname "$p")" && pwd)/$(basename "$p")"
done

pkg="${fqcn%.*}"; simple="${fqcn##*.}"
[[ "$pkg" == "$fqcn" ]] && pkg=""
# jtestgen spells every '$' of the class's binary name as '_' in the test's name
# (Outer$Inner -> Outer_InnerJtgTest, $Gson$Types -> _Gson_TypesJtgTest).
test_simple="${simple//\$/_}${JTG_TEST_SUFFIX:-JtgTest}"
test_fqcn="${pkg:+$pkg.}$test_simple"
test_file="$gen_dir/${test_fqcn//.//}.java"
[[ -f "$test_file" ]] || die "generated test '$test_file' not found"

# Where the class under test lives, for JaCoCo's analysis (first entry that has it).
cut_loc=""
for p in "${cp_parts[@]}"; do
  if [[ -d "$p" && -f "$p/${fqcn//.//}.class" ]]; then cut_loc="$p"; break; fi
  if [[ -f "$p" ]] && unzip -l "$p" "${fqcn//.//}.class" >/dev/null 2>&1; then cut_loc="$p"; break; fi
done
[[ -n "$cut_loc" ]] || die "class $fqcn not found on classpath '$cp_in'"

# --- Which JaCoCo: Debian's 0.8.6 reads class files up to Java 16 (major 60) and runs on
# JDK 17; for a newer class file or JDK, JaCoCo 0.8.15 from Maven Central (fetch_jacoco.sh).
if [[ -d "$cut_loc" ]]; then
  major=$(od -An -j6 -N2 -tu1 "$cut_loc/${fqcn//.//}.class" | awk '{print $1 * 256 + $2}')
else
  major=$(unzip -p "$cut_loc" "${fqcn//.//}.class" | od -An -j6 -N2 -tu1 | awk '{print $1 * 256 + $2}')
fi
feature=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$JAVA_HOME/release" 2>/dev/null || true)
# JTG_JACOCO=maven takes 0.8.15 in every case (one oracle when comparing JDKs).
if [[ "${JTG_JACOCO:-auto}" != maven && "${major:-0}" -le 60 && "${feature:-17}" -le 17 ]]; then
  JACOCO_CORE="$SJ/org.jacoco.core.jar"; JACOCO_AGENT_JAR="$SJ/org.jacoco.agent.jar"
  ASM_CP="$SJ/asm.jar:$SJ/asm-commons.jar:$SJ/asm-tree.jar"; jacoco_tag=""
else
  mvn_dir=$("$here/fetch_jacoco.sh" "${JTG_BUILD:-$here/../../build}/jacoco-0.8.15") \
    || die "JaCoCo 0.8.15 is needed for class file version $major on Java $feature and cannot be fetched"
  JACOCO_CORE="$mvn_dir/org.jacoco.core-0.8.15.jar"
  JACOCO_AGENT_JAR="$mvn_dir/org.jacoco.agent-0.8.15-runtime.jar"
  ASM_CP="$mvn_dir/asm-9.10.1.jar:$mvn_dir/asm-commons-9.10.1.jar:$mvn_dir/asm-tree-9.10.1.jar"
  jacoco_tag="-0.8.15"
fi
for jar in "$JACOCO_CORE" "$JACOCO_AGENT_JAR" "${ASM_CP%%:*}"; do
  [[ -f "$jar" ]] || die "$jar missing (run 'make setup')"
done

# --- One-time tool cache: jacocoagent.jar + compiled JacocoCoverage -------------------------
cache="${JTG_JACOCO_CACHE:-${TMPDIR:-/tmp}/jtestgen-jacoco-$(id -u)}$jacoco_tag"
if ! cmp -s "$here/JacocoCoverage.java" "$cache/JacocoCoverage.java" 2>/dev/null \
   || [[ ! -f "$cache/jacocoagent.jar" || ! -f "$cache/classes/JacocoCoverage.class" ]]; then
  mkdir -p "$(dirname "$cache")"
  stage="$(mktemp -d "${cache}.XXXXXX")"
  if [[ -n "$jacoco_tag" ]]; then  # Maven's runtime jar is the agent itself
    cp "$JACOCO_AGENT_JAR" "$stage/jacocoagent.jar"
  else
    (cd "$stage" && unzip -q -o "$JACOCO_AGENT_JAR" jacocoagent.jar) \
      || die "cannot extract jacocoagent.jar from $JACOCO_AGENT_JAR"
  fi
  "$JAVAC" --release 11 -nowarn -d "$stage/classes" -cp "$JACOCO_CORE:$ASM_CP" \
    "$here/JacocoCoverage.java" || die "cannot compile JacocoCoverage.java"
  cp "$here/JacocoCoverage.java" "$stage/"
  rm -rf "$cache" 2>/dev/null || true
  mv -T "$stage" "$cache" 2>/dev/null || rm -rf "$stage"   # a concurrent run may have won
fi

# --- Compile the suite --------------------------------------------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/jtg-measure.XXXXXX")"
trap 'rm -rf "$work"' EXIT
if [[ "$junit" == 5 ]]; then
  junit_cp="$SJ/junit-jupiter-api.jar:$SJ/junit-jupiter-params.jar:$SJ/opentest4j.jar:$SJ/apiguardian-api.jar:$SJ/junit-platform-commons.jar"
  run_cp="$SJ/junit-platform-console-standalone.jar"
else
  junit_cp="$SJ/junit4.jar:$SJ/hamcrest-core.jar"
  run_cp="$junit_cp"
fi
mapfile -t sources < <(find "$gen_dir" -name '*.java' | sort)
mkdir -p "$work/classes"
if ! "$JAVAC" -nowarn -g -encoding UTF-8 -d "$work/classes" -cp "$cp_abs:$junit_cp" \
     "${sources[@]}" >"$work/javac.log" 2>&1; then
  cat "$work/javac.log" >&2
  die "compilation of $test_file failed (see javac output above)"
fi

# --- Run it under the JaCoCo agent ----------------------------------------------------------
exec_file="$work/jacoco.exec"
includes="${pkg:+$pkg.}*"
[[ -z "$pkg" ]] && includes="$fqcn*"   # default package: restrict to the class itself
agent="-javaagent:$cache/jacocoagent.jar=destfile=$exec_file,includes=$includes,excludes=${test_fqcn}*,inclnolocationclasses=false"
rc=0
if [[ "$junit" == 5 ]]; then
  (cd "$work" && "$JAVA" "$agent" -cp "$run_cp" org.junit.platform.console.ConsoleLauncher \
      --disable-banner --disable-ansi-colors --details=tree --details-theme=ascii --fail-if-no-tests \
      --class-path "$work/classes:$cp_abs" --select-class "$test_fqcn") >"$work/run.log" 2>&1 || rc=$?
  run=$(sed -n 's/.*\[ *\([0-9]*\) tests started.*/\1/p' "$work/run.log" | tail -1)
  failed=$(sed -n 's/.*\[ *\([0-9]*\) tests failed.*/\1/p' "$work/run.log" | tail -1)
  aborted=$(sed -n 's/.*\[ *\([0-9]*\) tests aborted.*/\1/p' "$work/run.log" | tail -1)
  failed=$(( ${failed:-0} + ${aborted:-0} ))
else
  (cd "$work" && "$JAVA" "$agent" -cp "$work/classes:$cp_abs:$run_cp" org.junit.runner.JUnitCore \
      "$test_fqcn") >"$work/run.log" 2>&1 || rc=$?
  if grep -q '^OK (' "$work/run.log"; then
    run=$(sed -n 's/^OK (\([0-9]*\) tests*).*/\1/p' "$work/run.log" | tail -1); failed=0
  else
    run=$(sed -n 's/^Tests run: *\([0-9]*\),.*/\1/p' "$work/run.log" | tail -1)
    failed=$(sed -n 's/^Tests run: *[0-9]*, *Failures: *\([0-9]*\).*/\1/p' "$work/run.log" | tail -1)
  fi
fi
run="${run:-0}"; failed="${failed:-0}"
[[ "${JTG_VERBOSE:-0}" == 1 ]] && cat "$work/run.log" >&2

json=$("$JAVA" -cp "$cache/classes:$JACOCO_CORE:$ASM_CP" JacocoCoverage \
         "$exec_file" "$cut_loc" "$fqcn") || die "JaCoCo analysis of $fqcn failed"
echo "${json%\}},\"tests_run\":$run,\"tests_failed\":$failed}"

if [[ $rc -ne 0 || "$failed" -ne 0 || "$run" -eq 0 ]]; then
  [[ "${JTG_VERBOSE:-0}" == 1 ]] || tail -n 60 "$work/run.log" >&2
  echo "measure_suite: $test_fqcn: $failed of $run tests failed (runner exit $rc)" >&2
  exit 1
fi
