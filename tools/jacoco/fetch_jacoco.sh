#!/usr/bin/env bash
# Fetches JaCoCo 0.8.15 (core, report, agent) and the ASM 9.10.1 it is built with from Maven Central into DIR
# (default build/jacoco-0.8.15), each jar checked against Maven Central's SHA-1. Debian's
# JaCoCo (0.8.6) reads class files up to Java 16 only; measure_suite.sh uses these jars for
# class files of Java 17 and later (issue 22). Idempotent: jars already there and intact are
# kept. Prints DIR on success.
#
#   tools/jacoco/fetch_jacoco.sh [DIR]
set -euo pipefail
dir="${1:-$(cd "$(dirname "$0")/../.." && pwd)/build/jacoco-0.8.15}"
repo="${JTG_MAVEN_REPO:-https://repo1.maven.org/maven2}"
mkdir -p "$dir"
# group/artifact version [classifier] -> file name
fetch() {
  local path=$1 version=$2 classifier=${3:-} artifact
  artifact=$(basename "$path")
  local file="$artifact-$version${classifier:+-$classifier}.jar"
  local url="$repo/$path/$version/$file"
  if [[ -f "$dir/$file" && -f "$dir/$file.sha1" ]] &&
     [[ "$(sha1sum "$dir/$file" | cut -d' ' -f1)" == "$(cut -c1-40 "$dir/$file.sha1")" ]]; then
    return 0
  fi
  curl -sSfL --retry 3 -o "$dir/$file.part" "$url" || { echo "fetch_jacoco: cannot download $url" >&2; exit 1; }
  curl -sSfL --retry 3 -o "$dir/$file.sha1" "$url.sha1" || { echo "fetch_jacoco: cannot download $url.sha1" >&2; exit 1; }
  if [[ "$(sha1sum "$dir/$file.part" | cut -d' ' -f1)" != "$(cut -c1-40 "$dir/$file.sha1")" ]]; then
    rm -f "$dir/$file.part"; echo "fetch_jacoco: $file does not match its SHA-1" >&2; exit 1
  fi
  mv "$dir/$file.part" "$dir/$file"
}
fetch org/jacoco/org.jacoco.core 0.8.15
fetch org/jacoco/org.jacoco.report 0.8.15
fetch org/jacoco/org.jacoco.agent 0.8.15 runtime
fetch org/ow2/asm/asm 9.10.1
fetch org/ow2/asm/asm-commons 9.10.1
fetch org/ow2/asm/asm-tree 9.10.1
echo "$dir"
