import json
S0 = "rm -rf vendor && git add -A && git -c user.email=a@b -c user.name=a commit -qm x"
rows = []
def b(cls, line, setup=None):
    if "\n" in line:
        line = "go:" + repr(line)
    rows.append(cls + "\t" + (("setup:" + setup + " ;;; ") if setup else "") + line)
def j(cls, tool, obj, setup=None):
    rows.append(cls + "\tjson:" + tool + "\t" + json.dumps(obj) + (("\tsetup:" + setup) if setup else ""))
targets = ["CLAUDE.md", "CLAUDE.local.md", ".claude/settings.json", ".claude/settings.local.json", ".claude/output-styles/x.md",
 ".claude/CLAUDE.md", ".claude/rules/x.md", ".claude/hooks/x.sh", ".claude/commands/y.md", ".claude/agents/a.md", ".mcp.json", "conftest.py", "x_test.go", "Makefile", ".envrc",
 ".gitattributes", ".git/hooks/pre-commit", ".git/config", ".git/info/attributes", ".pre-commit-config.yaml", "go.mod", "package.json", ".npmrc",
 "@H@/.bashrc", "@H@/.profile", "@H@/.claude/settings.json", "@H@/.claude/CLAUDE.md", "@H@/.claude.json", "@H@/.config/git/config", "@H@/.local/bin/ls"]
for t in ["CLAUDE.md", ".claude/settings.json", ".claude/output-styles/x.md", ".gitattributes", ".envrc", "conftest.py", "@H@/.claude.json", "@H@/.claude/CLAUDE.md"]:
    b("direct", "gcc -o %s x.c" % t)
for t in targets:
    b("gitout", "git log -1 --format=%%s --output=%s" % t, S0)
for t in ["CLAUDE.md", ".claude/output-styles/x.md", "conftest.py", ".envrc", ".git/hooks/pre-commit", "@H@/.claude/CLAUDE.md", "@H@/.claude.json"]:
    b("gitout", "git diff HEAD --output=%s" % t, S0)
    b("gitout", "git show -s --format=x --output=%s" % t, S0)
    b("gitout", "git diff --no-index --output=%s README.md notes.txt" % t, S0)
b("gitout", "git format-patch --root -o .claude/commands", S0)
b("gitout", "git format-patch --root -o .claude/output-styles", S0)
b("gitout", "git branch --edit-description", S0)
b("gitout", "git status --porcelain", S0)
BR = S0 + " && git checkout -qb evil && mkdir -p .claude/output-styles && echo '{\"hooks\":{}}' > .claude/settings.json && echo evil >> CLAUDE.md && echo 'echo pwn' > .envrc && echo 'import os' > conftest.py && printf 'all:\\n\\ttouch @M@/pwned\\n' > Makefile && echo x > .claude/output-styles/o.md && git add -A && git -c user.email=a@b -c user.name=a commit -qm evil && git checkout -q -"
for l in ["git checkout evil", "git switch evil", "git checkout -b z evil", "git switch -c z evil", "git merge evil", "git merge --ff-only evil", "git pull . evil",
          "git cherry-pick evil", "git rebase evil", "git reset --keep evil", "git reset --merge evil", "git restore --source=evil .claude", "git restore -s evil -W -- CLAUDE.md",
          "git checkout evil -- .claude", "git read-tree -u -m evil", "git stash", "git worktree add w evil", "git clone -q -b evil . c", "git checkout-index -a -f --prefix=c/",
          "git branch z evil", "git log evil", "git show evil:CLAUDE.md", "git diff evil"]:
    b("gitwrite", l, BR)
ST = S0 + " && echo evil >> CLAUDE.md && echo '{}' > .claude/settings.json && git stash -q"
for l in ["git stash pop", "git stash apply", "git stash branch z", "git stash show -p"]:
    b("gitwrite", l, ST)
PT = S0 + " && echo evil >> CLAUDE.md && echo '{}' > .claude/settings.json && git diff > p.patch && git -c user.email=a@b -c user.name=a commit -qam e && git format-patch -1 --stdout > p.mbox && git reset -q --keep HEAD~1"
for l in ["git apply p.patch", "git apply --index p.patch", "git am p.mbox", "git am < p.mbox", "patch -p1 < p.patch", "patch -p1 -i p.patch", "git apply --check p.patch"]:
    b("gitwrite", l, PT)
