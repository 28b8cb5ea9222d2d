#!/usr/bin/env python3
"""Readability measure of written JUnit test files (issue 24). See bench/README.md.

usage: python3 bench/readability.py [--json | --markdown] FILE_OR_DIR [...]

Directories are searched recursively for *.java. Per file: test methods (@Test and
@ParameterizedTest), parameterized groups and their rows, assertions and other statements per
test, tests without an assertion (and those whose body says why), and the duplicate share.
The parser matches brackets over the source with comments and literals blanked; it is no Java
parser, and is meant for test classes of ordinary shape.
"""
import argparse
import json
import os
import re
import sys

ASSERTIONS = ("assertEquals", "assertNotEquals", "assertTrue", "assertFalse", "assertNull",
              "assertNotNull", "assertSame", "assertNotSame", "assertArrayEquals", "assertThrows",
              "assertIterableEquals", "assertLinesMatch", "assertDoesNotThrow", "fail", "assertThat")
# Assertions whose first argument is the expected value (or the expected exception).
EXPECTED_FIRST = ("assertEquals", "assertNotEquals", "assertSame", "assertNotSame",
                  "assertArrayEquals", "assertIterableEquals", "assertLinesMatch", "assertThrows")
ASSERT_RE = re.compile(r"(?<![\w$])(%s)\s*\(" % "|".join(ASSERTIONS))
TEST_RE = re.compile(r"^[ \t]*@(?:org\.junit\.jupiter\.(?:api|params)\.)?(Test|ParameterizedTest)\b", re.M)
CALL_RE = re.compile(r"(?<![\w$])(?:new\s+([\w$.]+)\s*(?:<[^;{}()]*>)?\s*(?=[(\[])|([A-Za-z_$][\w$]*)\s*\()")
NOT_CALLS = ("if", "for", "while", "switch", "catch", "synchronized", "return", "throw", "try",
             "do", "else", "assert", "case", "yield")
NUMBER_RE = re.compile(r"(?<![\w$.])-?(?:0[xXbB][0-9a-fA-F_]+[lL]?"
                       r"|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?[lLfFdD]?)")
WORD_LITERAL_RE = re.compile(r"(?<![\w$.])(?:true|false|null|[\w$.]+\.class)(?![\w$])")
ROW_RE = re.compile(r"(?<![\w$.])arguments\s*\(|(?<![\w$])Arguments\s*\.\s*(?:of|arguments)\s*\(")
LIST_RE = re.compile(r"(?<![\w$])(?:(?:Int|Long|Double)?Stream|List|Set)\s*\.\s*of\s*\("
                     r"|(?<![\w$])Arrays\s*\.\s*asList\s*\(")
SOURCE_RE = re.compile(r"@(?:[\w.]+\.)?(MethodSource|CsvSource|ValueSource)\b\s*(\()?")
# The integer counts of a file's result, summed in the total.
COUNTS = ("tests", "param_groups", "param_rows", "param_rows_unknown", "assertions", "statements",
          "no_assertion", "no_assertion_commented", "duplicates")


def mask(src):
    """Blank comments and the insides of string, text-block and char literals.

    Returns (masked, strings, comments): masked has the length and line breaks of src;
    strings and comments are lists of (start, end) spans of src, quotes included."""
    out, strings, comments, i, n = list(src), [], [], 0, len(src)

    def blank(a, b):
        out[a:b] = ["\n" if ch == "\n" else " " for ch in src[a:b]]
    while i < n:
        if src.startswith("//", i) or src.startswith("/*", i):
            line = src[i + 1] == "/"
            end = src.find("\n" if line else "*/", i + 2)
            end = n if end < 0 else end + (0 if line else 2)
            blank(i, end)
            comments.append((i, end))
        elif src[i] in "\"'":
            quote = '"""' if src.startswith('"""', i) else src[i]
            j = i + len(quote)
            while j < n and not src.startswith(quote, j) and (quote == '"""' or src[j] != "\n"):
                j += 2 if src[j] == "\\" else 1
            end = min(n, j + len(quote))
            blank(i + len(quote), max(i + len(quote), end - len(quote)))
            strings.append((i, end))
        else:
            end = i + 1
        i = end
    return "".join(out), strings, comments


