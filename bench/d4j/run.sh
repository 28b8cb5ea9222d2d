#!/usr/bin/env bash
# Defects4J real-fault benchmark (by hand, never run by `make test`; issue 39, item 7): how many
# real faults of Defects4J's Math, Compress, JacksonCore, Jsoup and JxPath projects the suites
# that jtestgen writes for the fixed version detect on the buggy version, beside Randoop on the
# same faults and budget when a Randoop jar is given.
#
# usage: bash bench/d4j/run.sh JTESTGEN_BINARY [RANDOOP_ALL_JAR]
#
# Steps (bench/d4j/d4j.py does the work):
#   (1) prepare: takes Defects4J's metadata (active-bugs.csv, modified_classes/, patches/,
#       dir-layout.csv, lib/ for the main code's dependency jars) from the mirror of the
#       rjust/defects4j repository, selects COUNTS faults per project whose modified_classes list
#       one class, spread over the ids, and builds each: `git archive` of revision.id.fixed from
#       the project's own history, its main sources compiled with javac --release 8 (sources that
#       do not compile and are not the modified class are left out and listed in prep.json), and
#       the buggy version = fixed + patches/<id>.src.patch (which goes fixed -> buggy; checked with
#       git apply --check), its patched files compiled against the fixed classes into an overlay.
#       A fault that does not build is replaced by the project's next candidate and listed.
#       Cached per fault in $WORK/versions (delete a folder to rebuild it).
#   (2) for each fault and modified class: `jtestgen suite --classpath FIXED --class C
#       --budget $BUDGET --seed $SEED --out DIR` (sandbox on); the written tests are compiled
#       against the fixed classes and run with the JUnit console launcher on the fixed version
#       (the tests that pass are kept), then on the buggy version; a kept test that fails there
#       is run again on both (it must fail again on buggy and pass again on fixed): the fault is
#       detected when at least one does (a linkage error, e.g. NoSuchMethodError, is listed but
#       not counted).
#   (3) the same with Randoop (`gentests --testclass=C --time-limit=$BUDGET --randomseed=$SEED
#       --no-error-revealing-tests=true`, regression tests only) when RANDOOP_ALL_JAR is given.
#   (4) diagnosis (DIAG=1, the default): each fault's kept tests run once more on the fixed version
#       under JaCoCo 0.8.12 (agent and CLI jars from Maven Central in $WORK/jacoco, fetched with
#       Maven 3.9.9 when missing), to say whether they execute the lines the fault's patch changes
#       (for a pure insertion: the lines around it).
#   (5) the Markdown report: per fault (project, bug id, classes, tests kept on fixed and failing
#       on fixed, detected, by which test, generation exit code/time/branches, notes), per-project
#       totals, skipped faults; written to $WORK/d4j-$TAG.md and printed.
# Resumable: a fault with a result.json in $WORK/run-$TAG is not run again (same TAG).
#
# Environment:
#   WORK=/work/d4jwork   scratch folder (not in git)
#   TAG                  run name (default: date-time); the Randoop run is $TAG-randoop
#   BUDGET=60            seconds of search per class; SEED=1
#   COUNTS               faults per project, default "Math=10 Compress=9 JacksonCore=8 Jsoup=9 JxPath=6"
#   FAULTS               explicit faults instead ("Math-5 Jsoup-41"); the prepared list is rewritten
#   JTG_ARGS             more jtestgen suite flags (never --no-sandbox)
#   TEST_TIMEOUT=600     seconds for one JUnit run of a fault's tests
#   D4J_GIT              Defects4J mirror (default /work/.mirror/rjust+defects4j/repo); the projects'
#                        mirrors are /work/.mirror/{apache+commons-math,apache+commons-compress,
#                        FasterXML+jackson-core,jhy+jsoup,apache+commons-jxpath}/repo, brought
#                        by the search tool's `fetch github:<owner>/<name>`
#   DIAG=1               0: no JaCoCo diagnosis; MVN: Maven binary for the JaCoCo jars
#   NS=1                 steps (1)-(5) run in a disposable mount namespace (bench/in_ns.sh: all
#                        read-only but $WORK, a private /tmp); 0: on the machine (only for code
#                        you trust)
#   JUNIT_CONSOLE        junit-platform-console-standalone jar (default Debian's, /usr/share/java)
# Needs: JDK 17 (java, javac), git, python3. Time: about 2 minutes per fault for jtestgen at
# 60 s (one class each), plus about 15 s per fault to build the versions the first time.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ $# -ge 1 && -x "$1" ]] || { echo "usage: bash bench/d4j/run.sh JTESTGEN_BINARY [RANDOOP_ALL_JAR]" >&2; exit 2; }
export WORK="${WORK:-/work/d4jwork}"
export TAG="${TAG:-$(date +%Y%m%d-%H%M%S)}"
export BUDGET="${BUDGET:-60}" SEED="${SEED:-1}"
case " ${JTG_ARGS:-} " in *" --no-sandbox "*) echo "run.sh: --no-sandbox is not allowed" >&2; exit 2;; esac
mkdir -p "$WORK/run-$TAG"
# a private copy of the binary (self-contained), so that a rebuild during the run changes nothing
JTG="$WORK/run-$TAG/jtestgen"
[[ -x "$JTG" ]] || cp "$1" "$JTG"
if [[ "${DIAG:-1}" == 1 && ! -f "$WORK/jacoco/org.jacoco.cli-0.8.12-nodeps.jar" ]]; then
  MVN="${MVN:-/work/pitwork/tools/apache-maven-3.9.9/bin/mvn}"
  for a in org.jacoco:org.jacoco.cli:0.8.12:jar:nodeps org.jacoco:org.jacoco.agent:0.8.12:jar:runtime; do
    JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}" "$MVN" -B -q dependency:copy \
      -Dartifact=$a -DoutputDirectory="$WORK/jacoco" >&2
  done
fi
# The rest (generation, and JUnit runs of the written tests on the libraries) in a disposable
# mount namespace where only $WORK is writable (bench/in_ns.sh); NS=0 runs it on the machine.
if [[ -z "${JTG_BENCH_NS:-}" && "${NS:-1}" != 0 ]]; then
  exec bash "$HERE/../in_ns.sh" -w "$WORK" -- bash "${BASH_SOURCE[0]}" "$@"
fi
python3 "$HERE/d4j.py" prepare
BINARY_ORIG="$1" python3 "$HERE/d4j.py" run jtestgen "$JTG"
TAGS=("$TAG")
if [[ $# -ge 2 ]]; then
  TAG="$TAG-randoop" python3 "$HERE/d4j.py" run randoop "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
  TAGS+=("$TAG-randoop")
fi
if [[ "${DIAG:-1}" == 1 ]]; then
  for t in "${TAGS[@]}"; do python3 "$HERE/d4j.py" diagnose "$t"; done
fi
python3 "$HERE/d4j.py" report "${TAGS[@]}" | tee "$WORK/d4j-$TAG.md"
rm -f "$JTG"
