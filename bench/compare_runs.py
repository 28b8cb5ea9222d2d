#!/usr/bin/env python3
"""Compares two whole-project runs of the same command (e.g. the local back end and a Ray
cluster, bench/ray_cluster.sh): per class, whether the test source is byte-identical, whether
the report is the same but for times and folder names, and whether the summary row is the
same but for time and node (a resumed class's "unchanged" counting as "generated"); for a
class that differs, whether either run hit a per-test time
bound (the report's search.budget_exceeded, or a failure at the class's time bound), which
makes a run depend on timing and so differ from run to run on any back end.

    python3 bench/compare_runs.py OUT_A OUT_B
"""

import json
import os
import sys

# "version": the two runs may come from two builds of the same engine.
TIME_KEYS = {"time_s", "statements_per_second", "seconds", "share_of_search", "version"}


def without_times(value):
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if k not in TIME_KEYS}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def report(out, cls):
    path = os.path.join(out, ".jtestgen", cls, "jtestgen-report.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        r = json.load(f)
    r.pop("test_file", None)
    return r


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def timing_bound(out, cls, row):
    r = report(out, cls)
    hit = bool(r and r.get("search", {}).get("budget_exceeded", 0) > 0)
    return hit or "time bound" in row.get("reason", "")


def main(a, b):
    with open(os.path.join(a, "jtestgen-summary.json")) as f:
        sa = json.load(f)
    with open(os.path.join(b, "jtestgen-summary.json")) as f:
        sb = json.load(f)
    rows_a = {r["class"]: r for r in sa["classes"]}
    rows_b = {r["class"]: r for r in sb["classes"]}
    both = sorted(set(rows_a) & set(rows_b))
    same_src = same_report = same_row = 0
    differ = []
    for cls in both:
        ra, rb = rows_a[cls], rows_b[cls]
        src = ra.get("test_file")
        src_same = src is None or read(os.path.join(a, src)) == read(os.path.join(b, src))
        rep_same = without_times(report(a, cls)) == without_times(report(b, cls))
        # A resumed folder says "unchanged" for a class an earlier run generated.
        keep = lambda r: without_times({k: ("generated" if v == "unchanged" else v)
                                        for k, v in r.items() if k != "node"})
        row_same = keep(ra) == keep(rb)
        same_src += src_same
        same_report += rep_same
        same_row += row_same
        if not (src_same and rep_same and row_same):
            differ.append((cls, timing_bound(a, cls, ra) or timing_bound(b, cls, rb)))
    print("classes in both runs: %d (only in %s: %d, only in %s: %d)"
          % (len(both), a, len(set(rows_a) - set(rows_b)), b, len(set(rows_b) - set(rows_a))))
    print("same test source, byte for byte: %d" % same_src)
    print("same report but for times: %d" % same_report)
    print("same summary row but for time and node: %d" % same_row)
    timed = sum(1 for _, t in differ if t)
    print("differing classes: %d, of which %d hit a per-test time bound in either run"
          % (len(differ), timed))
    for cls, t in differ:
        print("  %s%s" % (cls, " (time bound)" if t else ""))
    keys = ("generated", "failed", "tests", "branches", "lines", "weak_mutation")
    for name, s in ((a, sa), (b, sb)):
        print("%s totals: %s" % (name, json.dumps({k: s["totals"].get(k) for k in keys})))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
