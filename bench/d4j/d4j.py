#!/usr/bin/env python3
# Defects4J real-fault benchmark helper (by hand, never run by `make test`; driven by
# bench/d4j/run.sh, which documents the whole protocol).
#
# usage:
#   d4j.py prepare                      select the faults and build their two versions
#   d4j.py run TOOL BINARY              TOOL = jtestgen | randoop; BINARY = the jtestgen binary,
#                                       or the randoop-all jar; generate on the fixed version of
#                                       every prepared fault, run the kept tests on both versions
#   d4j.py report TAG [TAG...]          Markdown table(s) of the runs TAG to stdout
#
# Inputs (read-only): the Defects4J metadata repository (bare mirror, $D4J_GIT, default
# /work/.mirror/rjust+defects4j/repo: framework/projects/<P>/{active-bugs.csv,
# modified_classes/<id>.src, patches/<id>.src.patch, dir-layout.csv, lib/}) and the projects'
# own histories (bare mirrors under /work/.mirror/<owner>+<name>/repo; Defects4J's revision ids
# are their commit ids).
#
# Outputs, under $WORK (default /work/d4jwork):
#   versions/<P>-<id>/src/        the fixed revision's main sources (git archive)
#   versions/<P>-<id>/fixed/      its classes (javac 17 --release 8) and resources
#   versions/<P>-<id>/buggy/      the classes of the files that patches/<id>.src.patch changes,
#                                 compiled from the patched sources against fixed/ (an overlay:
#                                 the buggy classpath is buggy/:fixed/:deps)
#   versions/<P>-<id>/prep.json   status, modified classes, classpath, why it was skipped
#   faults-prepared.tsv           the selected faults (project, id) in run order
#   run-<TAG>/<P>-<id>/           per fault: gen/<class>/ (tool output and log), tests/ (compiled),
#                                 junit-{fixed,buggy,buggy2,fixed2}/ (JUnit XML), result.json
#
# Environment:
#   WORK, D4J_GIT                 see above
#   COUNTS   faults per project (default "Math=10 Compress=9 JacksonCore=8 Jsoup=9 JxPath=6");
#            only faults whose modified_classes list has one class are taken (bounded time),
#            spread evenly over the project's ids; a fault that does not build is replaced by
#            the next candidate and listed as skipped with the reason
#   FAULTS   instead of the selection: an explicit list, e.g. "Math-5 Jsoup-41"
#   BUDGET   seconds of search per class (default 60); SEED (default 1); TAG (run name)
#   JTG_ARGS more jtestgen suite arguments (never --no-sandbox)
#   TEST_TIMEOUT  seconds allowed for one JUnit run of a fault's tests (default 600); each
#            JUnit 5 test also has a 20 s timeout (junit.jupiter.execution.timeout.default)
#   JAVA, JAVAC  JDK 17 tools (default: from PATH)
import csv
import glob
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

WORK = os.environ.get("WORK", "/work/d4jwork")
D4J = os.environ.get("D4J_GIT", "/work/.mirror/rjust+defects4j/repo")
MIRRORS = {
    "Math": "/work/.mirror/apache+commons-math/repo",
    "Compress": "/work/.mirror/apache+commons-compress/repo",
    "JacksonCore": "/work/.mirror/FasterXML+jackson-core/repo",
    "Jsoup": "/work/.mirror/jhy+jsoup/repo",
    "JxPath": "/work/.mirror/apache+commons-jxpath/repo",
}
# main-code dependencies, taken from Defects4J's own lib/ folder of the project
DEPS = {
    "Math": ["commons-discovery-0.5.jar"],
    "Compress": ["org/tukaani/xz/1.8/xz-1.8.jar", "org/brotli/dec/0.1.2/dec-0.1.2.jar",
                 "zstd-jni-1.3.4-3.jar"],
    "JacksonCore": [],
    "Jsoup": ["commons-lang/commons-lang/2.4/commons-lang-2.4.jar"],
    "JxPath": ["commons-beanutils/commons-beanutils/1.7.0/commons-beanutils-1.7.0.jar",
               "commons-logging/commons-logging/1.1/commons-logging-1.1.jar",
               "jdom/jdom/1.0/jdom-1.0.jar", "jspapi/jsp-api/2.0/jsp-api-2.0.jar",
               "servletapi/servletapi/2.4/servletapi-2.4.jar"],
}
DEFAULT_COUNTS = "Math=10 Compress=9 JacksonCore=8 Jsoup=9 JxPath=6"
JAVA = os.environ.get("JAVA", "java")
JAVAC = os.environ.get("JAVAC", "javac")
CONSOLE = os.environ.get("JUNIT_CONSOLE", "/usr/share/java/junit-platform-console-standalone.jar")


