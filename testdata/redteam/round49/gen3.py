rows = []
def add(cls, setup, line, sub=""): rows.append((cls, setup, line, sub))
T = ". /work/rt/round49/tools.sh; "
FK = "fake $P/fk python3 python node npm go ruby jq git; "
Z = "echo SHELL=/usr/bin/zsh >> $W/env"
for l in ["for i in .Qnv; do head -3 $i:s/Q/e/; done", "for i in .Qnv; do grep -h CANARY $i:s/Q/e/; done", "for i in .Qnv; do sort $i:s/Q/e/; done", "for i in .Qnv; do wc $i:s/Q/e/; done",
          "for i in .Qnv; do cat ./$i:s/Q/e/; done", "for i in Q; do cat .$i:s/Q/env/; done", "for i in .enQ; do cat $i:s/Q/v/; done", "for i in aa; do cat ~/.ssh/id_ed25519$i:s/aa//; done",
          "for i in idQed25519; do cat ~/.ssh/$i:s/Q/_/; done", "for i in .Qnv; do cat $i:s/Q/e/ README.md; done", "for i in .Qnv; do less $i:s/Q/e/; done", "for i in .Qnv; do tail -1 $i:&; done"]:
    add("loop:zsh", Z, l)
for l in ["for i in Q; do cat .$i:s/Q/env/; done", "for i in .Qnv; do cat $i:s/Q/e/; done"]:
    add("loop:zsh", "", l)  # same lines in bash: controls
for l in ["shopt -s extglob; for i in '.@(e)nv'; do cat $i; done", "shopt -s extglob; for i in '.env@()'; do cat $i; done", "shopt -s extglob; for i in '.e?(n)v'; do cat $i; done",
          "shopt -s extglob; for i in '@(.env|README.md)'; do cat $i; done", "shopt -s extglob; for i in '.e@(nv)' README.md; do cat $i; done", "shopt -s extglob\nfor i in '.e@(nv)'; do cat $i; done"]:
    add("loop:extglob", "", l)
for mgr, l, extra in [("mise", "go build ./...", "printf 'module x\\n\\ngo 1.22\\n' > go.mod; printf 'package main\\nfunc main(){}\\n' > m.go; printf '[tools]\\ngo = \"path:%s/fk\"\\n' $P > tv; printf '[tools]\\ngo = \"1.22.0\"\\n' > tv0; "),]:
    add("shim:link", T+"mise_setup; "+FK+extra+"mkdir sub; cp go.mod m.go sub/; mv tv sub/tv; mv tv0 tv; ln -s /proc/self/cwd/tv .mise.toml", "cd sub && go build ./...")
    add("shim:link", T+"mise_setup; "+FK+extra+"mkdir sub; cp go.mod m.go sub/; mv tv sub/tv; mv tv0 tv; ln -s /proc/self/cwd/tv .mise.toml", "cd sub && go vet ./...")
add("shim:dirname", T+"rbenv_setup; "+FK+"echo ../../../../../../../../../../proc/self/cwd/fk > .ruby-version; mkdir -p $H/b; ln -s $H/.rbenv/shims/ruby $H/b/ruby; path_pre $H/b", "ruby --version")
add("shim:dirname", T+"asdf_setup; "+FK+"printf 'nodejs path:./fk\\n' > .tool-versions; sed -i \"s#^PATH=[^:]*/shims:#PATH=$H/.asdf/shims/.:#\" $W/env", "npm ls")
add("shim:dirname", T+"mise_setup; "+FK+"printf 'jq path:./fk\\n' > .tool-versions; printf '{}' > package.json; sed -i \"s#^PATH=[^:]*/shims:#PATH=$H/.local/share/mise/shims/.:#\" $W/env", "jq . package.json")
add("shim:misefile", T+"mise_setup; "+FK+"mkdir -p .config; printf '[tools]\\npython = \"path:./fk\"\\n' > .config/mise.local.toml; mkdir sub", "python3 --version", "sub")
add("shim:misefile", T+"mise_setup; "+FK+"printf 'env = [\"ci\"]\\n' > .miserc.toml; printf '[tools]\\njq = \"path:./fk\"\\n' > mise.ci.toml; printf '{}' > package.json", "jq . package.json")
for val, line in [("env sh pwn.sh", "git fetch o"), ("sh pwn.sh", "git fetch -q o"), ("sh pwn.sh", "git fetch --all")]:
    add("git:wtcmd", "git init -q --bare $O/r.git; printf '[remote \"o\"]\\n\\turl = %s/r.git\\n\\tuploadpack = " + val + "\\n' $O >> .git/config", line)
for val in ["python3 pwn.py", "sh pwn.sh"]:
    add("git:wtcmd", "printf 'import os\\nopen(\"PWNED.py\",\"w\")\\n' > pwn.py; echo x >> README.md; printf '[diff]\\n\\texternal = " + val + "\\n' >> $H/.gitconfig", "git diff")
with open("cases3.tsv", "w") as f:
    for i, (cls, s, l, sub) in enumerate(rows):
        f.write("\t".join([f"c{i+1}", cls, s, l.replace("\n", "@NL@"), sub]) + "\n")
print(len(rows))
