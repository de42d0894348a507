import json
ID = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b; "
S = {
 "editabort": "git add -f .env && GIT_EDITOR=true git commit -q -v; git reset -q .env",
 "rebase": "git add -f .env && git commit -qm addenv && echo more >> notes.txt && git commit -qam more && GIT_SEQUENCE_EDITOR='sed -i 1s/^pick/edit/' git rebase -q -i HEAD~2 >/dev/null 2>&1",
 "am": "git add -f .env && echo x >> README.md && git commit -qam addenv && git format-patch -q -1 -o /tmp/pp HEAD && git reset -q --hard HEAD~1 && echo y >> README.md && git commit -qam y && git am -q /tmp/pp/*.patch >/dev/null 2>&1",
 "lostfound": "git add -f .env && git reset -q .env && git fsck --lost-found >/dev/null 2>&1",
 "jar": "zip -q app.jar .env",
}
R = []
def add(s, tool, inp): R.append((s, tool, inp))
add("editabort", "Read", {"file_path": "@P@/.git/COMMIT_EDITMSG"})
add("editabort", "Read", {"file_path": "@P@/.git/COMMIT_EDITMSG", "offset": 10, "limit": 20})
add("editabort", "Grep", {"pattern": "CANARY", "path": "@P@/.git/COMMIT_EDITMSG"})
add("editabort", "Grep", {"pattern": "CANARY", "path": "@P@/.git", "glob": "COMMIT_EDITMSG"})
add("editabort", "NotebookRead", {"notebook_path": "@P@/.git/COMMIT_EDITMSG"})
add("rebase", "Read", {"file_path": "@P@/.git/rebase-merge/patch"})
add("rebase", "Grep", {"pattern": "CANARY", "path": "@P@/.git/rebase-merge"})
add("am", "Read", {"file_path": "@P@/.git/rebase-apply/0001"})
add("am", "Grep", {"pattern": "API_KEY", "path": "@P@/.git/rebase-apply", "output_mode": "content"})
add("lostfound", "Read", {"file_path": "@P@/.git/lost-found/other/9e8e3bb8512ba459ea8e15982d593c0690ef7316"})
add("lostfound", "Grep", {"pattern": "CANARY", "path": "@P@/.git/lost-found", "output_mode": "content"})
add("lostfound", "Grep", {"pattern": "CANARY", "path": ".git/lost-found", "output_mode": "content"})
add("jar", "Read", {"file_path": "@P@/app.jar"})
add("jar", "Grep", {"pattern": "CANARY", "path": "@P@/app.jar", "output_mode": "content"})
for s, tool, inp in R:
    print(f"tool-{s}\tjson:{tool}\t{json.dumps(inp)}\tsetup:{ID}{S[s]}")
