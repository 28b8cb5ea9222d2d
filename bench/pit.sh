#!/usr/bin/env bash
# PIT mutation benchmark (by hand, never run by `make test`): the mutation score that PIT gives
# jtestgen's generated suites, beside the one it gives the project's own hand-written tests, on
# the same classes of a single-module Maven project (default: Apache commons-cli master).
#
# usage: bench/pit.sh [BUILD_DIR | JTESTGEN_BINARY]        (default: build/ of this checkout)
#
# Steps: (1) copies the project twice under $WORK/run-$TAG (the checkout itself is never
# touched) and adds pitest-maven + pitest-junit5-plugin to the copies' poms
# (bench/pit/pom_add_pit.py); compiles the "hand" copy and takes target/classes + the runtime
# dependency classpath; (2) runs `jtestgen suite --class C --budget $BUDGET --seed $SEED` for
# each class (sandbox on) and puts the written <C>JtgTest.java files, alone, into the "gen"
# copy's src/test/java; runs them once with surefire (the "failing" figure); (3) runs PIT's
# mutationCoverage (DEFAULTS mutators, XML) on the gen copy with targetTests = the JtgTest
# classes, and on the hand copy with targetTests = $HAND_TESTS (all the project's tests);
# (4) bench/pit/report.py turns the two mutations.xml into the tables below.
# When PIT refuses to run because tests fail without mutation (its baseline run), the script
# runs it again with skipFailingTests, which leaves them out; they are listed after the tables.
#
# Prints (Markdown, also saved to $WORK/pit-$TAG.md):
#   - per class: mutants, generated tests run by surefire (failing), killed / score / test
#     strength of the generated suite, the same for the hand-written tests, jtestgen's own
#     figures from its report (branches covered/total, its strong mutants killed/total), and a
#     total row;
#     score = killed / mutants, strength = killed / covered (PIT's own figures: killed = PIT's
#     "detected", i.e. KILLED, TIMED_OUT, MEMORY_ERROR or RUN_ERROR);
#   - survivors of the generated suites by mutator (survived though covered / not covered, and
#     how many of them the hand-written tests kill), per class, and by method;
#   - wall times of the phases.
# Writes every surviving mutant of the generated suites (line, mutator, status, status under the
# hand-written tests, method, description) to $WORK/survivors-$TAG.txt; PIT's HTML reports stay
# in $WORK/run-$TAG/{gen,hand}/target/pit-reports.
#
# Environment:
#   PROJECT      Maven project checkout (default $WORK/commons-cli; when missing, extracted from
#                the mirror /work/.mirror/apache+commons-cli/repo, brought by the search tool's
#                `fetch github:apache/commons-cli`)
#   CLASSES      classes under test, space-separated (default: the six commons-cli classes below)
#   BUDGET=20s SEED=1        jtestgen's --budget and --seed
#   JTG_ARGS     more jtestgen suite arguments (never --no-sandbox)
#   TAG          name of this run (default: date-time); WORK (default /work/pitwork)
#   HAND=1       also run PIT on the hand-written tests (0: skip); HAND_TESTS: their targetTests
#                glob (default: the package of the first class, `pkg.*`, i.e. all its tests);
#                REUSE_HAND=1 reuses a cached hand-written result for the same project sources,
#                classes, PIT version and NESTED ($WORK/hand-cache; 0 reruns it)
#   NESTED=0     1: each class's nested classes (C$*) are mutated and counted with it
#   THREADS=2    PIT threads; PIT_VERSION=1.30.2 JUNIT5_PLUGIN_VERSION=1.2.3
#   PIT_JAVA_HOME  JDK for Maven and PIT (default /usr/lib/jvm/java-17-openjdk-amd64)
#   MVN          Maven binary; default: `mvn` when it is 3.9 or newer, else Apache Maven 3.9.9
#                taken from Maven Central (org.apache.maven:apache-maven:bin) into $WORK/tools
#                (commons-parent's enforcer and plugins need Maven 3.9)
#   MVN_SKIPS    -D flags that switch off the release/quality plugins (default below)
#   BROAD=1      instead of the Maven project: the classes of bench/broad_classes.txt
#                (jar=class, Debian jars), grouped per jar into a generic project
#                (bench/pit/generic-pom.xml) holding the jar's classes; generated suites only.
#                BROAD_LIST overrides the list (same format); BROAD_MAX=N keeps the first N.
#                Needs the Debian jars (libcommons-collections3-java libcommons-lang3-java
#                libcommons-cli-java libgoogle-gson-java libyaml-snake-java); a missing jar's
#                classes are left out and named.
#
# Defaults: the six commons-cli classes have 479 PIT mutants (CommandLine 129, DefaultParser 184,
# Option 92, Options 39, OptionGroup 16, TypeHandler 19; nested classes excluded); with the
# hand-written result cached a run takes about 6 minutes on two cores (jtestgen ~35 s a class,
# PIT ~100 s), about 8 without the cache. BROAD=1 (40 classes, 2011 mutants) about 30 minutes.
# The binary is copied into the run folder first (it is self-contained), so a rebuild during
# the run does not mix versions. The project's hand-written tests must run on the JUnit Platform
# (pitest-junit5-plugin). Needs python3, tar, unzip, and Maven Central for the first run.
set -euo pipefail
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ARG="${1:-$SRC/build}"
if [[ -f "$ARG" && -x "$ARG" ]]; then JTG="$(cd "$(dirname "$ARG")" && pwd)/$(basename "$ARG")"
elif [[ -x "$ARG/jtestgen" ]]; then JTG="$(cd "$ARG" && pwd)/jtestgen"
else echo "pit.sh: no jtestgen binary at $ARG" >&2; exit 2; fi
WORK="${WORK:-/work/pitwork}"
BUDGET="${BUDGET:-20s}"
SEED="${SEED:-1}"
TAG="${TAG:-$(date +%Y%m%d-%H%M%S)}"
HAND="${HAND:-1}"
REUSE_HAND="${REUSE_HAND:-1}"
NESTED="${NESTED:-0}"
THREADS="${THREADS:-2}"
PIT_VERSION="${PIT_VERSION:-1.30.2}"
JUNIT5_PLUGIN_VERSION="${JUNIT5_PLUGIN_VERSION:-1.2.3}"
JUPITER_VERSION="${JUPITER_VERSION:-5.11.4}"   # only for projects that have no JUnit 5
BROAD="${BROAD:-0}"
PIT_JAVA_HOME="${PIT_JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
MVN_SKIPS="${MVN_SKIPS:--Denforcer.skip -Drat.skip -Dcheckstyle.skip -Djapicmp.skip -Danimal.sniffer.skip -Dmaven.javadoc.skip -Dspotbugs.skip -Dpmd.skip -Djacoco.skip -Dcyclonedx.skip -Dspdx.skip -Dmoditect.skip -Dbnd.skip -Dmaven.source.skip -Dgpg.skip}"
DEFAULT_CLASSES="org.apache.commons.cli.CommandLine org.apache.commons.cli.DefaultParser org.apache.commons.cli.Option org.apache.commons.cli.Options org.apache.commons.cli.OptionGroup org.apache.commons.cli.TypeHandler"
PIT_OPTS=(-DtimestampedReports=false -DoutputFormats=XML,HTML -Dmutators=DEFAULTS
          "-Dthreads=$THREADS" -DfailWhenNoMutations=false)
