import collections
rows = [l.rstrip("\n").split("\t") for l in open("holes.tsv")]
hdr, rows = rows[0], rows[1:]
def cause(r):
    h, cls, dec, ver, cand, note = r[:6]
    line = cand.split(" ;;; ")[-1]; setup = cand.split(" ;;; ")[0] if " ;;; " in cand else ""
    if note.startswith("benign"): return "B benign toolchain state"
    if note.startswith("harness"): return "X harness artefact"
    if cls.startswith(("implicit-out", "dangling-out")) or ("ln -s" in setup and line in ("gcc x.c", "go build .", "ld x.o", "make x")):
        return "RC1 implicit output (a.out, go build's binary, make's target) written through a planted link"
    if cls in ("direct-xc", "twostep-2") and (line.startswith("gcc -S -o") or line.startswith("gcc -o") or line.startswith("ld ")):
        return "RC2 explicit output to a control file the runs-code-later list does not name"
    if cls == "twostep-1": return "RC3 'cat into claude/' writes controls below claude/"
    if h == "orchestrator" and cls in ("nested-docs", "nested-.bmad"): return "RC4 effects: code of the approved-paths rule covers ./docs and ./.bmad"
    if line.startswith("cmake -S . -B .claude"): return "RC7 cmake -B DIR writes its build tree into .claude unseen"
    if h == "orchestrator" and ("/.claude/hooks" in cand.replace("//", "/")): return "D by design: ~/.claude/hooks/** approved (seed whitelist, effects code declared)"
    if line.startswith("git branch") or line.startswith("git fetch --set-upstream"): return "RC5 git branch -t/-u, git fetch --set-upstream write .git/config"
    return "RC6 allowed runner runs planted project code (policy design)"
out = open("holes.tsv", "w")
out.write("\t".join(hdr[:6] + ["cause"] + hdr[6:]) + "\n")
cnt = collections.Counter()
for r in rows:
    c = cause(r); cnt[(c, r[0])] += 1
    out.write("\t".join(r[:6] + [c] + r[6:]) + "\n")
for (c, h), n in sorted(cnt.items()): print(n, h, c)
