#!/usr/bin/env python3
"""gen.py: writes cases.tsv (id, class, setup, line)."""
rows = []
def add(cls, line, setup=""):
    rows.append((cls, setup, line))
# ---- wt: uncommitted work in the worktree/index
wt = [
 "git checkout -- .", "git checkout .", "git checkout HEAD -- README.md", "git checkout -f", "git checkout -f main", "git checkout --force HEAD",
 "git checkout -p -- README.md", "git checkout --ours README.md", "git checkout main -- .", "git checkout -- src/lib.c",
 "git restore .", "git restore README.md", "git restore -SW .", "git restore --staged --worktree .", "git restore -s HEAD~1 README.md",
 "git restore --source=HEAD :/", "git restore -- ':(glob)**'", "git restore --staged src/lib.c",
 "git switch -f main", "git switch --discard-changes main", "git switch --disc main", "git switch -C main HEAD",
 "git reset --hard", "git reset --har", "git reset --keep HEAD~1", "git reset --merge", "git reset HEAD src/lib.c", "git reset", "git reset -- src/lib.c", "git reset --mixed HEAD",
 "git read-tree -u --reset HEAD", "git read-tree -m -u HEAD", "git read-tree HEAD", "git checkout-index -f -a", "git checkout-index -fa", "git checkout-index -f README.md",
 "git stash", "git stash -u", "git stash push -a", "git stash drop", "git stash clear", "git stash pop", "git stash apply && git stash drop",
 "git rm -f README.md", "git rm --cached src/lib.c", "git rm -r --cached .", "git rm -rf --cached .", "git mv -f draft.txt README.md", "git mv -f app.py README.md",
 "git sparse-checkout set src", "git sparse-checkout init --cone", "git submodule deinit -f sub", "git submodule deinit --all -f", "git submodule update --force sub", "git submodule update --init --checkout -f",
 "git clean -f", "git clean -fd", "git clean -fdx", "git clean -fX", "git clean -ffdx", "git clean --force", "git clean -xdf", "git clean -n", "git -c clean.requireForce=false clean -d",
 "git add -A", "git add src/lib.c", "git add -u", "git commit -am wip", "git merge --abort", "git cherry-pick --abort", "git rebase --abort", "git am --abort",
 "git apply -R <(git diff)", "git diff | git apply -R", "git diff --cached | git apply -R --cached", "git stash show -p | git apply -R",
 "git -C . checkout -- .", "git -C ../proj restore .", "git --git-dir=.git --work-tree=. checkout -- .", "GIT_WORK_TREE=. git checkout -- .",
 "env git checkout -- .", "command git checkout -- .", "builtin command git restore .", "xargs git checkout -- <<< .", "echo . | xargs git checkout --", "timeout 5 git restore .", "nice git restore .", "(git restore .)", "f(){ git restore .; }; f",
 "x=restore; git $x .", "git re\\store .", "g=git; $g restore .", "git 'restore' '.'", "git -c core.autocrlf=false restore .", "git --no-pager checkout -- README.md",
 "git checkout ':/'", "git checkout -- ':(top)'", "git checkout -- '*.md'", "git checkout -- README.*", "git restore -- '*'",
 "git worktree remove --force ../wt2", "git worktree remove -f ../wt2", "git worktree remove ../wt2", "git -C ../wt2 checkout -- .", "git -C ../wt2 restore README.md", "cd ../wt2 && git checkout -- .",
 "git worktree prune", "rm -rf ../wt2 && git worktree prune",
]
for l in wt: add("gitwt", l)
# ---- refs: local history
refs = [
 "git branch -D wip2", "git branch -d wip2", "git branch -d done", "git branch --delete done", "git branch --del done", "git branch -d -f wip2", "git branch -df wip2", "git branch --delete --force wip2",
 "git branch -dr origin/gone", "git branch -rd origin/gone", "git branch -r -d origin/gone", "git branch --remotes --delete origin/gone", "git branch -d -r origin/gone", "git branch -dr origin/keep",
 "git branch -d done wip", "git branch -d wip2 done", "git branch -d done; git branch", "git branch -m done x", "git branch -m wip2 wip", "git branch -M wip2 wip", "git branch -m -f wip2 wip", "git branch -f wip2 main", "git branch -f wip2",
 "git branch --force wip2 main", "git branch --forc wip2 main", "git branch -c -f main wip2", "git branch -C main wip2", "git branch --copy --force main wip2", "git branch -m main wip2", "git branch -Mf done wip2",
 "git branch --track wip2 origin/keep", "git branch -t -f wip2 origin/keep", "git branch -u origin/keep wip2", "git branch --unset-upstream", "git branch --edit-description",
 "git update-ref -d refs/heads/wip2", "git update-ref refs/heads/wip2 HEAD", "git update-ref -d refs/remotes/origin/gone", "git update-ref --stdin <<< 'delete refs/heads/wip2'", "git update-ref -d refs/stash",
 "git tag -d rel1", "git tag -f rel1 HEAD", "git tag --delete rel1", "git tag -d v1",
 "git notes remove HEAD", "git notes prune", "git notes add -f -m x HEAD", "git notes edit -m x HEAD", "git update-ref -d refs/notes/commits",
 "git reflog expire --expire=now --all", "git reflog expire --expire-unreachable=now --all", "git reflog delete HEAD@{1}", "git reflog delete refs/heads/done@{1}", "git reflog expire --expire=now refs/heads/done",
 "git gc --prune=now", "git gc", "git gc --aggressive", "git prune", "git prune --expire=now", "git repack -a -d", "git repack -adk", "git maintenance run --task=gc", "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now gc --prune=now",
 "git symbolic-ref HEAD refs/heads/wip2", "git symbolic-ref -d HEAD", "git replace -f HEAD HEAD~1", "git filter-branch -f --tree-filter 'rm -f README.md' HEAD", "git rebase -i HEAD~2", "git rebase --onto HEAD~2 HEAD~1 main",
 "git commit --amend -m x", "git commit --amend --no-edit --allow-empty", "git stash drop stash@{1}", "git stash drop -q", "git stash clear; git stash list",
 "git switch -C wip2", "git checkout -B wip2", "git checkout -B wip2 HEAD", "git switch --force-create wip2 main", "git worktree add -f -B wip2 ../wt3",
 "git remote rm origin", "git remote remove origin", "git remote prune origin", "git remote update --prune", "git remote set-head origin -d",
 "git pack-refs --all --prune", "git fsck --lost-found", "git fast-import --force < /dev/null",
]
for l in refs: add("gitrefs", l)
# ---- fetch/pull into local refs
fetch = [
 "git fetch", "git fetch -p", "git fetch --prune", "git fetch --all --prune", "git fetch origin --prune", "git fetch -p origin", "git fetch --prune origin refs/heads/*:refs/remotes/origin/*",
 "git fetch -P", "git fetch --prune-tags -p", "git fetch --prune --prune-tags origin", "git fetch -pP origin",
 "git fetch origin +keep:wip2", "git fetch -f origin keep:wip2", "git fetch origin keep:wip2", "git fetch . feature:wip2", "git fetch -f . feature:wip2", "git fetch . +feature:wip2", "git fetch . +feature:done",
 "git fetch . :wip2", "git fetch origin :refs/heads/wip2", "git fetch . HEAD:wip2", "git fetch . feature:refs/stash", "git fetch . rel1:refs/stash", "git fetch . v1:refs/notes/commits", "git fetch . 'rel1^{tree}:refs/stash'",
 "git fetch . feature:refs/keep/x", "git fetch . 'HEAD^{tree}:refs/notes/commits'", "git fetch . 'HEAD:README.md'",
 "git fetch -p . 'refs/tags/v*:refs/heads/w*'", "git fetch -p origin 'refs/heads/k*:refs/heads/w*'", "git fetch -p origin 'refs/heads/*:refs/heads/*'", "git fetch --prune origin 'refs/heads/*:refs/remotes/origin/*'",
 "git fetch --update-head-ok . feature:main", "git fetch -u . +feature:main", "git fetch --refmap='+refs/heads/*:refs/heads/*' origin", "git fetch --multiple origin .", "git fetch origin 'refs/tags/*:refs/tags/*'", "git fetch -t -f",
 "git fetch --depth=1 origin", "git fetch --unshallow", "git fetch origin main --depth 1", "git pull", "git pull --rebase", "git pull -f origin keep:wip2", "git pull --ff-only",
]
for l in fetch: add("gitfetch", l)
cfgs = {
 "pruneref": "git config remote.origin.fetch '+refs/heads/*:refs/heads/*'",
 "prunecfg": "git config fetch.prune true",
 "prunetags": "git config fetch.prune true; git config fetch.pruneTags true",
 "mirrorcfg": "git config remote.origin.mirror true",
 "localfetch": "git config remote.self.url .; git config remote.self.fetch '+refs/heads/feature:refs/heads/wip2'",
 "localfetch2": "git config remote.self.url .; git config remote.self.fetch 'refs/tags/v*:refs/heads/w*'; git config remote.self.prune true",
}
for line in ["git fetch", "git fetch origin", "git fetch -p", "git fetch --all", "git fetch self", "git fetch --multiple origin self", "git fetch --no-prune"]:
    for k, st in cfgs.items():
        if ("self" in line) != ("local" in k) and "all" not in line: continue
        add("gitfetchcfg:" + k, line, st)