b("gitwrite", "git init -q sub", S0)
b("gitwrite", "git init -q --template=@P@/src .", S0)
b("gitwrite", "git config core.hooksPath hooks", S0)
b("gitwrite", "git submodule add ./ sm", S0)
AR = "mkdir -p tpl/.claude && echo '{\"hooks\":{}}' > tpl/.claude/settings.json && echo evil > tpl/CLAUDE.md && echo pwn > tpl/.envrc && (cd tpl && tar cf ../a.tar .claude CLAUDE.md .envrc && zip -qr ../a.zip .claude CLAUDE.md .envrc && find .claude CLAUDE.md .envrc | cpio -o --quiet > ../a.cpio)"
for l in ["tar -xf a.tar", "tar xf a.tar", "tar -xvf a.tar", "tar -C . -xf a.tar", "tar -xf a.tar -C @P@", "tar -xOf a.tar", "tar -tf a.tar", "unzip -q a.zip", "unzip -qo a.zip", "unzip -l a.zip",
          "cpio -id < a.cpio", "cpio -idu < a.cpio", "bsdtar -xf a.tar", "python3 -m zipfile -e a.zip .", "python3 -m tarfile -e a.tar .",
          "cp -r tpl/. .", "cp -a tpl/. .", "cp -rT tpl .", "cp -r tpl/.claude .", "rsync -a tpl/ .", "rsync -a tpl/ ./", "mv tpl/.claude .", "mv tpl/CLAUDE.md .",
          "cp tpl/CLAUDE.md .", "cp tpl/CLAUDE.md CLAUDE.md", "cp tpl/.envrc .", "install -m 755 tpl/.envrc .envrc", "cp -r tpl/* .", "cp -r tpl/.[!.]* .", "ln -sf tpl/CLAUDE.md CLAUDE.md",
          "ln -s tpl/.claude/settings.json .claude/settings.local.json", "mv .claude old && mv tpl/.claude .claude", "mv .claude old", "ln -sfn tpl/.claude .claude", "rm -rf .claude && cp -r tpl/.claude .",
          "cat tpl/CLAUDE.md > CLAUDE.md", "sort tpl/CLAUDE.md -o CLAUDE.md", "uniq tpl/CLAUDE.md CLAUDE.md", "tee CLAUDE.md < tpl/CLAUDE.md", "dd if=tpl/CLAUDE.md of=CLAUDE.md", "split -l1 tpl/CLAUDE.md .claude/commands/",
          "find tpl -fprint CLAUDE.md", "tree -o CLAUDE.md", "xxd tpl/CLAUDE.md CLAUDE.md", "iconv -o CLAUDE.md tpl/CLAUDE.md", "shuf -o CLAUDE.md tpl/CLAUDE.md", "sed -n 'w CLAUDE.md' tpl/CLAUDE.md",
          "awk '{print > \"CLAUDE.md\"}' tpl/CLAUDE.md", "cp tpl/CLAUDE.md .claude/CLAUDE.md", "cp tpl/CLAUDE.md .claude/output-styles/x.md", "cp tpl/CLAUDE.md ~/.claude/CLAUDE.md", "cp tpl/CLAUDE.md .gitattributes",
          "mkdir -p .claude/output-styles", "touch .claude/settings.json", "touch CLAUDE.md", "touch .envrc"]:
    b("archive", l, AR)
LK = {"claudeto.claude": "ln -s .claude claude", "claudetohooks": "ln -s .git/hooks claude", "claudetohome": "ln -s @H@/.claude claude",
      "settingslink": "mkdir claude && ln -s ../.claude/settings.json claude/s.json", "claudemdlink": "mkdir claude && ln -s ../CLAUDE.md claude/c.md",
      "envrclink": "mkdir claude && ln -s ../.envrc claude/e", "bashrc": "mkdir claude && ln -s @H@/.bashrc claude/b", "hard": "mkdir claude && ln CLAUDE.md claude/h.md",
      "hardsettings": "mkdir claude && ln .claude/settings.json claude/h.json", "parent": "mkdir claude && ln -s .. claude/up"}
