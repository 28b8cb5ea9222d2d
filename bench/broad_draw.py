#!/usr/bin/env python3
"""Draws the classes of the broad benchmark (issue 20): public top-level classes (abstract
classes, enums and exceptions included; interfaces and annotations not) of the given jars,
N of them at random with a fixed seed. Prints "jar=fully.qualified.Name" lines, sorted.

usage: bench/broad_draw.py [--seed 20] [--count 40] jar...
"""
import argparse
import random
import struct
import zipfile

ACC_PUBLIC, ACC_INTERFACE, ACC_ANNOTATION, ACC_SYNTHETIC = 0x0001, 0x0200, 0x2000, 0x1000


def access_flags(data):
    """The class's access_flags: the constant pool is skipped entry by entry (JVMS 4.4)."""
    if data[:4] != b"\xca\xfe\xba\xbe":
        return None
    count = struct.unpack(">H", data[8:10])[0]
    pos, i = 10, 1
    while i < count:
        tag = data[pos]
        if tag == 1:  # Utf8
            pos += 3 + struct.unpack(">H", data[pos + 1:pos + 3])[0]
        elif tag in (3, 4, 9, 10, 11, 12, 17, 18):
            pos += 5
        elif tag in (5, 6):  # Long, Double take two slots
            pos += 9
            i += 1
        elif tag in (7, 8, 16, 19, 20):
            pos += 3
        elif tag == 15:
            pos += 4
        else:
            return None
        i += 1
    return struct.unpack(">H", data[pos:pos + 2])[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("jars", nargs="+")
    args = ap.parse_args()
    pool = []
    for jar in args.jars:
        with zipfile.ZipFile(jar) as z:
            for name in sorted(z.namelist()):
                if not name.endswith(".class") or "$" in name or name.startswith("META-INF"):
                    continue
                if name.endswith("module-info.class") or name.endswith("package-info.class"):
                    continue
                flags = access_flags(z.read(name))
                if flags is None or not flags & ACC_PUBLIC:
                    continue
                if flags & (ACC_INTERFACE | ACC_ANNOTATION | ACC_SYNTHETIC):
                    continue
                pool.append(jar + "=" + name[:-6].replace("/", "."))
    rng = random.Random(args.seed)
    for line in sorted(rng.sample(pool, min(args.count, len(pool)))):
        print(line)


if __name__ == "__main__":
    main()
