#!/usr/bin/env bash
# Feasibility check for the next probe-removal design of issue 6 (bench/RESULTS.md): a probe
# guarded by a `static final boolean` that the JIT folds, flipped from outside once covered,
# and the compiled code that inlined the probe thrown away by setting and clearing a JVMTI
# breakpoint in the probe method (HotSpot deoptimizes a method's dependents when a
# breakpoint is set in it). Prints, per round of a hot loop, its time and whether the probe
# still stored: after "[flag set]" stale compiled code still records (harmless: coverage
# only grows); after "[deopt p17 ...]" the recompiled loop no longer does.
# usage: bench/experiments/flag_probes/run.sh      needs: gcc, JDK 17
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jh="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
gcc -shared -fPIC -O2 -I"$jh/include" -I"$jh/include/linux" "$here/deopt.c" -o "$work/libdeopt.so"
"$jh/bin/javac" -d "$work" "$here/Flag.java" 2>/dev/null
"$jh/bin/java" "-agentpath:$work/libdeopt.so" "-Djava.library.path=$work" -cp "$work" Flag
