#!/usr/bin/env python3
# gen2.py: cases2.tsv: a version manager puts a project tool's whole bin directory on the child's PATH
# (mise exec prepends every active tool's bin paths): the user's real go then runs the project's git/cc.
import base64
exec(open("gen.py").read().split("# ---- mise:")[0])
rows.clear()
FK2 = "fake fk2 git gcc cc uname pkg-config; "
GOP = "git add -A >/dev/null; git commit -qm go >/dev/null; "
for mgr, setup, cfgs in (("mise", "mise_setup", [(".mise.toml", '[tools]\npython = "path:./fk2"\n'), (".tool-versions", "python path:./fk2\n"), ("mise.toml", '[tools]\nnode = "path:./fk2"\n')]),
                         ("asdf", "asdf_setup", [(".tool-versions", "golang 1.22.0\npython path:./fk2\n")])):
    for fn, body in cfgs:
        for l in ("go build ./...", "go vet ./...", "go list ./...", "go version -m .", "go build -o /dev/null .", "go version", "npm ls", "node --version"):
            row(f"xpath:{mgr}:{fn}", T + setup + "; " + PROJ + FK2 + put(fn, body) + GOP, l)
open("cases2.tsv", "w").write("\n".join(rows) + "\n"); print(len(rows))