def log(*a):
    print("[d4j %s]" % time.strftime("%H:%M:%S"), *a, file=sys.stderr, flush=True)


def git(repo, *args, binary=False):
    r = subprocess.run(["git", "--git-dir=" + repo] + list(args), capture_output=True)
    if r.returncode != 0:
        raise RuntimeError("git %s: %s" % (" ".join(args), r.stderr.decode(errors="replace")[:500]))
    return r.stdout if binary else r.stdout.decode(errors="replace")


def d4j_file(project, rel):
    return git(D4J, "show", "HEAD:framework/projects/%s/%s" % (project, rel))


def bugs(project):
    rows = list(csv.DictReader(io.StringIO(d4j_file(project, "active-bugs.csv"))))
    return [(int(r["bug.id"]), r["revision.id.fixed"]) for r in rows]


def modified_classes(project, bid):
    return [l.strip() for l in d4j_file(project, "modified_classes/%d.src" % bid).splitlines() if l.strip()]


def lib_dir(project):
    d = os.path.join(WORK, "lib", project)
    if not os.path.isdir(d):
        os.makedirs(d)
        for rel in DEPS[project]:
            data = git(D4J, "show", "HEAD:framework/projects/%s/lib/%s" % (project, rel), binary=True)
            with open(os.path.join(d, os.path.basename(rel)), "wb") as f:
                f.write(data)
    return [os.path.join(d, os.path.basename(rel)) for rel in DEPS[project]]


def src_root(project, rev):
    for line in d4j_file(project, "dir-layout.csv").splitlines():
        p = line.strip().split(",")
        if len(p) >= 2 and p[0] == rev:
            return p[1]
    return None


def spread(cands, n):
    """n candidates spread evenly over the list, then the others (replacements), nearest first."""
    if n >= len(cands):
        return list(cands)
    idx = [round(i * (len(cands) - 1) / max(1, n - 1)) for i in range(n)]
    first = [cands[i] for i in sorted(set(idx))]
    rest = [c for c in cands if c not in first]
    return first + rest


def javac(args, cwd=None):
    r = subprocess.run([JAVAC, "-J-Xmx1200m"] + args, capture_output=True, text=True, cwd=cwd,
                       errors="replace")
    return r.returncode, r.stdout + r.stderr


def compile_tree(files, out, cp, keep):
    """Compiles files into out; drops files with errors (never those in keep) and retries.
    Returns (ok, dropped files, last output)."""
    dropped = []
    files = list(files)
    for enc in ("UTF-8", "ISO-8859-1"):
        cur = list(files)
        dropped = []
        for _ in range(6):
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            argf = out + ".args"
            with open(argf, "w") as f:
                f.write("\n".join(cur) + "\n")
            rc, text = javac(["--release", "8", "-nowarn", "-proc:none", "-encoding", enc, "-Xmaxerrs",
                              "100000", "-cp", ":".join(cp) if cp else ".", "-d", out, "@" + argf])
            os.unlink(argf)
            if rc == 0:
                return True, dropped, text
            if "unmappable character" in text and enc == "UTF-8":
                break
            bad = set(re.findall(r"^(/\S+\.java):\d+: error", text, re.M))
            if not bad or bad & set(keep):
                return False, dropped, text
            cur = [f for f in cur if f not in bad]
            dropped += sorted(bad)
        else:
            return False, dropped, text
    return False, dropped, text


