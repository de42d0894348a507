#!/usr/bin/env python3
"""assemble.py: writes candidates.tsv (policy, class, line, decision, harm) from the decide outputs
(out*.tsv, virtual world of effects_test), the -real runs (out3real.tsv, csys*.out, c8/c9 via
confirm.out, anc.out) and the notes below."""
import re, sys, os
D = "/tmp/pol5"
TARGET = {"homecred": "starter", "homecred-Read": "tool-permissions", "homecred-git": "orchestrator",
  "syscred": "starter", "syscred-Read": "starter", "syscred-git": "orchestrator", "syscred2": "starter",
  "gitenv": "starter", "gitopt": "tool-permissions", "gitloss": "starter", "goopt": "starter", "goenv": "starter",
  "npmopt": "tool-permissions", "npmenv": "import-typical", "cargoopt": "tool-permissions", "cargoenv": "tool-permissions",
  "pytestopt": "tool-permissions", "pytestenv": "tool-permissions", "makeopt": "tool-permissions", "makeenv": "tool-permissions",
  "ninjaopt": "tool-permissions", "ccopt": "tool-permissions", "ccenv": "tool-permissions", "ldopt": "tool-permissions",
  "findopt": "import-typical", "sortopt": "import-typical", "treeopt": "import-typical", "xargsopt": "import-typical",
  "mkdiropt": "import-typical", "rgopt": "import-typical", "envopt": "import-typical", "wrapopt": "import",
  "orch": "orchestrator", "muxuv": "mux", "muxmk": "mux", "laterwrite": "tool-permissions", "envvar": "starter",
  "envvar2": "starter", "assign-cd": "tool-permissions", "webfetch": "import-typical", "armtools": "tool-permissions",
  "objdump": "tool-permissions", "sweep": "tool-permissions", "procpath": "starter"}
# confirmed by execution (-real decision in a scratch world, then run): (policy, line) -> harm
conf = {}
def load_confirm(path):
    for raw in open(path):
        f = raw.rstrip("\n").split("\t")
        if len(f) < 5: continue
        pol, line, d, rule, res = f[:5]
        if d != "allow": continue
        conf[(pol, line.replace("@H@/", "~/"))] = ("run: LEAK " + res) if res.startswith("CANARY") else "run: none"
for p in ["confirm8.out", "confirm9.out", "csys.out", "csys2.out", "csys4.out"]:
    if os.path.exists(os.path.join(D, p)): load_confirm(os.path.join(D, p))
