#!/usr/bin/env bash
# `make dist`: a self-contained archive of the engine for linux-x86_64, that runs on a glibc
# Linux with nothing installed but a JDK (17 or later):
#
#   jtestgen-<version>-linux-x86_64/
#     jtestgen                 the engine (RPATH $ORIGIN/lib)
#     libjtestgen_agent.so     the coverage agent, beside it (RPATH $ORIGIN/lib)
#     lib/                     every shared library the two need but glibc's own (abseil, Z3,
#                              libzip and its codecs, libstdc++, libgcc_s), copied from this
#                              machine, with their Debian copyright files in lib/licenses/
#     java/                    the jars the engine runs tests with (JUnit's console launcher,
#                              JUnit 4 and Hamcrest, Mockito with byte-buddy and objenesis),
#                              found there before /usr/share/java (src/jvm/shared_jars.h)
#     VERSION
#
# libjvm is not in it: the engine loads it from the user's JDK (JAVA_HOME, --java-home or the
# java on PATH), the agent runs inside that JDK's JVM. DT_RPATH (not RUNPATH) is set with
# patchelf, so the bundled libraries' own dependencies are found in lib/ too.
#
# usage: tools/dist.sh BUILD_DIR OUT_DIR      prints the archive's path; the same content goes
#                                            to OUT_DIR/<name>.zip (the Maven artifact)
# Needs: patchelf, strip, ldd, tar (make setup installs patchelf).
set -euo pipefail
build="$(cd "${1:?usage: tools/dist.sh BUILD_DIR OUT_DIR}" && pwd)"
out="${2:?usage: tools/dist.sh BUILD_DIR OUT_DIR}"
command -v patchelf >/dev/null || { echo "dist: patchelf not found (make setup installs it)" >&2; exit 2; }
for f in jtestgen libjtestgen_agent.so; do
  [[ -f "$build/$f" ]] || { echo "dist: $build/$f not built" >&2; exit 2; }
done
version="$("$build/jtestgen" --version | awk '{ print $2 }')"
name="jtestgen-$version-linux-x86_64"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
stage="$(mktemp -d "$out/.stage.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root/lib/licenses" "$root/java"
cp "$build/jtestgen" "$build/libjtestgen_agent.so" "$root/"
strip --strip-unneeded "$root/jtestgen" "$root/libjtestgen_agent.so"  # the build's debug info
"$build/jtestgen" --version >"$root/VERSION"

# glibc's libraries stay the system's: they are the one thing every glibc Linux has.
is_glibc() {
  case "$1" in
    linux-vdso.so.*|ld-linux*.so.*|libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libutil.so.*|libresolv.so.*)
      return 0 ;;
  esac
  return 1
}
for bin in "$root/jtestgen" "$root/libjtestgen_agent.so"; do
  while read -r soname _ path _; do
    [[ -n "${path:-}" && "$path" == /* ]] || continue
    is_glibc "$soname" && continue
    [[ -e "$root/lib/$soname" ]] && continue
    cp -L "$path" "$root/lib/$soname"
    pkg="$(dpkg -S "$(realpath "$path")" 2>/dev/null | head -1 | cut -d: -f1 || true)"
    if [[ -n "$pkg" && -f "/usr/share/doc/$pkg/copyright" ]]; then
      cp "/usr/share/doc/$pkg/copyright" "$root/lib/licenses/$pkg.copyright"
    fi
  done < <(ldd "$bin")
done
patchelf --force-rpath --set-rpath '$ORIGIN/lib' "$root/jtestgen"
patchelf --force-rpath --set-rpath '$ORIGIN/lib' "$root/libjtestgen_agent.so"

jars=()
for jar in junit-platform-console-standalone.jar junit4.jar hamcrest-core.jar \
           mockito-core.jar byte-buddy.jar objenesis.jar; do
  [[ -e "/usr/share/java/$jar" ]] || { echo "dist: /usr/share/java/$jar missing (make setup installs it)" >&2; exit 2; }
  jars+=("/usr/share/java/$jar")
done
# With the jars their manifests name (Debian's console "standalone" jar is a Class-Path over
# the JUnit jars), rewritten to name each other relatively.
python3 "$(dirname "${BASH_SOURCE[0]}")/dist_jars.py" "$root/java" "${jars[@]}" >"$root/java/JARS"
for jar in "$root"/java/*.jar; do
  pkg="$(dpkg -S "$(realpath "/usr/share/java/$(basename "$jar")")" 2>/dev/null | head -1 | cut -d: -f1 || true)"
  if [[ -n "$pkg" && -f "/usr/share/doc/$pkg/copyright" ]]; then
    cp "/usr/share/doc/$pkg/copyright" "$root/java/$pkg.copyright"
  fi
done

archive="$out/$name.tar.gz"
tar -C "$stage" -czf "$archive.tmp" "$name"
mv "$archive.tmp" "$archive"
# The same as a zip: the Maven artifact dev.jtestgen:jtestgen-engine:<version>:zip:linux-x86_64,
# which the plugin unpacks with the JDK's zip support (docs/DISTRIBUTION.md).
python3 - "$stage" "$name" "$out/$name.zip.tmp" <<'PY'
import os, sys, zipfile
stage, name, dest = sys.argv[1:4]
with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
    for folder, _, files in sorted(os.walk(os.path.join(stage, name))):
        for f in sorted(files):
            path = os.path.join(folder, f)
            info = zipfile.ZipInfo.from_file(path, os.path.relpath(path, stage))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as fh:
                z.writestr(info, fh.read())
PY
mv "$out/$name.zip.tmp" "$out/$name.zip"
echo "$archive"
