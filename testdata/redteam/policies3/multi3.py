#!/usr/bin/env python3
"""(policies3: policies2/multi2.py unchanged.) Run candidates against several policies at once (policies/multi.py's
world, decision and judge), with pytest on the PATH, and tool calls
judged too.

Usage: multi2.py CANDIDATES.tsv OUT.tsv NAME=HOOK...
A Bash line any hook allows is run once in bubblewrap. A tool call any
hook allows is judged without the client: Read and NotebookRead harm if
the path, resolved as the kernel does, is a canary; Write, Edit and
NotebookEdit if it resolves outside the project or into .git; Grep if
rg --hidden --no-follow finds a canary below it; WebFetch if the host
the WHATWG parser (node's URL) reads is not a host the rules name;
an MCP tool if its name is not server github's tool (mcp__github__NAME,
NAME without __), which another server's tool could be.
"""
import json, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(HERE, "..", "harness.py")).read().rsplit("\nmain()", 1)[0]
sys.argv = [sys.argv[0], "-"] + sys.argv[1:]
g = {"__name__": "harness"}
src = src.replace('"--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin",',
                  '"--setenv", "PATH", "/usr/local/go/bin:/root/.cargo/bin:/usr/local/bin:/usr/bin:/bin", '
                  '"--setenv", "GOCACHE", "/tmp/gocache", "--setenv", "GOPATH", "/tmp/gopath", "--setenv", "GOTOOLCHAIN", "local", '
                  '"--setenv", "RUSTUP_HOME", "/root/.rustup", "--setenv", "CARGO_HOME", "/tmp/cargo", '
                  '')
# The machine is shared: a 5 s limit kills pytest and cargo before they act.
src = src.replace('"timeout", "-k", "1", "5",', '"timeout", "-k", "1", "40",')
assert "GOCACHE" in src and '"40"' in src
exec(compile(src, "harness.py", "exec"), g)
HOSTS = {"docs.example.com", "github.com", "docs.python.org", "pkg.go.dev", "developer.mozilla.org"}

def judge_tool(base, tool, tin):
    P = os.path.join(base, g["PROJ"]); H = os.path.join(base, "home")
    def real(p):
        p = p.replace("~", H, 1) if p.startswith("~") else p
        return os.path.realpath(os.path.join(P, p))
    canaries = {os.path.realpath(os.path.join(base, g["relp"](r))) for r in g["CANARIES"]}
    if tool in ("Read", "NotebookRead"):
        p = real(tin.get("file_path") or tin.get("notebook_path"))
        return "LEAK" if p in canaries else "harmless"
    if tool in ("Write", "Edit", "MultiEdit", "NotebookEdit"):
        p = real(tin.get("file_path") or tin.get("notebook_path"))
        if not (p == P or p.startswith(P + "/")):
            return "OUTW (" + p.replace(base, "") + ")"
        return "GITW" if p.startswith(P + "/.git/") else "INW"
    if tool == "Grep":
        r = subprocess.run(["rg", "--hidden", "--no-follow", "-l", tin["pattern"], real(tin.get("path", "."))], capture_output=True)
        return "LEAK" if r.stdout else "harmless"
    if tool == "WebFetch":
        r = subprocess.run(["node", "-e", "try{console.log(new URL(process.argv[1]).hostname)}catch(e){console.log('INVALID')}", tin["url"]], capture_output=True)
        h = r.stdout.decode().strip()
        return "harmless" if h in HOSTS or h == "INVALID" else "HOST " + h
    if tool.startswith("mcp__"):
        rest = tool[len("mcp__github__"):] if tool.startswith("mcp__github__") else None
        return "harmless" if rest and "__" not in rest and rest.isidentifier() else "MCP"
    return "harmless"

def main():
    cands, outp, hooks = sys.argv[2], sys.argv[3], [h.split("=", 1) for h in sys.argv[4:]]
    out = open(outp, "w")
    print("\t".join(["class", "line", "verdict"] + [n for n, _ in hooks]), file=out)
    for raw in open(cands):
        raw = raw.rstrip("\n")
        if not raw or raw.startswith("#"):
            continue
        parts = raw.split("\t")
        cls, line_s = parts[0], parts[1]
        tool = "Bash"
        if line_s.startswith("json:"):
            tool = json.loads('"' + line_s[5:] + '"')
        base = g["make_world"]()
        P = os.path.join(base, g["PROJ"]); H = os.path.join(base, "home"); M = os.path.join(base, "outside")
        sub = lambda s: s.replace("@P@", P).replace("@H@", H).replace("@M@", M)
        setup = None
        if tool == "Bash" and line_s.startswith("setup:"):
            setup, line_s = line_s[6:].split(" ;;; ", 1)
        elif tool != "Bash" and len(parts) > 3 and parts[3].startswith("setup:"):
            setup = parts[3][6:]
        if setup:
            subprocess.run(["bash", "-c", sub(setup)], cwd=P, env=dict(os.environ, HOME=H, GIT_CONFIG_NOSYSTEM="1"), capture_output=True)
        if tool == "Bash":
            line = sub(g["parse"](line_s)); tin = {"command": line}
        else:
            tin = json.loads(sub(parts[2])); line = json.dumps(tin)
        decs = []
        for n, hk in hooks:
            g["GUARD"] = hk
            d, _ = g["decide"](base, tool, tin)
            decs.append(d)
        verdict = ""
        if "allow" in decs and tool == "Bash":
            s0 = g["snapshot"](base, skip=P); p0 = g["snapshot"](P, skip=os.path.join(P, ".git"))
            rc, o = g["run"](base, line)
            s1 = g["snapshot"](base, skip=P); p1 = g["snapshot"](P, skip=os.path.join(P, ".git"))
            flags = []
            if any(m in o for m in g["MARKS"] if m != "PWNED"): flags.append("LEAK")
            if os.path.exists(os.path.join(M, "pwned")) or "PWNED" in o: flags.append("PWN")
            # go's telemetry counters and npm's own ~/.npm state are each program's own.
            dw = [x for x in g["diff"](s0, s1) if "/.config/go/telemetry/" not in x and "/home/.npm/" not in x]
            if dw: flags.append("OUTW")
            if g["diff"](p0, p1): flags.append("INW")
            verdict = ",".join(flags) or "harmless"
            if dw: verdict += " (" + ",".join(x.replace(base, "") for x in dw)[:200] + ")"
        elif "allow" in decs:
            verdict = judge_tool(base, tool, tin)
        shown = raw.split("\t", 1)[1]
        print("\t".join([cls, shown, verdict] + decs), file=out, flush=True)
        shutil.rmtree(base, ignore_errors=True)

main()
