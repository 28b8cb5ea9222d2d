#!/usr/bin/env bash
# The broad benchmark (issue 20): jtestgen suite on the 40 classes of bench/broad_classes.txt
# (drawn by bench/broad_draw.py, seed 20, from commons-lang3, commons-collections3, gson,
# commons-cli, commons-csv and snakeyaml), each then measured by JaCoCo over the class and its
# nested classes. Runs inside the disposable namespace of tests/e2e/lib_hostile_ns.sh
# (read-only root, sentinel tree), as any run on arbitrary library code should.
# Prints a Markdown table: tests, failing tests, JaCoCo branches and lines (class + nested),
# jtestgen's branches (class alone), wall time, and the causes the report names for what is
# left uncovered (types not built, per-test budget overruns, runs contained by the sandbox).
#
# usage: bench/suite_broad.sh [build_dir]   (BUDGET=60s LIST=bench/broad_classes.txt; KEEP=1
#        keeps outputs and logs; EXTRA='--inherited-weight 1' adds jtestgen arguments;
#        ENVCHECK=1 also reruns each written suite with bench/env_check.sh a day later, under
#        three other time zones and two other locales, inside the namespace)
# Columns of issue 24: test methods (bench/readability.py; a @ParameterizedTest is one),
# tests asserting nothing (uncommented), duplicate share, and failing tests under env_check.
# Needs: libgoogle-gson-java libcommons-csv-java libyaml-snake-java libcommons-cli-java
#        libcommons-lang3-java libcommons-collections3-java (apt-get install).
set -uo pipefail
BUILD="$(cd "${1:-build}" && pwd)"
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$SRC/tests/e2e/lib_hostile_ns.sh"
if [[ "${JTG_HOSTILE_NS:-}" != 1 ]]; then
  ns_bench "$BUILD" broad "${BASH_SOURCE[0]}" "$@"; exit $?
fi
ns_setup || exit 99
SCRATCH="$JTG_HOSTILE_SCRATCH"
BUDGET="${BUDGET:-60s}"
LIST="${LIST:-$SRC/bench/broad_classes.txt}"
export JTG_JACOCO_CACHE="$SCRATCH/jacoco-cache"
make_sentinel
base="$(snapshot)"
pair() {  # pair FILE OBJECT [NESTED]: "covered total" of the first OBJECT (or of with_nested's)
  local text; text=$(tr -d ' \n' <"$1" 2>/dev/null)
  [[ -n "${3:-}" ]] && text=$(grep -o '"with_nested":{.*' <<<"$text")
  grep -o "\"$2\":{[^}]*}" <<<"$text" | head -1 | sed 's/.*"covered":\([0-9]*\),"total":\([0-9]*\).*/\1 \2/'
}
pct() { [[ -z "$1" ]] && { echo "n/a"; return; }
  awk -v a="$1" 'BEGIN { split(a, x, " "); printf "%.1f%% (%d/%d)", (x[2] > 0 ? 100 * x[1] / x[2] : 100), x[1], x[2] }'; }