add("gitfetchcfg:remotesfile", "git fetch r1", "mkdir -p .git/remotes; printf 'URL: .\\nPull: +refs/heads/feature:refs/heads/wip2\\n' > .git/remotes/r1")
add("gitfetchcfg:include", "git fetch self", "printf '[remote \"self\"]\\n\\turl = .\\n\\tfetch = +refs/heads/feature:refs/heads/wip2\\n' > ../inc.cfg; git config include.path ../../inc.cfg")
add("gitfetchcfg:home", "git fetch self", "printf '[remote \"self\"]\\n\\turl = .\\n\\tfetch = +refs/heads/feature:refs/heads/wip2\\n' >> $H/.gitconfig")
add("gitfetchcfg:xdg", "git fetch self", "mkdir -p $H/.config/git; printf '[remote \"self\"]\\n\\turl = .\\n\\tfetch = +refs/heads/feature:refs/heads/wip2\\n' >> $H/.config/git/config")
add("gitfetchcfg:wtcfg", "git fetch self", "git config extensions.worktreeConfig true; git config --worktree remote.self.url .; git config --worktree remote.self.fetch +refs/heads/feature:refs/heads/wip2")
add("gitfetchcfg:envcfg", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.fetch GIT_CONFIG_VALUE_0=+refs/heads/*:refs/heads/* git fetch -p", "")
add("gitfetchcfg:dashc", "git -c remote.origin.fetch=+refs/heads/*:refs/heads/* fetch -p", "")
add("gitfetchcfg:dashc2", "git -c fetch.prune=true fetch origin 'refs/heads/*:refs/heads/*'", "")
# ---- push: remote loss
push = [
 "git push", "git push origin", "git push origin main", "git push --force origin main", "git push -f", "git push origin +HEAD~1:main", "git push origin HEAD~1:main", "git push origin :keep", "git push origin --delete keep", "git push -d origin keep",
 "git push --mirror", "git push --prune origin 'refs/heads/*:refs/heads/*'", "git push --force-with-lease origin HEAD~1:main", "git push --force-if-includes", "git push origin +wip2:keep", "git push origin wip2:keep",
 "git push origin ':refs/tags/rtag'", "git push --all --prune", "git push --tags --prune", "git push origin 'refs/heads/*:refs/heads/*' --prune", "git push origin \\+HEAD~1:main", "git push origin '+main:keep'",
 "git push origin main:refs/heads/keep", "git push origin HEAD:keep", "git push origin feature:keep", "git push --atomic origin :keep", "git push origin --delete refs/tags/rtag", "git push origin v1:refs/tags/rtag", "git push -f origin v1:refs/tags/rtag", "git push origin rel1:refs/tags/rtag",
 "git push origin HEAD^{tree}:refs/heads/keep", "git push origin 'main^{tree}:refs/x'",
]
for l in push: add("gitpush", l)
pcfg = {
 "mirror": "git config remote.origin.mirror true",
 "pushref": "git config remote.origin.push '+refs/heads/*:refs/heads/*'",
 "pushdel": "git config remote.origin.push ':refs/heads/keep'",
 "pushrewind": "git config remote.origin.push 'HEAD~1:refs/heads/main'",
 "pushforce": "git config remote.origin.push '+wip2:keep'",
 "pushdefault": "git config push.default matching; git config remote.origin.push '+refs/heads/wip2:refs/heads/keep'",
}
for k, st in pcfg.items():
    add("gitpushcfg:" + k, "git push", st); add("gitpushcfg:" + k, "git push origin", st)
add("gitpushcfg:dashc", "git -c remote.origin.mirror=true push", "")
add("gitpushcfg:env", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.mirror GIT_CONFIG_VALUE_0=true git push", "")
add("gitpushcfg:alias", "git p", "git config alias.p 'push -f origin wip2:keep'")
add("gitwtcfg:alias", "git st", "git config alias.st 'checkout -- .'")
add("gitwtcfg:alias2", "git s", "git config alias.s '!git reset --hard'")
add("gitwtcfg:diffext", "git diff", "printf '#!/bin/sh\\nrm -f \"$GIT_WORK_TREE\"/draft.txt draft.txt\\n' > $W/x.sh; chmod +x $W/x.sh; git config diff.external $W/x.sh")
add("gitwtcfg:fsmon", "git status", "printf '#!/bin/sh\\nrm -f draft.txt\\n' > $W/x.sh; chmod +x $W/x.sh; git config core.fsmonitor $W/x.sh")
add("gitwtcfg:pager", "git log", "git config core.pager 'rm -f draft.txt; cat'")
add("gitwtcfg:pagerlog", "git -p log", "git config pager.log 'rm -f draft.txt; cat'")
add("gitwtcfg:textconv", "git diff HEAD", "printf '#!/bin/sh\\nrm -f draft.txt; cat \"$1\"\\n' > $W/x.sh; chmod +x $W/x.sh; git config diff.t.textconv $W/x.sh; echo 'README.md diff=t' > .gitattributes")
add("gitwtcfg:refhook", "git fetch . feature:newb", "printf '#!/bin/sh\\nrm -f draft.txt\\n' > .git/hooks/reference-transaction; chmod +x .git/hooks/reference-transaction")
add("gitwtcfg:autogc", "git fetch", "git config gc.auto 1; git config gc.autoDetach false; git config gc.reflogExpireUnreachable now; git config gc.reflogExpire now; git config gc.pruneExpire now")
add("gitwtcfg:autogc2", "git fetch . feature:newb", "git config gc.auto 1; git config gc.autoDetach false; git config gc.reflogExpireUnreachable now; git config gc.reflogExpire now; git config gc.pruneExpire now")
add("gitwtcfg:autogc3", "git commit --allow-empty -m x", "git config gc.auto 1; git config gc.autoDetach false; git config gc.reflogExpireUnreachable now; git config gc.reflogExpire now; git config gc.pruneExpire now")
add("gitwtcfg:maint", "git fetch", "git config maintenance.auto true; git config maintenance.strategy incremental; git config gc.auto 1; git config gc.autoDetach false; git config gc.pruneExpire now")
# ---- non-git file loss
files = [
 "> README.md", ": > README.md", ">| README.md", "echo x > README.md", "echo x > draft.txt", "echo x > local.cfg", "printf '' > build/out.log", "cat app.py > README.md", "cat /dev/null > README.md",
 "true > draft.txt", "exec 3>draft.txt", "{ :; } > draft.txt", "(:) > README.md", "x=README.md; : > $x", "echo > 'README.md'", "echo > READ''ME.md", "echo > READ*.md", "echo > R?ADME.md", "echo hi >README.md 2>&1",
 "echo hi 2> draft.txt", "echo hi &> draft.txt", "echo hi >& draft.txt", "ls 1>README.md", "diff app.py README.md > README.md", "cmp app.py README.md > draft.txt", "head -0 README.md > README.md", "wc -l README.md > draft.txt",
 "rm draft.txt", "rm -f draft.txt", "rm -rf build", "rm local.cfg", "rm -r src", "unlink draft.txt", "find . -name draft.txt -delete", "find . -maxdepth 1 -name 'draft*' -exec rm {} \\;", "find . -name local.cfg | xargs rm",
 "cp app.py README.md", "cp -f app.py draft.txt", "cp /dev/null README.md", "mv app.py README.md", "mv -f app.py draft.txt", "mv draft.txt /tmp/", "install app.py README.md", "ln -sf app.py README.md", "ln -f app.py draft.txt",
 "sed -i s/LOSS/x/ README.md", "sed -i'' -e d draft.txt", "sed --in-place d local.cfg", "perl -pi -e 's/LOSS/x/' README.md", "truncate -s 0 README.md", "dd if=/dev/null of=README.md", "dd of=draft.txt < /dev/null",
 "tee README.md < /dev/null", "echo | tee draft.txt", "sort -o README.md app.py", "sort app.py -o draft.txt", "shuf -o README.md app.py", "uniq app.py README.md", "split -l1 app.py README.m", "csplit -f draft.tx app.py 1",
 "tar -cf README.md app.py", "tar -xf /dev/null", "zip -m x.zip draft.txt", "gzip draft.txt", "gzip -f README.md", "bzip2 draft.txt", "xz draft.txt", "unzip -o x.zip", "base64 -d <<< '' > README.md",
 "rsync -a --delete /dev/null/ .", "rsync -a --delete ../outside/ ./", "cp -r ../outside/. . --remove-destination", "shred -u draft.txt", "mktemp -u", "touch README.md", "chmod 000 README.md",
 "iconv -f utf8 -t utf8 app.py -o README.md", "xxd -r app.py README.md", "git show HEAD:README.md > README.md", "git diff --output=README.md", "git log --output=draft.txt", "git show --output=README.md HEAD",
 "git format-patch -o . -1 --stdout > README.md", "git archive -o README.md HEAD", "git cat-file -p HEAD:README.md > README.md", "git diff > README.md", "git ls-files > draft.txt", "git status > draft.txt",
 "gofmt -w src", "python3 -c 'open(\"README.md\",\"w\")'", "python3 -c \"import os; os.remove('draft.txt')\"", "make clean", "yes | rm -i draft.txt", "echo y | git clean -i",
 "cd src && : > lib.c", "cd .. && rm proj/draft.txt", "pushd src && echo > lib.c", "(cd ../wt2 && : > README.md)", ": > ../wt2/README.md", "rm ../wt2/README.md",
 "printf '%s' > README.md", "echo > \"$PWD/README.md\"", "echo > ~/../proj/README.md", "echo > $CLAUDE_PROJECT_DIR/README.md", "echo > ./README.md", "echo > src/../README.md", "echo > /dev/stdout > README.md",
 "cat README.md | sort > README.md", "tac README.md > README.md", "nl README.md > README.md", "column -t README.md > README.md", "rev app.py > draft.txt", "od app.py > draft.txt", "seq 3 > draft.txt",
 "echo x | dd of=README.md conv=notrunc", "less -o README.md app.py", "tree -o README.md", "find . -maxdepth 0 -fprint README.md", "ls > README.md",
]
for l in files: add("files", l)
with open("cases.tsv", "w") as f:
    n = {}
    for cls, st, l in rows:
        k = cls.split(":")[0]; pre = {"gitwt": "w", "gitrefs": "r", "gitfetch": "f", "gitfetchcfg": "fc", "gitpush": "p", "gitpushcfg": "pc", "gitwtcfg": "wc", "files": "n"}[k]
        n[pre] = n.get(pre, 0) + 1
        f.write("\t".join([pre + "%03d" % n[pre], cls, st, l]) + "\n")
print(len(rows))
