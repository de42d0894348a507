#!/usr/bin/env python3
# follow-ups: blame settings with the tracked links untracked; git -C's lexical cleaning; cd's intermediate components; CDPATH common values
rows = []
def add(cls, line, setup=None, env=None):
    s = ""
    if env: s += "ctx:" + ";".join("setenv=" + e for e in env) + " ;;; "
    if setup: s += f"setup:{setup} ;;; "
    rows.append((cls, s + line))
UNTRACK = "git rm -q -r --cached vendor && echo vendor/ >> .gitignore && git add .gitignore && git -c user.email=a@b -c user.name=a commit -qm u && "
bl = {
 "blame-vendor": "git config blame.ignoreRevsFile vendor/notes.txt",
 "blame-dirlink": "git config blame.ignoreRevsFile vendor/keys/id_rsa",
 "blame-abs-link": "git config blame.ignoreRevsFile @P@/vendor/settings.ini",
 "blame-cont": "printf '[blame]\\n\\tignoreRevsFile = vendor/note\\\\\\ns.txt\\n' >> .git/config",
 "blame-case": "printf '[BLAME]\\n\\tIGNOREREVSFILE = vendor/notes.txt\\n' >> .git/config",
 "blame-quote": "printf '[blame]\\n\\tignoreRevsFile = \"vendor/\"notes.txt ; c\\n' >> .git/config",
 "blame-multi": "printf '[blame]\\n\\tignoreRevsFile = README.md\\n\\tignoreRevsFile = vendor/notes.txt\\n' >> .git/config",
 "blame-include-home": "printf '[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n' > @H@/c1; printf '[include]\\n\\tpath = c1\\n' >> @H@/.gitconfig",
 "blame-xdg": "mkdir -p @H@/.config/git; printf '[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n' > @H@/.config/git/config",
 "blame-nospace": "printf '[blame]ignoreRevsFile=vendor/notes.txt\\n' >> .git/config",
 "blame-tilde": "ln -s @H@/.ssh/id_rsa @H@/revs && git config blame.ignoreRevsFile '~/revs'",
 "blame-tab-sub": "printf '[blame \"\"]\\n\\tignoreRevsFile = vendor/notes.txt\\n' >> .git/config",
 "blame-dotkey": "printf '[blame]\\n\\tignorerevsfile=vendor/notes.txt\\n' >> .git/config",
 "blame-home-link": "rm @H@/.gitconfig; printf '[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n' > gc; ln -s @P@/gc @H@/.gitconfig",
 "blame-wt-file": "printf '[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n' > .gitconfig && git config include.path ../.gitconfig",
 "blame-none": "true",
}
for n, s in bl.items():
    for l in ["git blame README.md", "git blame -s README.md", "git -C src blame a.txt", "cd src && git blame a.txt"]:
        add("gitdir2-" + n, l, UNTRACK + s)
# git -C / --git-dir / --work-tree with link/.. spellings reaching a nested repository
NREP = "mkdir -p d/e d/r && git -C d/r init -q && git -C d/r config core.fsmonitor @P@/pwn && echo x > d/r/f && git -C d/r add f && git -C d/r -c user.email=a@b -c user.name=a commit -qm a && touch d/r/f && ln -s d/e l"
for l in ["git -C l/../r status", "git -C l/../r log -1", "git -C l/../r diff --stat", "git -C l/.. -C r status", "git -C l -C ../r status", "git -C l/../r describe --dirty --always",
          "git --git-dir=l/../r/.git --work-tree=l/../r status", "git --git-dir=l/../r/.git status", "git -C ./l/../r status", "git -C l//../r status", "env -C l/../r git status", "git -C l/../r/ status"]:
    add("gitC-lexical", l, NREP)
# cd: an intermediate component that does not exist makes bash go the physical way
for pre in ["cd vendor/keys/../.config/..", "cd vendor/keys/../nope/..", "cd vendor/keys/../x/../.config", "cd vendor/keys/../.ssh/..", "cd vendor/keys/../../vendor/keys/../nope/..", "cd ./vendor/keys/../zz/.."]:
    for r in ["grep -r CANARY .", "grep -rn oauth .", "head -n3 .*/*", "cat .config/*/*", "cat */*"]:
        add("cd-intermediate", f"{pre} && {r}")
        add("cd-intermediate", f"pushd {pre[3:]} >/dev/null && {r}")
# CDPATH with the current directory first (a common value), to a directory the project lacks
for cp in [".:@H@", ".:@H@:@H@/code", ":@H@"]:
    for l in ["cd .config && grep -r oauth .", "cd .config && cat */*", "cd .config/gh && cat *", "cd .config && grep -rn . .", "pushd .config >/dev/null && cat */*"]:
        add("env-cdpath-common", l, env=["CDPATH=" + cp])
with open("cands_c1b.tsv", "w") as f:
    for c, l in rows: f.write(f"{c}\t{l}\n")
print(len(rows))