def prepare_one(project, bid, rev):
    vdir = os.path.join(WORK, "versions", "%s-%d" % (project, bid))
    pj = os.path.join(vdir, "prep.json")
    if os.path.exists(pj):
        return json.load(open(pj))
    shutil.rmtree(vdir, ignore_errors=True)
    os.makedirs(vdir)
    info = {"project": project, "id": bid, "fixed_rev": rev, "classes": modified_classes(project, bid)}

    def done(status, reason=""):
        info["status"] = status
        info["reason"] = reason
        json.dump(info, open(pj, "w"), indent=1)
        return info

    repo = MIRRORS[project]
    try:
        git(repo, "cat-file", "-e", rev + "^{commit}")
    except RuntimeError:
        return done("skipped", "fixed revision %s not in the project's history" % rev)
    patch = git(D4J, "show", "HEAD:framework/projects/%s/patches/%d.src.patch" % (project, bid))
    pfiles = sorted(set(re.findall(r"^\+\+\+ b/(\S+)", patch, re.M)) |
                    set(re.findall(r"^--- a/(\S+)", patch, re.M)))
    root = src_root(project, rev)
    if root is None:
        cands = [f.split("/org/")[0] for f in pfiles if "/org/" in f] + \
                [f.split("/com/")[0] for f in pfiles if "/com/" in f]
        root = cands[0] if cands else "src/main/java"
    info["src_root"] = root
    src = os.path.join(vdir, "src")
    os.makedirs(src)
    paths = [root] + [p for p in ("src/main/resources",) if p != root and
                      git(repo, "ls-tree", rev, p).strip()]
    tar = subprocess.run(["git", "--git-dir=" + repo, "archive", rev] + paths, capture_output=True)
    if tar.returncode != 0:
        return done("skipped", "git archive failed: " + tar.stderr.decode()[:200])
    subprocess.run(["tar", "-x", "-C", src], input=tar.stdout, check=True)
    sroot = os.path.join(src, root)
    # templates such as jackson's PackageVersion.java.in (filled by Maven's replacer plugin)
    for tin in glob.glob(os.path.join(sroot, "**", "*.java.in"), recursive=True):
        pkg = os.path.relpath(os.path.dirname(tin), sroot).replace("/", ".")
        t = open(tin, encoding="utf-8", errors="replace").read()
        for k, v in (("@package@", pkg), ("@projectversion@", "0.0.0-d4j"),
                     ("@projectgroupid@", "com.fasterxml.jackson.core"),
                     ("@projectartifactid@", "jackson-core")):
            t = t.replace(k, v)
        open(tin[:-3], "w", encoding="utf-8").write(t)
    deps = lib_dir(project)
    info["deps"] = deps
    java_files = sorted(glob.glob(os.path.join(sroot, "**", "*.java"), recursive=True))
    keep = [os.path.join(src, f) for f in pfiles]
    for c in info["classes"]:
        keep.append(os.path.join(sroot, c.split("$")[0].replace(".", "/") + ".java"))
    missing = [k for k in keep if not os.path.exists(k)]
    if missing:
        return done("skipped", "patched/modified source not under %s: %s" % (root, missing[0]))
    fixed = os.path.join(vdir, "fixed")
    t0 = time.time()
    ok, dropped, text = compile_tree(java_files, fixed, deps, keep)
    info["fixed_compile_s"] = round(time.time() - t0, 1)
    info["dropped_sources"] = [os.path.relpath(d, sroot) for d in dropped]
    if not ok:
        open(os.path.join(vdir, "fixed-javac.log"), "w").write(text)
        return done("skipped", "fixed version does not compile: " +
                    (re.findall(r"error: .*", text) or ["?"])[0][:150])
    for base in (sroot,) + tuple(os.path.join(src, p) for p in paths[1:]):
        for dp, _, fs in os.walk(base):
            for fn in fs:
                if not fn.endswith((".java", ".java.in", ".html")) or fn.endswith(".properties"):
                    rel = os.path.relpath(os.path.join(dp, fn), base)
                    os.makedirs(os.path.join(fixed, os.path.dirname(rel)), exist_ok=True)
                    shutil.copy(os.path.join(dp, fn), os.path.join(fixed, rel))
    # the buggy version: the patched files only, compiled against the fixed classes
    bsrc = os.path.join(vdir, "buggy-src")
    for f in pfiles:
        os.makedirs(os.path.dirname(os.path.join(bsrc, f)), exist_ok=True)
        shutil.copy(os.path.join(src, f), os.path.join(bsrc, f))
    pf = os.path.join(vdir, "src.patch")
    open(pf, "w").write(patch)
    r = subprocess.run(["git", "apply", "--check", pf], cwd=bsrc, capture_output=True, text=True)
    if r.returncode != 0:
        r2 = subprocess.run(["git", "apply", "-R", "--check", pf], cwd=bsrc, capture_output=True, text=True)
        return done("skipped", "patch does not apply to the fixed revision%s" %
                    (" (it applies reversed)" if r2.returncode == 0 else ": " + r.stderr[:150]))
    subprocess.run(["git", "apply", pf], cwd=bsrc, check=True, capture_output=True)
    buggy = os.path.join(vdir, "buggy")
    bfiles = [os.path.join(bsrc, f) for f in pfiles if f.endswith(".java")]
    ok, dropped, text = compile_tree(bfiles, buggy, [fixed] + deps, bfiles)
    if not ok:
        open(os.path.join(vdir, "buggy-javac.log"), "w").write(text)
        return done("skipped", "buggy version does not compile: " +
                    (re.findall(r"error: .*", text) or ["?"])[0][:150])
    for c in info["classes"]:
        if not os.path.exists(os.path.join(fixed, c.replace(".", "/") + ".class")):
            return done("skipped", "no class file for " + c)
    info["fixed_cp"] = [fixed] + deps
    info["buggy_cp"] = [buggy, fixed] + deps
    return done("ok")


