#!/usr/bin/env bash
# Issue 6, part 5: run-time overhead of jtestgen's coverage agent (modes static, ddst, hst,
# tpc) and of JaCoCo's agent (Debian's libjacoco-java) versus no agent, on real Java workloads
# from Debian's packages. Measured pairwise: each repetition runs every configuration once
# (in an order rotated per repetition), and each agent's ratio is taken against the
# no-agent run of the same repetition; the table gives the median ratio and its spread
# (min-max) over the repetitions. Wall-clock seconds include JVM start-up and, for the
# agents, the coverage dump at exit. hst and tpc read (and update) a profile and plan cache
# kept per workload for the whole benchmark: one untimed run of each fills it first (the
# "first run" HST profiles), as a user's earlier runs would.
#
# usage: bench/cover_overhead.sh [reps]      (default 5)
# env:   BUILD (default build), WORKLOADS (default "checkstyle h2 xalan jython"),
#        SIZE=short|long (default long: each workload runs about 20 s without an agent; short:
#        the 1-5 s versions of the first figures), CONFIGS (default "none jacoco static ddst
#        hst tpc"; none must stay first)
# needs: make setup, plus checkstyle libh2-java libxalan2-java jython openjdk-17-source
#        (apt-get install; they land in /usr/share/java)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD:-$root/build}"
REPS="${1:-5}"
WORKLOADS="${WORKLOADS:-checkstyle h2 xalan jython}"
SIZE="${SIZE:-long}"
read -r -a configs <<<"${CONFIGS:-none jacoco static ddst hst tpc}"
long() { [[ $SIZE == long ]]; }
J=/usr/share/java
JAVA="${JAVA:-java}"
AGENT="$BUILD/libjtestgen_agent.so"
[[ -f "$AGENT" ]] || { echo "no $AGENT: build first" >&2; exit 2; }
[[ -f "$J/org.jacoco.agent.jar" ]] || { echo "no JaCoCo agent: apt-get install libjacoco-java" >&2; exit 2; }
work="$(mktemp -d "${TMPDIR:-/tmp}/jtg-cover-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# Debian ships JaCoCo's -javaagent jar inside org.jacoco.agent.jar.
(cd "$work" && unzip -q -o "$J/org.jacoco.agent.jar" jacocoagent.jar)
JACOCO="$work/jacocoagent.jar"

# --- workloads: set CP, MAIN, ARGS, OURS (our include patterns), THEIRS (JaCoCo's) ---
setup_checkstyle() {
  CP="$J/checkstyle.jar:$J/antlr4-runtime.jar:$J/commons-lang3.jar:$J/commons-beanutils.jar:$J/commons-collections3.jar:$J/guava.jar:$J/commons-cli.jar:$J/commons-logging.jar:$J/picocli.jar:$J/Saxon-HE.jar:$J/reflections.jar"
  local src=/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip
  [[ -f "$src" ]] || { echo "SKIP checkstyle: openjdk-17-source is not installed" >&2; return 1; }
  mkdir -p "$work/jdk-src"
  if long; then  # all of java.base: 3102 files
    (cd "$work/jdk-src" && unzip -q -o "$src" 'java.base/*.java')
    ARGS=(-c /sun_checks.xml "$work/jdk-src/java.base")
  else  # java.util without subpackages: 121 files
    (cd "$work/jdk-src" && unzip -q -o "$src" 'java.base/java/util/*.java' -x 'java.base/java/util/*/*')
    ARGS=(-c /sun_checks.xml "$work/jdk-src/java.base/java/util")
  fi
  MAIN=com.puppycrawl.tools.checkstyle.Main
  OURS='com.puppycrawl.**'; THEIRS='com.puppycrawl.*'
}
setup_h2() {
  CP="$J/h2.jar"
  local rows=300000 reps=1
  if long; then reps=14; fi
  { cat <<SQL
CREATE TABLE t(id INT PRIMARY KEY, v VARCHAR(32), n INT);
INSERT INTO t SELECT X, CONCAT('v', X), MOD(X, 97) FROM SYSTEM_RANGE(1, $rows);
CREATE TABLE u(n INT PRIMARY KEY, name VARCHAR(32));
INSERT INTO u SELECT X, CONCAT('n', X) FROM SYSTEM_RANGE(0, 96);
SELECT n, COUNT(*), SUM(id) FROM t GROUP BY n ORDER BY n;
SELECT u.name, COUNT(*) FROM t JOIN u ON t.n = u.n WHERE t.id % 3 = 0 GROUP BY u.name;
SELECT COUNT(*) FROM t WHERE v LIKE 'v1%';
UPDATE t SET n = n + 1 WHERE id % 5 = 0;
SELECT MAX(n), MIN(v) FROM t;
SQL
    for ((i = 1; i < reps; i++)); do  # the long version repeats the queries on the same data
      echo "SELECT n, COUNT(*), SUM(id) FROM t WHERE id % $((i + 2)) = 0 GROUP BY n ORDER BY n;"
      echo "SELECT u.name, COUNT(*) FROM t JOIN u ON t.n = u.n WHERE t.id % 3 = $((i % 3)) GROUP BY u.name;"
      echo "SELECT COUNT(*) FROM t WHERE v LIKE 'v$i%';"
      echo "UPDATE t SET n = n + 1 WHERE id % 5 = $((i % 5));"
    done; } >"$work/h2.sql"
  MAIN=org.h2.tools.RunScript
  ARGS=(-url "jdbc:h2:mem:bench" -script "$work/h2.sql")
  OURS='org.h2.**'; THEIRS='org.h2.*'
}
setup_xalan() {
  CP="$J/xalan2.jar:$J/serializer.jar"
  { echo '<?xml version="1.0"?><orders>'
    local n=20000
    if long; then n=400000; fi
    for ((i = 1; i <= n; i++)); do
      echo "<order id=\"$i\" region=\"r$((i % 17))\"><item sku=\"s$((i % 101))\" qty=\"$((i % 7 + 1))\" price=\"$((i % 50 + 1)).25\"/></order>"
    done
    echo '</orders>'; } >"$work/orders.xml"
  cat >"$work/report.xsl" <<'XSL'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:key name="by-region" match="order" use="@region"/>
  <xsl:template match="/">
    <html><body><table>
      <xsl:for-each select="orders/order[generate-id() = generate-id(key('by-region', @region)[1])]">
        <xsl:sort select="@region"/>
        <tr><td><xsl:value-of select="@region"/></td>
            <td><xsl:value-of select="count(key('by-region', @region))"/></td>
            <td><xsl:value-of select="sum(key('by-region', @region)/item/@qty)"/></td></tr>
      </xsl:for-each>
      <xsl:for-each select="orders/order[item/@qty &gt; 5]">
        <xsl:sort select="item/@price" data-type="number"/>
        <tr><td><xsl:value-of select="@id"/></td><td><xsl:value-of select="concat(item/@sku, '-', item/@price)"/></td></tr>
      </xsl:for-each>
    </table></body></html>
  </xsl:template>
</xsl:stylesheet>
XSL
  MAIN=org.apache.xalan.xslt.Process
  ARGS=(-IN "$work/orders.xml" -XSL "$work/report.xsl" -OUT "$work/report.html")
  OURS='org.apache.xalan.**:org.apache.xml.**:org.apache.xpath.**'
  THEIRS='org.apache.xalan.*:org.apache.xml.*:org.apache.xpath.*'
}
setup_jython() {
  CP="$J/jython.jar"
  cat >"$work/bench.py" <<'PY'
def primes(limit):
    sieve = [True] * (limit + 1)
    out = []
    for i in range(2, limit + 1):
        if sieve[i]:
            out.append(i)
            for j in range(i * i, limit + 1, i):
                sieve[j] = False
    return out
import sys
scale = int(sys.argv[1]) if len(sys.argv) > 1 else 1
words = {}
for k in range(200000 * scale):
    w = "w%d" % (k % 5003)
    words[w] = words.get(w, 0) + len(w)
total = sum(primes(300000 * scale)) + sum(words.values())
print(total)
PY
  MAIN=org.python.util.jython
  ARGS=("$work/bench.py" 1)
  if long; then ARGS=("$work/bench.py" 20); fi
  OURS='org.python.**'; THEIRS='org.python.*'
}