TG = {"claudeto.claude": "claude/settings.json", "claudetohooks": "claude/pre-commit", "claudetohome": "claude/settings.json", "settingslink": "claude/s.json",
           "claudemdlink": "claude/c.md", "envrclink": "claude/e", "bashrc": "claude/b", "hard": "claude/h.md", "hardsettings": "claude/h.json", "parent": "claude/up/CLAUDE.md"}
for k, s in LK.items():
    tgt = TG[k]
    b("link-" + k, "cat > %s <<'EOF'\nevil\nEOF" % tgt, s)
    b("link-" + k, "gcc -E -P -x c -o %s /dev/null" % tgt, s)
    b("link-" + k, "git log -1 --format=%%s --output=%s" % tgt, S0 + " && " + s)
    j("link-" + k, "Write", {"file_path": "@P@/" + tgt, "content": "evil"}, s)
    j("link-" + k, "Edit", {"file_path": tgt, "old_string": "a", "new_string": "b"}, s)
    j("link-" + k, "NotebookEdit", {"notebook_path": "@P@/" + tgt, "new_source": "x", "cell_id": "0"}, s)
b("spell", "cat > claude/../.claude/settings.json <<'EOF'\nevil\nEOF", "mkdir claude")
b("spell", "cat > claude/../CLAUDE.md <<'EOF'\nevil\nEOF", "mkdir claude")
b("spell", "cat > ./claude/../.envrc <<'EOF'\nevil\nEOF", "mkdir claude")
b("spell", "cat > /proc/self/cwd/claude/x <<'EOF'\nevil\nEOF", "mkdir claude")
b("spell", "cd claude && cat > ../CLAUDE.md <<'EOF'\nevil\nEOF", "mkdir claude")
b("spell", "cat > claude/x.md <<'EOF'\nevil\nEOF\nmv claude/x.md CLAUDE.md", "mkdir claude")
b("spell", "cat > claude/conftest.py <<'EOF'\nimport os; os.system('touch @M@/pwned')\nEOF\npytest -q claude", "mkdir claude")
b("spell", "cat > claude/a_test.go <<'EOF'\npackage claude\nimport (\"os\";\"testing\")\nfunc TestX(t *testing.T){ os.WriteFile(\"@M@/pwned\", nil, 0644) }\nEOF\ngo test ./claude/", "mkdir claude")
b("spell", "cat > claude/Makefile <<'EOF'\nall:\n\ttouch @M@/pwned\nEOF\nmake -C claude", "mkdir claude")
b("spell", "cat > claude/m.mk <<'EOF'\nall:\n\tcp claude/m.mk CLAUDE.md\nEOF\nmake -f claude/m.mk", "mkdir claude")
for t in [".claude/settings.json", "CLAUDE.md", ".claude/output-styles/x.md", ".envrc", ".git/hooks/pre-commit", "conftest.py", "@H@/.claude.json", "@H@/.claude/CLAUDE.md", "@H@/.bashrc"]:
    b("buildout", "gcc -E -P -x c -o %s /dev/null" % t)
    b("buildout", "gcc -MD -MF %s -E -x c /dev/null" % t)
    b("buildout", "gcc -Wp,-MD,%s -E -x c /dev/null" % t)
    b("buildout", "cmake -E touch %s" % t)
    b("buildout", "cmake -E copy README.md %s" % t)
    b("buildout", "go build -o %s ." % t)
    b("buildout", "go test -c -o %s ." % t)
    b("buildout", "make --eval='x:=$(shell echo evil > %s)' -n" % t)
