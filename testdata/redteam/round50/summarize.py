#!/usr/bin/env python3
# summarize.py: out*.tsv (later files override earlier rows of the same id) -> totals, holes.tsv
import glob, os, collections
H = ["guard", "starter", "tool-permissions", "orchestrator"]
# lines whose allow rule already runs project code by design (a test runner, a build script): a shim there is weak
WEAKLINES = {"npm test": "npm test runs the project's test script anyway", "go test ./...": "go test runs the project's tests anyway",
             "cargo build": "cargo build runs build.rs anyway", "cargo check": "cargo check runs build.rs anyway", "pytest": "pytest runs project code anyway"}
def group(cls):
    p = cls.split(":")
    if p[0] in ("interp", "interp2", "helper"):
        if len(p) > 2 and p[2] in ("pyenv", "rbenv"): return "A. helper: pyenv/rbenv shims (#!/usr/bin/env bash) behind a project dir"
        if len(p) > 2 and p[2] == "cgo": return "A. helper: go's gcc/git (cgo)"
        if p[1] == "tilde": return "A. helper: ~/nb (literal tilde) -> project"
        return "A. helper: interpreter/helper by name from a project dir on PATH"
    if p[0] == "cd": return "B. cd: env -C/--chdir + relative PATH entry"
    if p[0] == "tilde": return "C. tilde: " + {"proj-link": "~/dir linked into the project", "plus": "~+ entries (contrived)", "ctl-abs": "control, absolute entry"}[p[1]]
    if p[0] in ("mise", "rbenv"):
        g = {"outlink": "link outside home", "outshimlink": "link outside home", "outdirlink": "link outside home", "bind-usrlocal": "link outside home",
             "hardlink": "not a symlink", "copy": "not a symlink", "versioned": "not a symlink", "wrap": "not a symlink", "homeself": "link in $HOME itself",
             "tilde-shims": "literal ~ PATH entry", "tilde-link": "literal ~ PATH entry", "tilde-local": "literal ~ PATH entry",
             "wrapx": "wrapper script", "wrapshim": "wrapper script", "ctl-homelink": "control: home link"}[p[1]]
        if p[0] == "rbenv" and p[1] == "wrap": g = "not a symlink"
        return "D. " + p[0] + ": " + g
    if p[0] == "hash": return "E. hash: " + p[1]
    if p[0] == "proclink": return "F. proclink: PATH entry linking to /proc/self/cwd (contrived)"
    return "G. " + p[0]
    p = cls.split(":")
    if p[0] == "mise":
        if p[1].startswith("trust"): return "mise:trust-controls"
        if p[1].startswith("idiom"): return "mise:idiomatic-files"
        return "mise:tools-path"
    return p[0]
rows = {}
for f in ["out.tsv"] + sorted(glob.glob("out_part*.tsv")) + sorted(glob.glob("out_shard*.tsv")) + sorted(glob.glob("out_re*.tsv")):
    if not os.path.exists(f): continue
    for l in open(f):
        c = l.rstrip("\n").split("\t"); rows[c[0]] = c
tot = collections.Counter(); allw = collections.Counter(); strong = collections.Counter(); holes = collections.Counter(); out = []
for cid, c in rows.items():
    cls, setup, line = c[1], c[2], c[3]; decs = c[4:8]; eff = c[8]; k = group(cls); tot[k] += 1
    for h, d in zip(H, decs):
        if d == "allow": allw[(h, k)] += 1
    if not ("PWN" in eff or "LEAK" in eff or "LOSS" in eff): continue
    weak = WEAKLINES.get(line.split(" [cwd")[0], "") or ("only in a reflog (LOSSweak)" if eff.strip() == "LOSSweak" else "")
    for h, d in zip(H, decs):
        if d == "allow":
            holes[(h, k)] += 1
            if not weak: strong[(h, k)] += 1
    if any(d == "allow" for d in decs):
        pr = open(f"cases/{cid}/run.out", errors="replace").read() if os.path.exists(f"cases/{cid}/run.out") else ""
        i = pr.find("PWNED-RAN"); snip = pr[max(0, i):i + 110].replace("\n", "\\n").replace("\t", " ")
        out.append([cid, k + ":" + cls + (" [weak: " + weak + "]" if weak else ""), ",".join(h for h, d in zip(H, decs) if d == "allow"), eff[:60] + " | " + snip, line, setup])
out.sort(key=lambda r: (r[1], int("".join(ch for ch in r[0] if ch.isdigit()) or 0)))
open("holes.tsv", "w").write("id\tclass\thooks\teffect\tline\tsetup\n" + "".join("\t".join(r) + "\n" for r in out))
print("rows", len(rows))
print("| sub-class (rows) | " + " | ".join(H) + " |"); print("|---|" + "---|" * 4)
for k in sorted(tot):
    print(f"| {k} ({tot[k]}) | " + " | ".join(f"{strong[(h,k)]} (+{holes[(h,k)]-strong[(h,k)]})" + (f" [{allw[(h,k)]} allowed]") for h in H) + " |")
print("| total | " + " | ".join(f"{sum(v for (hh,k),v in strong.items() if hh==h)} (+{sum(v for (hh,k),v in holes.items() if hh==h)-sum(v for (hh,k),v in strong.items() if hh==h)})" for h in H) + " |")
print("hole rows", len(out), "weak", sum(1 for r in out if "weak" in r[1]))
