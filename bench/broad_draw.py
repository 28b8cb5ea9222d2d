#!/usr/bin/env python3
"""Draws the classes of the broad benchmark (issue 20): public top-level classes (abstract
classes, enums and exceptions included; interfaces and annotations not) of the given jars,
N of them at random with a fixed seed. Prints "jar=fully.qualified.Name" lines, sorted.

usage: bench/broad_draw.py [--seed 20] [--count 40] [--per-jar K] jar...
With --per-jar, K classes of each jar (all of a jar with fewer) instead of --count from
the pool of all jars, so that a large jar (guava) does not fill the sample.
"""
import argparse
import random
import zipfile

from classfile_scan import access_flags

ACC_PUBLIC, ACC_INTERFACE, ACC_ANNOTATION, ACC_SYNTHETIC = 0x0001, 0x0200, 0x2000, 0x1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--per-jar", type=int, default=0)
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
    if args.per_jar > 0:
        picked = []
        for jar in args.jars:
            mine = [p for p in pool if p.startswith(jar + "=")]
            picked += rng.sample(mine, min(args.per_jar, len(mine)))
    else:
        picked = rng.sample(pool, min(args.count, len(pool)))
    for line in sorted(picked):
        print(line)


if __name__ == "__main__":
    main()
