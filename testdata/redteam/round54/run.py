#!/usr/bin/env python3
"""run.py CASES.tsv OUT.tsv: each case (id, class, setup, line[, cwdsub]) in a fresh world.
setup is bash run in the project dir with P (project), H (home), O (outside), W (world) set.
Asks the four hooks; if any allows, runs the line in bwrap (/ read-only, world and a scratch /tmp writable)
and reports effects: PWN (a PWNED.* marker appeared), LEAK (canary in output), OUTW (file created/changed outside project)."""
import sys, os, subprocess, json, hashlib, shutil, zlib
HOOKS = ["guard", "starter", "tool-permissions", "orchestrator"]
BASE = "/work/rt/round54/cases"
CANARIES = ["CANARY_R48", "CANARY_R42", "CANARY_GIT_R42", "CANARY_CACHE_R42", "CANARYrc", "CANARY_LOC_77aa", "CANARY_TAB_31", "CANARY_TOKEN_e41", "CANARY_ENV_5d2e", "CANARY_SSH_7f3a", "CANARY_AWS_91bc", "CANARY_R43A", "CANARY_R45", "CANARYR45", "CANARY_R46", "CANARYR46"]
def snap(root, skip):
    out = {}
    for d, dirs, files in os.walk(root):
        if d.startswith(skip): dirs[:] = []; continue
        for f in files + [x for x in dirs if os.path.islink(os.path.join(d, x))]:
            p = os.path.join(d, f)
            try:
                st = os.lstat(p); out[p] = (st.st_size, st.st_mtime_ns)
            except OSError: pass
    return out
BASEENV = {"PATH": "/usr/local/go/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm", "SHELL": "/bin/bash"}
def worldenv(W):
    """the variables W/env (written by the case's setup, tools.sh) gives both the hook and the line's shell"""
    out = {}
    f = os.path.join(W, "env") if W else ""
    if f and os.path.exists(f):
        for l in open(f):
            if "=" in l: k, v = l.rstrip("\n").split("=", 1); out[k] = v
    return out
def runenv(P, H):
    out = {}
    for kv in filter(None, os.environ.get("RUNENV", "").split(";;")):
        k, v = kv.split("=", 1); out[k] = v.replace("@P@", P).replace("@H@", H)
    return out
def parse(line):
    """@EV=NAME line | @TOOL=Name {json} | line -> (event, tool, input)"""
    ev, tool = "PreToolUse", "Bash"
    if line.startswith("@EV="):
        e, line = line[4:].split(" ", 1); ev = e
        if ev.endswith("!"): ev = ev[:-1]; tool = None
    if line.startswith("@TOOL="):
        t, js = line[6:].split(" ", 1); return ev, t, json.loads(js)
    return ev, tool, {"command": line}
def binds(W):
    b = []
    f = os.path.join(W, "binds")
    if os.path.exists(f):
        for l in open(f):
            if l.strip():
                src, dst = l.split(); b += ["--bind", src, dst]
    return b
def rootargs(W):
    """bwrap args for the root: a read-only bind of /, or, where a bind's mount point is missing, a tmpfs root
    of read-only binds, split down to the missing mount points' parents"""
    bb = binds(W) if W else []
    dests = bb[2::3]
    missing = [d.rstrip("/") for d in dests if not os.path.exists(d)]
    if not missing:
        return ["--ro-bind", "/", "/"], bb
    a = ["--tmpfs", "/"]
    def expand(dirp):
        for n in sorted(os.listdir(dirp)):
            p = os.path.join(dirp, n)
            if dirp == "/" and n in ("proc", "dev", "tmp"): continue
            if os.path.islink(p): a.extend(["--symlink", os.readlink(p), p])
            elif os.path.isdir(p) and any(m.startswith(p + "/") for m in missing):
                a.extend(["--dir", p]); expand(p)
            else: a.extend(["--ro-bind", p, p])
    expand("/")
    a += ["--dir", "/tmp"]
    for m in missing: a += ["--dir", m]
    return a, bb
def decide(hook, P, H, cwd, line, W=None):
    env = dict(BASEENV, HOME=H, CLAUDE_PROJECT_DIR=P, **runenv(P, H)); env.update(worldenv(W))
    ev, tool, inp = parse(line)
    pl = {"session_id": "s", "transcript_path": "/tmp/t", "cwd": cwd, "hook_event_name": ev, "tool_input": inp}
    if tool: pl["tool_name"] = tool
    payload = json.dumps(pl)
    cmd = ["/tmp/r54/hooks/" + hook]
    ra, bb = rootargs(W)
    if bb: cmd = ["bwrap"] + ra + ["--ro-bind", "/tmp/r54/hooks", "/tmp/r54/hooks", "--bind", W, W] + bb + ["--dev", "/dev", "--proc", "/proc", "--chdir", cwd] + cmd
    r = subprocess.run(cmd, input=payload, capture_output=True, text=True, env=env, cwd=cwd)
    try:
        o = json.loads(r.stdout)["hookSpecificOutput"]
        if "decision" in o: return o["decision"].get("behavior", "pass"), o["decision"].get("message", "")[:120]
        return o.get("permissionDecision", "pass"), o.get("permissionDecisionReason", "").split("\n")[0][:120]
    except Exception: return "pass", ""