# run <config> <workload>: prints wall seconds
run() {
  local config="$1" name="$2" out="$work/cov-$1-$2"
  local -a agent=()
  case "$config" in
    none) ;;
    jacoco) agent=("-javaagent:$JACOCO=destfile=$out/jacoco.exec,includes=$THEIRS") ;;
    static|ddst) agent=("-agentpath:$AGENT=mode=$config,includes=$OURS,out=$out") ;;
    hst|tpc) agent=("-agentpath:$AGENT=mode=$config,includes=$OURS,out=$out,cache=$work/cache-$1-$2") ;;
  esac
  rm -rf "$out"; mkdir -p "$out"
  local t0 t1
  t0=$(date +%s.%N)
  "$JAVA" "${agent[@]}" -cp "$CP" "$MAIN" "${ARGS[@]}" >"$out/stdout" 2>"$out/stderr"
  local rc=$?
  t1=$(date +%s.%N)
  if [[ $rc -ne 0 && $name != checkstyle ]]; then  # checkstyle exits with the violation count
    echo "run $config $name failed (exit $rc): $(tail -3 "$out/stderr")" >&2
  fi
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
}

header="| workload | no agent (median s)"; rule="|---|---:"
for c in "${configs[@]:1}"; do header+=" | $c ratio"; rule+="|---:"; done
echo "$header | best of ddst/hst/tpc: overhead / JaCoCo overhead |"
echo "$rule|---:|"
for name in $WORKLOADS; do
  "setup_$name" || continue
  rm -rf "$work"/cache-*
  for c in hst tpc; do  # first runs: fill the profile and plan cache
    [[ " ${configs[*]} " == *" $c "* ]] && run "$c" "$name" >/dev/null
  done
  declare -A times=()
  for ((r = 0; r < REPS; r++)); do
    for ((k = 0; k < ${#configs[@]}; k++)); do
      c="${configs[$(((k + r) % ${#configs[@]}))]}"
      times[$c]+="$(run "$c" "$name") "
    done
  done
  args=()
  for c in "${configs[@]}"; do args+=("$c=${times[$c]}"); done
  python3 - "$name" "${args[@]}" <<'PY'
import statistics, sys
name = sys.argv[1]
times = {a.split("=")[0]: list(map(float, a.split("=")[1].split())) for a in sys.argv[2:]}
none = times.pop("none")
def cell(xs):
    r = [x / n for x, n in zip(xs, none)]
    return statistics.median(r), min(r), max(r)
cells = {c: cell(xs) for c, xs in times.items()}
fmt = lambda c: "%.3f (%.3f-%.3f)" % c
row = "| %s | %.2f | " % (name, statistics.median(none)) + " | ".join(fmt(c) for c in cells.values())
demand = [cells[c][0] for c in ("ddst", "hst", "tpc") if c in cells]
j = cells.get("jacoco", (float("nan"),))[0]
share = (min(demand) - 1) / (j - 1) if demand and j > 1 else float("nan")
print(row + " | %.2f |" % share)
PY
  unset times
done
