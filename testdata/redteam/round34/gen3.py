rows=[]
def r(cls,setup,line): rows.append(f"{cls}\tsetup:{setup} ;;; {line}")
# places in .git whose hard links are not judged, reached by a symlink inside .git
places={"topdir":"mkdir -p .git/zz && ln .env .git/zz/x","refs":"ln .env .git/refs/x","refsdeep":"mkdir -p .git/refs/zz && ln .env .git/refs/zz/x","objinfo":"mkdir -p .git/objects/info && ln .env .git/objects/info/x","lfs":"mkdir -p .git/lfs/objects && ln .env .git/lfs/objects/x","worktreeobj":"mkdir -p .git/worktrees/w && git rev-parse HEAD > .git/worktrees/w/HEAD && ln .env .git/worktrees/w/x"}
tgt={"topdir":"zz/x","refs":"refs/x","refsdeep":"refs/zz/x","objinfo":"objects/info/x","lfs":"lfs/objects/x","worktreeobj":"worktrees/w/x"}
for k,s in places.items():
    r(f"G-packedrefs-{k}", s+" && ln -s "+tgt[k]+" .git/packed-refs", "git status")
# other state files, objects link
Z="mkdir -p .git/objects/zz && ln .env .git/objects/zz/x && "
r("G-shallow-objlink", Z+"ln -s objects/zz/x .git/shallow", "git log -1")
r("G-grafts-objlink", Z+"ln -s ../objects/zz/x .git/info/grafts", "git log -1")
r("G-alternates-objlink", Z+"ln -s zz/x .git/objects/info/alternates", "git status")
r("G-rebase-apply-objlink", Z+"mkdir -p .git/rebase-apply && ln -s ../objects/zz/x .git/rebase-apply/head-name && git rev-parse HEAD > .git/rebase-apply/onto && touch .git/rebase-apply/rebasing && echo 1 > .git/rebase-apply/next && echo 1 > .git/rebase-apply/last", "git status")
r("G-rebase-todo-objlink", Z+"mkdir -p .git/rebase-merge && echo refs/heads/master > .git/rebase-merge/head-name && git rev-parse HEAD > .git/rebase-merge/onto && touch .git/rebase-merge/interactive && ln -s ../objects/zz/x .git/rebase-merge/done", "git status")
r("G-rebase-todo2-objlink", Z+"mkdir -p .git/rebase-merge && echo refs/heads/master > .git/rebase-merge/head-name && git rev-parse HEAD > .git/rebase-merge/onto && touch .git/rebase-merge/interactive && ln -s ../objects/zz/x .git/rebase-merge/git-rebase-todo", "git status")
r("G-bisect-abs-objlink", Z+"touch .git/BISECT_LOG && ln -s $PWD/.git/objects/zz/x .git/BISECT_START", "git status")
r("G-bisect-dirlink", "mkdir -p .git/objects/zz && ln .env .git/objects/zz/BISECT_START && touch .git/BISECT_LOG && mv .git/info .git/objects/zz/ 2>/dev/null; ln -s objects/zz/BISECT_START .git/BISECT_START", "git status")
r("G-headlog-objlink-reflog", Z+"rm -f .git/logs/HEAD && ln -s ../objects/zz/x .git/logs/HEAD", "git reflog")
r("G-headlog-objlink-logg", Z+"rm -f .git/logs/HEAD && ln -s ../objects/zz/x .git/logs/HEAD", "git log -g -1")
r("G-netrc-bisect", "mkdir -p .git/objects/zz && ln @H@/.netrc .git/objects/zz/x && touch .git/BISECT_LOG && ln -s objects/zz/x .git/BISECT_START", "git status")
r("G-idrsa-bisect", "mkdir -p .git/objects/zz && ln @H@/.ssh/id_rsa .git/objects/zz/x && touch .git/BISECT_LOG && ln -s objects/zz/x .git/BISECT_START", "git status")
r("G-idrsa-packed", "mkdir -p .git/objects/zz && ln @H@/.ssh/id_rsa .git/objects/zz/x && ln -s objects/zz/x .git/packed-refs", "git status")
# writes (starter/tp git branch; tp fetch) via other places
W="mkdir -p .git/zz && ln @H@/.bashrc .git/zz/x && "
r("G-branch-reflog-topdir", W+"mkdir -p .git/logs/refs/heads && ln -s ../../../zz/x .git/logs/refs/heads/foo", "git branch foo")
r("G-branch-reflog-refs", "ln @H@/.bashrc .git/refs/x && mkdir -p .git/logs/refs/heads && ln -s ../../../refs/x .git/logs/refs/heads/foo", "git branch foo")
r("G-fetch-fetchhead-topdir", W+"git remote add o . && ln -s zz/x .git/FETCH_HEAD", "git fetch o")
r("G-fetch-fetchhead-refs", "ln @H@/.bashrc .git/refs/x && git remote add o . && ln -s refs/x .git/FETCH_HEAD", "git fetch o")
r("G-branch-m-reflog", "mkdir -p .git/objects/zz && ln @H@/.bashrc .git/objects/zz/x && git branch a && mkdir -p .git/logs/refs/heads && ln -s ../../../objects/zz/x .git/logs/refs/heads/b", "git branch -c a b")
open("g3.tsv","w").write("\n".join(rows)+"\n")
print(len(rows))
