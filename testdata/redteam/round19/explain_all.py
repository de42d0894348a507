#!/usr/bin/env python3
"""Decide every invocation of an invocations file (program TAB cwd TAB line)
with hookc explain -real in the scratch project (tpl/top/proj, HOME
tpl/home) under the shipped policies; one explain per policy and cwd."""
import os, subprocess, sys, collections
R = os.path.dirname(os.path.abspath(__file__))
POL = {"guard": "/work/main/examples/guard", "toolperm": "/work/main/examples/tool-permissions", "starter": R + "/starter"}
proj = os.environ.get("PROJ", R + "/tpl/top/proj"); home = os.environ.get("HOMEDIR", R + "/tpl/home")
env = {"PATH": "/usr/local/go/bin:/root/.cargo/bin:/usr/local/bin:/usr/bin:/bin", "HOME": home, "CLAUDE_PROJECT_DIR": proj}
inv = sys.argv[1] if len(sys.argv) > 1 else R + "/invocations.tsv"
rows = [l.rstrip("\n").split("\t") for l in open(inv) if l.strip() and not l.startswith("#")]
bycwd = collections.defaultdict(list)
for i, r in enumerate(rows): bycwd[r[1]].append(i)
dec = collections.defaultdict(dict); why = collections.defaultdict(dict)
for name, d in POL.items():
    for c, idx in bycwd.items():
        args = [R + "/hookc", "explain", "-real"]
        for i in idx: args += ["-c", rows[i][2]]
        out = subprocess.run(args + [d], cwd=os.path.join(proj, c), env=env, capture_output=True, text=True).stdout
        answers = [a for a in out.split("\ndecision:")]
        answers = ["decision:" + a if k else a for k, a in enumerate(answers)]
        answers = [a for a in answers if a.strip().startswith("decision:")]
        for i, a in zip(idx, answers):
            lines = a.strip().splitlines()
            dec[i][name] = lines[0].split()[1]
            why[i][name] = next((x.split(":",1)[1].strip() for x in lines if x.startswith(("rule:", "reason:"))), "")
print("program\tline\t" + "\t".join(POL) + "\tguard-why")
for i, r in enumerate(rows):
    p, c, line = r[:3]
    print(p + "\t" + line + "\t" + "\t".join(dec[i].get(n, "?") for n in POL) + "\t" + why[i].get("guard", ""))