def prepare():
    os.makedirs(WORK, exist_ok=True)
    chosen = []
    skipped = []
    if os.environ.get("FAULTS"):
        plan = []
        for f in os.environ["FAULTS"].split():
            p, i = f.rsplit("-", 1)
            plan.append((p, [int(i)], 1))
    else:
        plan = []
        for kv in os.environ.get("COUNTS", DEFAULT_COUNTS).split():
            p, n = kv.split("=")
            single = [b for b, _ in bugs(p) if len(modified_classes(p, b)) == 1]
            plan.append((p, spread(single, int(n)), int(n)))
    for p, cands, n in plan:
        revs = dict(bugs(p))
        got = 0
        for b in cands:
            if got >= n:
                break
            t0 = time.time()
            info = prepare_one(p, b, revs[b])
            log("%s-%d: %s %s (%.0f s)" % (p, b, info["status"], info.get("reason", ""), time.time() - t0))
            if info["status"] == "ok":
                chosen.append((p, b))
                got += 1
            else:
                skipped.append((p, b, info["reason"]))
    with open(os.path.join(WORK, "faults-prepared.tsv"), "w") as f:
        for p, b in chosen:
            f.write("%s\t%d\n" % (p, b))
    with open(os.path.join(WORK, "faults-skipped.tsv"), "w") as f:
        for p, b, r in skipped:
            f.write("%s\t%d\t%s\n" % (p, b, r))
    log("prepared %d faults, skipped %d" % (len(chosen), len(skipped)))


