#!/usr/bin/env python3
"""Markdown report of bench/pit.sh from PIT's mutations.xml files.

usage: report.py --classes "a.b.C a.b.D" --gen GEN.xml[,...] [--hand HAND.xml[,...]] [--nested 0|1]
                 [--jtg-dir DIR] [--surefire DIR[,...]] [--survivors FILE]

The last column is jtestgen's own report (jtestgen-report.json): branches covered/total of the
class and its strong mutation figure killed/total (its own operator set, not PIT's).
Figures are PIT's own: a mutant is killed when PIT marks it detected (KILLED, TIMED_OUT,
MEMORY_ERROR, RUN_ERROR); score = killed / mutants; test strength = killed / covered, covered
being every mutant not NO_COVERAGE. A mutant belongs to the class C when PIT's mutatedClass is
C (with --nested 1 also C$...). Mutants of the generated and hand-written runs are matched by
(class, method, descriptor, line, mutator, indexes).
Prints: per-class table (generated vs hand-written, with a total row), the generated suites'
survivors by mutator (survived although covered / not covered, and how many of them the
hand-written tests kill), and survivors by method; writes every survivor of the generated
suites, per class by line, to --survivors.
"""
import argparse
import collections
import glob
import json
import os
import sys
import xml.etree.ElementTree as ET

NAMES = {
    "ConditionalsBoundaryMutator": "CONDITIONALS_BOUNDARY",
    "IncrementsMutator": "INCREMENTS",
    "InvertNegsMutator": "INVERT_NEGS",
    "MathMutator": "MATH",
    "NegateConditionalsMutator": "NEGATE_CONDITIONALS",
    "VoidMethodCallMutator": "VOID_METHOD_CALLS",
    "EmptyObjectReturnValsMutator": "EMPTY_RETURNS",
    "BooleanFalseReturnValsMutator": "FALSE_RETURNS",
    "BooleanTrueReturnValsMutator": "TRUE_RETURNS",
    "NullReturnValsMutator": "NULL_RETURNS",
    "PrimitiveReturnsMutator": "PRIMITIVE_RETURNS",
}


def mutator_name(full):
    short = full.rsplit(".", 1)[-1]
    if short in NAMES:
        return NAMES[short]
    if short.startswith("RemoveConditionalMutator_"):
        return "REMOVE_CONDITIONALS_" + short.split("_", 1)[1]
    return short


def load(paths):
    """[{...}] of the mutants in mutations.xml files (comma-separated; None when none exists)."""
    paths = [p for p in (paths or "").split(",") if p and os.path.exists(p)]
    if not paths:
        return None
    out = []
    for m in (m for p in paths for m in ET.parse(p).getroot().iter("mutation")):
        idx = tuple(i.text for i in m.iter("index"))
        out.append({
            "cls": m.findtext("mutatedClass"),
            "method": m.findtext("mutatedMethod"),
            "desc": m.findtext("methodDescription"),
            "line": int(m.findtext("lineNumber") or 0),
            "mutator": mutator_name(m.findtext("mutator") or "?"),
            "idx": idx,
            "status": m.get("status"),
            "detected": m.get("detected") == "true",
            "description": m.findtext("description") or "",
            "killer": m.findtext("killingTest") or "",
        })
    return out


def key(m):
    return (m["cls"], m["method"], m["desc"], m["line"], m["mutator"], m["idx"])


def owner(cls, classes, nested):
    for c in classes:
        if cls == c or (nested and cls.startswith(c + "$")):
            return c
    return None


def stats(ms):
    n = len(ms)
    killed = sum(m["detected"] for m in ms)
    covered = sum(m["status"] != "NO_COVERAGE" for m in ms)
    return n, killed, covered


def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "n/a"


