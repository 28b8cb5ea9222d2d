#!/usr/bin/env bash
# End-to-end test of `make dist` (ctest e2e_dist): the archive tools/dist.sh makes runs with
# nothing of this machine but glibc, libstdc++ and the JDK. In a private mount namespace
# every system copy of a library the archive bundles is hidden (an empty file bound over it,
# libstdc++/libgcc_s/zlib aside: the JDK itself needs them), and so is every jar of
# /usr/share/java the archive ships (JUnit, Mockito and what their manifests name). There:
#   - the build's own jtestgen (no RPATH) no longer starts: the hiding works;
#   - the archive's jtestgen resolves every library to its lib/ (ldd), and so does its agent;
#   - `suite` writes and validates a test class (JUnit from the archive's java/, sandbox on);
#   - `cover` runs a program under the agent and `report` gives its coverage.
# Skipped (77) without patchelf or without a way to make a mount namespace.
# usage: run_dist.sh <build dir> <source dir>
set -uo pipefail
build="$(cd "$1" && pwd)"; src="$(cd "$2" && pwd)"
source "$build/jdk.env"
export JAVA_HOME="${JAVA_HOME:-$JTG_JAVA_HOME}"
command -v patchelf >/dev/null || { echo "SKIP: no patchelf (make setup installs it)"; exit 77; }
work="$(mktemp -d "$build/dist-test.XXXXXX")"
trap '[[ -n "${KEEP:-}" ]] || rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

archive="$(bash "$src/tools/dist.sh" "$build" "$work/out")" || fail "tools/dist.sh failed"
tar -C "$work" -xzf "$archive" || fail "cannot unpack $archive"
dist="$(ls -d "$work"/jtestgen-*-linux-x86_64)"
[[ -x "$dist/jtestgen" && -f "$dist/libjtestgen_agent.so" ]] || fail "archive lacks the engine"
echo "archive: $(basename "$archive"), $(du -m "$archive" | cut -f1) MB, $(ls "$dist/lib" | grep -c '\.so') libraries"

# What to hide: the system's copy of every bundled library but those the JDK needs too.
: >"$work/hide"
for so in "$dist"/lib/*.so*; do
  base="$(basename "$so")"
  case "$base" in libstdc++.so.*|libgcc_s.so.*|libz.so.*) continue ;; esac
  for d in /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu; do
    [[ -e "$d/$base" ]] && realpath "$d/$base" >>"$work/hide"
  done
done
for jar in "$dist"/java/*.jar; do
  sys="/usr/share/java/$(basename "$jar")"
  [[ -e "$sys" ]] && realpath "$sys" >>"$work/hide"
done
sort -u -o "$work/hide" "$work/hide"
[[ -s "$work/hide" ]] || fail "nothing to hide: the archive bundles no system library"

cat >"$work/inside.sh" <<'EOF'
set -uo pipefail
work=$1 build=$2 dist=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
: >"$work/empty"
while read -r f; do mount --bind "$work/empty" "$f" || exit 99; done <"$work/hide"
echo "hidden: $(wc -l <"$work/hide") files"
if "$build/jtestgen" --version >/dev/null 2>&1; then fail "the build's jtestgen still starts: nothing hidden"; fi
"$dist/jtestgen" --version || fail "the archive's jtestgen does not start"
for bin in "$dist/jtestgen" "$dist/libjtestgen_agent.so"; do
  outside="$(ldd "$bin" | awk '$3 ~ /^\// { print $1, $3 }' | grep -v "$dist/lib/" \
    | grep -vE '^(libc|libm|libdl|libpthread|librt|ld-linux[^ ]*)\.so' || true)"
  [[ -z "$outside" ]] || fail "$(basename "$bin") loads from outside the archive: $outside"
done
echo "ldd: every library of the engine and of its agent is the archive's (or glibc's)"
cd "$work" || exit 1
timeout 300 "$dist/jtestgen" suite --classpath "$build/fixtures/classes" \
  --class fixtures.observe.Account --budget 5s --iterations 500 --validation-runs 1 --seed 1 \
  --out "$work/gen" >"$work/suite.log" 2>&1 || { tail -20 "$work/suite.log" >&2; fail "suite failed"; }
test -s "$work/gen/fixtures/observe/AccountJtgTest.java" || fail "suite wrote no test"
grep -qE "validat" "$work/suite.log" || fail "no validation in the suite's output"
echo "suite: $(grep -c '@Test' "$work/gen/fixtures/observe/AccountJtgTest.java") tests written and validated"
"$dist/jtestgen" cover --includes 'cover.*' --out "$work/cov" -- "$JAVA_HOME/bin/java" \
  -cp "$build/fixtures_cover/classes" cover.Main 3 0 >"$work/cover.log" 2>&1 \
  || { tail -20 "$work/cover.log" >&2; fail "cover failed"; }
"$dist/jtestgen" report "$work/cov" --classpath "$build/fixtures_cover/classes" \
  --json "$work/cov.json" >"$work/report.log" 2>&1 || { cat "$work/report.log" >&2; fail "report failed"; }
covered=$(jq '.counters.line.covered' "$work/cov.json")
[[ "${covered:-0}" -gt 0 ]] || fail "cover recorded no line"
echo "cover: $(cat "$work/report.log")"
EOF
userns=(); [[ $(id -u) -eq 0 ]] || userns=(--user --map-root-user)
JAVA_HOME="$JAVA_HOME" unshare "${userns[@]}" --mount --propagation private \
  bash "$work/inside.sh" "$work" "$build" "$dist"
rc=$?
[[ $rc -eq 99 ]] && { echo "SKIP: could not hide the libraries in a mount namespace"; exit 77; }
[[ $rc -eq 0 ]] || exit 1
echo "PASS: make dist"
