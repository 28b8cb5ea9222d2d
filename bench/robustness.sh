#!/usr/bin/env bash
# The robustness benchmark (issue 41): jtestgen suite on public top-level classes drawn at
# random (seed SEED, PER_JAR classes from each of 13 jars: the broad benchmark's six
# libraries and seven others) at a short budget, each measured by JaCoCo, inside the
# disposable namespace of bench/suite_broad.sh (which runs them; its table is printed too).
# Ends with a summary: usable suites (a test class whose tests all pass under JaCoCo), mean
# JaCoCo branch and line coverage (class + nested), tests javac made validation drop, and
# the ten classes of lowest branch coverage with the causes the report names.
#
# usage: bench/robustness.sh [build_dir]   (SEED=41 PER_JAR=5 BUDGET=15s)
# Needs (apt-get install): libcommons-lang3-java libcommons-collections3-java
#   libgoogle-gson-java libcommons-cli-java libcommons-csv-java libyaml-snake-java
#   libcommons-io-java libcommons-compress-java libcommons-text-java libcommons-codec-java
#   libjackson2-core-java libjdom2-java libjoda-time-java
set -uo pipefail
BUILD="$(cd "${1:-build}" && pwd)"
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SJ=/usr/share/java
jars=(commons-lang3 commons-collections3 gson commons-cli commons-csv snakeyaml commons-io
      commons-compress commons-text commons-codec jackson-core jdom2 joda-time)
paths=()
for j in "${jars[@]}"; do
  [[ -f "$SJ/$j.jar" ]] || { echo "robustness: $SJ/$j.jar is missing (see the header)" >&2; exit 2; }
  paths+=("$SJ/$j.jar")
done
list="$(mktemp "$BUILD/robustness-list.XXXXXX")"  # not under /tmp: the namespace hides it
table="$list.table"
trap 'rm -f "$list" "$table"' EXIT
python3 "$SRC/bench/broad_draw.py" --seed "${SEED:-41}" --per-jar "${PER_JAR:-5}" "${paths[@]}" >"$list"
echo "robustness: $(wc -l <"$list") classes, seed ${SEED:-41}, budget ${BUDGET:-15s}"
LIST="$list" BUDGET="${BUDGET:-15s}" bash "$SRC/bench/suite_broad.sh" "$BUILD" | tee "$table"
python3 - "$table" <<'PY'
import re, sys
rows = []
for line in open(sys.argv[1], errors="replace"):
    if not line.startswith("| `"):
        continue
    c = [x.strip() for x in line.strip().strip("|").split("|")]
    def pct(s):
        m = re.match(r"([0-9.]+)%", s)
        return float(m.group(1)) if m else 0.0
    tests = int(c[1]) if c[1].isdigit() else 0
    failing = c[5]
    javac = re.search(r"javac dropped (\d+)", c[12])
    rows.append(dict(cls=c[0].strip("`"), tests=tests, failing=failing, br=pct(c[7]),
                     ln=pct(c[8]), causes=c[12], javac=int(javac.group(1)) if javac else 0))
n = len(rows)
if not n:
    sys.exit("robustness: no rows")
usable = [r for r in rows if r["tests"] > 0 and r["failing"] == "0"]
print()
print("usable suites: %d/%d" % (len(usable), n))
print("mean JaCoCo branch coverage: %.1f%%; mean line coverage: %.1f%%" %
      (sum(r["br"] for r in rows) / n, sum(r["ln"] for r in rows) / n))
print("tests dropped by validation because javac rejected them: %d (classes left with 0 tests"
      " and such drops: %d)" % (sum(r["javac"] for r in rows),
                               sum(1 for r in rows if r["javac"] and r["tests"] == 0)))
print("lowest ten (branch %, line %, causes):")
for r in sorted(rows, key=lambda r: r["br"])[:10]:
    print("  %s: %.1f%%, %.1f%%; %s" % (r["cls"], r["br"], r["ln"], r["causes"]))
PY