echo "| class | tests | methods | no assertion | dup. share | failing | env failing | JaCoCo branches (+nested) | JaCoCo lines (+nested) | jtestgen branches | weak mutants | wall s | causes named |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
methods_sum=0; tests_sum=0; noassert_sum=0; env_sum=0
sum=0; n=0; below60=0; unnamed=0
while IFS= read -r spec; do
  [[ -z "$spec" || "$spec" == \#* ]] && continue
  cp="${spec%%=*}"; cls="${spec#*=}"
  out="$SCRATCH/out/$cls"; log="$SCRATCH/$cls.log"; t0=$SECONDS
  (cd "$SENTINEL/project" && HOME="$SENTINEL/home" "$BUILD/jtestgen" suite --classpath "$cp" \
    --class "$cls" --budget "$BUDGET" --out "$out" ${EXTRA:-} </dev/null >"$log" 2>&1); rc=$?
  wall=$((SECONDS - t0))
  report="$out/jtestgen-report.json"; jj="$SCRATCH/$cls.jacoco.json"
  (cd "$SENTINEL/project" && "$SRC/tools/jacoco/measure_suite.sh" "$cp" "$cls" "$out" 5 >"$jj" 2>>"$log")
  tests=$(tr -d ' \n' <"$report" 2>/dev/null | grep -o '"tests":[0-9]*' | head -1 | cut -d: -f2)
  failed=$(grep -o '"tests_failed":[0-9]*' "$jj" 2>/dev/null | cut -d: -f2)
  br=$(pair "$jj" branches nested); ln=$(pair "$jj" lines nested)
  causes=$(python3 - "$report" "$log" <<'PY'
import json, re, sys
out = []
try:
    r = json.load(open(sys.argv[1]))
    for t in r.get("not_built", {}).get("types", [])[:2]:
        out.append("not built: %s (%d br)" % (t["type"], t["branches"]))
    u = r.get("unreached_nested", {})
    if u.get("branches"):
        top = u["methods"][0]["method"].split("(")[0].split("/")[-1]
        out.append("nested never ran: %d methods (%d br; %s)" % (len(u["methods"]), u["branches"], top))
    if r.get("overrunning_methods"):
        out.append("budget overruns: %d methods" % len(r["overrunning_methods"]))
    if r.get("outside", {}).get("methods"):
        out.append("contained: %d methods" % len(r["outside"]["methods"]))
    javac = sum(n for k, n in r.get("validation", {}).get("tests_dropped_in", {}).items()
                if k.startswith("does not compile"))
    if javac:
        out.append("javac dropped %d tests" % javac)
except Exception:
    pass
for l in open(sys.argv[2], errors="replace"):
    if l.startswith("jtestgen:") and not l.rstrip().endswith(" elapsed"):  # not progress
        out.append(l.strip()[:90])
print("; ".join(out) if out else "-")
PY
)
  read -r methods noassert dup < <(python3 "$SRC/bench/readability.py" --json "$out" 2>/dev/null |
    python3 -c 'import json,sys; t=json.load(sys.stdin)["total"]; print(t["tests"], t["no_assertion"], "%.1f%%" % (100*t["duplicate_share"]))' 2>/dev/null || echo "0 0 ?")
  envfail="-"
  if [[ "${ENVCHECK:-0}" == 1 ]]; then
    envfail=$(cd "$SENTINEL/project" && ENVS="clock+1d tz=Europe/London tz=Pacific/Apia tz=Asia/Kolkata locale=tr_TR locale=de_DE" \
      "$SRC/bench/env_check.sh" "$cp" "$out" 2>>"$log" | sed -n 's/^env_check: \([0-9]*\) failing.*/\1/p')
    envfail="${envfail:-?}"
    [[ "$envfail" =~ ^[0-9]+$ ]] && env_sum=$((env_sum + envfail))
  fi
  killed=$(tr -d ' \n' <"$report" 2>/dev/null | grep -o '"weak_mutation":{[^}]*}' |
    sed 's/.*"killed":\([0-9]*\),"total":\([0-9]*\).*/\1 \2/')
  methods_sum=$((methods_sum + ${methods:-0})); tests_sum=$((tests_sum + ${tests:-0}))
  noassert_sum=$((noassert_sum + ${noassert:-0}))
  echo "| \`${cls}\` | ${tests:-0} | ${methods:-0} | ${noassert:-0} | ${dup:-?} | ${failed:-?} | $envfail | $(pct "$br") | $(pct "$ln") | $(pct "$(pair "$report" branches)") | $(pct "$killed") | $wall | $causes |"
  if [[ -n "$br" ]]; then
    p=$(awk -v a="$br" 'BEGIN { split(a, x, " "); print (x[2] > 0 ? 100 * x[1] / x[2] : 100) }')
  else
    p=0
  fi
  sum=$(awk -v s="$sum" -v p="$p" 'BEGIN { print s + p }'); n=$((n + 1))
  if awk -v p="$p" 'BEGIN { exit !(p < 60) }'; then
    below60=$((below60 + 1)); [[ "$causes" == "-" ]] && unnamed=$((unnamed + 1))
  fi
done <"$LIST"
echo
echo "mean JaCoCo branch coverage (class + nested) over $n classes: $(awk -v s="$sum" -v n="$n" 'BEGIN { printf "%.1f%%", n ? s / n : 0 }'); below 60%: $below60 (without a named cause: $unnamed)"
echo "test methods: $methods_sum for $tests_sum tests; tests asserting nothing (uncommented): $noassert_sum; failing under env_check: $env_sum"
[[ "$(snapshot)" == "$base" ]] && echo "sentinel tree: unchanged" || echo "sentinel tree: CHANGED"
