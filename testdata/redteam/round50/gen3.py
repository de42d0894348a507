#!/usr/bin/env python3
# gen3.py: cases3.tsv: helpers an allowed program runs by name (xargs's echo, file -z's decompressors, go vet's gcc),
#          and rows left out of cases.tsv for time (mise's other lines, BASH_CMDS with rg/find)
import re
rows = []; n = {}
T = ". /work/rt/round50/tools.sh; proj_files; "
BP = "/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin"
def row(cls, setup, line, sub="", prefix="y"):
    k = prefix + cls.split(":")[0]; n[k] = n.get(k, 0) + 1
    rows.append("\t".join([f"{k}{n[k]}", cls, (T if not setup.startswith(T) else "") + setup, line] + ([sub] if sub else [])))
HELP = "echo zstd lzip lz4 gzip xz bzip2 grep node git gcc cc"
ZST = "printf '\\x28\\xb5\\x2f\\xfd\\x00\\x00\\x00\\x00' > notes.zst; printf 'LZIP\\x01\\x0c\\x00\\x00\\x00\\x00' > notes.lz; "
for en, ent, d, mk in (("rel-nm", "./node_modules/.bin", "node_modules/.bin", ""), ("abs-venv", "$P/.venv/bin", "$P/.venv/bin", ""),
                       ("homelink", "$H/nb", "node_modules/.bin", "ln -s $P/node_modules/.bin $H/nb; "), ("tilde", "~/nb", "node_modules/.bin", "ln -s $P/node_modules/.bin $H/nb; ")):
    for l in ("xargs < README.md", "echo a | xargs", "xargs -a README.md", "xargs -0 < README.md", "file -z notes.zst", "file -z notes.lz",
              "file -zL notes.zst", "npm ls", "egrep hello notes.txt", "cat README.md", "git status"):
        row("helper:" + en, f'{ZST}plant {d} {HELP}; {mk}setpath "{ent}:{BP}"', l)
# rows cut from cases.tsv for time
for l in open("cases.tsv"):
    c = l.rstrip("\n").split("\t"); cls, line = c[1], c[3]
    if cls.startswith("mise:") and cls.split(":")[1] in ("outlink", "copy", "hardlink", "tilde-shims", "bind-usrlocal", "versioned") and line in ("python3 -V", "go list ./...", "node --version", "go version"):
        rows.append("\t".join(["y" + c[0]] + c[1:]))
    if cls == "hash:bash" and (line.endswith("rg hello") or line.endswith("find . -name x")) and ("[rg]=$PWD" in line or "[find]=$PWD" in line or "[rg]=./" in line):
        rows.append("\t".join(["y" + c[0]] + c[1:]))
    if cls.startswith("rbenv:") and line == "ruby -v" and "ctl" not in cls:
        rows.append("\t".join(["y" + c[0]] + c[1:]))
open("cases3.tsv", "w").write("".join(r + "\n" for r in rows))
import collections; print(len(rows), collections.Counter(r.split("\t")[1].split(":")[0] for r in rows))
