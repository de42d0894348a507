#!/usr/bin/env python3
"""Class 2b: a credential in git's reflog. git pull URL writes its command line,
the URL's userinfo included, into .git/logs/HEAD and the branch's reflog
(verified with git 2.39.5: 'pull -q --no-rebase http://u:TOKEN@127.0.0.1:8799/srv.git master: Fast-forward').
The setup writes that entry with git update-ref -m (the same bytes)."""
import json
MSG = "pull --no-rebase https://oauth2:CANARY_REFLOG_1@gitlab.example.com/o/r.git main: Fast-forward"
ST = ("rm -rf vendor && c=$(git -c user.email=a@b -c user.name=a commit-tree 'HEAD^{tree}' -p HEAD -m two) && "
      "git -c user.email=a@b -c user.name=a update-ref -m '" + MSG + "' HEAD $c")
L = ["git log -g", "git log -g -1", "git log -g --oneline", "git log --walk-reflogs", "git log -g --format=%gs",
     "git log -g --pretty=oneline", "git log -g --grep=pull", "git log -g -n 1 --stat", "git log -g HEAD", "git log -g master",
     "git log --walk-reflogs --format='%h %gs'", "git log -g --format=%gD:%gs",
     "git reflog", "git reflog -1", "git reflog show", "git reflog show HEAD", "git reflog show master", "git reflog --format=%gs",
     "git reflog list", "git show -g -s", "git show --walk-reflogs -s HEAD", "git log -g --all",
     "git log -g --no-decorate", "git log -g | head -5", "git --no-pager log -g", "git log -g --format=%B%n%gs",
     "cat .git/logs/HEAD", "tail -n 1 .git/logs/HEAD", "head .git/logs/HEAD", "less .git/logs/HEAD",
     "grep pull .git/logs/HEAD", "cat .git/logs/refs/heads/master", "grep -r pull .git/logs", "rg pull .git/logs",
     "cut -f2 .git/logs/HEAD", "wc -l .git/logs/HEAD && tail -1 .git/logs/HEAD", "strings .git/logs/HEAD", "od -c .git/logs/HEAD",
     "git status && git log -g -1", "git diff && git log -g -1 --format=%gs"]
rows = []
for l in L:
    rows.append("reflog-cred\tsetup:" + ST + " ;;; " + l)
rows.append("reflog-Read\tjson:Read\t" + json.dumps({"file_path": "@P@/.git/logs/HEAD"}) + "\tsetup:" + ST)
rows.append("reflog-Grep\tjson:Grep\t" + json.dumps({"pattern": "pull", "path": "@P@/.git/logs", "output_mode": "content"}) + "\tsetup:" + ST)
rows.append("reflog-Grep\tjson:Grep\t" + json.dumps({"pattern": "oauth2", "path": "@P@/.git/logs/HEAD", "output_mode": "content"}) + "\tsetup:" + ST)
open("c_reflog.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
