# Shared by tests/e2e/run_hostile.sh, bench/sandbox_fileio.sh and bench/suite_broad.sh: a disposable namespace in
# which jtestgen can run on code that deletes files without harming the machine.
#
# ns_enter SCRATCH "$0" "$@": re-executes the calling script in a mount + PID namespace (a user
#   namespace too when not root) with JTG_HOSTILE_NS=1 and JTG_HOSTILE_SCRATCH=SCRATCH, and
#   returns its exit status (99: the namespace could not be set up, nothing ran).
# ns_bench BUILD NAME "$0" "$@": for bench scripts: ns_enter with a fresh scratch
#   BUILD/bench-NAME.XXXXXX, removed afterwards unless KEEP is set; says so when the namespace
#   could not be set up; returns the script's exit status.
# ns_setup: inside, makes every mount read-only except SCRATCH, mounts a private tmpfs on /tmp
#   holding the sentinel tree $SENTINEL, binds its home onto /root (the JVM's user.home), and
#   proves that writes outside SCRATCH and /tmp fail. Returns non-zero on any failure.
# make_sentinel, snapshot, strays: fill the sentinel tree; print its state (paths, types,
#   sizes, modes, mtimes, checksums); list processes of the namespace that are JVMs,
#   jtestgen or the test's `sleep 600`.
SENTINEL=/tmp/jtg-hostile-sentinel

ns_enter() {
  local scratch=$1; shift
  local userns=(); [[ $(id -u) -eq 0 ]] || userns=(--user --map-root-user)
  JTG_HOSTILE_NS=1 JTG_HOSTILE_SCRATCH="$scratch" \
    unshare "${userns[@]}" --mount --pid --fork --mount-proc --propagation private \
    bash "$@"
}

ns_bench() {
  local build=$1 name=$2; shift 2
  local scratch rc
  scratch="$(mktemp -d "$build/bench-$name.XXXXXX")" || return 1
  ns_enter "$scratch" "$@"; rc=$?
  if [[ -n "${KEEP:-}" ]]; then echo "kept: $scratch" >&2; else rm -rf "$scratch"; fi
  [[ $rc -eq 99 ]] && echo "$name: the namespace could not be set up; nothing ran" >&2
  return $rc
}

ns_setup() {
  local scratch=$JTG_HOSTILE_SCRATCH
  # The private tmpfs below replaces /tmp, and with it a build (and scratch) inside it.
  case "$(realpath -m "$scratch")/" in
    /tmp/*)
      echo "ns_setup: $scratch is under /tmp, which the namespace replaces with a private" \
        "tmpfs; use a build directory outside /tmp" >&2
      return 1 ;;
  esac
  mount --bind "$scratch" "$scratch" || return 1
  # Every mount read-only, then the scratch writable again.
  local mp
  while read -r mp; do
    mount -o remount,bind,ro "$mp" 2>/dev/null || true
  done < <(awk '{ print $5 }' /proc/self/mountinfo)
  mount -o remount,bind,rw "$scratch" || return 1
  mount -t tmpfs -o size=512m jtg-hostile-tmp /tmp || return 1
  mkdir -p "$SENTINEL"/{home/.config,cache/deep/er,project/src} || return 1
  mount --bind "$SENTINEL/home" /root || return 1
  # The proof: / and the source tree refuse writes, the scratch and the tmpfs take them.
  ! touch /jtg-hostile-probe 2>/dev/null || return 1
  ! touch "$(dirname "${BASH_SOURCE[0]}")/jtg-hostile-probe" 2>/dev/null || return 1
  touch "$scratch/probe" && rm "$scratch/probe" || return 1
}

# Empties the tree (home stays: it is bound onto /root) and fills it anew; snapshot again after.
make_sentinel() {
  find "$SENTINEL" -mindepth 1 -not -path "$SENTINEL/home" -delete 2>/dev/null
  mkdir -p "$SENTINEL"/{home/.config,cache/deep/er,project/src}
  echo "keep me" >"$SENTINEL/home/.bashrc"
  echo "token" >"$SENTINEL/home/.config/secret"
  for i in 1 2 3; do echo "entry $i" >"$SENTINEL/cache/e$i"; done
  echo deep >"$SENTINEL/cache/deep/er/file"
  echo "class A {}" >"$SENTINEL/project/src/A.java"
  echo "project" >"$SENTINEL/project/README"
}
snapshot() {  # paths, types, sizes, modes, mtimes and checksums of the sentinel tree
  (cd "$SENTINEL" && find . -printf '%p %y %s %m %T@\n' | sort
   find . -type f -print0 | sort -z | xargs -0 -r md5sum)
}
strays() {  # processes of this namespace other than the script's own shells
  local p c out=""
  for p in /proc/[0-9]*; do
    c=$(tr '\0' ' ' <"$p/cmdline" 2>/dev/null) || continue
    case "$c" in *java*|*jtestgen*|*sleep\ 600*) out+="${p#/proc/}:${c:0:80} " ;; esac
  done
  echo "$out"
}