# ------------------------------------------------------------------------------------------ run
def junit_run(test_classes, tests_dir, cp, out, cwd, jvm_args=()):
    """Runs the test classes with the JUnit console launcher; returns ({test: status}, note)."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    shutil.rmtree(cwd, ignore_errors=True)
    os.makedirs(cwd)
    cmd = [JAVA, "-Xmx1g", "-Djava.awt.headless=true"] + list(jvm_args) + ["-cp", ":".join([CONSOLE, tests_dir] + cp),
           "org.junit.platform.console.ConsoleLauncher", "--disable-banner", "--details=none",
           "--disable-ansi-colors", "--reports-dir", out,
           "--config", "junit.jupiter.execution.timeout.default=20 s",
           "--config", "junit.jupiter.execution.timeout.thread.mode.default=SEPARATE_THREAD"]
    for c in test_classes:
        cmd += ["--select-class", c]
    note = ""
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace",
                           timeout=int(os.environ.get("TEST_TIMEOUT", "600")))
        open(os.path.join(out, "console.txt"), "w").write(r.stdout + r.stderr)
    except subprocess.TimeoutExpired:
        note = "timeout"
    res = {}
    for x in glob.glob(os.path.join(out, "TEST-*.xml")):
        try:
            root = ET.parse(x).getroot()
        except ET.ParseError:
            note = note or "unreadable report"
            continue
        for tc in root.iter("testcase"):
            key = "%s#%s" % (tc.get("classname"), tc.get("name"))
            st = "pass"
            msg = ""
            for kind in ("failure", "error"):
                e = tc.find(kind)
                if e is not None:
                    st = "fail"
                    msg = (e.get("type") or "") + ": " + (e.get("message") or "")[:200]
            if tc.find("skipped") is not None:
                st = "skipped"
            res[key] = (st, msg)
    return res, note


def gen_jtestgen(binary, cls, cp, out, budget, seed):
    args = [binary, "suite", "--classpath", ":".join(cp), "--class", cls, "--budget", "%ss" % budget,
            "--seed", str(seed), "--out", out] + os.environ.get("JTG_ARGS", "").split()
    t0 = time.time()
    with open(out + ".log", "w") as lf:
        r = subprocess.run(args, stdout=lf, stderr=subprocess.STDOUT, timeout=budget * 10 + 600)
    return r.returncode, time.time() - t0


def gen_randoop(jar, cls, cp, out, budget, seed):
    pkg = cls.rsplit(".", 1)[0] if "." in cls else ""
    # Randoop 4.0.4 predates the module system: it reflects into java.base (Random's seed)
    opens = []
    for m in ("java.util", "java.lang", "java.lang.reflect", "java.io", "java.text", "java.math",
              "java.util.concurrent", "java.util.concurrent.atomic", "java.net", "java.nio"):
        opens += ["--add-opens", "java.base/%s=ALL-UNNAMED" % m]
    args = [JAVA, "-Xmx2g"] + opens + ["-cp", ":".join(cp + [jar]), "randoop.main.Main", "gentests",
            "--testclass=" + cls, "--time-limit=%d" % budget, "--randomseed=%d" % seed,
            "--no-error-revealing-tests=true", "--junit-output-dir=" + out,
            "--junit-package-name=" + pkg, "--regression-test-basename=RegressionTest_" +
            cls.rsplit(".", 1)[-1].replace("$", "_")] + os.environ.get("RANDOOP_ARGS", "").split()
    t0 = time.time()
    os.makedirs(out, exist_ok=True)
    # Randoop 4.0.4 cannot stop a call that does not return (seen on Math-60): its run is ended
    # 4 minutes after the time limit and the class counted as generating nothing
    with open(out + ".log", "w") as lf:
        r = subprocess.run(args, stdout=lf, stderr=subprocess.STDOUT, timeout=budget + 240,
                           cwd=out)
    return r.returncode, time.time() - t0


def linkage(msg):
    return any(k in msg for k in ("NoSuchMethodError", "NoSuchFieldError", "IncompatibleClassChangeError",
                                  "NoClassDefFoundError", "AbstractMethodError"))


def run(tool, binary):
    tag = os.environ.get("TAG") or time.strftime("%Y%m%d-%H%M%S")
    budget = int(os.environ.get("BUDGET", "60").rstrip("s"))
    seed = int(os.environ.get("SEED", "1"))
    rdir = os.path.join(WORK, "run-" + tag)
    os.makedirs(rdir, exist_ok=True)
    if not os.path.exists(os.path.join(rdir, "run.json")):  # kept when the run is resumed
      json.dump({"tool": tool, "binary": os.environ.get("BINARY_ORIG", binary), "budget": budget, "seed": seed,
                 "jtg_args": os.environ.get("JTG_ARGS", ""), "start": time.ctime()},
                open(os.path.join(rdir, "run.json"), "w"))
    if os.environ.get("FAULTS"):
        faults = [f.rsplit("-", 1) for f in os.environ["FAULTS"].split()]
    else:
        faults = [l.split("\t") for l in open(os.path.join(WORK, "faults-prepared.tsv")).read().splitlines() if l]
    extra_cp = []
    if tool == "randoop":
        # Randoop's tests are JUnit 4 (run by the console launcher's vintage engine)
        extra_cp = [os.path.join(WORK, "lib", "junit-4.12.jar"), os.path.join(WORK, "lib", "hamcrest-core-1.3.jar")]
        for j, rel in zip(extra_cp, ("junit/junit/4.12/junit-4.12.jar", "org/hamcrest/hamcrest-core/1.3/hamcrest-core-1.3.jar")):
            if not os.path.exists(j):
                open(j, "wb").write(git(D4J, "show", "HEAD:framework/projects/JacksonCore/lib/" + rel, binary=True))
    for p, b in faults:
        fdir = os.path.join(rdir, "%s-%s" % (p, b))
        rj = os.path.join(fdir, "result.json")
        if os.path.exists(rj):
            continue
        shutil.rmtree(fdir, ignore_errors=True)
        os.makedirs(fdir)
        info = json.load(open(os.path.join(WORK, "versions", "%s-%s" % (p, b), "prep.json")))
        res = {"project": p, "id": int(b), "classes": info["classes"], "gen": {}, "notes": []}
        srcs = []
        for c in info["classes"]:
            out = os.path.join(fdir, "gen", c)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            log("%s-%s: %s on %s" % (p, b, tool, c))
            try:
                rc, secs = (gen_jtestgen if tool == "jtestgen" else gen_randoop)(
                    binary, c, info["fixed_cp"], out, budget, seed)
            except subprocess.TimeoutExpired:
                rc, secs = "timeout", -1
            res["gen"][c] = {"rc": rc, "seconds": round(secs, 1)}
            rep = os.path.join(out, "jtestgen-report.json")
            if os.path.exists(rep):
                try:
                    jr = json.load(open(rep))
                    res["gen"][c].update({k: jr.get(k) for k in ("tests", "branches", "lines", "dropped_tests")})
                except ValueError:
                    pass
            found = [f for f in glob.glob(os.path.join(out, "**", "*.java"), recursive=True)]
            if tool == "randoop":
                found = [f for f in found if "RegressionTest" in os.path.basename(f)]
            srcs += found
            if not found:
                res["notes"].append("%s: no test file (exit %s)" % (c, rc))
        tdir = os.path.join(fdir, "tests")
        os.makedirs(tdir)
        classes = []
        if srcs:
            rc, text = javac(["-nowarn", "-proc:none", "-encoding", "UTF-8", "-cp",
                              ":".join([CONSOLE] + extra_cp + info["fixed_cp"]), "-d", tdir] + srcs)
            if rc != 0:
                open(os.path.join(fdir, "tests-javac.log"), "w").write(text)
                res["notes"].append("tests do not compile against the fixed version")
            else:
                for f in srcs:
                    t = open(f, encoding="utf-8", errors="replace").read()
                    m = re.search(r"^\s*package\s+([\w.]+)\s*;", t, re.M)
                    name = os.path.basename(f)[:-5]
                    if tool == "randoop" and not re.search(r"@Test", t):
                        continue  # the RegressionTest suite class
                    classes.append((m.group(1) + "." if m else "") + name)
        cwd = os.path.join(fdir, "cwd")
        fixed_cp = extra_cp + info["fixed_cp"]
        buggy_cp = extra_cp + info["buggy_cp"]
        kept, detected, fail_fixed = [], [], []
        if classes:
            r1, n1 = junit_run(classes, tdir, fixed_cp, os.path.join(fdir, "junit-fixed"), cwd)
            kept = sorted(k for k, v in r1.items() if v[0] == "pass")
            fail_fixed = sorted(k for k, v in r1.items() if v[0] == "fail")
            if n1:
                res["notes"].append("fixed run: " + n1)
            r2, n2 = junit_run(classes, tdir, buggy_cp, os.path.join(fdir, "junit-buggy"), cwd)
            if n2:
                res["notes"].append("buggy run: " + n2)
            cand = [k for k in kept if r2.get(k, ("missing", ""))[0] == "fail"]
            if cand:
                r3, _ = junit_run(classes, tdir, buggy_cp, os.path.join(fdir, "junit-buggy2"), cwd)
                r4, _ = junit_run(classes, tdir, fixed_cp, os.path.join(fdir, "junit-fixed2"), cwd)
                for k in cand:
                    if r3.get(k, ("", ""))[0] == "fail" and r4.get(k, ("", ""))[0] == "pass":
                        detected.append((k, r2[k][1]))
                    else:
                        res["notes"].append("not confirmed by the reruns: " + k)
            res["buggy_missing"] = len([k for k in kept if k not in r2])
        res["tests_run_fixed"] = len(kept) + len(fail_fixed)
        res["kept"] = len(kept)
        res["failing_on_fixed"] = len(fail_fixed)
        res["detected_by"] = [{"test": k, "failure": m, "linkage": linkage(m)} for k, m in detected]
        res["detected"] = any(not d["linkage"] for d in res["detected_by"])
        json.dump(res, open(rj, "w"), indent=1)
        log("%s-%s: kept %d, detected %s %s" % (p, b, len(kept), res["detected"],
                                              [d["test"] for d in res["detected_by"]][:3]))
    return rdir


# ------------------------------------------------------------------------------------ diagnose
def patch_lines(patch):
    """{file: [lines of the fixed version the patch changes]}; for a pure insertion, the lines
    around it."""
    res = {}
    cur = None
    for l in patch.splitlines():
        if l.startswith("--- a/"):
            cur = l[6:].strip()
            res.setdefault(cur, set())
            continue
        if l.startswith("+++ "):
            continue
        m = re.match(r"@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@", l)
        if m:
            old = int(m.group(1))
            minus = False
            continue
        if cur is None or not l or l[0] not in " -+":
            continue
        if l[0] == " ":
            old += 1
            minus = False
        elif l[0] == "-":
            res[cur].add(old)
            old += 1
            minus = True
        elif not minus:  # pure insertion before fixed line `old`: the lines around it
            res[cur].update((old - 1, old))
    return {f: sorted(v) for f, v in res.items()}


def diagnose(tag):
    """Runs each fault's kept tests on the fixed version under JaCoCo (0.8.12 from Maven Central,
    in $WORK/jacoco) and records whether they execute the lines the fault's patch changes."""
    jdir = os.path.join(WORK, "jacoco")
    agent = os.path.join(jdir, "org.jacoco.agent-0.8.12-runtime.jar")
    cli = os.path.join(jdir, "org.jacoco.cli-0.8.12-nodeps.jar")
    rdir = os.path.join(WORK, "run-" + tag)
    meta = json.load(open(os.path.join(rdir, "run.json")))
    extra_cp = []
    if meta["tool"] == "randoop":
        extra_cp = [os.path.join(WORK, "lib", "junit-4.12.jar"), os.path.join(WORK, "lib", "hamcrest-core-1.3.jar")]
    for rj in sorted(glob.glob(os.path.join(rdir, "*", "result.json"))):
        r = json.load(open(rj))
        if "patch_lines_covered" in r:
            continue
        fdir = os.path.dirname(rj)
        vdir = os.path.join(WORK, "versions", "%s-%d" % (r["project"], r["id"]))
        info = json.load(open(os.path.join(vdir, "prep.json")))
        plines = patch_lines(open(os.path.join(vdir, "src.patch")).read())
        tdir = os.path.join(fdir, "tests")
        classes = []
        for x in glob.glob(os.path.join(fdir, "junit-fixed", "TEST-*.xml")):
            for tc in ET.parse(x).getroot().iter("testcase"):
                classes.append(tc.get("classname"))
        classes = sorted(set(classes))
        total = sum(len(v) for v in plines.values())
        covered = 0
        if classes:
            exe = os.path.join(fdir, "jacoco.exec")
            if os.path.exists(exe):
                os.unlink(exe)
            junit_run(classes, tdir, extra_cp + info["fixed_cp"], os.path.join(fdir, "junit-jacoco"),
                      os.path.join(fdir, "cwd"), ["-javaagent:%s=destfile=%s" % (agent, exe)])
            xml = os.path.join(fdir, "jacoco.xml")
            subprocess.run([JAVA, "-jar", cli, "report", exe, "--classfiles", info["fixed_cp"][0],
                            "--xml", xml], capture_output=True)
            if os.path.exists(xml):
                root = ET.parse(xml).getroot()
                for f, lines in plines.items():
                    pkg = os.path.dirname(os.path.relpath(f, info["src_root"]))
                    base = os.path.basename(f)
                    for pe in root.iter("package"):
                        if pe.get("name") != pkg:
                            continue
                        for sf in pe.iter("sourcefile"):
                            if sf.get("name") != base:
                                continue
                            hit = {int(le.get("nr")) for le in sf.iter("line") if int(le.get("ci")) > 0}
                            covered += sum(1 for n in lines if n in hit)
        r["patch_lines"] = total
        r["patch_lines_covered"] = covered
        json.dump(r, open(rj, "w"), indent=1)
        log("%s-%d: patch lines covered %d/%d" % (r["project"], r["id"], covered, total))