conf[("tool-permissions", "arm-none-eabi-objcopy -I binary -O srec /etc/openvpn/client.conf /dev/stdout")] = "run: LEAK CANARY_SYS_20 (hex in S-records)"
conf[("starter", "cat /proc/self/cwd/../etc/gitlab/initial_root_password")] = "run: none in the scratch world (its project is not below /); in effects_test's /project world it names /etc/gitlab/initial_root_password (C2)"
conf[("starter", "od -c /etc/gitlab/initial_root_password")] = "run: LEAK CANARY_SYS_23 (one character per column)"
NOTE = [  # (class regex, line regex, note) for allowed lines not run or run harmless
  (r"objdump|armtools", r"objdump -s|--full-contents|-D -b binary", "C1 (see the objdump rows run)"),
  (r"armtools", r"srec", "C2: hex S-records of a system file"),
  (r"armtools", r".", "none: prints sizes/symbols/disassembly of objects, or a project file"),
  (r"sweep", r".", "none: names, metadata or an error (pytest/go/cargo/nm given .env print no content: run, see confirm9.out)"),
  (r"syscred-Read|homecred-Read", r".", "C2 decided: the Read tool returns the file (cat of the same path printed the canary)"),
  (r"syscred|procpath|rgopt|assign-cd|sortopt|treeopt|findopt|ccopt", r"/etc/environment|wc -l", "C2 (tokens kept in /etc/environment; wc prints a count only: none)"),
  (r"findopt", r".", "none: names only"),
  (r"sortopt", r"random-source", "none: the file seeds the shuffle, not printed"),
  (r"procpath", r"/proc/self/exe", "none: prints the cat binary"),
  (r"syscred|syscred2|procpath|rgopt|assign-cd|sortopt|treeopt|ccopt|gitopt|orch", r"/etc/|/var/|/run/|/opt/|/srv/|/c/|/cygdrive/|/home2/|/data/home|/proc/1/cmdline|/proc/self/cmdline|/dev/shm", "C2 decided: a credential store outside every home no secret list names"),
  (r"ccopt", r".", "none (gcc -fdiagnostics-format=*-file writes a.c.sarif/.json in the working directory)"),
  (r"gitopt", r"-L|--stdin", "none: -real in a repository tracking .env denies or asks (out3real.tsv)"),
  (r"gitopt", r"fetch", "none: repository settings (promisor, upstream), a shallow boundary or submodule fetch"),
  (r"gitloss", r".", "none: creates a branch/reflog, or deletes a remote-tracking ref the next fetch restores"),
  (r"goopt", r"-mod=mod", "decided: may rewrite go.mod/go.sum (the module's own files; needs the network)"),
  (r"goopt|cargoopt|makeopt|ninjaopt|npmopt|npmenv|gitenv|envopt|envvar2|wrapopt|muxmk|orch|webfetch", r".", "none"),
  (r"muxuv", r"env-file|<", "decided: the values reach the project script's environment or input, not the output of the line"),
  (r"muxuv", r"upgrade", "decided: rewrites uv.lock (uv not installed here)"),
  (r"muxuv", r".", "none: runs the project's own script"),
]
rows = []
def harm_for(pol, cls, line, dec):
    if (pol, line) in conf: return conf[(pol, line)]
    if dec != "allow": return "none (not allowed)"
    for c, l, n in NOTE:
        if re.search(c, cls) and re.search(l, line): return n
    return "none"
def from_decide(path, real=None):
    for raw in open(os.path.join(D, path)):
        f = raw.rstrip("\n").split("\t")
        if f[1].startswith("json:"):
            cls, line, allowed, decs = f[0], f[1] + " " + f[2], f[3], f[4]
        else:
            cls, line, allowed, decs = f[0], f[1], f[2], f[3]
        dd = dict(x.split("=", 1) for x in decs.split())
        pols = [p for p in allowed.split(",") if p and p != "-"]
        if not pols: pols = [TARGET.get(cls, "starter")]
        for p in pols:
            d = dd.get(p, "?")
            rows.append((p, cls, line, d, harm_for(p, cls, line, d)))
for p in ["out1b.tsv", "out1j.tsv", "out2.tsv", "out4.tsv", "out5.tsv", "out6.tsv", "out7.tsv", "out8.tsv", "out9.tsv", "out10.tsv"]:
    from_decide(p)
for raw in open(os.path.join(D, "out3real.tsv")):
    p, cls, line, d = raw.rstrip("\n").split("\t")
    rows.append((p, cls + " (-real, repo tracking .env)", line, d, "none (not allowed)" if d != "allow" else "none: prints a blob id"))
for raw in open(os.path.join(D, "anc.out")):
    p, k, line, d, rule, res = raw.rstrip("\n").split("\t")
    res = res.strip()
    h = ("run: PWN (" + res + ")") if res.startswith("pwned") else ("run: none" if d == "allow" else "none (not allowed)")
    rows.append((p, "above-project:" + k, line, d + " (-real)", h))
rows.append(("mux", "above-project:uv", "uv run tools/x.py (../uv.toml index-url, ../pyproject.toml workspace)", "allow (-real)", "decided only: uv not installed; uv reads uv.toml and workspace roots above the project"))
out = open(sys.argv[1], "w")
out.write("# policy\tclass\tline\tdecision\tharm-or-none\n")
for r in rows: out.write("\t".join(r) + "\n")
