#!/usr/bin/env bash
# A whole-project run on a local Ray cluster (loopback) of NODES nodes of one CPU each: the
# cluster is started, the command runs with --ray under /usr/bin/time -v (wall time, the
# jtestgen driver's peak memory), then the cluster is stopped. Ray is the one of
# ray-venv/ beside JTESTGEN (`make ray-setup`).
#   bench/ray_cluster.sh JTESTGEN NODES OUT suite|perf FLAGS...
# e.g. bench/ray_cluster.sh build/jtestgen 2 /tmp/cc3-ray suite \
#        --classpath /usr/share/java/commons-collections3.jar \
#        --classes 'org.apache.commons.collections.**' --budget-per-class 60s \
#        --iterations 5000 --validation-runs 2 --seed 1
# The local back end's run to compare with is the same command with --jobs NODES instead.
set -euo pipefail
jtg="$(realpath "$1")" nodes="$2" out="$3"
shift 3
ray="$(dirname "$jtg")/ray-venv/bin/ray"
tmp="$(mktemp -d /tmp/jtg-ray-bench.XXXXXX)"
port=$((20000 + RANDOM % 20000))
export RAY_USAGE_STATS_ENABLED=0
stop() {
  local pids
  pids="$(for p in $(pgrep -f "$tmp/ray" || true); do echo "$p"; pgrep -P "$p" || true; done)"
  [[ -n "$pids" ]] && kill $pids 2>/dev/null; sleep 2
  pids="$(for p in $(pgrep -f "$tmp/ray" || true); do echo "$p"; pgrep -P "$p" || true; done)"
  [[ -n "$pids" ]] && kill -9 $pids 2>/dev/null; rm -rf "$tmp"
}
trap stop EXIT
node=(--node-ip-address=127.0.0.2 --num-cpus=1 --memory=10000000000
      --object-store-memory=200000000 --disable-usage-stats)
"$ray" start --head --port="$port" --include-dashboard=false --temp-dir="$tmp/ray" "${node[@]}" \
  >"$tmp/head.log" 2>&1
for _ in $(seq 2 "$nodes"); do
  "$ray" start --address="127.0.0.2:$port" "${node[@]}" >>"$tmp/nodes.log" 2>&1
done
sleep 3
rm -rf "$out"
start=$(date +%s.%N)
/usr/bin/time -v "$jtg" "$@" --ray "127.0.0.2:$port" --out "$out" >"$out.out" 2>"$out.err" || true
echo "wall: $(echo "$(date +%s.%N) - $start" | bc) s"
grep -E "Maximum resident" "$out.err" || true
head -1 "$out.out"
jq -c '.totals' "$out/jtestgen-summary.json"