# --------------------------------------------------------------------------------------- report
def load_run(tag):
    rdir = os.path.join(WORK, "run-" + tag)
    meta = json.load(open(os.path.join(rdir, "run.json")))
    results = {}
    for rj in glob.glob(os.path.join(rdir, "*", "result.json")):
        r = json.load(open(rj))
        results[(r["project"], r["id"])] = r
    return meta, results


def report(tags):
    runs = [(t,) + load_run(t) for t in tags]
    order = ["Math", "Compress", "JacksonCore", "Jsoup", "JxPath"]
    out = []
    w = out.append
    w("# Defects4J real-fault benchmark: %s" % ", ".join("%s (%s)" % (m["tool"], t) for t, m, _ in runs))
    w("")
    for t, m, _ in runs:
        w("- run `%s`: %s `%s`, budget %s s per class, seed %s%s, started %s" % (
            t, m["tool"], m["binary"], m["budget"], m["seed"],
            (", args `%s`" % m["jtg_args"]) if m.get("jtg_args") else "", m["start"]))
    w("")
    w("Detected: a generated test that passed on the fixed version fails on the buggy version "
      "(fixed revision + Defects4J's src.patch) and does so again on a rerun (and passes again on "
      "a rerun on the fixed version). Failures that are linkage errors (NoSuchMethodError etc.) "
      "are shown but not counted.")
    w("")
    keys = sorted(set().union(*[set(r) for _, _, r in runs]),
                  key=lambda k: (order.index(k[0]) if k[0] in order else 99, k[1]))
    for t, m, res in runs:
        w("## %s (`%s`)" % (m["tool"], t))
        w("")
        w("| project | bug | class(es) | tests kept on fixed (failing on fixed) | fault's lines run on fixed | detected | by which test | generation; notes |")
        w("|---|---|---|---|---|---|---|---|")
        for k in keys:
            r = res.get(k)
            if r is None:
                w("| %s | %d | | | | not run | | |" % k)
                continue
            by = "<br>".join("`%s`%s" % (d["test"].split(".")[-1], " (linkage)" if d["linkage"] else "")
                             for d in r["detected_by"][:3])
            if len(r["detected_by"]) > 3:
                by += "<br>+%d more" % (len(r["detected_by"]) - 3)
            def g_str(g):
                t = "exit %s, %s s" % (g.get("rc"), g.get("seconds"))
                if isinstance(g.get("branches"), dict):
                    t += ", branches %s/%s" % (g["branches"].get("covered"), g["branches"].get("total"))
                return t
            gen = "; ".join(("%s: " % c.split(".")[-1] if len(r["gen"]) > 1 else "") + g_str(g)
                            for c, g in r["gen"].items())
            notes = "; ".join(r["notes"][:3])
            cov = ("%d/%d" % (r["patch_lines_covered"], r["patch_lines"])) if "patch_lines" in r else "?"
            w("| %s | %d | %s | %d (%d) | %s | %s | %s | %s |" % (
                r["project"], r["id"], ", ".join(c.split(".")[-1] for c in r["classes"]), r["kept"],
                r["failing_on_fixed"], cov, "**yes**" if r["detected"] else "no", by,
                (gen + ("; " + notes if notes else "")).replace("|", "/")))
        w("")
    w("## Per project")
    w("")
    w("Detected / faults the tool was run on (a partial run counts only the faults it reached).")
    w("")
    w("| project | faults | " + " | ".join("%s detected" % m["tool"] for _, m, _ in runs) + " |")
    w("|---|---|" + "---|" * len(runs))
    tot = [[0, 0] for _ in runs]
    n_all = 0
    for p in order:
        ks = [k for k in keys if k[0] == p]
        if not ks:
            continue
        n_all += len(ks)
        cells = []
        for i, (_, _, res) in enumerate(runs):
            ran = [k for k in ks if k in res]
            d = sum(1 for k in ran if res[k].get("detected"))
            tot[i][0] += d
            tot[i][1] += len(ran)
            cells.append("%d/%d (%.0f %%)" % (d, len(ran), 100.0 * d / max(1, len(ran))))
        w("| %s | %d | %s |" % (p, len(ks), " | ".join(cells)))
    w("| **total** | %d | %s |" % (n_all, " | ".join("**%d/%d (%.0f %%)**" % (d, n, 100.0 * d / max(1, n))
                                                  for d, n in tot)))
    if len(runs) == 2:
        both = [k for k in keys if k in runs[0][2] and k in runs[1][2]]
        a = sum(1 for k in both if runs[0][2][k]["detected"])
        b = sum(1 for k in both if runs[1][2][k]["detected"])
        ab = sum(1 for k in both if runs[0][2][k]["detected"] and runs[1][2][k]["detected"])
        w("")
        w("On the %d faults both ran: %s %d, %s %d, both %d, either %d." % (
            len(both), runs[0][1]["tool"], a, runs[1][1]["tool"], b, ab, a + b - ab))
    w("")
    sk = os.path.join(WORK, "faults-skipped.tsv")
    if os.path.exists(sk) and open(sk).read().strip():
        w("Faults skipped while preparing (replaced by the next candidate of the project):")
        w("")
        for l in open(sk).read().splitlines():
            p, b, why = l.split("\t", 2)
            w("- %s-%s: %s" % (p, b, why))
        w("")
    print("\n".join(out))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__ if __doc__ else "usage: d4j.py prepare | run TOOL BINARY | report TAG...")
    cmd = sys.argv[1]
    if cmd == "prepare":
        prepare()
    elif cmd == "run":
        run(sys.argv[2], sys.argv[3])
    elif cmd == "diagnose":
        diagnose(sys.argv[2])
    elif cmd == "report":
        report(sys.argv[2:])
    else:
        sys.exit("unknown command " + cmd)
