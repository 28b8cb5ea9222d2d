#!/usr/bin/env python3
"""Copies jars into a folder with every jar their manifests' Class-Path names, rewritten to
refer to each other by file name (Class-Path entries are relative to the jar), so the folder
stands alone: Debian's jars name their dependencies by absolute path under /usr/share/java
(its junit-platform-console-standalone.jar is a manifest over the JUnit jars).

usage: dist_jars.py OUT_DIR JAR...      prints one line per jar copied
Exit status 1 when a named jar or a Class-Path entry is missing (named on stderr).
"""
import os
import re
import shutil
import sys
import zipfile

MANIFEST = "META-INF/MANIFEST.MF"


def read_manifest(jar):
    with zipfile.ZipFile(jar) as z:
        try:
            return z.read(MANIFEST).decode("utf-8")
        except KeyError:
            return None


def unfold(text):
    """Manifest lines continue on lines that start with one space."""
    return re.sub(r"\r?\n ", "", text)


def class_path(text):
    for line in unfold(text).splitlines():
        if line.lower().startswith("class-path:"):
            return line.split(":", 1)[1].split()
    return []


def fold(line):
    """Lines of at most 72 bytes, continued with a leading space."""
    out, cur = [], line
    while len(cur.encode("utf-8")) > 72:
        out.append(cur[:72])
        cur = " " + cur[72:]
    out.append(cur)
    return "\r\n".join(out)


def rewrite(src, dest, names):
    """Copies jar src to dest with its Class-Path replaced by `names` (file names)."""
    text = unfold(read_manifest(src))
    lines = [l for l in text.splitlines() if not l.lower().startswith("class-path:")]
    while lines and not lines[-1]:
        lines.pop()
    if names:
        lines.append("Class-Path: " + " ".join(names))
    manifest = "\r\n".join(fold(l) for l in lines) + "\r\n\r\n"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        zout.writestr(MANIFEST, manifest)
        for info in zin.infolist():
            if info.filename != MANIFEST:
                zout.writestr(info, zin.read(info.filename))


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    # (path as named, which gives the file name in OUT_DIR; Debian's names are links to
    # versioned files)
    todo = list(sys.argv[2:])
    done = set()
    while todo:
        jar = todo.pop()
        name = os.path.basename(jar)
        if name in done:
            continue
        if not os.path.isfile(jar):
            print("dist_jars: %s missing" % jar, file=sys.stderr)
            return 1
        done.add(name)
        text = read_manifest(jar)
        deps = []
        for entry in class_path(text) if text else []:
            path = entry[len("file:"):] if entry.startswith("file:") else entry
            if not os.path.isabs(path):
                path = os.path.join(os.path.dirname(os.path.realpath(jar)), path)
            if not os.path.isfile(path):
                continue  # the JVM ignores a missing entry too
            deps.append(os.path.basename(path))
            todo.append(path)
        dest = os.path.join(out, name)
        if deps or (text is not None and class_path(text)):
            rewrite(jar, dest, deps)
        else:
            shutil.copyfile(jar, dest)
        print(name + (" -> " + " ".join(deps) if deps else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
