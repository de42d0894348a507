#!/usr/bin/env python3
"""Run every invocation (program TAB cwd TAB line) under strace in a fresh copy
of the scratch world (tpl: top/proj is the project, a git repository; home
is HOME; XDG_* unset) and print, per invocation, every path under the
project (P), above it (A: its parent directories), under the home (H) and
under the real home /root (R: only for programs given RUSTUP_HOME etc.)
that the program opened (open), listed (dir), wrote (write), or only probed
(probe: stat/access/readlink or a failed open), plus every program executed
(X). Usage: trace_all.py INVOCATIONS OUT.tsv [LOGDIR]"""
import os, re, shutil, subprocess, sys, collections
R = os.path.dirname(os.path.abspath(__file__))
inv, outp = sys.argv[1], sys.argv[2]
logdir = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else R + "/logs")
os.makedirs(logdir, exist_ok=True)
TPL = os.environ.get("TPL", R + "/tpl")
RUN = R + "/run"
OPEN = {"open", "openat", "openat2", "creat"}
PROBE = {"stat", "lstat", "newfstatat", "statx", "access", "faccessat", "faccessat2", "readlink", "readlinkat",
         "getxattr", "lgetxattr", "listxattr", "llistxattr", "statfs", "truncate", "chdir"}
EXEC = {"execve", "execveat"}
WRITE = {"mkdir", "mkdirat", "unlink", "unlinkat", "rename", "renameat", "renameat2", "symlink", "symlinkat", "link",
         "linkat", "chmod", "fchmodat", "chown", "fchownat", "lchown", "utimes", "utimensat", "rmdir", "mknod", "mknodat"}
line_re = re.compile(r'^(\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+|\?)(.*)$')
str_re = re.compile(r'"((?:[^"\\]|\\.)*)"')
fd_re = re.compile(r'^(-?\d+|AT_FDCWD)(?:<([^>]*)>)?')

def unesc(s):
    return s.encode().decode("unicode_escape", errors="replace") if "\\" in s else s

def parse(log, cwd0):
    cwd = collections.defaultdict(lambda: cwd0)
    pending = {}
    ev = []
    for raw in open(log, errors="replace"):
        raw = raw.rstrip("\n")
        m = re.match(r'^(\d+)\s+(.*) <unfinished \.\.\.>$', raw)
        if m:
            pending[m.group(1)] = m.group(2); continue
        m = re.match(r'^(\d+)\s+<\.\.\. \w+ resumed>(.*)$', raw)
        if m:
            raw = m.group(1) + " " + pending.pop(m.group(1), "") + m.group(2)
        m = line_re.match(raw)
        if not m: continue
        pid, sc, args, ret, rest = m.groups()
        ok = ret != "?" and not ret.startswith("-")
        if sc in ("clone", "clone3", "fork", "vfork") and ok:
            cwd[ret] = cwd[pid]; continue
        strs = str_re.findall(args)
        if not strs and sc != "fchdir": continue
        p = unesc(strs[0]) if strs else ""
        base = cwd[pid]
        if sc.endswith("at") or sc in ("openat2", "statx", "faccessat2", "renameat2"):
            fm = fd_re.match(args)
            if fm and fm.group(1) != "AT_FDCWD" and fm.group(2):
                base = fm.group(2)
        if sc == "fchdir":
            fm = fd_re.match(args)
            if ok and fm and fm.group(2): cwd[pid] = fm.group(2)
            continue
        ap = os.path.normpath(os.path.join(base, p)) if p else base
        if sc == "chdir" and ok: cwd[pid] = ap
        if sc in OPEN:
            wr = re.search(r'O_WRONLY|O_RDWR|O_CREAT|O_TRUNC', args)
            kind = "write" if wr and ok else ("dir" if "O_DIRECTORY" in args and ok else ("open" if ok else "probe"))
        elif sc in EXEC: kind = "exec" if ok else "probe"
        elif sc in WRITE: kind = "write" if ok else "probe"
        elif sc in PROBE: kind = "probe"
        else: continue
        if sc in ("rename", "renameat", "renameat2", "symlink", "symlinkat", "link", "linkat") and len(strs) > 1:
            ev.append((kind, os.path.normpath(os.path.join(cwd[pid], unesc(strs[1]))), sc, ok))
        ev.append((kind, ap, sc, ok))
    return ev

