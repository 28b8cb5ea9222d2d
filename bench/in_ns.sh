#!/usr/bin/env bash
# Runs a command in a disposable mount namespace: every mount read-only, except the folders
# named with -w (the bench's scratch, Maven's local repository), and a private tmpfs on /tmp.
# For the bench scripts that run code outside jtestgen's own sandbox (PIT's mutants, Randoop,
# JUnit runs of written tests on real libraries): whatever that code writes outside the named
# folders fails instead of landing on the machine. The network stays as it is (Maven needs
# Maven Central).
#
# usage: bash bench/in_ns.sh -w DIR [-w DIR ...] -- COMMAND [ARG ...]
#
# Exit status: the command's; 99 when the namespace could not be set up (nothing ran), with a
# one-line reason on stderr. Needs unshare (util-linux) and either root or unprivileged user
# namespaces. Inside, JTG_BENCH_NS=1 is set (scripts use it to not enter a second time).
set -uo pipefail
writable=()
while [[ $# -gt 0 && "$1" != "--" ]]; do
  case "$1" in
    -w) [[ $# -ge 2 ]] || { echo "in_ns.sh: -w needs a folder" >&2; exit 2; }
        mkdir -p "$2" || exit 2
        writable+=("$(realpath "$2")"); shift 2 ;;
    *) echo "in_ns.sh: unknown argument $1 (usage: -w DIR ... -- COMMAND)" >&2; exit 2 ;;
  esac
done
[[ $# -ge 2 && "$1" == "--" ]] || { echo "usage: bash bench/in_ns.sh -w DIR [-w DIR ...] -- COMMAND [ARG ...]" >&2; exit 2; }
shift
for d in "${writable[@]}"; do
  case "$d/" in /tmp/*) echo "in_ns.sh: $d is under /tmp, which the namespace replaces" >&2; exit 2 ;; esac
done
userns=(); [[ $(id -u) -eq 0 ]] || userns=(--user --map-root-user)
# shellcheck disable=SC2016
setup='
  set -u
  n=$1; shift
  dirs=("${@:1:$n}"); shift "$n"
  for d in "${dirs[@]}"; do mount --bind "$d" "$d" || exit 99; done
  while read -r mp; do mount -o remount,bind,ro "$mp" 2>/dev/null || true; done \
    < <(awk "{ print \$5 }" /proc/self/mountinfo)
  for d in "${dirs[@]}"; do mount -o remount,bind,rw "$d" || exit 99; done
  mount -t tmpfs -o size=4g jtg-bench-tmp /tmp || exit 99
  if touch /jtg-bench-probe 2>/dev/null; then echo "in_ns.sh: / is still writable" >&2; exit 99; fi
  export JTG_BENCH_NS=1
  exec "$@"'
unshare "${userns[@]}" --mount --pid --fork --mount-proc --propagation private \
  bash -c "$setup" in_ns "${#writable[@]}" "${writable[@]}" "$@"
rc=$?
[[ $rc -eq 99 ]] && echo "in_ns.sh: the namespace could not be set up; nothing ran" >&2
exit $rc