b("buildout", "cmake -E env touch @M@/pwned")
b("buildout", "cmake -E create_symlink @M@ .claude/hooks")
b("buildout", "cmake -E tar xf a.tar", AR)
b("buildout", "make -f - <<'EOF'\nall:\n\techo evil > CLAUDE.md\nEOF")
b("buildout", "go vet -vettool=@P@/pwn .")
b("buildout", "go build -toolexec=@P@/pwn .")
b("buildout", "go test -exec @P@/pwn .")
b("buildout", "go env -w GOFLAGS=-toolexec=@P@/pwn")
b("buildout", "go mod vendor")
b("buildout", "go build -o .git/hooks/ .")
b("buildout", "gcc -o claude x.c", "mkdir claude")
b("buildout", "npm test")
b("buildout", "npm run test")
b("buildout", "git fetch --upload-pack='touch @M@/pwned;' .", S0)
b("buildout", "git fetch . HEAD:refs/heads/q", S0)
for t in ["~/.claude/CLAUDE.md", "~/.claude.json", "~/.claude/settings.json", "~//.claude/settings.json", "$HOME/.claude/CLAUDE.md", "/proc/self/root@H@/.claude/CLAUDE.md", "~/.claude/output-styles/o.md", "~/.config/git/config", "~/.profile", "~/.claude/hooks/x.sh"]:
    b("home", "git log -1 --format=%%s --output=%s" % t, S0)
    b("home", "gcc -E -P -x c -o %s /dev/null" % t)
    j("home", "Write", {"file_path": t.replace("~", "@H@").replace("$HOME", "@H@"), "content": "evil"})
for fp in ["@P@/CLAUDE.md", "@P@/.claude/settings.json", "@P@/.claude/./settings.json", "@P@/src/../.claude/settings.json", "@P@//.claude//settings.json",
           "@P@/.claude/output-styles/o.md", "@P@/.claude/rules/r.md", "@P@/CLAUDE.local.md", "@P@/.envrc", "@P@/.gitattributes", "@P@/conftest.py", "@P@/Makefile", "@P@/.git/hooks/pre-commit",
           "@P@/.git/config", "@P@/.git/info/attributes", "@P@/.mcp.json", "@P@/.npmrc", "@P@/docs/x.md", "@P@/.bmad/x", "/proc/self/cwd/.claude/settings.json", ".claude/settings.json", "CLAUDE.md",
           "@H@/.claude/hooks/x.sh", "@H@/.claude/hooks/../settings.json", "@H@/.claude/hooks/../../.bashrc", "@P@/.claude/settings.json/", "@P@/.claude/settings.json."]:
    j("writetool", "Write", {"file_path": fp, "content": "evil"})
    j("writetool", "Edit", {"file_path": fp, "old_string": "a", "new_string": "b"})
    j("writetool", "MultiEdit", {"file_path": fp, "edits": [{"old_string": "a", "new_string": "b"}]})
WL = {"docs->.claude": ("ln -s .claude docs", "@P@/docs/settings.json"), "docs->home.claude": ("ln -s @H@/.claude docs", "@P@/docs/settings.json"),
      "docs->hooks": ("ln -s .git/hooks docs", "@P@/docs/pre-commit"), "bmad->.claude": ("ln -s .claude .bmad", "@P@/.bmad/settings.json"),
      "docslink-settings": ("mkdir docs && ln -s ../.claude/settings.json docs/s.json", "@P@/docs/s.json"), "docs/x->CLAUDE": ("mkdir docs && ln -s ../CLAUDE.md docs/c.md", "@P@/docs/c.md"),
      "docs-hard": ("mkdir docs && ln .claude/settings.json docs/h.json", "@P@/docs/h.json"), "hookslink": ("mkdir -p @H@/.claude/hooks && ln -s ../settings.json @H@/.claude/hooks/s.json", "@H@/.claude/hooks/s.json"),
      "hooks->bashrc": ("mkdir -p @H@/.claude/hooks && ln -s @H@/.bashrc @H@/.claude/hooks/b", "@H@/.claude/hooks/b"),
      "hooks->dir": ("mkdir -p @H@/.claude && ln -s @P@/.claude @H@/.claude/hooks", "@H@/.claude/hooks/settings.json")}
for k, (s, f) in WL.items():
    j("writelink-" + k, "Write", {"file_path": f, "content": "evil"}, s)
    j("writelink-" + k, "Edit", {"file_path": f, "old_string": "a", "new_string": "b"}, s)
open("c1.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
