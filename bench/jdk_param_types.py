#!/usr/bin/env python3
"""Counts how often each JDK type (java.*, javax.*) is a parameter type of a public method or
constructor of a public class, over the jars in a directory (default /usr/share/java, each
real file once). Issue 20, item 3: which JDK value types the JDK catalog should build.
Prints "count<TAB>type" lines, most frequent first (--top N, default 80).

usage: bench/jdk_param_types.py [--dir /usr/share/java] [--top 80]
"""
import argparse
import collections
import os
import re
import struct
import zipfile

from classfile_scan import constant_pool

DESC = re.compile(r"L([^;]+);")


def methods(data):
    """(access, descriptor) of each method, reading the class file (JVMS 4.1)."""
    pos, utf8 = constant_pool(data)
    if pos is None:
        return None, []
    access = struct.unpack(">H", data[pos:pos + 2])[0]
    pos += 6
    n_if = struct.unpack(">H", data[pos:pos + 2])[0]
    pos += 2 + 2 * n_if

    def skip_members(pos, keep):
        n = struct.unpack(">H", data[pos:pos + 2])[0]
        pos += 2
        out = []
        for _ in range(n):
            acc, _name, desc, n_attr = struct.unpack(">HHHH", data[pos:pos + 8])
            pos += 8
            for _ in range(n_attr):
                length = struct.unpack(">I", data[pos + 2:pos + 6])[0]
                pos += 6 + length
            if keep:
                out.append((acc, utf8.get(desc, "")))
        return pos, out

    pos, _ = skip_members(pos, False)
    _, ms = skip_members(pos, True)
    return access, ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="/usr/share/java")
    ap.add_argument("--top", type=int, default=80)
    args = ap.parse_args()
    seen, counts = set(), collections.Counter()
    for f in sorted(os.listdir(args.dir)):
        path = os.path.realpath(os.path.join(args.dir, f))
        if not path.endswith(".jar") or path in seen or not os.path.isfile(path):
            continue
        seen.add(path)
        try:
            z = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError):
            continue
        with z:
            for name in z.namelist():
                if not name.endswith(".class") or name.startswith("META-INF"):
                    continue
                try:
                    access, ms = methods(z.read(name))
                except (struct.error, IndexError):
                    continue
                if access is None or not access & 0x0001:
                    continue
                for acc, desc in ms:
                    if not acc & 0x0001 or "(" not in desc:
                        continue
                    for t in DESC.findall(desc[1:desc.index(")")]):
                        if t.startswith(("java/", "javax/")):
                            counts[t.replace("/", ".")] += 1
    for t, n in counts.most_common(args.top):
        print(f"{n}\t{t}")


if __name__ == "__main__":
    main()
