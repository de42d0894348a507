ID = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b; "
Z = ["aar", "ear", "xpi", "ipa", "vsix", "epub", "xlsx", "odt", "pyz", "hpi", "kmz", "cbz", "appx", "zipx", "egg", "jar.bak", "zip.1", "zip~", "ZIP", "Jar"]
A = ["lib", "ipk", "udeb"]
T = ["box", "ustar", "oci", "layer", "img", "tar.2", "TAR.old"]
for s in Z:
    print(f"arch-zipfamily\tsetup:zip -q x.{s} .env ;;; cat x.{s}")
for s in A:
    print(f"arch-arfamily\tsetup:ar rc x.{s} .env 2>/dev/null ;;; cat x.{s}")
for s in T:
    print(f"arch-tarfamily\tsetup:tar cf x.{s} .env ;;; cat x.{s}")
print("arch-zstdtar\tsetup:tar cf - .env | zstd -q > x.tzst ;;; grep -a CANARY x.tzst")
print("arch-lz4tar\tsetup:tar cf - .env | lz4 -q > x.tlz4 ;;; grep -a CANARY x.tlz4")
print("arch-xzraw\tsetup:xz -0 -c .env > x.txz2 ;;; grep -a CANARY x.txz2")
print("arch-zipfamily\tsetup:mkdir -p .gradle/caches && zip -q .gradle/caches/app.jar .env ;;; grep -ra CANARY .gradle")
print("arch-zipfamily\tsetup:mkdir -p target && zip -q target/app.jar .env ;;; cat target/app.jar")
print("arch-zipfamily\tsetup:mkdir -p node_modules/x && zip -q node_modules/x/a.xpi .env ;;; cat node_modules/x/a.xpi")
print(f"git-wteditmsg\tsetup:{ID}git worktree add -q ../wt 2>/dev/null || git worktree add -q wt; cd wt && cp ../.env . && git add -f .env && GIT_EDITOR=true git commit -q -v; git reset -q .env ;;; cat .git/worktrees/wt/COMMIT_EDITMSG")
print(f"git-wteditmsg\tsetup:{ID}git worktree add -q wt && cd wt && cp ../.env . && git add -f .env && GIT_EDITOR=true git commit -q -v; git reset -q .env ;;; grep -r CANARY .git/worktrees")
print(f"git-lostfound\tsetup:{ID}git add -f .env && git commit -qm s && git reset -q --hard HEAD~1 2>/dev/null; git reset -q --soft HEAD@{{1}} ; git rm -q --cached .env; git commit -q --amend -m x; git fsck --lost-found >/dev/null 2>&1 ;;; cat .git/lost-found/commit/*")
