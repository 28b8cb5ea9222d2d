#!/usr/bin/env bash
# Recall of `jtestgen perf` against the measured truth set bench/perf-truth-dev/ (issue 25), per
# search budget. For each case of cases.tsv and each budget it runs, one at a time,
#   jtestgen perf --classpath <jar> --class C --method M --budget <b>s --seed $SEED --out <tmp> --quiet
# (a jdk row runs --class java.util.X with the collections jar as classpath) and reads
# <tmp>/perf-report.json. Whether a case counts is decided by its measured truth
# (perf-truth-dev/truth.tsv, made by perf-truth-dev/measure_truth.sh), not by the tracker:
#   redundant row measured superlinear   found = a confirmed redundant-traversal finding for M
#   long row measured linear or more     found = a confirmed finding of either kind for M
#   control row                          false positive = a confirmed redundant-traversal for M
#   redundant row measured not superlinear ("contra"): scored like a control
# A run that writes no report counts as found for no case ("run failed", its own column).
# Prints a Markdown summary (one row per budget) and a per-case table, and writes the raw rows
# to $RESULTS so that `bench/perf_truth.sh --table $RESULTS` rebuilds both tables.
#
# usage: bench/perf_truth.sh [budget_seconds ...]      (default: 10 20 30 60)
#        bench/perf_truth.sh --table RESULTS.tsv       (tables only, from earlier raw rows)
# env: BUILD (dir of the jtestgen binary, default build/), SEED (default 1), CASES (ids to run,
#      space-separated; default all), RESULTS (default bench/perf-truth-dev/results.tsv),
#      JARDIRS (jar search path, as in measure_truth.sh), KEEP=1 (keep the perf output dirs),
#      NICE (default 5), RUN_TIMEOUT (seconds per run, default 10*budget+600)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dev="$root/bench/perf-truth-dev"
BUILD="${BUILD:-$root/build}"
SEED="${SEED:-1}"
RESULTS="${RESULTS:-$dev/results.tsv}"
NICE="${NICE:-5}"
JARDIRS="${JARDIRS:-$root/tests/fixtures/perf:/usr/share/java:/usr/share/maven-repo/org/apache/commons/commons-lang3/3.12.0:/usr/share/maven-repo/com/google/guava/guava/31.1-jre}"
command -v jq >/dev/null || { echo "perf_truth: needs jq" >&2; exit 2; }

# ---- tables from raw rows -------------------------------------------------------------------
# raw columns: case kind role truth slope budget_s seed found wall_s rc reasons version
tables() {
  local raw="$1"
  echo "| budget | redundant recall | long-loop recall | controls confirmed (FP) | contra rows confirmed | runs failed | wall s (sum) | wall s (mean) |"
  echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
  awk -F'\t' 'NR > 1 {
      b = $6; budgets[b] = 1; wall[b] += $9; runs[b]++
      if ($8 == "fail" || $11 ~ /^run failed/) { failed[b]++; $8 = "fail" }
      if ($3 == "redundant") { rt[b]++; if ($8 == "yes") rf[b]++ }
      else if ($3 == "long") { lt[b]++; if ($8 == "yes") lf[b]++ }
      else if ($3 == "control") { ct[b]++; if ($8 == "yes") cf[b]++ }
      else if ($3 == "contra") { xt[b]++; if ($8 == "yes") xf[b]++ }
    }
    END {
      n = 0; for (b in budgets) order[++n] = b + 0
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (order[j] < order[i]) { t = order[i]; order[i] = order[j]; order[j] = t }
      for (i = 1; i <= n; i++) {
        b = order[i]
        printf "| %ss | %d/%d (%s) | %d/%d (%s) | %d/%d | %d/%d | %d | %.0f | %.1f |\n", b,
          rf[b], rt[b], pct(rf[b], rt[b]), lf[b], lt[b], pct(lf[b], lt[b]),
          cf[b], ct[b], xf[b], xt[b], failed[b], wall[b], wall[b] / runs[b]
      }
    }
    function pct(a, t) { return t ? sprintf("%.0f%%", 100 * a / t) : "-" }' "$raw"
  echo
  echo "| case | role (truth, slope) | budget | found? | status / reasons | wall s |"
  echo "|---|---|---:|---|---|---:|"
  awk -F'\t' 'NR > 1 {
      f = $8
      if ($3 == "control" || $3 == "contra") f = ($8 == "yes" ? "**FP**" : "no (ok)")
      if ($8 == "fail" || $11 ~ /^run failed/) f = "run failed"
      r = $11; gsub(/\|/, "/", r)
      printf "| %s | %s (%s, %s) | %ss | %s | %s | %s |\n", $1, $3, $4, $5, $6, f, r, $9
    }' "$raw"
}

if [[ "${1:-}" == "--table" ]]; then
  [[ -f "${2:-}" ]] || { echo "usage: $0 --table RESULTS.tsv" >&2; exit 2; }
  tables "$2"
  exit 0
fi