RANK = {"probe-missing": 0, "probe": 1, "dir": 2, "open": 3, "write": 4, "exec": 5}
def collapse(rel):
    rel = re.sub(r'(\.git/objects/)[0-9a-f]{2}/[0-9a-f]+', r'\1??/*', rel)
    rel = re.sub(r'(\.git/objects/pack/)pack-[0-9a-f]+', r'\1pack-*', rel)
    rel = re.sub(r'(go-build/)[0-9a-f]{2}(/.*)?$', r'\1??/*', rel)
    rel = re.sub(r'(\.npm/_cacache/).*', r'\1*', rel)
    rel = re.sub(r'(\.npm/_logs/).*', r'\1*', rel)
    rel = re.sub(r'(go/pkg/mod/cache/).*', r'\1*', rel)
    rel = re.sub(r'(telemetry/local/).*', r'\1*', rel)
    rel = re.sub(r'(/tmp\.[A-Za-z0-9]+|\.tmp[-.][^/]*|tmp_[^/]*|[0-9]{6,})', '*', rel)
    rel = re.sub(r'(target/debug/).*', r'\1*', rel)
    return rel

out = open(outp, "w")
out.write("program\tline\twhere\tpath\tkind\n")
rows = [l.rstrip("\n").split("\t") for l in open(inv) if l.strip() and not l.startswith("#")]
for n, row in enumerate(rows):
    prog, sub, line = row[:3]
    extra = dict(kv.split("=", 1) for kv in row[3].split()) if len(row) > 3 and row[3] else {}
    run = "%s/%03d" % (RUN, n)
    shutil.rmtree(run, ignore_errors=True)
    shutil.copytree(TPL, run, symlinks=True)
    proj, home = run + "/top/proj", run + "/home"
    cwd = os.path.normpath(os.path.join(proj, sub))
    env = {"PATH": "/usr/local/go/bin:/root/.cargo/bin:/usr/local/bin:/usr/bin:/bin", "HOME": home, "TERM": "dumb",
           "LANG": "C.UTF-8", "USER": "root", "LOGNAME": "root", "SHELL": "/bin/bash"}
    for k, v in extra.items(): env[k] = v.replace("@H@", home).replace("@P@", proj)
    log = "%s/%03d.log" % (logdir, n)
    try:
        r = subprocess.run(["strace", "-f", "-qq", "-y", "-s", "512", "-e", "trace=%file,%process,fchdir", "-o", log,
                        "bash", "-c", "exec " + line], cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
    except subprocess.TimeoutExpired:
        print("TIMEOUT", line, file=sys.stderr)
    best = {}
    for kind, ap, sc, ok in parse(log, cwd):
        if kind == "probe" and not ok: kind = "probe-missing"
        where = None
        for w, root in (("P", proj), ("H", home), ("R", "/root")):
            if ap == root or ap.startswith(root + "/"):
                where, rel = w, os.path.relpath(ap, root); break
        if where is None:
            if (proj + "/").startswith(ap.rstrip("/") + "/") or (proj + "/").startswith(os.path.dirname(ap).rstrip("/") + "/") \
                    or ap.startswith(run + "/"):
                where, rel = "A", os.path.relpath(ap, proj)
            elif kind == "exec":
                where, rel = "X", ap
            else:
                continue
        if where == "R" and (rel.startswith(".cargo/bin") or rel.startswith(".pyenv") or rel.startswith(".rustup/toolchains")):
            if kind != "exec": continue
        rel = collapse(rel)
        k = (where, rel)
        if kind == "exec": k = ("X", ap)
        if RANK[kind] >= RANK.get(best.get(k), -1): best[k] = kind
    for (w, rel), kind in sorted(best.items()):
        out.write("%s\t%s\t%s\t%s\t%s\n" % (prog, line, w, rel, kind))
    out.flush()
    print("%03d %s: %d paths" % (n, line, len(best)), file=sys.stderr)
