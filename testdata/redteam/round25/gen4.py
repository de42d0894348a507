rows=[]
TRACK="git add -f .env config/.env.production server.key && git -c user.email=a@b -c user.name=a commit -qm s"
V={"plain":TRACK,
   "split":TRACK+" && git update-index --split-index",
   "split2":TRACK+" && git config core.splitIndex true && git update-index --split-index && touch notes.txt && git update-index --refresh",
   "v4":TRACK+" && git update-index --index-version 4",
   "sparse":TRACK+" && git config index.sparse true && git sparse-checkout set --cone src 2>/dev/null",
   "noindex":TRACK+" && rm .git/index",
   "untrack":TRACK+" && git rm -q --cached .env config/.env.production server.key",
}
L=["git grep CANARY","git grep -h CANARY","git grep -e CANARY -- .","git show","git show HEAD","git show --format= HEAD","git log -p -1","git diff HEAD~1 HEAD","git diff HEAD~1","git blame .env","git blame -- server.key","git cat-file -p HEAD:.env","git show HEAD:.env","git grep CANARY HEAD","git diff --cached HEAD~1","git status -v","git log -1 --stat","git ls-files -s","git archive HEAD"]
for k,s in V.items():
    for l in L:
        rows.append(("gitindex-"+k,"setup:"+s+" ;;; "+l))
open("cands4.tsv","w").write("".join(f"{c}\t{l}\n" for c,l in rows))
print(len(rows))