mkdir -p "$WORK"
RUN="$WORK/run-$TAG"
rm -rf "$RUN"; mkdir -p "$RUN/jtg" "$RUN/cwd"
# a private copy of the binary (self-contained), so that a rebuild during the run changes nothing
cp "$JTG" "$RUN/jtestgen"; JTG_ORIG="$JTG"; JTG="$RUN/jtestgen"
trap 'rm -f "$RUN/jtestgen"' EXIT
T_START=$SECONDS
log() { echo "[pit.sh $(date +%H:%M:%S)] $*" >&2; }
die() { echo "pit.sh: $*" >&2; exit 1; }

# ---------------------------------------------------------------- Maven (3.9 or newer)
pick_mvn() {
  if [[ -n "${MVN:-}" ]]; then return; fi
  local v
  v=$(JAVA_HOME="$PIT_JAVA_HOME" mvn -v 2>/dev/null | sed -n 's/.*Apache Maven \([0-9.]*\).*/\1/p' | head -1)
  if [[ -n "$v" ]] && printf '3.9\n%s\n' "$v" | sort -V -C; then MVN=mvn; return; fi
  MVN="$WORK/tools/apache-maven-3.9.9/bin/mvn"
  if [[ ! -x "$MVN" ]]; then
    log "system Maven is ${v:-missing}; taking Apache Maven 3.9.9 from Maven Central"
    mkdir -p "$WORK/tools"
    JAVA_HOME="$PIT_JAVA_HOME" mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy \
      -Dartifact=org.apache.maven:apache-maven:3.9.9:tar.gz:bin -DoutputDirectory="$WORK/tools" >&2
    tar -xzf "$WORK/tools/apache-maven-3.9.9-bin.tar.gz" -C "$WORK/tools"
  fi
}
pick_mvn
mvnw() { JAVA_HOME="$PIT_JAVA_HOME" "$MVN" -B $MVN_SKIPS "$@"; }

