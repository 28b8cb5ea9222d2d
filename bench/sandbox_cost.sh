#!/usr/bin/env bash
# Cost of the sandbox (issue 19) on search throughput: each dev class is searched with the
# same seed and iteration count with and without the sandbox (--no-sandbox), alternating,
# REPS times (default 3). Reports per class the median search seconds and statements/s of
# each configuration, their ratio, and whether both wrote the same number of tests and
# covered the same branches (same seed + iterations = same search, if the sandbox does not
# change what the code under test does).
#
# usage: bench/sandbox_cost.sh [build_dir]      (ITERATIONS=20000 REPS=3 by default)
# Run only on classes that do not touch files: --no-sandbox runs them unconfined.
set -euo pipefail
BUILD="$(cd "${1:-build}" && pwd)"
JTG="$BUILD/jtestgen"
REPS="${REPS:-3}"; ITER="${ITERATIONS:-20000}"
SJ=/usr/share/java
classes=("$SJ/commons-collections3.jar=org.apache.commons.collections.ListUtils"
         "$SJ/commons-collections3.jar=org.apache.commons.collections.CollectionUtils"
         "$SJ/commons-lang3.jar=org.apache.commons.lang3.math.NumberUtils"
         "$SJ/commons-lang3.jar=org.apache.commons.lang3.StringUtils"
         "$SJ/commons-lang3.jar=org.apache.commons.lang3.text.StrBuilder")
work="$(mktemp -d "${TMPDIR:-/tmp}/jtg-sbxcost.XXXXXX")"; trap 'rm -rf "$work"' EXIT
num() { tr -d ' \n' <"$1" | grep -o "\"$2\":[0-9.e+-]*" | head -1 | cut -d: -f2; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
printf '%-16s %10s %10s %12s %12s %7s %s\n' class search_sbx search_no stmts/s_sbx stmts/s_no ratio same
for entry in "${classes[@]}"; do
  jar="${entry%%=*}"; cls="${entry#*=}"
  : >"$work/sbx"; : >"$work/no"; : >"$work/sbx_rate"; : >"$work/no_rate"; same=yes
  for ((r = 0; r < REPS; r++)); do
    for cfg in sbx no; do
      flag=(); [[ $cfg == no ]] && flag=(--no-sandbox)
      out="$work/out-$cfg"; rm -rf "$out"
      "$JTG" suite --classpath "$jar" --class "$cls" --seed 1 --iterations "$ITER" --budget 10m \
        --validation-runs 1 --quiet --out "$out" "${flag[@]}" >/dev/null 2>&1 || echo "run failed: $cls $cfg" >&2
      num "$out/jtestgen-report.json" search >>"$work/$cfg"
      num "$out/jtestgen-report.json" statements_per_second >>"$work/${cfg}_rate"
      tr -d ' \n' <"$out/jtestgen-report.json" | grep -o '"branches":{[^}]*}' | head -1 >"$work/cov-$cfg"
      grep -o '"tests":[0-9]*' "$out/jtestgen-report.json" | head -1 >>"$work/cov-$cfg"
    done
    cmp -s "$work/cov-sbx" "$work/cov-no" || same=no
  done
  s=$(median <"$work/sbx"); n=$(median <"$work/no")
  sr=$(median <"$work/sbx_rate"); nr=$(median <"$work/no_rate")
  printf '%-16s %10.2f %10.2f %12.0f %12.0f %7.3f %s\n' "${cls##*.}" "$s" "$n" "$sr" "$nr" \
    "$(awk -v a="$s" -v b="$n" 'BEGIN { print (b > 0) ? a / b : 0 }')" "$same"
done