def surefire_counts(dirs):
    """{test class: (tests, failed)} from surefire's TEST-*.xml (comma-separated dirs)."""
    out = {}
    for f in (f for d in (dirs or "").split(",") if d for f in glob.glob(os.path.join(d, "TEST-*.xml"))):
        try:
            r = ET.parse(f).getroot()
        except ET.ParseError:
            continue
        t = int(r.get("tests", 0))
        bad = int(r.get("failures", 0)) + int(r.get("errors", 0))
        out[r.get("name")] = (t, bad)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--classes", required=True)
    ap.add_argument("--gen", required=True)
    ap.add_argument("--hand")
    ap.add_argument("--nested", default="0")
    ap.add_argument("--jtg-dir")
    ap.add_argument("--surefire")
    ap.add_argument("--survivors")
    ap.add_argument("--suffix", default="JtgTest")
    a = ap.parse_args()
    classes = a.classes.split()
    nested = a.nested == "1"
    gen = load(a.gen)
    hand = load(a.hand)
    if gen is None:
        print("(no mutations.xml for the generated suites: %s)" % a.gen)
        gen = []
    by = {"gen": collections.defaultdict(list), "hand": collections.defaultdict(list)}
    for tag, ms in (("gen", gen), ("hand", hand or [])):
        for m in ms:
            c = owner(m["cls"], classes, nested)
            if c:
                by[tag][c].append(m)
    hand_by_key = {key(m): m for m in (hand or [])}
    sf = surefire_counts(a.surefire)

    # jtestgen's own figures per class
    jtg = {}
    for c in classes:
        rep = os.path.join(a.jtg_dir or "", c, "jtestgen-report.json")
        try:
            r = json.load(open(rep))
            jtg[c] = r
        except (OSError, ValueError):
            jtg[c] = None

    print("| class | mutants | gen tests run (failing) | gen killed | gen score | gen strength |"
          " hand killed | hand score | hand strength | jtestgen: branches, own strong mutants |"
          " jtestgen's PIT-default score (points from PIT's) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    agree = [0, 0]  # classes within 5 points of PIT's score, classes compared
    tot = {"gen": [0, 0, 0], "hand": [0, 0, 0]}
    ntests = nfail = 0
    for c in classes:
        g = stats(by["gen"][c])
        h = stats(by["hand"][c]) if hand is not None else None
        for i in range(3):
            tot["gen"][i] += g[i]
            if h:
                tot["hand"][i] += h[i]
        simple = c.rsplit(".", 1)[-1]
        r = jtg.get(c)
        t = r.get("tests") if r else None
        st = sf.get(c + a.suffix)
        if st:
            ntests += st[0]
            nfail += st[1]
            tests = "%d (%d)" % st
        elif t is not None:
            tests = "%s (?)" % t
        else:
            tests = "none written"
        mutants = str(g[0]) if not h or h[0] == g[0] else "%d/%d" % (g[0], h[0])
        hk = "%d | %s | %s" % (h[1], pct(h[1], h[0]), pct(h[1], h[2])) if h else "- | - | -"
        own = pitlike = "-"
        if r:
            b = r.get("branches") or {}
            sm = r.get("strong_mutation") or {}
            own = "%s/%s, %s/%s" % (b.get("covered", "?"), b.get("total", "?"),
                                    sm.get("killed", "?"), sm.get("total", "?"))
            pd = sm.get("pit_defaults") or {}
            if pd.get("total") and g[0]:
                diff = 100.0 * pd["killed"] / pd["total"] - 100.0 * g[1] / g[0]
                agree[0] += abs(diff) <= 5
                agree[1] += 1
                pitlike = "%d/%d, %s (%+.1f)" % (pd["killed"], pd["total"],
                                                 pct(pd["killed"], pd["total"]), diff)
        print("| %s | %s | %s | %d | %s | %s | %s | %s | %s |" % (
            simple, mutants, tests, g[1], pct(g[1], g[0]), pct(g[1], g[2]), hk, own, pitlike))
    g, h = tot["gen"], tot["hand"]
    hk = ("**%d** | **%s** | **%s**" % (h[1], pct(h[1], h[0]), pct(h[1], h[2]))
          if hand is not None else "- | - | -")
    print("| **total** | **%d** | **%d (%d)** | **%d** | **%s** | **%s** | %s | | |" % (
        g[0], ntests, nfail, g[1], pct(g[1], g[0]), pct(g[1], g[2]), hk))
    print()
    if agree[1]:
        print("jtestgen's PIT-default score within 5 points of PIT's: %d of %d classes." % tuple(agree))
        print()
    print("Covered mutants: generated %d/%d%s." % (
        g[2], g[0], ("; hand-written %d/%d" % (h[2], h[0])) if hand is not None else ""))

    survivors = [m for c in classes for m in by["gen"][c] if not m["detected"]]
    print()
    print("Survivors of the generated suites by mutator (%d of %d mutants):" % (len(survivors), g[0]))
    print()
    print("| mutator | mutants | gen killed | survived (covered) | no coverage |"
          " of the survivors, hand-written kill |")
    print("|---|---:|---:|---:|---:|---:|")
    allm = collections.Counter(m["mutator"] for c in classes for m in by["gen"][c])
    surv = collections.Counter(m["mutator"] for m in survivors if m["status"] != "NO_COVERAGE")
    nocov = collections.Counter(m["mutator"] for m in survivors if m["status"] == "NO_COVERAGE")
    hk = collections.Counter(m["mutator"] for m in survivors
                             if hand_by_key.get(key(m), {}).get("detected"))
    order = sorted(allm, key=lambda k: (-(surv[k] + nocov[k]), k))
    for k in order:
        print("| %s | %d | %d | %d | %d | %s |" % (
            k, allm[k], allm[k] - surv[k] - nocov[k], surv[k], nocov[k],
            hk[k] if hand is not None else "-"))
    print("| **total** | **%d** | **%d** | **%d** | **%d** | **%s** |" % (
        sum(allm.values()), g[1], sum(surv.values()), sum(nocov.values()),
        sum(hk.values()) if hand is not None else "-"))

    # survivors by class x mutator, compact
    print()
    print("Survivors per class (survived+no coverage, by mutator):")
    print()
    for c in classes:
        cc = collections.Counter(m["mutator"] for m in by["gen"][c] if not m["detected"])
        print("- %s: %s" % (c.rsplit(".", 1)[-1],
                            ", ".join("%s %d" % kv for kv in cc.most_common()) or "none"))

    meth = collections.Counter("%s.%s" % (m["cls"].rsplit(".", 1)[-1], m["method"]) for m in survivors)
    print()
    print("Methods with the most surviving mutants: " +
          ", ".join("%s %d" % kv for kv in meth.most_common(12)))

    if a.survivors:
        with open(a.survivors, "w") as f:
            f.write("# Surviving mutants of the generated suites (PIT DEFAULTS), per class by line.\n")
            f.write("# status: SURVIVED = covered but not killed, NO_COVERAGE = no test ran it;\n")
            f.write("# hand = status of the same mutant under the hand-written tests.\n")
            for c in classes:
                ms = sorted((m for m in by["gen"][c] if not m["detected"]),
                            key=lambda m: (m["cls"], m["line"], m["mutator"]))
                n, k, _ = stats(by["gen"][c])
                f.write("\n== %s: %d survivors of %d mutants\n" % (c, len(ms), n))
                for m in ms:
                    hm = hand_by_key.get(key(m))
                    hs = hm["status"] if hm else "-"
                    cls = "" if m["cls"] == c else m["cls"].rsplit(".", 1)[-1] + "."
                    f.write("L%-5d %-30s %-11s hand=%-11s %s%s: %s\n" % (
                        m["line"], m["mutator"], m["status"], hs, cls, m["method"], m["description"]))


if __name__ == "__main__":
    sys.exit(main())