# copy_project SRC DST: the project without target/ and VCS folders
copy_project() {
  mkdir -p "$2"
  tar -C "$1" --exclude=./target --exclude=./.git --exclude=./.svn -cf - . | tar -C "$2" -xf -
}

# run_jtestgen CP CLASS: jtestgen suite into $RUN/jtg/CLASS; prints "rc wall"
run_jtestgen() {
  local cp="$1" cls="$2" t0=$SECONDS rc=0
  # shellcheck disable=SC2086
  (cd "$RUN/cwd" && "$JTG" suite --classpath "$cp" --class "$cls" --budget "$BUDGET" \
     --seed "$SEED" --out "$RUN/jtg/$cls" ${JTG_ARGS:-} </dev/null >"$RUN/jtg/$cls.log" 2>&1) || rc=$?
  echo "$rc $((SECONDS - t0))"
}

# collect_tests DEST_TEST_ROOT CLASS...: copies the written *JtgTest.java; prints their class names
collect_tests() {
  local dest="$1"; shift
  local cls f rel
  for cls in "$@"; do
    while IFS= read -r f; do
      rel="${f#"$RUN/jtg/$cls/"}"
      mkdir -p "$dest/$(dirname "$rel")"; cp "$f" "$dest/$rel"
      rel="${rel%.java}"; echo "${rel//\//.}"
    done < <(find "$RUN/jtg/$cls" -name '*JtgTest.java' 2>/dev/null | sort)
  done
}

# failing_in_log LOG: the tests PIT found failing without mutation, as Class.method()
failing_in_log() {
  grep -a 'did not pass without mutation' "$1" 2>/dev/null |
    sed -n 's/.*testClass=\([^,]*\), name=.*\[\(method\|test-template\):\([^]]*\)\].*/\1|\3/p' |
    awk -F'|' '{ c = $1; sub(/.*\./, "", c); m = $2; gsub(/[A-Za-z0-9_$]+\./, "", m); gsub(/ /, "", m); print c "." m }' |
    sort -u | paste -sd' ' - || true
}

# pit DIR LOG TARGET_CLASSES TARGET_TESTS: PIT's mutationCoverage in the project copy DIR. Runs it
# as PIT normally does (refusing tests that fail without mutation); when it refuses, the failing
# tests are in LOG and it runs again with skipFailingTests (log LOG.skip), leaving them out.
pit() {
  local dir="$1" lg="$2" rc=0
  (cd "$dir" && mvnw test-compile "org.pitest:pitest-maven:$PIT_VERSION:mutationCoverage" \
     "-DtargetClasses=$3" "-DtargetTests=$4" "${PIT_OPTS[@]}" -Djtg.pit.skipFailing=false >"$lg" 2>&1) || rc=$?
  if [[ $rc != 0 ]] && grep -aq 'did not pass without mutation' "$lg"; then
    log "  tests fail without mutation: $(failing_in_log "$lg" | cut -c1-300); rerunning PIT with skipFailingTests"
    rc=0
    (cd "$dir" && mvnw test-compile "org.pitest:pitest-maven:$PIT_VERSION:mutationCoverage" \
       "-DtargetClasses=$3" "-DtargetTests=$4" "${PIT_OPTS[@]}" -Djtg.pit.skipFailing=true >"$lg.skip" 2>&1) || rc=$?
    lg="$lg.skip"
  fi
  if [[ $rc != 0 ]]; then
    grep -a -e ERROR -e SEVERE "$lg" | head -20 >&2
    log "PIT failed in $dir (log: $lg)"
  fi
  return 0
}

csv() { local IFS=,; echo "$*"; }
targets_of() {  # targetClasses value for the given classes
  local out="" c
  for c in "$@"; do
    out+="${out:+,}$c"
    [[ "$NESTED" == 1 ]] && out+=",$c\$*"
  done
  echo "$out"
}

