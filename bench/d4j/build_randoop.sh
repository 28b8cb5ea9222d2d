#!/usr/bin/env bash
# Builds Randoop 4.0.4 (the baseline of bench/d4j/run.sh) from its sources, without Gradle:
# Randoop's releases after 1.3.2 are not on Maven Central, so the jar is compiled here from the
# v4.0.4 tag of the randoop/randoop repository (brought by the search tool's
# `fetch github:randoop/randoop`) with javac 17 --release 8, against the dependencies its
# build.gradle names, taken from Maven Central with Maven 3.9.9 (dependency:copy-dependencies).
# Two differences from Randoop's Gradle build: the checker-framework annotation artifacts that
# plume-lib's poms name (org.checkerframework:checker-qual7, org.checkerframework.annotatedlib:bcel)
# are not on Maven Central and are replaced by org.checkerframework:checker-qual 2.5.8 and
# org.apache.bcel:bcel 6.2 (annotations only / the same BCEL API); the replacecall agent jar is
# not built (Randoop uses it only when given --javaagent).
#
# usage: bash bench/d4j/build_randoop.sh            prints the path of the jar it wrote
# Output: $WORK/randoop/randoop-all-4.0.4.jar (classes, resources and the dependencies unpacked)
# Environment: WORK=/work/d4jwork; RANDOOP_GIT (default /work/.mirror/randoop+randoop/repo);
#   MVN (default /work/pitwork/tools/apache-maven-3.9.9/bin/mvn); JAVA_HOME for Maven (JDK 17).
set -euo pipefail
WORK="${WORK:-/work/d4jwork}"
RANDOOP_GIT="${RANDOOP_GIT:-/work/.mirror/randoop+randoop/repo}"
MVN="${MVN:-/work/pitwork/tools/apache-maven-3.9.9/bin/mvn}"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
D="$WORK/randoop"
JAR="$D/randoop-all-4.0.4.jar"
if [[ -f "$JAR" ]]; then echo "$JAR"; exit 0; fi
mkdir -p "$D/deps"
cd "$D"
ex='<exclusions><exclusion><groupId>org.checkerframework</groupId><artifactId>*</artifactId></exclusion><exclusion><groupId>org.checkerframework.annotatedlib</groupId><artifactId>*</artifactId></exclusion></exclusions>'
dep() { echo "<dependency><groupId>$1</groupId><artifactId>$2</artifactId><version>$3</version>${4:-}</dependency>"; }
cat > pom.xml <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>local</groupId><artifactId>randoop-deps</artifactId><version>1</version><dependencies>
$(dep org.plumelib bcel-util 0.0.9 "$ex")
$(dep org.plumelib options 0.3.3 "$ex")
$(dep org.plumelib plume-util 0.0.1 "$ex")
$(dep org.apache.bcel bcel 6.2)
$(dep org.checkerframework checker-qual 2.5.8)
$(dep org.apache.commons commons-exec 1.3)
$(dep commons-io commons-io 2.4)
$(dep com.google.code.gson gson 2.8.0)
$(dep junit junit 4.12)
$(dep com.github.javaparser javaparser-core 2.4.0)
</dependencies></project>
EOF
"$MVN" -B -q dependency:copy-dependencies -DoutputDirectory=deps >&2
rm -rf src classes stage && mkdir -p src classes stage
git --git-dir="$RANDOOP_GIT" archive v4.0.4 src/main agent/replacecall/src/main | tar -x -C src
find src -name '*.java' > files.txt
javac -J-Xmx1200m --release 8 -nowarn -proc:none -encoding UTF-8 \
  -cp "$(ls deps/*.jar | tr '\n' :)" -d classes @files.txt >&2
(cd stage && for j in ../deps/*.jar; do unzip -q -o "$j" -x 'META-INF/*'; done)
cp -r classes/. stage/
for r in src/src/main/resources src/agent/replacecall/src/main/resources; do
  [[ -d "$r" ]] && cp -r "$r/." stage/
done
(cd stage && jar --create --file "$JAR" --main-class randoop.main.Main .)
echo "$JAR"
