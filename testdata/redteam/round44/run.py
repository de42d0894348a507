#!/usr/bin/env python3
"""run.py CASES.tsv OUT.tsv: each case (id, class, setup, line[, cwdsub]) in a fresh world.
setup is bash run in the project dir with P (project), H (home), O (outside), W (world) set.
Asks the four hooks; if any allows, runs the line in bwrap (/ read-only, world and a scratch /tmp writable)
and reports effects: PWN (a PWNED.* marker appeared), LEAK (canary in output), OUTW (file created/changed outside project)."""
import sys, os, subprocess, json, hashlib, shutil, zlib
HOOKS = ["guard", "starter", "tool-permissions", "orchestrator"]
BASE = "/work/rt/round44/cases"
CANARIES = ["CANARY_R42", "CANARY_GIT_R42", "CANARY_CACHE_R42", "CANARYrc", "CANARY_LOC_77aa", "CANARY_TAB_31", "CANARY_TOKEN_e41", "CANARY_ENV_5d2e", "CANARY_SSH_7f3a", "CANARY_AWS_91bc"]
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
def runenv(P, H):
    out = {}
    for kv in filter(None, os.environ.get("RUNENV", "").split(";;")):
        k, v = kv.split("=", 1); out[k] = v.replace("@P@", P).replace("@H@", H)
    return out
def decide(hook, P, H, cwd, line):
    env = dict(os.environ, HOME=H, CLAUDE_PROJECT_DIR=P, **runenv(P, H))
    payload = json.dumps({"session_id": "s", "transcript_path": "/tmp/t", "cwd": cwd, "hook_event_name": "PreToolUse",
                          "tool_name": "Bash", "tool_input": {"command": line}})
    r = subprocess.run(["/tmp/g445/" + hook], input=payload, capture_output=True, text=True, env=env, cwd=cwd)
    try:
        o = json.loads(r.stdout)["hookSpecificOutput"]; return o.get("permissionDecision", "pass"), o.get("permissionDecisionReason", "").split("\n")[0][:120]
    except Exception: return "pass", ""
def main():
    global CANARIES
    cases = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
    out = open(sys.argv[2], "w")
    only = os.environ.get("ONLY")
    for c in cases:
        cid, cls, setup, line = c[:4]; sub = c[4] if len(c) > 4 else ""
        if only and cid not in only.split(","): continue
        W = os.path.join(BASE, cid); shutil.rmtree(W, ignore_errors=True)
        subprocess.run(["/work/rt/round44/setup.sh", W], check=True, capture_output=True)
        P, H, O = W + "/proj", W + "/home", W + "/outside"
        os.makedirs(W + "/tmp", exist_ok=True)
        env = dict(os.environ, HOME=H, P=P, H=H, O=O, W=W, GIT_CONFIG_NOSYSTEM="1")
        s = subprocess.run(["bash", "-c", setup.replace("\\n", "\n")], cwd=P, env=env, capture_output=True, text=True)
        if s.returncode: print(cid, "SETUP FAILED", s.stderr[:300], file=sys.stderr)
        subprocess.run(["find", W, "-name", "PWNED*", "-delete"])
        cwd = os.path.join(P, sub) if sub else P
        decs = [decide(h, P, H, cwd, line) for h in HOOKS]
        eff = "-"
        if any(d[0] == "allow" for d in decs) or os.environ.get("RUNALL"):
            before = snap(W, P)
            bw = ["bwrap", "--ro-bind", "/", "/", "--bind", W, W, "--bind", W + "/tmp", "/tmp", "--dev", "/dev", "--proc", "/proc",
                  "--chdir", cwd, "--unshare-net", "--die-with-parent",
                  "--setenv", "HOME", H, "--setenv", "CLAUDE_PROJECT_DIR", P, "--setenv", "TMPDIR", "/tmp",
                  os.environ.get("RUNSH", "bash"), "-c", line]
            for k, v in runenv(P, H).items(): bw[-3:-3] = ["--setenv", k, v]
            bw[-3:-3] = ["--setenv", "GH_TOKEN", "CANARY_TOKEN_e41"]
            try:
                r = subprocess.run(bw, capture_output=True, timeout=60, stdin=subprocess.DEVNULL,
                                   env={k: v for k, v in os.environ.items() if k not in ("CLAUDE_PROJECT_DIR",)})
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
            ch = [p for p in after if not p.startswith(P + "/") and (p not in before or before[p] != after[p])]
            if ch: effs.append("OUTW:" + ",".join(sorted(set(os.path.relpath(p, W) for p in ch)))[:200])
            eff = " ".join(effs) or "none"
            open(os.path.join(W, "run.out"), "w").write(outtxt)
        row = [cid, cls, setup, line + (" [cwd " + sub + "]" if sub else "")] + [d[0] for d in decs] + [eff]
        out.write("\t".join(row) + "\n"); out.flush()
        print("%-6s %-7s %-7s %-7s %-7s %-6s %s | %s" % (cid, decs[0][0], decs[1][0], decs[2][0], decs[3][0], eff[:40], line[:70], decs[0][1][:60]))
main()
