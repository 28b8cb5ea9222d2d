#!/usr/bin/env bash
# Measures the truth of bench/perf-truth-dev/cases.tsv: compiles Driver.java against the three
# jars, runs it once per case (a fresh JVM each) and writes truth.tsv next to this script:
#   id  kind  slope  truth  agrees  sizes  times_ms
# truth from the log-log slope of time against n: superlinear (>= 1.5), between (1.3-1.5),
# linear (0.7-1.3), flat (< 0.7). agrees: whether the measured truth is what the case's kind
# claims (redundant: superlinear; long: linear or more; control: not superlinear); a "no" row is
# kept, its measured truth is what perf_truth.sh scores against.
# usage: bench/perf-truth-dev/measure_truth.sh [id ...]     (default: every case)
# env: JAVA_HOME (default /usr/lib/jvm/java-17-openjdk-amd64), JARDIRS (where the jars are looked
#      up, ':'-separated; default tests/fixtures/perf:/usr/share/java:/usr/share/maven-repo/...),
#      OUT (default bench/perf-truth-dev/truth.tsv), NICE (default 5)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
JARDIRS="${JARDIRS:-$root/tests/fixtures/perf:/usr/share/java:/usr/share/maven-repo/org/apache/commons/commons-lang3/3.12.0:/usr/share/maven-repo/com/google/guava/guava/31.1-jre}"
OUT="${OUT:-$here/truth.tsv}"
NICE="${NICE:-5}"

findjar() { # name -> path
  local d IFS=:
  for d in $JARDIRS; do [[ -f "$d/$1" ]] && { echo "$d/$1"; return 0; }; done
  echo "measure_truth: $1 not found in $JARDIRS" >&2; return 1
}
CP="$(findjar commons-collections3-3.2.2.jar):$(findjar commons-lang3-3.12.0.jar):$(findjar guava-31.1-jre.jar)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$JAVA_HOME/bin/javac" -nowarn -d "$tmp" -cp "$CP" "$here/Driver.java" 2>&1 | grep -v '^Note:' || true
[[ -f "$tmp/Driver.class" ]] || { echo "measure_truth: Driver.java did not compile" >&2; exit 2; }

classify() { # slope -> truth class
  awk -v s="$1" 'BEGIN { if (s == "" || s == "NaN") print "unknown"; else if (s >= 1.5) print "superlinear";
    else if (s >= 1.3) print "between"; else if (s >= 0.7) print "linear"; else print "flat" }'
}
agrees() { # kind truth -> yes/no
  case "$1:$2" in
    redundant:superlinear) echo yes ;;
    long:linear|long:superlinear|long:between) echo yes ;;
    control:linear|control:flat|control:between) echo yes ;;
    *) echo no ;;
  esac
}

want=("$@")
rows="$tmp/rows.tsv"
: > "$rows"
while IFS=$'\t' read -r id kind jar cls method source note; do
  [[ "$id" == id ]] && continue
  if ((${#want[@]})); then
    hit=0; for w in "${want[@]}"; do [[ "$w" == "$id" ]] && hit=1; done
    ((hit)) || continue
  fi
  line="$(nice -n "$NICE" "$JAVA_HOME/bin/java" -Xms1g -Xmx4g -XX:+UseParallelGC -cp "$tmp:$CP" Driver "$id" 2>"$tmp/err")" || {
    echo "measure_truth: $id failed: $(head -3 "$tmp/err")" >&2; continue; }
  IFS=$'\t' read -r _ slope sizes times <<<"$line"
  truth="$(classify "$slope")"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$kind" "$slope" "$truth" "$(agrees "$kind" "$truth")" "$sizes" "$times" \
    | tee -a "$rows"
done < "$here/cases.tsv"

if ((${#want[@]})) && [[ -f "$OUT" ]]; then
  # measuring some ids: replace their rows, keep the others
  awk -F'\t' 'NR == FNR { new[$1] = $0; next } FNR == 1 { print; next }
    ($1 in new) { print new[$1]; delete new[$1]; next } { print }
    END { for (k in new) print new[k] }' "$rows" "$OUT" > "$tmp/merged"
  cp "$tmp/merged" "$OUT"
else
  { printf 'id\tkind\tslope\ttruth\tagrees\tsizes\ttimes_ms\n'; cat "$rows"; } > "$OUT"
fi
echo "measure_truth: wrote $OUT" >&2
