import csv, sys, re
out = []
NOISE = re.compile(r"^/home/(\.config/go/telemetry|\.npm/)")
files = [("starter","o_go_starter.tsv"),("tool-permissions","o_tpall_tp.tsv"),("orchestrator","o_npm_orch.tsv"),
         ("tool-permissions","o_more_tp.tsv"),("starter","o_golist_starter.tsv"),("tool-permissions","o_rerun_tp.tsv"),
         ("guard","o_gowork_guard.tsv"),("guard","o_gowork2_guard.tsv"),("guard","o_golist_guard.tsv"),("guard","o_gowork3_guard.tsv"),("starter","o_golink_starter.tsv"),("guard","o_golink_guard.tsv"),("tool-permissions","o_golink_tp.tsv")]
EXCL = {"py-hardlink-conftest"}
KNOWN = {"py-cache-out": "known-open(design 423)"}
stats = {}
def CLS(c):
    if c.startswith(("carried-over","known-open")): return c
    if c in ("make-include-hidden",): return "G-include-link:" + c
    if c.startswith(("gowork-link","gomod-link","gw-worklink")): return "C-linked-gowork:" + c
    if "subcwd" in c: return "B-walk-from-cwd:" + c
    if "hardlink" in c: return "F-hardlink:" + c
    if c == "make-include-link": return "carried-over:" + c
    return "A-walk-skips:" + c
for hook, f in files:
    for row in open(f):
        p = row.rstrip("\n").split("\t")
        if len(p) < 4 or not p[3].startswith("setup:"): continue
        cls, dec, verdict, cand = p[0], p[1], p[2], p[3]
        res = p[4] if len(p) > 4 else ""
        stats.setdefault((hook, f), {}).setdefault(dec, 0)
        stats[(hook, f)][dec] += 1
        if dec != "allow" or cls in EXCL: continue
        w = res.rsplit(" W:", 1)[1].split(",") if " W:" in res else []
        outw = [x for x in w if x.startswith("/") and not x.startswith("/proj") and not NOISE.match(x)]
        v = [x for x in verdict.split(",") if x in ("LEAK","PWN")]
        if outw: v.append("OUTW")
        if not v: continue
        setup, line = cand[6:].split(" ;;; ", 1)
        c = KNOWN.get(cls, cls)
        if cls.startswith("rerun-") or cls in ("npm-nm","npm-nmbin") : c = "carried-over:" + cls
        out.append((hook, CLS(c), ",".join(v), line, setup))
# file-tool payload rows (422), from r422_*.tsv
def add422(f, keep):
    for row in open(f):
        p = row.rstrip("\n").split("\t")
        if p[1] != "allow": continue
        k = keep(p)
        if k: out.append((p[0], k[0], k[1], p[3], p[2]))
def spell(p):
    env, tool = p[2], p[3]
    if "AppData" in tool and "/mnt/c" not in env: return None
    if "‌" in tool: return None
    if "library" in tool and "Library" not in tool: 
        return ("E-422-library-case", "READ(macOS)") if "/Users/x" in env and "PROJ=/Users/x" in env else None
    if "PROJ=/Users/x" in env or "PROJ=/home " in env or "PROJ=/Users " in env or "PROJ=/root" in env: return None
    if "HOME=/var/home/u PROJ=/home/u" in env or "PROJ=/var/home/u" in env or "PROJ=/usr/home/u" in env: return None
    kind = "LIST" if tool.startswith(("Glob","LS")) else "READ"
    return ("D-422-home-spelling", kind)
add422("r422_spell.tsv", spell)
add422("r422_linkhome.tsv", spell)
add422("r422_snap.tsv", lambda p: ("E-422-snap-state", "READ"))
add422("r422_root.tsv", lambda p: ("D-422-root-usrhome", "READ") if "/usr/home" in p[3] else None)
# payload-cwd rows, run by hand (manual.txt)
for l in open("manual.tsv"):
    out.append(tuple(l.rstrip("\n").split("\t")))
with open("holes.tsv","w") as f:
    for r in out: f.write("\t".join(r) + "\n")
from collections import Counter
print(len(out)); print(Counter((r[0], r[1]) for r in out))
for k, v in stats.items(): print(k, v)