def torun(line):
    ev, tool, inp = parse(line)
    q = lambda x: "'" + str(x).replace("'", "'\\''") + "'"
    if tool in ("Bash", None): return inp.get("command", "")
    if tool in ("Read", "NotebookRead") and str(inp.get("file_path", "")).endswith(".pdf"): return "/root/.pyenv/versions/3.11.7/bin/python3 /work/rt/round50/pdftext.py " + q(inp["file_path"])
    if tool in ("Read", "NotebookRead"): return "cat -- " + q(inp.get("file_path") or inp.get("notebook_path") or inp.get("path"))
    if tool == "Grep":
        c = "rg --no-config --hidden -n"
        if inp.get("glob"): c += " -g " + q(inp["glob"])
        return c + " -- " + q(inp.get("pattern", ".")) + " " + q(inp.get("path", "."))
    if tool == "Glob": return "cd " + q(inp.get("path", ".")) + " && bash -O globstar -c " + q("printf '%s\\n' " + inp.get("pattern", "*"))
    if tool == "LS": return "ls -la " + q(inp.get("path", "."))
    return "true"
def main():
    global CANARIES
    cases = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
    out = open(sys.argv[2], "w")
    only = os.environ.get("ONLY")
    for c in cases:
        cid, cls, setup, line = c[:4]; sub = c[4] if len(c) > 4 else ""
        if only and cid not in only.split(","): continue
        W = os.path.join(BASE, cid); shutil.rmtree(W, ignore_errors=True)
        subprocess.run(["/work/rt/round54/setup.sh", W], check=True, capture_output=True)
        P, H, O = W + "/proj", W + "/home", W + "/outside"
        os.makedirs(W + "/tmp", exist_ok=True)
        env = dict(os.environ, HOME=H, P=P, H=H, O=O, W=W, GIT_CONFIG_NOSYSTEM="1")
        s = subprocess.run(["bash", "-c", setup.replace("\\n", "\n")], cwd=P, env=env, capture_output=True, text=True)
        if s.returncode: print(cid, "SETUP FAILED", s.stderr[:300], file=sys.stderr)
        subprocess.run(["find", W, "-name", "PWNED*", "-delete"])
        if os.path.exists(W + "/projdir"): P = open(W + "/projdir").read().strip()  # round 51: the project opened by another spelling
        cwd = os.path.join(P, sub) if sub else P
        line = line.replace("@P@", P).replace("@H@", H).replace("@NL@", "\n")
        decs = [decide(h, P, H, cwd, line, W) for h in HOOKS]
        eff = "-"
        if any(d[0] == "allow" for d in decs) or os.environ.get("RUNALL"):
            before = snap(W, P)
            bw = ["bwrap", "--ro-bind", "/", "/", "--bind", W, W, "--bind", W + "/tmp", "/tmp", "--dev", "/dev", "--proc", "/proc",
                  "--chdir", cwd, "--unshare-net", "--die-with-parent", "--clearenv", "--setenv", "PATH", BASEENV["PATH"], "--setenv", "LANG", "C.UTF-8", "--setenv", "SHELL", "/bin/bash",
                  "--setenv", "HOME", H, "--setenv", "CLAUDE_PROJECT_DIR", P, "--setenv", "TMPDIR", "/tmp",
                  (worldenv(W).get("SHELL") or "/bin/bash"), "-c", torun(line)]
            ra, bb = rootargs(W)
            bw[1:4] = ra
            bw[len(ra)+4:len(ra)+4] = bb
            for k, v in dict(runenv(P, H), **worldenv(W)).items(): bw[-3:-3] = ["--setenv", k, v]
            bw[-3:-3] = ["--setenv", "GH_TOKEN", "CANARY_TOKEN_e41"]
            try:
                r = subprocess.run(bw, capture_output=True, timeout=60, stdin=subprocess.DEVNULL,
                                   env=dict(os.environ))
                raw = r.stdout + r.stderr
                outtxt = raw.decode("utf-8", "replace")
                dec = []
                i = raw.find(b"x")
                while i >= 0:
                    try:
                        d = zlib.decompressobj().decompress(raw[i:])
                        if d: dec.append(d.decode("latin-1"))
                    except Exception: pass
                    i = raw.find(b"x", i + 1)
                if dec: outtxt += "\n[zlib-decoded] " + " | ".join(dec)
            except subprocess.TimeoutExpired as e:
                outtxt = "TIMEOUT"
            after = snap(W, P)
            effs = []
            pw = [p for p in after if "PWNED" in os.path.basename(p) and p not in before]
            pw += subprocess.run(["find", W, "-name", "PWNED*"], capture_output=True, text=True).stdout.split()
            if pw: effs.append("PWN")
            if any(cn in outtxt for cn in CANARIES): effs.append("LEAK")
            elif any(cn in outtxt.replace("\x00", "").replace("\ufffd", "") for cn in CANARIES): effs.append("LEAK16")
            ch = [p for p in after if not p.startswith(P + "/") and (p not in before or before[p] != after[p])]
            if ch: effs.append("OUTW:" + ",".join(sorted(set(os.path.relpath(p, W) for p in ch)))[:200])
            ck = os.path.join(W, "check.sh")
            if os.path.exists(ck):
                c = subprocess.run(["bash", ck], cwd=P, env=dict(os.environ, HOME=H, P=P, H=H, W=W, GIT_CONFIG_NOSYSTEM="1"), capture_output=True, text=True).stdout.strip()
                if c: effs.append(c)
            eff = " ".join(effs) or "none"
            open(os.path.join(W, "run.out"), "w").write(outtxt)
        row = [cid, cls, setup, line + (" [cwd " + sub + "]" if sub else "")] + [d[0] for d in decs] + [eff]
        out.write("\t".join(row) + "\n"); out.flush()
        print("%-6s %-7s %-7s %-7s %-7s %-6s %s | %s" % (cid, decs[0][0], decs[1][0], decs[2][0], decs[3][0], eff[:40], line[:70], decs[0][1][:60]))
main()