def matching(text, i):
    """Index of the bracket closing the one at text[i] (len(text) if unbalanced)."""
    pairs, stack = {"(": ")", "{": "}", "[": "]"}, []
    for k in range(i, len(text)):
        if text[k] in pairs:
            stack.append(pairs[text[k]])
        elif stack and text[k] == stack[-1]:
            stack.pop()
            if not stack:
                return k
    return len(text)


def top_level_split(text, a, b):
    """Spans of the comma-separated items of text[a:b], ignoring nested brackets."""
    items, depth, start = [], 0, a
    for k in range(a, b):
        depth += (text[k] in "([{") - (text[k] in ")]}")
        if text[k] == "," and depth == 0:
            items.append((start, k))
            start = k + 1
    if text[start:b].strip() or items:
        items.append((start, b))
    return items


def literals(src, masked, strings, a, b):
    """The literal tokens of src[a:b] in order: strings, chars, numbers, true/false/null, X.class."""
    found = [(s, src[s:e]) for s, e in strings if a <= s < b]
    found += [(m.start(), m.group()) for m in NUMBER_RE.finditer(masked, a, b)]
    found += [(m.start(), m.group()) for m in WORD_LITERAL_RE.finditer(masked, a, b)]
    return [text for _, text in sorted(found)]


def find_methods(masked):
    """Test methods: dicts with name, parameterized, header and body (start, end) spans. The
    header runs from the end of the previous member (annotations included) to the body's `{`."""
    methods, seen = [], set()
    for m in TEST_RE.finditer(masked):
        depth, k = 0, m.end()
        while k < len(masked) and not (masked[k] == "{" and depth == 0):
            depth += (masked[k] == "(") - (masked[k] == ")")
            k += 1
        if k in seen or k >= len(masked):
            continue
        seen.add(k)
        head, depth = m.start(), 0
        while head > 0 and not (masked[head - 1] in ";{}" and depth == 0):
            depth += (masked[head - 1] in ")]") - (masked[head - 1] in "([")
            head -= 1
        names = [c.group(2) for c in re.finditer(r"(@?)([\w$]+)\s*\(", masked[head:k])
                 if not c.group(1) and c.group(2) not in NOT_CALLS]
        methods.append({"name": names[-1] if names else "?", "header": (head, k),
                        "parameterized": m.group(1) == "ParameterizedTest",
                        "body": (k + 1, matching(masked, k))})
    return methods


def factory_rows(masked, name, skip):
    """Rows a @MethodSource factory yields: its arguments(...)/Arguments.of(...) calls, else the
    items of its Stream.of(...) or List.of(...); None if no method of that name (other than the
    one whose body starts at skip) is declared in the file."""
    decl = r"[\w$>\]]\s+%s\s*\([^;{]*\)\s*(?:throws[^;{]*)?\{" % re.escape(name)
    body = next(((m.end(), matching(masked, m.end() - 1)) for m in re.finditer(decl, masked)
                 if m.end() != skip), None)
    if body is None:
        return None
    rows = len(ROW_RE.findall(masked, *body))
    single = LIST_RE.search(masked, *body) if rows == 0 else None
    return len(top_level_split(masked, single.end(), matching(masked, single.end() - 1))) if single else rows