REPORT="$WORK/pit-$TAG.md"
SURV="$WORK/survivors-$TAG.txt"
JTG_VERSION=$("$JTG" --version 2>/dev/null | head -1 || true)

if [[ "$BROAD" != 1 ]]; then
  # ------------------------------------------------------------ 1. the project
  if [[ -z "${PROJECT:-}" ]]; then
    PROJECT="$WORK/commons-cli"
    if [[ ! -f "$PROJECT/pom.xml" ]]; then
      mirror=/work/.mirror/apache+commons-cli/repo
      [[ -d "$mirror" ]] || die "no $PROJECT and no mirror $mirror: fetch github:apache/commons-cli first (search tool), or set PROJECT"
      log "extracting commons-cli from $mirror"
      mkdir -p "$PROJECT"; git --git-dir="$mirror" archive HEAD | tar -x -C "$PROJECT"
      git --git-dir="$mirror" log -1 --format='%H %cs' HEAD >"$PROJECT/.bench-commit"
    fi
    CLASSES="${CLASSES:-$DEFAULT_CLASSES}"
  fi
  [[ -f "$PROJECT/pom.xml" ]] || die "no pom.xml in $PROJECT"
  PROJECT="$(cd "$PROJECT" && pwd)"
  CLASSES="${CLASSES:?set CLASSES for PROJECT=$PROJECT}"
  read -r -a CLS <<<"$CLASSES"
  first="${CLS[0]}"
  HAND_TESTS="${HAND_TESTS:-${first%.*}.*}"
  proj_rev=$(cat "$PROJECT/.bench-commit" 2>/dev/null || git -C "$PROJECT" log -1 --format='%H %cs' 2>/dev/null || echo "?")
  log "jtestgen: $JTG_ORIG ($JTG_VERSION); project: $PROJECT ($proj_rev)"
  log "classes (${#CLS[@]}): ${CLS[*]}; budget $BUDGET, seed $SEED; run dir $RUN"

  t0=$SECONDS
  copy_project "$PROJECT" "$RUN/hand"
  python3 "$SRC/bench/pit/pom_add_pit.py" "$RUN/hand/pom.xml" "$PIT_VERSION" "$JUNIT5_PLUGIN_VERSION"
  log "compiling the project (mvn test-compile)"
  (cd "$RUN/hand" && mvnw -q -DskipTests test-compile >"$RUN/build.log" 2>&1) ||
    { tail -40 "$RUN/build.log" >&2; die "project build failed (log: $RUN/build.log)"; }
  (cd "$RUN/hand" && mvnw -q dependency:build-classpath -Dmdep.includeScope=runtime \
     -Dmdep.outputFile="$RUN/deps.cp" >>"$RUN/build.log" 2>&1) ||
    { tail -40 "$RUN/build.log" >&2; die "dependency:build-classpath failed (log: $RUN/build.log)"; }
  CP="$RUN/hand/target/classes"
  [[ -s "$RUN/deps.cp" ]] && CP+=":$(cat "$RUN/deps.cp")"
  T_BUILD=$((SECONDS - t0))

  # ------------------------------------------------------------ 2. jtestgen
  t0=$SECONDS
  JTG_TABLE=""
  for cls in "${CLS[@]}"; do
    log "jtestgen suite $cls"
    read -r rc wall < <(run_jtestgen "$CP" "$cls")
    JTG_TABLE+="${cls##*.} rc=$rc ${wall}s; "
    [[ "$rc" == 0 ]] || log "  jtestgen exited $rc (log: $RUN/jtg/$cls.log)"
  done
  T_JTG=$((SECONDS - t0))
  copy_project "$PROJECT" "$RUN/gen"
  rm -rf "$RUN/gen/src/test/java"; mkdir -p "$RUN/gen/src/test/java"
  mapfile -t TESTS < <(collect_tests "$RUN/gen/src/test/java" "${CLS[@]}")
  [[ ${#TESTS[@]} -gt 0 ]] || die "jtestgen wrote no test class (logs: $RUN/jtg/*.log)"
  python3 "$SRC/bench/pit/pom_add_pit.py" "$RUN/gen/pom.xml" "$PIT_VERSION" "$JUNIT5_PLUGIN_VERSION" \
    --add-jupiter "$JUPITER_VERSION"
  log "surefire run of the generated suites"
  t0=$SECONDS
  (cd "$RUN/gen" && mvnw test -Dmaven.test.failure.ignore=true -Dsurefire.failIfNoSpecifiedTests=false \
     -Dtest='*JtgTest' >"$RUN/gen-surefire.log" 2>&1) || log "  surefire run failed (log: $RUN/gen-surefire.log)"
  T_SUREFIRE=$((SECONDS - t0))

  # ------------------------------------------------------------ 3. PIT
  t0=$SECONDS
  TARGETS=$(targets_of "${CLS[@]}")
  log "PIT on the generated suites (${#TESTS[@]} test classes)"
  pit "$RUN/gen" "$RUN/pit-gen.log" "$TARGETS" "$(csv "${TESTS[@]}")"
  T_PITGEN=$((SECONDS - t0))
  GEN_XML="$RUN/gen/target/pit-reports/mutations.xml"

  t0=$SECONDS
  HAND_XML=""
  if [[ "$HAND" == 1 ]]; then
    key=$( { echo "$PIT_VERSION $JUNIT5_PLUGIN_VERSION $NESTED $TARGETS $HAND_TESTS $MVN_SKIPS";
             (cd "$PROJECT" && find . -path ./target -prune -o -path ./.git -prune -o -type f -print0 |
                sort -z | xargs -0 sha1sum); } | sha1sum | cut -c1-16)
    cache="$WORK/hand-cache/$key"
    if [[ "$REUSE_HAND" == 1 && -s "$cache/mutations.xml" ]]; then
      log "hand-written tests: reusing $cache"
    else
      log "PIT on the hand-written tests ($HAND_TESTS)"
      pit "$RUN/hand" "$RUN/pit-hand.log" "$TARGETS" "$HAND_TESTS"
      if [[ -s "$RUN/hand/target/pit-reports/mutations.xml" ]]; then
        mkdir -p "$cache"; cp "$RUN/hand/target/pit-reports/mutations.xml" "$cache/"
        cp "$RUN/pit-hand.log" "$cache/pit-hand.log"
      fi
    fi
    [[ -s "$cache/mutations.xml" ]] && HAND_XML="$cache/mutations.xml"
    HAND_LOG="$cache/pit-hand.log"
  fi
  T_PITHAND=$((SECONDS - t0))

  # ------------------------------------------------------------ 4. report
  {
    echo "## PIT mutation score: jtestgen vs hand-written tests"
    echo
    echo "jtestgen: \`$JTG_ORIG\` ${JTG_VERSION:+($JTG_VERSION)}, budget $BUDGET, seed $SEED${JTG_ARGS:+, args: $JTG_ARGS}; project: $PROJECT ($proj_rev);"
    echo "PIT $PIT_VERSION (junit5 plugin $JUNIT5_PLUGIN_VERSION), DEFAULTS mutators, $THREADS threads; nested classes $([[ $NESTED == 1 ]] && echo included || echo excluded); hand-written targetTests=\`$HAND_TESTS\`."
    echo
    python3 "$SRC/bench/pit/report.py" --classes "${CLS[*]}" --gen "$GEN_XML" ${HAND_XML:+--hand "$HAND_XML"} \
      --nested "$NESTED" --jtg-dir "$RUN/jtg" --surefire "$RUN/gen/target/surefire-reports" --survivors "$SURV"
    echo
    f=$(failing_in_log "$RUN/pit-gen.log")
    echo "Generated tests failing without mutation under PIT (left out by skipFailingTests): $(wc -w <<<"$f") ${f:+($f)}"
    if [[ -n "${HAND_LOG:-}" ]]; then
      f=$(failing_in_log "$HAND_LOG")
      echo "Hand-written tests failing without mutation under PIT (left out): $(wc -w <<<"$f") ${f:+($f)}"
    fi
    echo
    echo "jtestgen runs: $JTG_TABLE"
    echo "Wall time: build ${T_BUILD}s, jtestgen ${T_JTG}s, surefire ${T_SUREFIRE}s, PIT generated ${T_PITGEN}s, PIT hand-written ${T_PITHAND}s$([[ -n "${HAND_XML:-}" && ! -s "$RUN/pit-hand.log" ]] && echo ' (cached)'), total $((SECONDS - T_START))s."
    echo "Survivors: $SURV; PIT HTML: $RUN/gen/target/pit-reports/index.html"
  } | tee "$REPORT"
  exit 0
fi

# ---------------------------------------------------------------- BROAD=1: Debian jars
LIST="${BROAD_LIST:-$SRC/bench/broad_classes.txt}"
mapfile -t SPECS < <(grep -v -e '^#' -e '^$' "$LIST" | head -n "${BROAD_MAX:-100000}")
log "broad: ${#SPECS[@]} classes from $LIST; budget $BUDGET, seed $SEED; run dir $RUN"
declare -A BYJAR=()
for spec in "${SPECS[@]}"; do BYJAR["${spec%%=*}"]+="${spec#*=} "; done
T_JTG=0; T_PIT=0; JTG_TABLE=""; ALL=(); XMLS=(); SFS=(); FAILING=""; MISSING=""
for jar in "${!BYJAR[@]}"; do
  read -r -a CLS <<<"${BYJAR[$jar]}"
  if [[ ! -f "$jar" ]]; then
    log "missing $jar: its ${#CLS[@]} classes are left out (apt-get install the Debian package, see bench/suite_broad.sh)"
    MISSING+="$(basename "$jar") (${#CLS[@]} classes) "; continue
  fi
  name=$(basename "$jar" .jar)
  proj="$RUN/broad/$name"
  mkdir -p "$proj/target/classes" "$proj/src/test/java" "$proj/src/main/java"
  # PIT skips a project whose source root is empty: a file javac ignores
  echo "classes: target/classes, unpacked from $jar" >"$proj/src/main/java/README.txt"
  sed -e "s/@NAME@/$name/" -e "s/@JUPITER_VERSION@/$JUPITER_VERSION/" "$SRC/bench/pit/generic-pom.xml" >"$proj/pom.xml"
  python3 "$SRC/bench/pit/pom_add_pit.py" "$proj/pom.xml" "$PIT_VERSION" "$JUNIT5_PLUGIN_VERSION"
  (cd "$proj/target/classes" && unzip -q -o "$jar" -x 'META-INF/*') || { log "cannot unpack $jar"; MISSING+="$(basename "$jar") (unpack failed) "; continue; }
  ALL+=("${CLS[@]}")
  t0=$SECONDS
  for cls in "${CLS[@]}"; do
    log "jtestgen suite $cls"
    read -r rc wall < <(run_jtestgen "$jar" "$cls")
    JTG_TABLE+="${cls##*.} rc=$rc ${wall}s; "
  done
  T_JTG=$((T_JTG + SECONDS - t0))
  mapfile -t TESTS < <(collect_tests "$proj/src/test/java" "${CLS[@]}")
  if [[ ${#TESTS[@]} -eq 0 ]]; then log "no test class written for $jar"; continue; fi
  (cd "$proj" && mvnw test -Dmaven.test.failure.ignore=true >"$proj/surefire.log" 2>&1) || true
  t0=$SECONDS
  log "PIT on $name (${#TESTS[@]} test classes)"
  pit "$proj" "$proj/pit.log" "$(targets_of "${CLS[@]}")" "$(csv "${TESTS[@]}")"
  T_PIT=$((T_PIT + SECONDS - t0))
  XMLS+=("$proj/target/pit-reports/mutations.xml"); SFS+=("$proj/target/surefire-reports")
  FAILING+="$(failing_in_log "$proj/pit.log") "
done
FAILING=$(xargs <<<"$FAILING")
{
  echo "## PIT mutation score of jtestgen's suites: broad benchmark classes"
  echo
  echo "jtestgen: \`$JTG_ORIG\` ${JTG_VERSION:+($JTG_VERSION)}, budget $BUDGET, seed $SEED${JTG_ARGS:+, args: $JTG_ARGS}; classes: $LIST; PIT $PIT_VERSION DEFAULTS; nested classes $([[ $NESTED == 1 ]] && echo included || echo excluded); no hand-written tests."
  echo
  python3 "$SRC/bench/pit/report.py" --classes "${ALL[*]}" --gen "$(csv "${XMLS[@]}")" \
    --nested "$NESTED" --jtg-dir "$RUN/jtg" --surefire "$(csv "${SFS[@]}")" --survivors "$SURV"
  echo
  echo "Generated tests failing without mutation under PIT (left out by skipFailingTests): $(wc -w <<<"$FAILING") ${FAILING:+($FAILING)}"
  [[ -z "$MISSING" ]] || echo "Jars missing, their classes left out: $MISSING"
  echo
  echo "jtestgen runs: $JTG_TABLE"
  echo "Wall time: jtestgen ${T_JTG}s, PIT ${T_PIT}s, total $((SECONDS - T_START))s. Survivors: $SURV"
} | tee "$REPORT"
