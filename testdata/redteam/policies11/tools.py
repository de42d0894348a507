#!/usr/bin/env python3
"""tools.py CASES.tsv OUT.tsv: rows id<TAB>class<TAB>setup<TAB>tool<TAB>json tool_input (@P@ @H@ @O@ replaced).
Builds the world as run.py does, sends the non-Bash payload to every hook, prints the decisions.
For an allowed Read/Grep/Glob the driver also does what the client would: reads the file (Read),
greps (Grep, content mode) or lists (Glob), and reports LEAK if a canary shows."""
import sys, os, subprocess, json, shutil, glob as G, re
sys.path.insert(0, os.path.dirname(__file__))
HOOKDIR = {h: "/tmp/p11/bin" for h in ["guard","starter","tool-permissions","orchestrator","mux","collective","boundary"]}
HOOKS = list(HOOKDIR)
CAN = ["CANARY_ENV_5d2e", "CANARY_SSH_7f3a", "CANARY_AWS_91bc", "CANARYX"]
out = open(sys.argv[2], "w")
out.write("\t".join(["id", "class", "setup", "tool", "input"] + HOOKS + ["effect"]) + "\n")
for l in open(sys.argv[1]):
    if not l.strip() or l.startswith("#"): continue
    f = l.rstrip("\n").split("\t"); cid, cls, setup, tool, inp = f[:5]; then = f[5] if len(f) > 5 else ""
    W = "/work/rt/policies11/cases/" + cid; shutil.rmtree(W, ignore_errors=True)
    subprocess.run(["/work/rt/policies11/setup.sh", W], check=True, capture_output=True)
    P, H, O = W + "/proj", W + "/home", W + "/outside"
    subprocess.run(["bash", "-c", setup.replace("\\n", "\n")], cwd=P, env=dict(os.environ, HOME=H, P=P, H=H, O=O, W=W))
    ti = json.loads(inp.replace("@P@", P).replace("@H@", H).replace("@O@", O)); extra = {}
    if "_agent" in ti: extra = {"agent_id": "a1", "agent_type": ti.pop("_agent")}
    decs = []
    for h in HOOKS:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "GIT_"))}
        env = {"PATH": "/usr/local/go/bin:/usr/bin:/bin", "HOME": H, "CLAUDE_PROJECT_DIR": P, "SHELL": "/bin/bash"}
        pl = {"session_id": "s", "transcript_path": "/tmp/t", "cwd": P, "hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": ti, **extra}
        r = subprocess.run([HOOKDIR[h] + "/" + h], input=json.dumps(pl), capture_output=True, text=True, env=env, cwd=P)
        try: decs.append(json.loads(r.stdout)["hookSpecificOutput"].get("permissionDecision", "pass"))
        except Exception: decs.append("pass")
    eff = "-"
    if "allow" in decs:
        txt = ""
        try:
            if tool == "Read": txt = open(ti["file_path"], errors="replace").read()
            elif tool == "Grep":
                txt = subprocess.run(["rg", "--hidden", "-n", ti.get("pattern", "."), ti.get("path", P)] + (["--glob", ti["glob"]] if "glob" in ti else []), capture_output=True, text=True, cwd=P).stdout
            elif tool in ("Write",):
                fp = ti["file_path"]; os.makedirs(os.path.dirname(fp), exist_ok=True); open(fp, "w").write(ti["content"])
                txt = "WROTE " + fp + ("" if os.path.realpath(fp).startswith(P + "/") else " OUTW")
                if then:
                    r2 = subprocess.run(["bwrap", "--ro-bind", "/", "/", "--bind", W, W, "--dev", "/dev", "--proc", "/proc", "--unshare-net", "--chdir", P,
                        "--setenv", "HOME", H, "--setenv", "PATH", "/usr/local/go/bin:/usr/bin:/bin", "bash", "-c", then], capture_output=True, text=True, timeout=60)
                    txt += "\nTHEN " + then + "\n" + r2.stdout + r2.stderr
                    if subprocess.run(["find", W, "-name", "PWNED*"], capture_output=True, text=True).stdout.strip() or "PWNED-RAN" in r2.stdout + r2.stderr: txt += "\nPWN"
            elif tool == "Glob": txt = "\n".join(G.glob(os.path.join(ti.get("path", P), ti["pattern"]), recursive=True))
        except Exception as e: txt = "ERR " + str(e)
        lk = [c for c in CAN if c in txt]
        eff = " ".join(filter(None, [("LEAK:" + ",".join(lk)) if lk else "", "OUTW" if " OUTW" in txt else "", "PWN" if "\nPWN" in txt else ""])) or "none"
        open(W + "/run.out", "w").write(txt)
    out.write("\t".join([cid, cls, setup, tool, inp + (" THEN " + then if then else "")] + decs + [eff]) + "\n")
    print("%-5s %-6s %s %s %s" % (cid, tool, " ".join("%-5s" % d[:5] for d in decs), eff, inp[:80]))
