#!/usr/bin/env bash
# End-to-end checks of the Ray back end (`--ray ADDRESS`, src/project/ray_backend.h; ctest
# `e2e_ray`) on a local Ray cluster of two nodes on loopback, a head and one more node of one
# CPU each, started and stopped here with the `ray` of build/ray-venv (`make ray-setup`; exit
# 77, skipped, without it). On the fixture project of tests/fixtures/project:
#   - `suite --classes 'shop.**' --ray`: the same test sources, byte for byte, as the local
#     back end with the same seed and iteration count; the same reports and summary but for
#     times, node names and folder names; jobs ran on both nodes; the classpath crossed to the
#     nodes' machine once;
#   - the worker node's raylet killed while it runs a class: every class still ends generated
#     (Ray runs the task again on the head), and no jtestgen process is left behind;
#   - a class's jtestgen killed: the class runs once more (attempts 2) and is generated;
#   - SIGINT after the first class: exit 130; the same command then does only the rest;
#   - the same command again: every class unchanged, nothing run;
#   - a hand-written test file in the way: left untouched, that class fails naming it;
#   - perf: a memory request no node meets is refused; with --ray-memory the findings and
#     tests are where a local run puts them;
#   - no cluster at the address: one line naming it and a non-zero exit.
# usage: run_ray.sh <build_dir> <source_dir>
set -uo pipefail
[[ $# -eq 2 ]] || { echo "usage: run_ray.sh <build_dir> <source_dir>" >&2; exit 2; }
BUILD="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
JTG="$BUILD/jtestgen"
RAY="$BUILD/ray-venv/bin/ray"
[[ -x "$RAY" ]] || { echo "SKIP no $RAY (make ray-setup makes it)"; exit 77; }
command -v jq >/dev/null || { echo "FAIL jq is not installed (make setup installs it)"; exit 1; }
JAVAC="${JAVA_HOME:+$JAVA_HOME/bin/}javac"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/jtg-ray.XXXXXX")"
PORT=$((20000 + RANDOM % 20000))
NM_PORT=$((PORT + 1))
export RAY_USAGE_STATS_ENABLED=0

# Every process of this cluster: those naming its folder, and their descendants.
cluster_pids() {
  local roots p
  roots="$(pgrep -f "$tmp/ray" || true)"
  for p in $roots; do echo "$p"; pgrep -P "$p" || true; done | sort -u
}
stop_cluster() {
  local pids
  pids="$(cluster_pids)"
  [[ -n "$pids" ]] && kill $pids 2>/dev/null
  sleep 2
  pids="$(cluster_pids)"
  [[ -n "$pids" ]] && kill -9 $pids 2>/dev/null
  return 0
}
trap 'stop_cluster; rm -rf "$tmp"' EXIT

passed=0; failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"; shift
  local f
  for f in "$@"; do [[ -s "$f" ]] && { echo "---- $f"; tail -n 30 "$f" | sed 's/^/  | /'; }; done
}
check() { local what="$1"; shift; if "$@" >/dev/null; then pass "$what"; else fail "$what" "${LOGS[@]}"; fi; }

cp -r "$SRC/tests/fixtures/project" "$tmp/src"
"$JAVAC" -d "$tmp/classes" "$tmp"/src/shop/*.java || { echo "FAIL javac of the fixture project"; exit 1; }

# The cluster: nodes' temporary files (the classpath cache, the jobs' folders) under $tmp.
# The object store in files under $tmp too: Ray puts it in /dev/shm, which is read-only on
# some machines (the raylet then dies and `ray start` times out).
mkdir -p "$tmp/node-tmp" "$tmp/plasma"
NODE=(--node-ip-address=127.0.0.2 --num-cpus=1 --memory=6000000000
      --object-store-memory=100000000 --plasma-directory="$tmp/plasma" --disable-usage-stats)
TMPDIR="$tmp/node-tmp" timeout 120 "$RAY" start --head --port="$PORT" --include-dashboard=false \
  --temp-dir="$tmp/ray" "${NODE[@]}" >"$tmp/head.log" 2>&1 \
  || { echo "FAIL the Ray head did not start"; tail -20 "$tmp/head.log"; exit 1; }
TMPDIR="$tmp/node-tmp" timeout 120 "$RAY" start --address="127.0.0.2:$PORT" \
  --node-manager-port="$NM_PORT" "${NODE[@]}" >"$tmp/worker.log" 2>&1 \
  || { echo "FAIL the Ray worker node did not start"; tail -20 "$tmp/worker.log"; exit 1; }
ADDR="127.0.0.2:$PORT"
for _ in $(seq 60); do
  [[ "$("$RAY" status --address="$ADDR" 2>/dev/null | grep -c '^ 1 node_')" -ge 2 ]] && break
  sleep 1
done

FLAGS=(--classpath "$tmp/classes" --classes 'shop.**' --budget-per-class 20s --iterations 300
       --validation-runs 1 --seed 7)
LOGS=("$tmp/local.err" "$tmp/ray1.err" "$tmp/ray1.out")

# No jtestgen process of a Ray job within 10 s.
no_strays() {
  for _ in $(seq 50); do
    [[ -z "$(pgrep -f 'jtestgen-job-' || true)" ]] && return 0
    sleep 0.2
  done
  return 1
}

# Runs the suite command on the cluster into $tmp/NAME in the background ($bg its pid); every
# 0.1 s for up to 60 s asks WHEN and, the first time it holds, runs ACT. Sets acted (yes|no)
# and rc (the run's exit status).
run_and() {
  local name="$1" when="$2" act="$3"
  timeout 300 "$JTG" suite "${FLAGS[@]}" --ray "$ADDR" --out "$tmp/$name" \
    >"$tmp/$name.out" 2>"$tmp/$name.err" &
  bg=$!
  acted=no
  for _ in $(seq 600); do
    if "$when"; then "$act" && acted=yes; break; fi
    kill -0 "$bg" 2>/dev/null || break
    sleep 0.1
  done
  rc=0; wait "$bg" || rc=$?
}

# 1. The local back end, then the Ray back end with the same seed and iteration count.
rc=0; timeout 300 "$JTG" suite "${FLAGS[@]}" --jobs 2 --out "$tmp/local" \
  >"$tmp/local.out" 2>"$tmp/local.err" || rc=$?
check "local back end exits 0 (rc=$rc)" test "$rc" -eq 0
rc=0; timeout 300 "$JTG" suite "${FLAGS[@]}" --ray "$ADDR" --out "$tmp/ray1" \
  >"$tmp/ray1.out" 2>"$tmp/ray1.err" || rc=$?
LOGS+=("$tmp/ray1/.jtestgen/ray-driver.log")
check "Ray back end exits 0 (rc=$rc)" test "$rc" -eq 0
check "the summary line is that of the local run" \
  test "$(head -1 "$tmp/ray1.out" | sed 's/; [0-9:]*$//')" = "$(head -1 "$tmp/local.out" | sed 's/; [0-9:]*$//')"
for c in Basket Counter Prices; do
  check "shop.$c: the same test source, byte for byte" \
    cmp "$tmp/local/shop/${c}JtgTest.java" "$tmp/ray1/shop/${c}JtgTest.java"
  report_of() {
    jq -S 'del(.time_s, .search.statements_per_second, .search.solver.seconds,
               .search.solver.share_of_search) | .test_file |= sub("^.*/shop/"; "shop/")' \
      "$1/.jtestgen/shop.$c/jtestgen-report.json"
  }
  check "shop.$c: the same report but for times" \
    test "$(report_of "$tmp/local")" = "$(report_of "$tmp/ray1")"
