#!/usr/bin/env bash
# Runs clang-tidy (config: .clang-tidy at the repository root) over every src/**/*.cc, two
# files at a time, with the compile commands of BUILD_DIR (CMake exports
# compile_commands.json). Exits non-zero when any finding remains.
#
#   tools/lint/run_clang_tidy.sh BUILD_DIR [EXCLUDE_FILE]
#
# EXCLUDE_FILE (default tools/lint/exclude.txt) lists repository-relative paths, one a line
# ('#' comments allowed), whose findings are reported but do not fail the run: findings
# waiting for a fix by the owner of that directory.
# JOBS (default 2) sets the parallelism.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${1:?usage: $0 BUILD_DIR [EXCLUDE_FILE]}"
exclude="${2:-$root/tools/lint/exclude.txt}"
build="$(cd "$build" && pwd)"
[ -f "$build/compile_commands.json" ] || { echo "no $build/compile_commands.json" >&2; exit 2; }
tidy="${CLANG_TIDY:-clang-tidy}"
command -v "$tidy" >/dev/null || { echo "$tidy not found (make setup installs clang-tidy)" >&2; exit 2; }

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cd "$root"
# The runtime helper classes are generated into the build tree; everything else under src/.
find src -name '*.cc' | sort > "$out/files"
echo "clang-tidy: $(wc -l < "$out/files") files, ${JOBS:-2} jobs"
# One log per file; clang-tidy's own exit status is ignored, the logs are parsed below.
xargs -P "${JOBS:-2}" -I{} sh -c \
  '"$0" -p "$1" --quiet "$3" > "$2/$(echo "$3" | tr / _).log" 2>&1 || true' \
  "$tidy" "$build" "$out" {} < "$out/files"

# Findings as "path:line:col: check", deduplicated (a header's finding shows once per
# including file).
cat "$out"/*.log | grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error):' \
  | sed -E "s|^$root/||" | sort -u > "$out/findings" || true
skip=()
if [ -f "$exclude" ]; then
  mapfile -t skip < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$exclude" | grep -v '^$' || true)
fi
: > "$out/failing"; : > "$out/waived"
while IFS= read -r line; do
  file="${line%%:*}"
  waived=0
  for s in "${skip[@]+"${skip[@]}"}"; do [ "$file" = "$s" ] && waived=1 && break; done
  if [ "$waived" = 1 ]; then echo "$line" >> "$out/waived"; else echo "$line" >> "$out/failing"; fi
done < "$out/findings"

if [ -s "$out/waived" ]; then
  echo "clang-tidy: $(wc -l < "$out/waived") finding(s) in excluded files"
fi
if [ -s "$out/failing" ]; then
  echo "clang-tidy: $(wc -l < "$out/failing") finding(s):"
  # Full diagnostics (with source excerpts) of the failing files.
  cut -d: -f1 "$out/failing" | sort -u | while IFS= read -r f; do
    grep -h -A3 -E "^($root/)?$f:[0-9]+:[0-9]+: (warning|error):" "$out"/*.log | sed -E "s|$root/||" || true
  done
  exit 1
fi
echo "clang-tidy: clean"
