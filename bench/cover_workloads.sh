# The coverage benchmarks' workloads (sourced by bench/cover_overhead.sh and
# bench/cover_agreement.sh): real Java programs from Debian's packages. Each setup_<name>
# sets CP, MAIN, ARGS, OURS (jtestgen's include patterns), THEIRS (JaCoCo's), DONE (text a
# complete run prints on stdout, or empty), JARS (the
# jars holding the included classes, for the reports) and HEAP (a fixed heap size, -Xms =
# -Xmx, for timed runs: with the JVM's default heap, up to a quarter of this machine's
# memory, the kernel's zeroing of freshly touched heap pages took 3-9 s of system time per
# H2 run and made no-agent runs vary from 12 to 19 s; at 1 GB they vary by 4%); it returns 1 (with a SKIP line) when
# a package is missing. Needs: J (/usr/share/java), work (a scratch directory), SIZE
# (long | short).
# Packages: checkstyle libh2-java libxalan2-java jython openjdk-17-source.
long() { [[ ${SIZE:-long} == long ]]; }

setup_checkstyle() {
  CP="$J/checkstyle.jar:$J/antlr4-runtime.jar:$J/commons-lang3.jar:$J/commons-beanutils.jar:$J/commons-collections3.jar:$J/guava.jar:$J/commons-cli.jar:$J/commons-logging.jar:$J/picocli.jar:$J/Saxon-HE.jar:$J/reflections.jar"
  local src=/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip
  [[ -f "$src" ]] || { echo "SKIP checkstyle: openjdk-17-source is not installed" >&2; return 1; }
  mkdir -p "$work/jdk-src"
  if long; then  # all of java.base but the 17 files Debian's checkstyle cannot parse
    (cd "$work/jdk-src" && unzip -q -o "$src" 'java.base/*.java')
    # Its grammar predates sealed types and some newer syntax: the first such file ended
    # the whole audit with an exception (until 2026-11-24 the run stopped part way,
    # wherever the directory walk met ML_DSA_Impls.java). Found by excluding files until
    # the audit completed.
    local skip='ML_DSA_Impls|ML_KEM_Impls|SSLSocketImpl|Executable|MethodHandleDesc'
    skip+='|DynamicConstantDesc|ClassDesc|MethodTypeDesc|ConstantDesc'
    ARGS=(-c /sun_checks.xml -x "$skip" "$work/jdk-src/java.base")
  else  # java.util without subpackages: 121 files
    (cd "$work/jdk-src" && unzip -q -o "$src" 'java.base/java/util/*.java' -x 'java.base/java/util/*/*')
    ARGS=(-c /sun_checks.xml "$work/jdk-src/java.base/java/util")
  fi
  HEAP=1g  # live data after GC at most 21 MB
  DONE='Audit done.'  # a run that does not print this did not check every file
  MAIN=com.puppycrawl.tools.checkstyle.Main; JARS="$J/checkstyle.jar"
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
  HEAP=1g  # live data after GC at most 160 MB
  DONE=""; MAIN=org.h2.tools.RunScript; JARS="$J/h2.jar"
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
  HEAP=1g  # live data after GC at most 125 MB
  DONE=""; MAIN=org.apache.xalan.xslt.Process; JARS="$J/xalan2.jar:$J/serializer.jar"
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
  HEAP=2g  # live data after GC at most 737 MB
  DONE=""; MAIN=org.python.util.jython; JARS="$J/jython.jar"
  ARGS=("$work/bench.py" 1)
  if long; then ARGS=("$work/bench.py" 20); fi
  OURS='org.python.**'; THEIRS='org.python.*'
}

