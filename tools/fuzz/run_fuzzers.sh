#!/usr/bin/env bash
# Runs every libFuzzer target of BUILD_DIR (preset fuzz: cmake --preset fuzz && cmake --build
# --preset fuzz) for SECONDS each (default 60), starting from its seed corpus
# tests/fuzz/corpus/<target>/ (copied: the committed corpus is not changed). Fails when a
# target crashes, leaks, times out or hits undefined behaviour; the input that did it is
# kept as BUILD_DIR/fuzz-artifacts/<target>/crash-* (turn it into a regression unit test).
#
#   tools/fuzz/run_fuzzers.sh BUILD_DIR [SECONDS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$(cd "${1:?usage: $0 BUILD_DIR [SECONDS]}" && pwd)"
seconds="${2:-60}"
status=0
for target in classfile coverage_file; do
  bin="$build/tests/fuzz/${target}_fuzz"
  [ -x "$bin" ] || { echo "fuzz: no $bin (build the fuzz preset)" >&2; exit 2; }
  work="$build/fuzz-work/$target"
  artifacts="$build/fuzz-artifacts/$target"
  rm -rf "$work" "$artifacts"
  mkdir -p "$work" "$artifacts"
  cp "$root/tests/fuzz/corpus/$target"/* "$work"/
  echo "fuzz: $target for ${seconds}s ($(ls "$work" | wc -l) seeds)"
  if ! "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
       -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" \
       > "$build/fuzz-$target.log" 2>&1; then
    echo "fuzz: $target FAILED; input(s): $(ls "$artifacts")"
    tail -n 60 "$build/fuzz-$target.log"
    status=1
  else
    grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$build/fuzz-$target.log" || true
  fi
done
exit "$status"
