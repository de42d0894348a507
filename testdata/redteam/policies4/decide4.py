#!/usr/bin/env python3
"""decide4.py HOOKC POLDIR CANDIDATES.tsv [NAME...]: decides every candidate
with every shipped policy by `hookc explain` (virtual file system: the
files of effects_test.go's effectFS, plus a candidate's `files:` column),
policy loaded once per policy and world. POLDIR holds one directory per
policy (starter, preset-*, the examples, import, import-typical).
Candidates: class<TAB>line[<TAB>files:PATH[=CONTENT];PATH...][<TAB>note];
a line `json:TOOL<TAB>{input}` is a tool call, `go:"..."` a string literal
(newlines). @P@ -> /project,
@H@ -> /home/user, @M@ -> /tmp/outside.
Prints: class<TAB>line<TAB>allowed-by (comma list, or -)<TAB>decisions."""
import ast, json, os, subprocess, sys
hookc, poldir, cands = sys.argv[1:4]
names = sys.argv[4:] or sorted(os.listdir(poldir))
BASE = ["-file", "/project/README.md", "-file", "/project/src/main.go", "-file", "/project/.env",
        "-file", "/home/user/.config/gh/hosts.yml", "-file", "/home/user/.ssh/id_rsa",
        "-file", "/tmp/outside/Makefile", "-file", "/tmp/outside/test_x.py", "-symlink", "/project/ext=/tmp/outside",
        "-env", "PATH=/usr/bin:/bin", "-env", "HOME=/home/user", "-env", "USER=user", "-env", "SHELL=/bin/bash",
        "-env", "LANG=C.UTF-8", "-env", "PAGER=less"]
def sub(s): return s.replace("@P@", "/project").replace("@H@", "/home/user").replace("@M@", "/tmp/outside")
rows = []
for raw in open(cands):
    raw = raw.rstrip("\n")
    if not raw.strip() or raw.startswith("#"): continue
    f = raw.split("\t")
    cls, line = f[0], f[1]
    rest = f[2:]
    payload = None
    orig = line
    if line.startswith("go:"): line = ast.literal_eval(line[3:])
    if line.startswith("json:"):
        tool = line[5:]; inp = rest.pop(0)
        payload = json.dumps({"hook_event_name": "PreToolUse", "cwd": "/project", "tool_name": tool, "tool_input": json.loads(sub(inp))})
        line = line + "\t" + inp
    files = []
    if rest and rest[0].startswith("files:"):
        for spec in rest.pop(0)[6:].split(";"):
            spec = sub(spec)
            if "->" in spec:
                a, b = spec.split("->", 1); files += ["-symlink", a + "=" + b]
            elif spec.endswith("/"):
                files += ["-dir", spec.rstrip("/")]
            else:
                files += ["-file", spec.replace("\\n", "\n")]
    rows.append((cls, orig if orig.startswith("go:") else line, sub(line), payload, tuple(files)))
dec = {}
def parse(out):
    res, cur = [], None
    for l in out.splitlines():
        if l.startswith("decision:"): res.append(l.split()[1])
    return res
for n in names:
    d = os.path.join(poldir, n)
    groups = {}
    for i, r in enumerate(rows): groups.setdefault((r[4], r[3] is None), []).append(i)
    for (files, bash), idx in groups.items():
        if bash:
            args = [hookc, "explain"] + BASE + list(files)
            for i in idx: args += ["-c", rows[i][2]]
            out = subprocess.run(args + [d], capture_output=True, text=True).stdout
            ds = parse(out)
            if len(ds) != len(idx):
                ds = []
                for i in idx:
                    o = subprocess.run([hookc, "explain"] + BASE + list(files) + ["-c", rows[i][2], d], capture_output=True, text=True).stdout
                    ds += (parse(o) or ["ERR"])[:1]
            for i, x in zip(idx, ds): dec[(i, n)] = x
        else:
            for i in idx:
                o = subprocess.run([hookc, "explain"] + BASE + list(files) + ["-payload", rows[i][3], d], capture_output=True, text=True).stdout
                dec[(i, n)] = (parse(o) or ["ERR"])[0]
for i, r in enumerate(rows):
    al = [n for n in names if dec[(i, n)] == "allow"]
    print("\t".join([r[0], r[1], ",".join(al) or "-", " ".join(f"{n}={dec[(i, n)]}" for n in names)]))
