#!/usr/bin/env bash
# Issue 6, part 5: run-time overhead of jtestgen's coverage agent (modes static, ddst, hst,
# tpc, fold) and of JaCoCo's agent (Debian's libjacoco-java) versus no agent, on real Java workloads
# from Debian's packages. Measured pairwise: each repetition runs every configuration once
# (in an order rotated per repetition), and each agent's ratio is taken against the
# no-agent run of the same repetition; the table gives the median ratio and its spread
# (min-max) over the repetitions. Wall-clock seconds include JVM start-up and, for the
# agents, the coverage dump at exit. hst and tpc read (and update) a profile and plan cache
# kept per workload for the whole benchmark: one untimed run of each fills it first (the
# "first run" HST profiles), as a user's earlier runs would. Every run of a workload gets the
# same fixed heap (-Xms = -Xmx = the workload's HEAP, bench/cover_workloads.sh; FIXED_HEAP=0
# for the JVM's default sizing, whose page-zeroing noise swamps the differences measured).
#
# usage: bench/cover_overhead.sh [reps]      (default 5)
# env:   BUILD (default build), WORKLOADS (default "checkstyle h2 xalan jython"),
#        SIZE=short|long (default long: each workload runs about 20 s without an agent; short:
#        the 1-5 s versions of the first figures), CONFIGS (default "none jacoco static ddst
#        hst hst+fold=0 tpc fold drop"; none must stay first; also "plan": instrumentation without probes;
#        a config may add agent options as mode+key=value+..., e.g. ddst+max_retransforms=2).
#        drop is a bound, not a coverage mode (agent_options.h): ddst whose retransformations
#        leave out every probe, so nothing keeps costing after a class's first one; its
#        overhead is what removal by retransformation costs when no fired probe stays.
# needs: make setup, plus checkstyle libh2-java libxalan2-java jython openjdk-17-source
#        (apt-get install; they land in /usr/share/java)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD:-$root/build}"
REPS="${1:-5}"
WORKLOADS="${WORKLOADS:-checkstyle h2 xalan jython}"
SIZE="${SIZE:-long}"
read -r -a configs <<<"${CONFIGS:-none jacoco static ddst hst hst+fold=0 tpc fold drop}"
J=/usr/share/java
JAVA="${JAVA:-java}"
AGENT="$BUILD/libjtestgen_agent.so"
[[ -f "$AGENT" ]] || { echo "no $AGENT: build first" >&2; exit 2; }
[[ -f "$J/org.jacoco.agent.jar" ]] || { echo "no JaCoCo agent: apt-get install libjacoco-java" >&2; exit 2; }
work="$(mktemp -d "${TMPDIR:-/tmp}/jtg-cover-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# Debian ships JaCoCo's -javaagent jar inside org.jacoco.agent.jar.
(cd "$work" && unzip -q -o "$J/org.jacoco.agent.jar" jacocoagent.jar)
JACOCO="$work/jacocoagent.jar"

# shellcheck source=bench/cover_workloads.sh
source "$root/bench/cover_workloads.sh"

# run <config> <workload>: prints wall seconds
run() {
  local config="$1" name="$2" out="$work/cov-${1//[+=]/_}-$2"
  local -a agent=()
  local mode="${config%%+*}" extra=""  # mode+key=value+...: extra agent options
  [[ "$config" == *+* ]] && extra=",${config#*+}" && extra="${extra//+/,}"
  case "$mode" in
    none) ;;
    jacoco) agent=("-javaagent:$JACOCO=destfile=$out/jacoco.exec,includes=$THEIRS") ;;
    static|ddst|plan|drop|fold) agent=("-agentpath:$AGENT=mode=$mode$extra,includes=$OURS,out=$out") ;;
    hst|tpc) agent=("-agentpath:$AGENT=mode=$mode$extra,includes=$OURS,out=$out,cache=$work/cache-${1//[+=]/_}-$2") ;;
  esac
  rm -rf "$out"; mkdir -p "$out"
  local t0 t1
  t0=$(date +%s.%N)
  local -a heap=()
  [[ ${FIXED_HEAP:-1} == 1 ]] && heap=("-Xms$HEAP" "-Xmx$HEAP")
  "$JAVA" "${heap[@]}" "${agent[@]}" -cp "$CP" "$MAIN" "${ARGS[@]}" >"$out/stdout" 2>"$out/stderr"
  local rc=$?
  t1=$(date +%s.%N)
  if [[ $rc -ne 0 && $name != checkstyle ]]; then  # checkstyle exits with the violation count
    echo "run $config $name failed (exit $rc): $(tail -3 "$out/stderr")" >&2
  fi
  if [[ -n $DONE ]] && ! grep -qF "$DONE" "$out/stdout"; then
    echo "run $config $name did not finish its work (no '$DONE'): $(head -3 "$out/stderr")" >&2
  fi
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
}

header="| workload | no agent (median s)"; rule="|---|---:"
for c in "${configs[@]:1}"; do header+=" | $c ratio"; rule+="|---:"; done
echo "$header | best of ddst/hst/tpc/fold (any options): overhead / JaCoCo overhead | drop's |"
echo "$rule|---:|---:|"
for name in $WORKLOADS; do
  "setup_$name" || continue
  rm -rf "$work"/cache-*
  for c in "${configs[@]}"; do  # first runs: fill the profile and plan cache
    [[ ${c%%+*} == hst || ${c%%+*} == tpc ]] && run "$c" "$name" >/dev/null
  done
  declare -A times=()
  for ((r = 0; r < REPS; r++)); do
    for ((k = 0; k < ${#configs[@]}; k++)); do
      c="${configs[$(((k + r) % ${#configs[@]}))]}"
      times[$c]+="$(run "$c" "$name") "
    done
  done
  args=()
  for c in "${configs[@]}"; do args+=("$c@${times[$c]}"); done
  python3 - "$name" "${args[@]}" <<'PY'
import statistics, sys
name = sys.argv[1]
times = {a.split("@")[0]: list(map(float, a.split("@")[1].split())) for a in sys.argv[2:]}
none = times.pop("none")
def cell(xs):
    r = [x / n for x, n in zip(xs, none)]
    return statistics.median(r), min(r), max(r)
cells = {c: cell(xs) for c, xs in times.items()}
fmt = lambda c: "%.3f (%.3f-%.3f)" % c
row = "| %s | %.2f | " % (name, statistics.median(none)) + " | ".join(fmt(c) for c in cells.values())
demand = [cells[c][0] for c in cells if c.split("+")[0] in ("ddst", "hst", "tpc", "fold")]
j = cells.get("jacoco", (float("nan"),))[0]
share = (min(demand) - 1) / (j - 1) if demand and j > 1 else float("nan")
bound = (cells["drop"][0] - 1) / (j - 1) if "drop" in cells and j > 1 else float("nan")
print(row + " | %.2f | %.2f |" % (share, bound))
PY
  unset times
done
