#!/usr/bin/env bash
# End-to-end test of jtestgen on a corpus of hostile classes (tests/fixtures_hostile, issue
# 19), registered in ctest as `e2e_hostile`.
# usage: run_hostile.sh <build_dir> <source_dir>
# Prints one PASS/FAIL line per check and ends with `e2e_hostile: N passed, M failed`.
#
# Safety: the script re-executes itself in a disposable mount + PID namespace in which every
# mount is read-only except its own scratch folder (under the build directory), /tmp is a
# private tmpfs holding a sentinel tree, and /root (the JVM's user.home) is the sentinel
# home. So a sandbox bug in jtestgen fails a check instead of harming the machine; the
# corpus's destructive methods also refuse paths outside the sentinel root.
set -uo pipefail

[[ $# -eq 2 ]] || { echo "usage: run_hostile.sh <build_dir> <source_dir>" >&2; exit 2; }
BUILD="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
BUDGET=10
MAX_WALL=$((BUDGET + 60))
source "$BUILD/jdk.env"  # JTG_JAVA_HOME, the JDK the build chose (CMakeLists.txt)
# The JDK under test: JAVA_HOME when set (ctest sets it: the build's JDK, or the JDK 25 of
# the second pass), else the build's. jtestgen finds the same one.
export JAVA_HOME="${JAVA_HOME:-$JTG_JAVA_HOME}"
JTG="$BUILD/jtestgen"
CP="$BUILD/fixtures_hostile/classes"

# --- 1. the outer namespace --------------------------------------------------------------
source "$(dirname "${BASH_SOURCE[0]}")/lib_hostile_ns.sh"
if [[ "${JTG_HOSTILE_NS:-}" != 1 ]]; then
  scratch="$(mktemp -d "$BUILD/e2e-hostile.XXXXXX")" || exit 1
  ns_enter "$scratch" "${BASH_SOURCE[0]}" "$@"
  rc=$?
  rm -rf "$scratch"
  if [[ $rc -eq 99 ]]; then
    echo "FAIL the disposable namespace could not be set up; nothing was run"
    echo "e2e_hostile: 0 passed, 1 failed"
    exit 1
  fi
  exit $rc
fi
SCRATCH="$JTG_HOSTILE_SCRATCH"
ns_setup || exit 99

passed=0; failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"
  shift
  local f
  for f in "$@"; do [[ -s "$f" ]] && { echo "---- $f"; tail -n 30 "$f" | sed 's/^/  | /'; }; done
}

make_sentinel
BASE="$(snapshot)"
OUTS="$SCRATCH/out"; LOGS="$SCRATCH/logs"; mkdir -p "$OUTS" "$LOGS"

# run_case NAME CLASS [STDIN_PIPE] -> sets $rc, $wall; output in $OUTS/NAME, log in $LOGS/NAME
run_case() {
  local name=$1 cls=$2 pipe=${3:-}
  local t0=$SECONDS
  local input=/dev/null spid=""
  if [[ -n "$pipe" ]]; then  # a pipe that stays open and never delivers a byte
    input="$SCRATCH/stdin.fifo"; rm -f "$input"; mkfifo "$input"
    sleep 600 >"$input" & spid=$!
  fi
  (cd "$SENTINEL/project" && HOME="$SENTINEL/home" timeout -k 5 $((MAX_WALL + 30)) \
    "$JTG" suite --classpath "$CP" --class "$cls" --budget ${BUDGET}s --out "$OUTS/$name" \
    <"$input" >"$LOGS/$name" 2>&1)
  rc=$?
  [[ -n "$spid" ]] && { kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null; }
  wall=$((SECONDS - t0))
}

# check_case NAME CLASS EXPECT(ok|fail) GREP: bounded time, sentinel, strays, results/message
check_case() {
  local name=$1 cls=$2 expect=$3 pattern=$4
  local log="$LOGS/$name" test_file="$OUTS/$name/${cls//.//}JtgTest.java"
  [[ $wall -le $MAX_WALL ]] && pass "$name ends within budget + 60 s (${wall} s)" \
    || fail "$name took ${wall} s (bound ${MAX_WALL} s, exit $rc)" "$log"
  [[ "$(snapshot)" == "$BASE" ]] && pass "$name leaves the sentinel tree unchanged" \
    || { fail "$name changed the sentinel tree" "$log"; diff <(echo "$BASE") <(snapshot) | head -20; make_sentinel; BASE="$(snapshot)"; }
  local s; s=$(strays)
  [[ -z "$s" ]] && pass "$name leaves no process behind" || fail "$name left processes: $s"
  local left; left=$(ls -d /tmp/jtestgen-* 2>/dev/null)
  [[ -z "$left" ]] && pass "$name leaves no temporary directory" || fail "$name left $left"
  if [[ $expect == ok ]]; then
    [[ $rc -eq 0 && -s "$test_file" && -s "$OUTS/$name/jtestgen-report.json" ]] \
      && pass "$name keeps its results (test class and report)" \
      || fail "$name: exit $rc, test class or report missing" "$log"
  else
    [[ $rc -ne 0 ]] && pass "$name exits non-zero" || fail "$name exited 0" "$log"
    [[ $(grep -c '^jtestgen: ' "$log") -eq 1 ]] && pass "$name says why in one line" \
      || fail "$name: expected one 'jtestgen:' line" "$log"
  fi
  if [[ -n "$pattern" ]]; then
    grep -qE "$pattern" "$log" "$test_file" 2>/dev/null && pass "$name names what happened" \
      || fail "$name: /$pattern/ not found in the log or test" "$log"
  fi
}

if [[ ! -x "$JTG" || ! -d "$CP/hostile" ]]; then
  echo "FAIL jtestgen or the hostile fixtures are not built"
  echo "e2e_hostile: 0 passed, 1 failed"; exit 1
fi

# --- 2. the corpus -------------------------------------------------------------------------
# name class expectation pattern-that-must-appear
cases=(
  "wiper hostile.Wiper ok Wiper"
  "notes hostile.Notes ok tempDir\\.getPath"
  "spin hostile.SpinThread ok SpinThread"
  "deadlock hostile.Deadlock ok Deadlock\\.cross"
  "swallow hostile.SwallowGuard ok SwallowGuard\\.forever"
  "socket hostile.SocketRead ok SocketRead\\.readForever"
  "hanginit hostile.HangInit fail static.initializer.of.hostile\\.HangInit"
  "exits hostile.Exits ok Exits"
  "badinit hostile.BadInit ok ExceptionInInitializerError"
  "onlystatics hostile.OnlyStatics ok @Test"
  "secman hostile.InstallsSecurityManager ok InstallsSecurityManager"
  "locale hostile.LocaleSetter ok setTurkish\\(\\)"
  "homewalker hostile.HomeWalker ok reads:.*/bait/"
)
for c in "${cases[@]}"; do
  read -r name cls expect pattern <<<"$c"
  run_case "$name" "$cls"
  check_case "$name" "$cls" "$expect" "$pattern"
done
run_case stdin hostile.ReadStdin pipe
check_case stdin hostile.ReadStdin ok ReadStdin

# --- 3. bad input is refused before anything runs -------------------------------------------
for b in nan 1e300s 0s -5s; do
  t0=$SECONDS
  timeout -k 2 10 "$JTG" suite --classpath "$CP" --class hostile.OnlyStatics --budget="$b" \
    --out "$OUTS/budget" >"$LOGS/budget" 2>&1; rc=$?
  [[ $rc -ne 0 && $rc -ne 124 && $((SECONDS - t0)) -le 5 && $(wc -l <"$LOGS/budget") -eq 1 ]] \
    && grep -q "budget" "$LOGS/budget" && pass "--budget $b is refused at once" \
    || fail "--budget $b: exit $rc" "$LOGS/budget"
done
# An empty --classes (a script's empty variable) is not "every class".
t0=$SECONDS
timeout -k 2 10 "$JTG" suite --classpath "$CP" --classes '' --out "$OUTS/noclasses" \
  >"$LOGS/noclasses" 2>&1; rc=$?
[[ $rc -eq 2 && $((SECONDS - t0)) -le 5 && $(wc -l <"$LOGS/noclasses") -eq 1 ]] \
  && grep -q -- "--classes is empty" "$LOGS/noclasses" && pass "--classes '' is a usage error" \
  || fail "--classes '': exit $rc" "$LOGS/noclasses"
echo "a file" >"$SCRATCH/not-a-dir"
mkdir -p "$SCRATCH/ro" && mount --bind "$SCRATCH/ro" "$SCRATCH/ro" && mount -o remount,bind,ro "$SCRATCH/ro"
for o in "$SCRATCH/not-a-dir" "$SCRATCH/ro/out"; do
  t0=$SECONDS
  timeout -k 2 30 "$JTG" suite --classpath "$CP" --class hostile.OnlyStatics --budget 30s \
    --out "$o" >"$LOGS/outdir" 2>&1; rc=$?
  [[ $rc -ne 0 && $rc -ne 124 && $((SECONDS - t0)) -le 10 ]] && grep -qF "$o" "$LOGS/outdir" \
    && pass "--out $o is refused before the search" || fail "--out $o: exit $rc" "$LOGS/outdir"
done

# --- 4. SIGTERM stops everything within 5 s --------------------------------------------------
(cd "$SENTINEL/project" && exec "$JTG" suite --classpath "$CP" --class hostile.SpinThread \
  --budget 60s --out "$OUTS/term" </dev/null >"$LOGS/term" 2>&1) &
jpid=$!
sleep 8
kill -TERM "$jpid"
t0=$SECONDS
while kill -0 "$jpid" 2>/dev/null && [[ $((SECONDS - t0)) -lt 10 ]]; do sleep 0.2; done
wait "$jpid"; rc=$?
sleep 1
s=$(strays)
[[ $((SECONDS - t0)) -le 6 && $rc -eq 143 && -z "$s" ]] \
  && pass "SIGTERM stops jtestgen and all it started within 5 s (exit 143)" \
  || fail "SIGTERM: exit $rc after $((SECONDS - t0)) s, strays: $s" "$LOGS/term"

# --- 5. every written suite passes with plain JUnit and leaves the sentinel tree alone -----
JCP=/usr/share/java/junit-platform-console-standalone.jar
for d in "$OUTS"/*/; do
  name=$(basename "$d")
  f=$(find "$d" -name '*JtgTest.java' | head -1)
  [[ -n "$f" ]] || continue
  cls=$(sed -n 's/^package \(.*\);/\1/p' "$f").$(basename "$f" .java)
  rm -rf "$SCRATCH/junit"; mkdir -p "$SCRATCH/junit"
  if ! "$JAVA_HOME/bin/javac" -nowarn -d "$SCRATCH/junit" -cp "$CP:$JCP" "$f" >"$LOGS/javac-$name" 2>&1; then
    fail "$name: the written suite does not compile" "$LOGS/javac-$name"; continue
  fi
  (cd "$SENTINEL/project" && timeout -k 5 60 "$JAVA_HOME/bin/java" -cp "$SCRATCH/junit:$CP:$JCP" \
    org.junit.platform.console.ConsoleLauncher --disable-banner --details=summary \
    --select-class="$cls" </dev/null >"$LOGS/junit-$name" 2>&1); rc=$?
  [[ $rc -eq 0 ]] && pass "$name: the written suite passes in a plain JVM" \
    || fail "$name: the written suite fails (exit $rc)" "$LOGS/junit-$name"
  [[ "$(snapshot)" == "$BASE" ]] && pass "$name: its suite leaves the sentinel tree unchanged" \
    || { fail "$name: its suite changed the sentinel tree"; diff <(echo "$BASE") <(snapshot) | head -20; make_sentinel; BASE="$(snapshot)"; }
  pkill -f ConsoleLauncher 2>/dev/null
done

# --- 6. a written test that sets the default locale leaves it as it found it ----------------
# The suite of hostile.LocaleSetter calls setTurkish(); a locale-sensitive test of another
# class, run after it in the same JVM (classes in name order), must still see the JVM's
# own locale (issue 41: such a test failed before the written classes restored defaults).
f="$OUTS/locale/hostile/LocaleSetterJtgTest.java"
if [[ -f "$f" ]] && grep -q "setTurkish()" "$f"; then
  rm -rf "$SCRATCH/junit" "$SCRATCH/check"; mkdir -p "$SCRATCH/junit" "$SCRATCH/check/hostile"
  cat >"$SCRATCH/check/hostile/ZzLocaleCheck.java" <<'JAVA'
package hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

public class ZzLocaleCheck {
  @Test
  public void upperCaseOfTitleIsAscii() {
    assertEquals("TITLE", "title".toUpperCase());
  }
}
JAVA
  if "$JAVA_HOME/bin/javac" -nowarn -d "$SCRATCH/junit" -cp "$CP:$JCP" "$f" \
      "$SCRATCH/check/hostile/ZzLocaleCheck.java" >"$LOGS/javac-localecheck" 2>&1; then
    (cd "$SENTINEL/project" && timeout -k 5 60 "$JAVA_HOME/bin/java" -Duser.language=en \
      -Duser.country=US -Djunit.jupiter.testclass.order.default='org.junit.jupiter.api.ClassOrderer$ClassName' \
      -cp "$SCRATCH/junit:$CP:$JCP" org.junit.platform.console.ConsoleLauncher --disable-banner \
      --details=tree --select-class=hostile.LocaleSetterJtgTest --select-class=hostile.ZzLocaleCheck \
      </dev/null >"$LOGS/junit-localecheck" 2>&1); rc=$?
    [[ $rc -eq 0 ]] && grep -q 'upperCaseOfTitleIsAscii' "$LOGS/junit-localecheck" \
      && pass "a test that sets the locale to Turkish restores it for the next class" \
      || fail "the locale leaked into a later class (exit $rc)" "$LOGS/junit-localecheck"
  else
    fail "the locale check does not compile" "$LOGS/javac-localecheck"
  fi
else
  fail "the suite of hostile.LocaleSetter never calls setTurkish()" "$f" "$LOGS/locale"
fi

# --- 7. no written test walks the user's home or temporary directory -----------------------
# The search saw hostile.HomeWalker.size(home()) read the sandbox's stand-in home (the log
# names it, step 2); no written test may hand home() or temp() to size().
f="$OUTS/homewalker/hostile/HomeWalkerJtgTest.java"
if [[ -f "$f" ]]; then
  walkers=$(awk '/@Test/ { if (h && s) n++; h = 0; s = 0 }
                 /HomeWalker\.(home|temp)\(\)/ { h = 1 }
                 /HomeWalker\.size\(/ { s = 1 }
                 END { if (h && s) n++; print n + 0 }' "$f")
  grep -q 'HomeWalker.size(' "$f" && [[ "$walkers" -eq 0 ]] \
    && pass "no written test walks the home or temporary directory (size is still tested)" \
    || fail "$walkers test(s) may walk the home or temporary directory, or size is untested" "$f"
else
  fail "hostile.HomeWalker has no written suite" "$LOGS/homewalker"
fi

echo "e2e_hostile: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