budgets=("$@")
((${#budgets[@]})) || budgets=(10 20 30 60)
[[ -x "$BUILD/jtestgen" ]] || { echo "perf_truth: no $BUILD/jtestgen" >&2; exit 2; }
[[ -f "$dev/truth.tsv" ]] || { echo "perf_truth: no $dev/truth.tsv (run perf-truth-dev/measure_truth.sh)" >&2; exit 2; }

findjar() {
  local d IFS=:
  for d in $JARDIRS; do [[ -f "$d/$1" ]] && { echo "$d/$1"; return 0; }; done
  return 1
}
CC3="$(findjar commons-collections3-3.2.2.jar)" || { echo "perf_truth: commons-collections3-3.2.2.jar not found" >&2; exit 2; }

tmp="$(mktemp -d)"
[[ "${KEEP:-0}" == 1 ]] && echo "perf_truth: keeping run dirs in $tmp" >&2 || trap 'rm -rf "$tmp"' EXIT

# method text -> normalised signature: name(SimpleType,...), varargs as [], packages dropped
JQ_NORM='def norm: gsub("\\.\\.\\."; "[]") | gsub(" "; "")
  | capture("^(?<n>[^(]*)(\\((?<p>.*)\\))?$")
  | .n + "(" + ((.p // "") | if . == "" then [] else split(",") end | map(sub("^.*\\."; "")) | join(",")) + ")";'

raw="$tmp/raw.tsv"
printf 'case\tkind\trole\ttruth\tslope\tbudget_s\tseed\tfound\twall_s\trc\treasons\tversion\n' > "$raw"

for b in "${budgets[@]}"; do
  while IFS=$'\t' read -r id kind jar cls method source note; do
    [[ "$id" == id ]] && continue
    if [[ -n "${CASES:-}" ]] && [[ " $CASES " != *" $id "* ]]; then continue; fi
    truth="$(awk -F'\t' -v id="$id" '$1 == id { print $4 "\t" $3 }' "$dev/truth.tsv")"
    t_class="${truth%%$'\t'*}"; slope="${truth#*$'\t'}"
    [[ -z "$truth" ]] && { t_class=unmeasured; slope=-; }
    case "$kind:$t_class" in
      redundant:superlinear) role=redundant ;;
      redundant:unmeasured) role=unmeasured ;;
      redundant:*) role=contra ;;
      long:linear|long:between|long:superlinear) role=long ;;
      long:*) role=unmeasured ;;
      control:*) role=control ;;
      *) role=unmeasured ;;
    esac
    if [[ "$jar" == jdk ]]; then cp="$CC3"; else cp="$(findjar "$jar")" || { echo "perf_truth: $jar not found" >&2; continue; }; fi
    out="$tmp/$id.$b"
    rm -rf "$out"
    echo "perf_truth: $id at ${b}s" >&2
    start=$(date +%s.%N)
    timeout "${RUN_TIMEOUT:-$((10 * b + 600))}" nice -n "$NICE" "$BUILD/jtestgen" perf --classpath "$cp" --class "$cls" \
      --method "$method" --budget "${b}s" --seed "$SEED" --out "$out" --quiet >"$tmp/$id.$b.log" 2>&1
    rc=$?
    wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    rep="$out/perf-report.json"
    if [[ ! -f "$rep" ]]; then
      found=fail
      reasons="run failed (rc $rc, no report): $(grep -v '^\s*$' "$tmp/$id.$b.log" | tail -1 | tr '\t' ' ' | cut -c1-160)"
      version=-
    else
      # want: the redundant rule (redundant, control, contra) or the either-kind rule (long)
      rule=redundant; [[ "$role" == long || ( "$role" == unmeasured && "$kind" == long ) ]] && rule=any
      read -r found version < <(jq -r --arg m "$method" --arg rule "$rule" "$JQ_NORM"'
        ($m | norm) as $want
        | [.findings[]? | select((.method | norm) == $want) | select(.status == "confirmed")
           | select($rule == "any" or .kind == "redundant-traversal")] as $hit
        | "\(if ($hit | length) > 0 then "yes" else "no" end) \(.version // "-")"' "$rep")
      reasons="$(jq -r --arg m "$method" "$JQ_NORM"'
        ($m | norm) as $want
        | [.findings[]? | select((.method | norm) == $want)] as $f
        | if ($f | length) > 0 then
            ($f | group_by(.status + " " + .kind)
             | map("\(length)x \(.[0].status) \(.[0].kind): \(.[0].reason | if length > 140 then .[0:140] + "..." else . end)")
             | join(" / "))
          else
            ($m | sub("\\(.*"; "")) as $name
            | ([.skipped[]? | select((.method | tostring) as $sm | ($sm | endswith(".*")) or ($sm | contains("." + $name + "("))) | .reason] | unique) as $s
            | "no finding for the method (\(.findings | length) in report)"
              + (if ($s | length) > 0 then "; skipped: " + ($s | join("; ")) else "" end)
          end' "$rep" | tr '\t\n' '  ' | cut -c1-400)"
      found="${found:-no}"; version="${version:--}"
      ((rc != 0)) && reasons="rc $rc; $reasons"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$kind" "$role" "$t_class" "$slope" "$b" "$SEED" \
      "$found" "$wall" "$rc" "$reasons" "$version" >> "$raw"
  done < "$dev/cases.tsv"
done

cp "$raw" "$RESULTS"
echo "perf_truth: raw rows in $RESULTS" >&2
tables "$RESULTS"