done
summary_of() {
  jq -S 'del(.started, .wall_s, .options.backend, .options.jobs, .totals.time_s,
             .classes[].time_s, .classes[].node)' "$1/jtestgen-summary.json"
}
check "the same summary but for times, nodes and the back end" \
  test "$(summary_of "$tmp/local")" = "$(summary_of "$tmp/ray1")"
check "the summary names the back end" \
  test "$(jq -r .options.backend "$tmp/ray1/jtestgen-summary.json")" = "ray $ADDR"
check "jobs ran on both nodes" \
  test "$(jq -r '[.classes[].node] | unique | length' "$tmp/ray1/jtestgen-summary.json")" -eq 2
check "the classpath crossed to the nodes' machine once" \
  test "$(grep -c "fetched \['" "$tmp/ray1/.jtestgen/ray-driver.log")" -eq 1

# 2. The worker node's raylet killed while one of its workers runs a class's jtestgen.
worker_raylet="$(pgrep -f "raylet.*node_manager_port=$NM_PORT" | head -1)"
on_worker() {  # a jtestgen process below the worker node's raylet
  local p q
  [[ -n "$worker_raylet" ]] || return 1
  for p in $(pgrep -f 'jtestgen-job-' || true); do
    q="$p"
    while [[ -n "$q" && "$q" -gt 1 ]]; do
      [[ "$q" == "$worker_raylet" ]] && return 0
      q="$(ps -o ppid= -p "$q" 2>/dev/null | tr -d ' ')"
    done
  done
  return 1
}
kill_worker_raylet() { kill -9 "$worker_raylet"; }
run_and ray2 on_worker kill_worker_raylet
LOGS=("$tmp/ray2.err" "$tmp/ray2.out" "$tmp/ray2/.jtestgen/ray-driver.log")
check "the worker node's raylet was killed while it ran a class" test "$acted" = yes
check "the run still exits 0 (rc=$rc)" test "$rc" -eq 0
check "every class generated" \
  test "$(jq -r '[.classes[] | select(.status=="generated")] | length' "$tmp/ray2/jtestgen-summary.json")" -eq 3
check "the same test sources as the local back end" \
  diff -r "$tmp/local/shop" "$tmp/ray2/shop"
check "no jtestgen process is left behind" no_strays

# 3. A class's jtestgen killed (a crash): the class runs once more and is generated.
job_running() { victim="$(pgrep -o -f 'suite --classpath .*jtestgen-job-' || true)"; [[ -n "$victim" ]]; }
kill_job() { sleep 0.5; kill -9 "$victim" 2>/dev/null; }
run_and ray6 job_running kill_job
LOGS=("$tmp/ray6.err" "$tmp/ray6.out" "$tmp/ray6/.jtestgen/ray-driver.log")
check "a class's jtestgen was killed" test "$acted" = yes
check "the run still exits 0 (rc=$rc)" test "$rc" -eq 0
check "the killed class ran twice and is generated" \
  test "$(jq -r '[.classes[] | select(.attempts==2 and .status=="generated")] | length' "$tmp/ray6/jtestgen-summary.json")" -eq 1
check "the retry is on the progress lines" grep -q 'running it again' "$tmp/ray6.err"

# 4. SIGINT after the first class: exit 130, and the same command then does only the rest.
first_class_done() { grep -q '^\[1/4\]' "$tmp/ray7.err" 2>/dev/null; }
interrupt() { kill -INT "$bg"; }
run_and ray7 first_class_done interrupt
LOGS=("$tmp/ray7.err" "$tmp/ray7.out")
check "SIGINT was sent after the first class" test "$acted" = yes
check "SIGINT: exit 130 (rc=$rc)" test "$rc" -eq 130
done_before="$(jq '[.classes[] | select(.status=="generated")] | length' "$tmp/ray7/jtestgen-summary.json")"
rc=0; timeout 300 "$JTG" suite "${FLAGS[@]}" --ray "$ADDR" --out "$tmp/ray7" \
  >"$tmp/ray8.out" 2>"$tmp/ray8.err" || rc=$?
LOGS=("$tmp/ray8.err" "$tmp/ray8.out")
check "after SIGINT the same command exits 0 (rc=$rc)" test "$rc" -eq 0
check "it redoes none of the $done_before classes done before" \
  test "$(jq '[.classes[] | select(.status=="unchanged")] | length' "$tmp/ray7/jtestgen-summary.json")" -eq "$done_before"
check "and every class is done" \
  test "$(jq '[.classes[] | select(.status=="unchanged" or .status=="generated")] | length' "$tmp/ray7/jtestgen-summary.json")" -eq 3
check "the test sources are the local back end's" diff -r "$tmp/local/shop" "$tmp/ray7/shop"
check "no jtestgen process is left behind" no_strays

# 5. The same command again: nothing to do.
rc=0; timeout 120 "$JTG" suite "${FLAGS[@]}" --ray "$ADDR" --out "$tmp/ray2" \
  >"$tmp/ray3.out" 2>"$tmp/ray3.err" || rc=$?
LOGS=("$tmp/ray3.err" "$tmp/ray3.out")
check "resumed run exits 0 (rc=$rc)" test "$rc" -eq 0
check "every class unchanged" grep -q '^3 classes: 0 generated, 3 unchanged, 0 failed' "$tmp/ray3.out"

# 6. A hand-written test file in the way.
printf 'class PricesJtgTest {}\n' >"$tmp/ray2/shop/PricesJtgTest.java"
cp "$tmp/ray2/shop/PricesJtgTest.java" "$tmp/hand.java"
rm -f "$tmp/ray2/.jtestgen/shop.Prices/stamp"
rc=0; timeout 300 "$JTG" suite "${FLAGS[@]}" --ray "$ADDR" --out "$tmp/ray2" \
  >"$tmp/ray4.out" 2>"$tmp/ray4.err" || rc=$?
LOGS=("$tmp/ray4.err" "$tmp/ray4.out")
check "a class whose test file is hand-written fails (rc=$rc)" test "$rc" -eq 1
check "the hand-written file is left untouched" cmp "$tmp/hand.java" "$tmp/ray2/shop/PricesJtgTest.java"
check "the reason names the file" \
  grep -q "not writing $tmp/ray2/shop/PricesJtgTest.java" "$tmp/ray2/jtestgen-summary.json"

# 7. perf on the cluster: its default request (6 GiB) fits no node of 6 GB, and is refused;
# with --ray-memory 2g the classes run, and their findings and tests are where a local run
# puts them.
PERF=(--classpath "$BUILD/fixtures/classes:$BUILD/fixtures/perf-impl.jar"
      --classes 'fixtures.perf.Utils:fixtures.perf.DistinctKeys' --budget-per-class 8s --seed 1)
rc=0; timeout 300 "$JTG" perf "${PERF[@]}" --ray "$ADDR" --out "$tmp/perf0" \
  >"$tmp/perf0.out" 2>"$tmp/perf0.err" || rc=$?
LOGS=("$tmp/perf0.err")
check "perf: a request no node can meet is refused (rc=$rc)" test "$rc" -ne 0 -a "$rc" -ne 124
check "perf: the refusal names the memory and --ray-memory" \
  grep -q "^jtestgen: no node of the Ray cluster at $ADDR has 1 CPU and 6.0 GiB of memory for one job (--ray-memory" "$tmp/perf0.err"
rc=0; timeout 300 "$JTG" perf "${PERF[@]}" --ray "$ADDR" --ray-memory 2g --out "$tmp/perf1" \
  >"$tmp/perf1.out" 2>"$tmp/perf1.err" || rc=$?
LOGS=("$tmp/perf1.err" "$tmp/perf1.out" "$tmp/perf1/.jtestgen/ray-driver.log")
check "perf on the cluster exits 0 (rc=$rc)" test "$rc" -eq 0
check "perf: Utils has a likely bug in the summary" \
  jq -e '.command == "perf" and (.classes[] | select(.class=="fixtures.perf.Utils") | .likely_bugs >= 1)' "$tmp/perf1/jtestgen-summary.json"
check "perf: tests moved under --out" test -s "$tmp/perf1/fixtures/perf/UtilsPerfTest.java"
check "perf: each class's report in its state folder" \
  test -s "$tmp/perf1/.jtestgen/fixtures.perf.Utils/perf-report.html"

# 8. No cluster at the address.
rc=0; timeout 300 "$JTG" suite "${FLAGS[@]}" --ray "127.0.0.2:$((PORT + 7))" --out "$tmp/ray5" \
  >"$tmp/ray5.out" 2>"$tmp/ray5.err" || rc=$?
LOGS=("$tmp/ray5.err")
check "no cluster: non-zero exit (rc=$rc)" test "$rc" -ne 0 -a "$rc" -ne 124
check "no cluster: one line naming the address" grep -q "^jtestgen: no Ray cluster at 127.0.0.2:$((PORT + 7))" "$tmp/ray5.err"

echo "$passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
