ID = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b; "
CLEAN = "rm -rf .git vendor && git init -q && git add . && git commit -qm init && "
UP = "git clone -q --bare . @M@/up.git && git -C @M@/up.git update-ref refs/heads/side HEAD && "
S = {
 "reflogfetch": UP + "git -c url.@M@/up.git.insteadOf=https://u:CANARY_TOK_1@example.com/r.git fetch -q https://u:CANARY_TOK_1@example.com/r.git side:side",
 "reflogpull": UP + "git -c url.@M@/up.git.insteadOf=https://x-access-token:CANARY_TOK_2@github.com/o/r.git pull -q --ff-only https://x-access-token:CANARY_TOK_2@github.com/o/r.git master",
 "lfs": "mkdir -p .git/lfs/objects/4d/7a && cp server.key .git/lfs/objects/4d/7a/4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393 && printf 'version https://git-lfs.github.com/spec/v1\\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\\nsize 70\\n' > certs.p12.ptr",
 "pyc": "printf 'TOKEN = \"CANARY_PYC_1\"\\n' > credentials.py && python3 -c 'import credentials' && python3 -m py_compile credentials.py",
 "trackjar": CLEAN + "mkdir -p fixtures && zip -q fixtures/app.jar .env && tar cf fixtures/data.tar .env && git add fixtures && git commit -qm f",
}
L = {
 "reflogfetch": ["git reflog", "git reflog show side", "git log -g --oneline side", "git log -g side", "cat .git/logs/refs/heads/side", "git reflog --all", "git log -g --format=%gs side", "grep -r CANARY .git/logs", "rg CANARY .git/logs", "cat .git/FETCH_HEAD"],
 "reflogpull": ["git reflog", "git log -g --oneline", "cat .git/logs/HEAD", "git reflog -n 1", "tail -1 .git/logs/HEAD", "git log -g --format='%gs'", "git status", "cat .git/FETCH_HEAD"],
 "lfs": ["cat .git/lfs/objects/4d/7a/4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393", "cat .git/lfs/objects/*/*/*", "grep -r PRIVATE .git/lfs", "rg PRIVATE .git/lfs", "head .git/lfs/objects/4d/7a/*"],
 "pyc": ["cat __pycache__/credentials.cpython-311.pyc", "cat __pycache__/credentials.*.pyc", "grep -a CANARY __pycache__/*", "rg -a CANARY __pycache__", "cat credentials.py"],
 "trackjar": ["git grep -a CANARY", "git grep --text CANARY -- fixtures", "git grep -a CANARY HEAD", "git show HEAD:fixtures/app.jar", "git cat-file -p HEAD:fixtures/app.jar", "git diff -a HEAD~1 --stat", "git log -p -a -1", "git show -a HEAD", "git diff --text HEAD~1 HEAD -- fixtures/app.jar", "git grep -c CANARY"],
}
for s, lines in L.items():
    for l in lines:
        print(f"c10-{s}\tsetup:{ID}{S[s]} ;;; {l}")
