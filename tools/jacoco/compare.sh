#!/usr/bin/env bash
# Prints JaCoCo's coverage (a measure_suite.sh JSON line) beside jtestgen's own report.
# usage: compare.sh '<measure_suite json>' <gen_dir>/jtestgen-report.json
set -euo pipefail
jacoco="$1"; report="$2"
counter() {  # counter <json text> <key> -> "covered total"
  local obj
  obj=$(tr -d ' \t\r\n' <<<"$1" | grep -o "\"$2\":{[^}]*}" | head -1) || true
  echo "$(grep -o '"covered":[0-9]*' <<<"$obj" | cut -d: -f2) $(grep -o '"total":[0-9]*' <<<"$obj" | cut -d: -f2)"
}
fmt() { awk -v a="$1" 'BEGIN { n = split(a, x, " "); if (n < 2) { print "n/a"; exit }
  printf "%5.1f%% (%d/%d)", (x[2] > 0 ? 100 * x[1] / x[2] : 100), x[1], x[2] }'; }
rep=""; [[ -f "$report" ]] && rep=$(cat "$report")
printf '%-13s %-22s %-22s\n' metric JaCoCo jtestgen
for k in branches lines; do
  printf '%-13s %-22s %-22s\n' "$k" "$(fmt "$(counter "$jacoco" "$k")")" "$(fmt "$(counter "$rep" "$k")")"
done
for k in methods instructions; do
  printf '%-13s %-22s %-22s\n' "$k" "$(fmt "$(counter "$jacoco" "$k")")" "-"
done