def parameter_rows(src, masked, strings, method):
    """Rows of a parameterized test from its @MethodSource factories, @CsvSource rows or
    @ValueSource values; None if they cannot be counted from this file."""
    a, b = method["header"]
    rows = None
    for ann in SOURCE_RE.finditer(masked, a, b):
        kind, start = ann.group(1), ann.end()
        end = matching(masked, start - 1) if ann.group(2) else start
        if kind == "MethodSource":
            names = [src[s + 1:e - 1].split("#")[-1] for s, e in strings if start <= s < end]
            counts = [factory_rows(masked, name, method["body"][0]) for name in names or [method["name"]]]
            if None in counts:
                return None
            rows = (rows or 0) + sum(counts)
            continue
        block = next(((s, e) for s, e in strings if start <= s < end and src.startswith('"""', s)), None)
        if kind == "CsvSource" and block:
            lines = [ln.strip() for ln in src[block[0] + 3:block[1] - 3].splitlines()]
            rows = (rows or 0) + sum(1 for ln in lines if ln and not ln.startswith("#"))
            continue
        named = re.compile(r"\bvalue\s*=\s*" if kind == "CsvSource" else r"\b[a-z]+s\s*=\s*")
        value = named.search(masked, start, end)
        k = value.end() if value else start
        while k < end and masked[k].isspace():
            k += 1
        if k < end:
            items = top_level_split(masked, k + 1, matching(masked, k)) if masked[k] == "{" else [k]
            rows = (rows or 0) + len(items)
    return rows


def outcomes(src, masked, strings, a, b):
    """Asserted outcomes in src[a:b]: (assertion kind, its expected-value literals), in order."""
    found = []
    for m in ASSERT_RE.finditer(masked, a, b):
        kind, close = m.group(1), matching(masked, m.end() - 1)
        lits = []
        if kind in EXPECTED_FIRST:
            args = top_level_split(masked, m.end(), close)
            lits = (literals(src, masked, strings, *args[0]) if args else []) or ["<expr>"]
        elif kind == "assertThat":  # the literals of the chain: assertThat(x).isEqualTo(3)
            end = masked.find(";", close, b)
            lits = literals(src, masked, strings, close, b if end < 0 else end)
        found.append((kind, tuple(lits)))
    return found


def call_shape(masked, a, b):
    """Methods and constructors called in masked[a:b] (assertions left out), as name/arity."""
    calls = []
    for m in CALL_RE.finditer(masked, a, b):
        name = "new " + m.group(1) if m.group(1) else m.group(2)
        if name in NOT_CALLS or name in ASSERTIONS:
            continue
        paren = m.end() if m.group(1) else masked.find("(", m.start())
        arity = len(top_level_split(masked, paren + 1, matching(masked, paren))) if masked[paren] == "(" else 0
        calls.append("%s/%d" % (name, arity))
    return calls


def statement_count(masked, a, b):
    """Semicolon-terminated statements of masked[a:b] that make no assertion (a `;` inside
    parentheses, as in a for header or a lambda argument, ends none)."""
    count, depth, start = 0, 0, a
    for k in range(a, b):
        depth += (masked[k] == "(") - (masked[k] == ")")
        if masked[k] == ";" and depth == 0:
            chunk = masked[start:k]
            count += bool(chunk.strip(" \t\n{}")) and not ASSERT_RE.search(chunk)
            start = k + 1
    return count


def analyse_test(src, masked, strings, comments, method):
    """Figures of one test method: assertions, statements, whether a comment explains a missing
    assertion, and its duplicate key (call shape, asserted outcomes)."""
    a, b = method["body"]
    outcome = outcomes(src, masked, strings, a, b)
    notes = [(s, src[s:e].lower()) for s, e in comments if a <= s < b]
    commented = bool(notes) and (not masked[a:notes[0][0]].strip()
                                 or any("no assertion" in text for _, text in notes))
    return {"name": method["name"], "assertions": len(outcome), "commented": commented,
            "statements": statement_count(masked, a, b),
            "key": (tuple(call_shape(masked, a, b)), tuple(outcome))}


