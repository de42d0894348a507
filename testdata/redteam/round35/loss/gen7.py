E = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z; "
BR = E + "b=$(git commit-tree $(git mktree </dev/null) -p HEAD -m f); git branch f $b; echo uncommitted >> notes.txt; "
rows = []
for l in ["git branch -m f master", "git branch --move f master", "git branch --mov f master", "git branch --cop f master", "git branch -c f master", "git branch -d f", "git branch --dele f", "git branch -dq f", "git branch -t master f", "git branch --track=direct master f", "git branch master", "git branch --recurse-submodules master f", "git branch --set-upstream-to=f master", "git branch --create-reflog x f", "git branch -m master", "git branch -m f", "git branch -c master", "git branch --no-track master f"]:
    rows.append("branchstarter\tsetup:%s ;;; %s" % (BR.rstrip("; "), l))
open("c7.tsv", "w").write("\n".join(rows) + "\n")
