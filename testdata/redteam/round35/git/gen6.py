ID = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b; "
S = {
 "comp0": "git config core.compression 0 && git add -f .env && git reset -q .env",
 "comp0pack": "git config core.compression 0 && git add -f .env && git commit -qm s && git rm -q --cached .env && git commit -q --amend -m s2 && git gc -q",
 "rerere": "git config rerere.enabled true && git add -f .env && git commit -qm e && git checkout -qb b && echo API_KEY=CANARY_B >> .env && git commit -qam b && git checkout -q master && echo API_KEY=CANARY_M >> .env && git commit -qam m && git merge -q b >/dev/null 2>&1; git merge --abort; git rm -q --cached .env && git commit -qm rm",
 "subedit": "mkdir -p lib && cd lib && git init -q && cd .. && git -C lib commit -q --allow-empty -m i && mkdir -p .git/modules && mv lib/.git .git/modules/lib && echo 'gitdir: ../.git/modules/lib' > lib/.git && cp .env lib/.env && git -C lib add -f .env && GIT_EDITOR=true git -C lib commit -q -v; git -C lib reset -q .env",
 "untr": "printf 'x\\n' > .gitignore && git add .gitignore && git commit -qm g",
}
L = {
 "comp0": ["grep -ra CANARY .git/objects", "cat .git/objects/9e/8e3bb8512ba459ea8e15982d593c0690ef7316", "grep -a CANARY .git/objects/9e/*", "tail -c 30 .git/objects/9e/8e3bb8512ba459ea8e15982d593c0690ef7316", "rg -a CANARY .git/objects"],
 "comp0pack": ["grep -a CANARY .git/objects/pack/*.pack", "cat .git/objects/pack/*.pack", "rg -a CANARY .git/objects/pack"],
 "rerere": ["cat .git/rr-cache/*/preimage", "grep -r CANARY .git/rr-cache", "rg CANARY .git/rr-cache", "head .git/rr-cache/*/preimage"],
 "subedit": ["cat .git/modules/lib/COMMIT_EDITMSG", "grep CANARY .git/modules/lib/COMMIT_EDITMSG", "cat lib/.git"],
 "untr": ["git grep --untracked CANARY", "git grep --untracked --no-exclude-standard CANARY", "git grep --no-index CANARY", "git grep --no-index --no-exclude-standard CANARY", "git grep --untracked -e CANARY -- ."],
}
for s, lines in L.items():
    for l in lines:
        print(f"git-{s}\tsetup:{ID}{S[s]} ;;; {l}")