def analyse_file(path):
    """Counts (COUNTS) and name lists of one Java file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        src = f.read()
    masked, strings, comments = mask(src)
    methods = find_methods(masked)
    tests = [analyse_test(src, masked, strings, comments, m) for m in methods]
    rows = [parameter_rows(src, masked, strings, m) for m in methods if m["parameterized"]]
    duplicate_of, first_of = {}, {}
    for t in tests:
        if t["key"] in first_of:
            duplicate_of[t["name"]] = first_of[t["key"]]
        first_of.setdefault(t["key"], t["name"])
    silent = [t for t in tests if t["assertions"] == 0]
    lists = {"duplicate_of": duplicate_of,
             "no_assertion_tests": [t["name"] for t in silent if not t["commented"]],
             "no_assertion_commented_tests": [t["name"] for t in silent if t["commented"]]}
    counts = {"tests": len(tests), "param_groups": len(rows),
              "param_rows": sum(r for r in rows if r), "param_rows_unknown": rows.count(None),
              "assertions": sum(t["assertions"] for t in tests),
              "statements": sum(t["statements"] for t in tests),
              "no_assertion": len(lists["no_assertion_tests"]),
              "no_assertion_commented": len(lists["no_assertion_commented_tests"]),
              "duplicates": len(duplicate_of)}
    return dict({"file": path}, **counts, **lists)


def total(results):
    """The counts of all results summed, as one result named "total"."""
    return dict({"file": "total"}, **{k: sum(r[k] for r in results) for k in COUNTS})


def figures(r):
    """The reported figures of one result (or of the total): counts, means per test, shares."""
    n = r["tests"]
    return dict({"file": r["file"]}, **{k: r[k] for k in COUNTS if k not in ("assertions", "statements")},
                assertions_per_test=round(r["assertions"] / n, 2) if n else 0.0,
                statements_per_test=round(r["statements"] / n, 2) if n else 0.0,
                duplicate_share=round(r["duplicates"] / n, 3) if n else 0.0)


def render_table(results, markdown):
    """Text or Markdown table, one row per file and a total row."""
    head = ["file", "tests", "param. groups", "rows", "assertions/test", "statements/test",
            "no assertion", "commented", "duplicate share"]
    rows = []
    for f in map(figures, results + [total(results)]):
        rows.append([f["file"], str(f["tests"]), str(f["param_groups"]),
                     str(f["param_rows"]) + ("+?" if f["param_rows_unknown"] else ""),
                     "%.2f" % f["assertions_per_test"], "%.2f" % f["statements_per_test"],
                     str(f["no_assertion"]), str(f["no_assertion_commented"]),
                     "%.1f%% (%d)" % (100 * f["duplicate_share"], f["duplicates"])])
    if markdown:
        rows[-1][0] = "**total**"
        lines = ["| " + " | ".join(head) + " |", "|---" + "|---:" * (len(head) - 1) + "|"]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
                     for r in [head] + rows)


def java_files(paths):
    """The .java files named by paths, directories searched recursively (sorted)."""
    for p in paths:
        if os.path.isdir(p):
            for d, _, names in sorted(os.walk(p)):
                yield from (os.path.join(d, n) for n in sorted(names) if n.endswith(".java"))
        elif os.path.isfile(p):
            yield p
        else:
            raise FileNotFoundError("no such file or directory: %s" % p)


def main(argv):
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description="Readability measure of JUnit test files.")
    ap.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")
    out = ap.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="machine-readable output")
    out.add_argument("--markdown", action="store_true", help="Markdown table")
    args = ap.parse_args(argv)
    try:
        results = [analyse_file(p) for p in java_files(args.paths)]
    except OSError as e:
        print("readability: %s" % e, file=sys.stderr)
        return 2
    if args.json:
        files = [dict(figures(r), **{k: r[k] for k in r if k not in COUNTS}) for r in results]
        print(json.dumps({"files": files, "total": figures(total(results))}, indent=1))
    else:
        print(render_table(results, args.markdown))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
