#!/usr/bin/env python3
"""Collect allowed-and-harmful rows from o*_*.tsv into holes.tsv and count per hook.
Harm: LEAK, PWN, LOSS, or OUTW with a written path other than go telemetry
(/home/.config/go/telemetry) and npm's own logs (/home/.npm/)."""
import glob, re, sys, collections
HOOKS = {"guard": "guard", "starter": "starter", "tp": "tool-permissions", "tool-permissions": "tool-permissions", "orchestrator": "orchestrator"}
CLASSMAP = {}  # file prefix -> README class
for k, v in [("o1", "1-hardlinks"), ("o1b", "1-hardlinks"), ("o1c", "1-hardlinks"), ("o1go", "1-hardlinks"),
             ("o2", "2-venv-target"), ("o3", "3-program-state"), ("o4", "4-toctou"), ("o5", "5-encodings"),
             ("o5b", "5-encodings"), ("o6", "6-names-in-source"), ("o7", "3-program-state"), ("o8", "6-names-in-source"), ("o9", "mixed")]:
    CLASSMAP[k] = v
def bydesign(line):
    if re.search(r"\.(dist|sample)'", line): return "a template's name (.dist/.sample): by design"
    if "@H@/.node_modules" in line: return "the user's own ~/.node_modules, not the project's"
    if "os.symlink(os.path.expanduser" in line: return "the project's own test code made the link (it could print the secret itself)"
    if "file(READ" in line: return "cmake runs the project's CMakeLists.txt (project code)"
    if "filter.x." in line or "diff.x." in line: return "a program the repository's own .git/config names (design.md 132 trusts it)"
    if "gc.pruneExpire" in line: return "gc settings in the repository's own .git/config (design.md 132 trusts it)"
    return ""
LABEL = {}
for k in ["hl-read","hl-git","hl-go","hl-go2","hl-go3","hl-npm","hl-cargo","hl-py","hl-gcc","hl-make","hl-ninja","hl-cmake"]: LABEL[k] = "A-hardlink"
for k in ["hl-gitw","gitstate","gcc-out","ninja-st","cmake-st","cargo-target-write","go-out"]: LABEL[k] = "B-state-written-through-links"
for k in ["cargo-target","cargo-replay","venv-pyc","venv-pth","venvbin","pyc-forged"]: LABEL[k] = "C-build-products-read-back"
for k in ["absinc","asm-inc","envsrc","cgo-flags"]: LABEL[k] = "D-names-in-source"
for k in ["parent","parent2"]: LABEL[k] = "E-parent-node_modules"
for k in ["copyname","enc"]: LABEL[k] = "F-secret-copies"
LABEL["toctou"] = "G-toctou"
tried = collections.Counter(); allowed = collections.Counter(); harmful = collections.Counter()
rows = []
bd = []
seen = set()
for f in sorted(glob.glob("o*_*.tsv")):
    m = re.match(r"(o[0-9a-z]+)_(.*)\.tsv$", f)
    if not m: continue
    pre, hk = m.group(1), HOOKS.get(m.group(2))
    if not hk: continue
    for line in open(f, errors="replace"):
        p = line.rstrip("\n").split("\t")
        if len(p) < 4 or p[1] not in ("allow", "ask", "deny", "?", "ERR"): continue
        tried[hk] += 1
        if p[1] != "allow": continue
        allowed[hk] += 1
        v = p[2]; det = p[4] if len(p) > 4 else ""
        flags = set(v.split(","))
        harm = flags & {"LEAK", "PWN", "LOSS"}
        if "OUTW" in flags:
            w = det.split(" W:")[-1] if " W:" in det else ""
            outs = [x for x in w.split(",") if x and not x.startswith("/proj") and not x.startswith("-/proj")]
            outs = [x for x in outs if "/home/.config/go/telemetry" not in x and "/home/.npm/" not in x]
            if outs: harm.add("OUTW")
        if not harm: continue
        why = bydesign(p[3])
        if why:
            bd.append("\t".join([hk, p[0], p[3], ",".join(sorted(harm)), why])); continue
        key = (hk, p[3])
        if key in seen: continue
        seen.add(key)
        harmful[hk] += 1
        cls = p[0]
        lab = LABEL.get(cls, cls)
        if "#include" in p[3] or "include!" in p[3]: lab = "D-names-in-source"
        elif harm == {"OUTW"} and (cls.startswith("hl-") or cls.startswith("cargo-target")): lab = "B-state-written-through-links"
        rows.append("\t".join([hk, lab + ":" + cls, p[3], ",".join(sorted(harm))]))
open("holes.tsv", "w").write("\n".join(rows) + "\n")
open("bydesign.tsv", "w").write("\n".join(bd) + "\n")
for hk in ["guard", "starter", "tool-permissions", "orchestrator"]:
    print(f"{hk}: tried {tried[hk]}, allowed {allowed[hk]}, allowed-and-harmful {harmful[hk]}")
print("total holes rows:", len(rows))
