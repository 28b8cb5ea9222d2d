#!/usr/bin/env bash
# End-to-end test of the Maven plugin (ctest e2e_maven):
#   1. `make install PREFIX=<tmp>` of this build: bin/jtestgen (a link) runs, the agent sits
#      beside its real file, the plugin jar is under share/jtestgen, the plugin is in the
#      local Maven repository;
#   2. `mvn -B verify` of maven-plugin/ (a copy under the build directory, so the source tree
#      stays clean), with no jtestgen.home: the engine comes from the artifact make install
#      put into the local repository; the plugin's unit tests, then
#      its invoker ITs (src/it/*: multi-module runs generate, Surefire under the agent,
#      report and check, perf in app; bad-usage fails the build on the engine's exit status 2; write-src
#      writes into src/test/java beside a hand-written test it must leave alone;
#      check-threshold fails check below minBranchRatio; with-jacoco builds twice with
#      JaCoCo's agent before jtestgen's and compares the two reports; lifecycle runs the
#      README's set-up: verify, generate twice, clean generate, export, verify, help).
# Maven uses the user's local repository (~/.m2/repository, the invoker's default too): the
# first run fills it from Maven Central, later runs need no network. Skipped (77) only when
# there is no mvn.
# usage: run_maven.sh <build dir> <source dir>
set -euo pipefail
build="$(cd "$1" && pwd)"; src="$(cd "$2" && pwd)"
command -v mvn >/dev/null || { echo "SKIP: no mvn on PATH"; exit 77; }
if [[ -f "$build/jdk.env" ]]; then
  source "$build/jdk.env"
  export JAVA_HOME="${JAVA_HOME:-$JTG_JAVA_HOME}"
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/jtg-maven.XXXXXX")"
trap '[[ -n "${KEEP:-}" ]] || rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

step "make install PREFIX=$work/prefix"
make -C "$src" --no-print-directory install BUILD="$build" PREFIX="$work/prefix" \
  >"$work/install.log" 2>&1 || fail "make install: $(tail -20 "$work/install.log")"
prefix="$work/prefix"
[[ -L "$prefix/bin/jtestgen" ]] || fail "bin/jtestgen is not a link"
"$prefix/bin/jtestgen" --version | grep -q '^jtestgen ' || fail "installed jtestgen does not run"
[[ -f "$prefix/lib/jtestgen/libjtestgen_agent.so" ]] || fail "agent not beside the binary"
ls "$prefix"/share/jtestgen/jtestgen-maven-plugin-*.jar >/dev/null || fail "no plugin jar"
# The plugin in the local repository (the default one) knows the prefix.
installed="$HOME/.m2/repository/dev/jtestgen/jtestgen-maven-plugin"
jar=$(ls "$installed"/*/jtestgen-maven-plugin-*[0-9].jar | head -1)
unzip -p "$jar" dev/jtestgen/maven/install.properties | grep -qx "prefix=$prefix" \
  || fail "the installed plugin $jar does not know the prefix $prefix"
engine_zip=$(ls "$HOME"/.m2/repository/dev/jtestgen/jtestgen-engine/*/jtestgen-engine-*-linux-x86_64.zip | head -1)
[[ -f "$engine_zip" ]] || fail "make install put no engine artifact into the local repository"
# The installed engine finds its agent (cover's default: beside the real executable).
"$prefix/bin/jtestgen" cover --includes 'none.*' --out "$work/cov" -- java -version \
  >/dev/null 2>&1 || fail "installed jtestgen cover does not find its agent"

step "mvn verify (unit tests and invoker ITs)"
mkdir -p "$build/maven-plugin"
rm -rf "$build/maven-plugin/src" "$build/maven-plugin/target"
cp -r "$src/maven-plugin/pom.xml" "$src/maven-plugin/src" "$build/maven-plugin/"
start=$(date +%s)
# No jtestgen.home: the ITs run the engine the plugin resolves as the Maven artifact
# dev.jtestgen:jtestgen-engine:<version>:zip:linux-x86_64 that make install put into the local
# repository (with-jacoco checks that its agent came from there).
if ! mvn -B -f "$build/maven-plugin/pom.xml" verify >"$work/mvn.log" 2>&1; then
  grep -E '\[ERROR\]|FAIL|Tests run:' "$work/mvn.log" | head -40 >&2
  for log in "$build"/maven-plugin/target/it/*/build.log; do
    echo "---- $log (tail)" >&2; tail -40 "$log" >&2
  done
  fail "mvn verify failed (log above; KEEP=1 keeps $work)"
fi
grep -E 'Tests run:.*Failures: 0, Errors: 0' "$work/mvn.log" | tail -1
grep -q 'Passed: 7, Failed: 0, Errors: 0' "$work/mvn.log" || fail "not every IT passed"
grep -E 'SUCCESS \(|tests passed' "$work/mvn.log"
echo "mvn verify: $(( $(date +%s) - start )) s"
echo "PASS: Maven plugin"
