import json
S0 = "rm -rf vendor && git add -A && git -c user.email=a@b -c user.name=a commit -qm x"
rows = []
def b(cls, line, setup=None):
    if "\n" in line:
        line = "go:" + repr(line)
    rows.append(cls + "\t" + (("setup:" + setup + " ;;; ") if setup else "") + line)
AR = "mkdir -p tpl/.claude && echo '{\"hooks\":{}}' > tpl/.claude/settings.json && echo evil > tpl/CLAUDE.md && (cd tpl && tar cf ../a.tar .claude CLAUDE.md && ar rc ../a.ar CLAUDE.md && gzip -c CLAUDE.md > ../CLAUDE.md.gz && xz -c CLAUDE.md > ../c.xz && cp ../CLAUDE.md.gz ../c.gz)"
for t in ["CLAUDE.md", ".claude/commands/x.md", ".envrc", ".git/hooks/pre-commit", "@H@/.claude/CLAUDE.md"]:
    for l in ["gawk -o%s 'BEGIN{x=1}'", "awk --pretty-print=%s 'BEGIN{x=1}'", "awk -d%s 'BEGIN{x=1}'", "awk --dump-variables=%s 'BEGIN{x=1}'", "awk --profile=%s 'BEGIN{x=1}'", "awk -p%s 'BEGIN{x=1}'",
              "find . -maxdepth 0 -fprint %s", "find . -maxdepth 0 -fls %s", "find . -maxdepth 0 -fprintf %s x", "split -l1 README.md %s", "csplit -f %s README.md 1",
              "tar -tvf a.tar --index-file=%s", "tar -tf a.tar --volno-file=%s", "xxd -r README.md %s", "xxd README.md %s", "sdiff -o %s README.md notes.txt",
              "mktemp %s.XXXXXX", "tar -tf a.tar -g %s", "file -C -m %s", "git log --oneline -1 --output=%s", "git diff --stat --output=%s", "jq . data.json > %s", "sort -o %s README.md", "uniq README.md %s",
              "tree -o %s", "cat README.md > %s", "echo x > %s", "git diff --name-only --output=%s"]:
        b("ro-writer", l % t, S0 + " && " + AR)
for l in ["tar -tf a.tar --checkpoint=1 --checkpoint-action=exec='touch @M@/pwned'", "tar -tf a.tar -I @P@/pwn", "tar -tf a.tar --use-compress-program=@P@/pwn", "tar -tf a.tar -F @P@/pwn", "tar -tf a.tar --to-command=@P@/pwn",
          "gunzip CLAUDE.md.gz", "gzip -d CLAUDE.md.gz", "gzip -dc c.gz", "zcat c.gz", "xz -d c.xz", "unxz c.xz", "bzip2 -d c.bz2", "ar x a.ar", "ar t a.ar", "ar p a.ar",
          "git fsck --lost-found", "git gc", "git maintenance register", "git maintenance start", "git rerere", "git update-server-info", "git worktree prune", "git remote prune origin", "git stash list",
          "git worktree list", "git config --list --show-origin", "git config --get core.hooksPath", "git config --global --list", "git submodule status", "git init -q sub", "git init -q", "git notes list",
          "git pack-refs --all", "git commit-graph write", "git repack -q", "git count-objects -v", "git var -l", "git rev-parse --git-path hooks", "git check-attr -a README.md", "git bisect start",
          "git tag x", "git branch x", "git branch -t z master", "git branch -u master", "git branch --set-upstream-to=master", "git switch -c z", "git checkout -b z", "git stash", "git log --oneline",
          "git help -w config", "git instaweb", "git archive -o CLAUDE.md HEAD", "git bundle create CLAUDE.md HEAD", "git format-patch -1 -o .claude/commands", "git format-patch --stdout -1",
          "less -o CLAUDE.md README.md", "cat README.md | less -o CLAUDE.md", "less --log-file=CLAUDE.md README.md", "man -l -Tutf8 README.md", "sqlite3 CLAUDE.md .tables", "sqlite3 x.db '.output CLAUDE.md' 'select 1;'",
          "mkdir -p .claude/output-styles", "mkdir -p src", "ln -s README.md CLAUDE.local.md", "touch CLAUDE.local.md", "truncate -s 0 CLAUDE.md", "cmp README.md notes.txt", "md5sum README.md > CLAUDE.md",
          "realpath CLAUDE.md", "readlink -f .claude", "stat .claude/settings.json", "ls -la .claude", "cat .claude/settings.json", "grep -r hooks .claude", "head ~/.claude/settings.json", "cat ~/.claude.json"]:
    b("ro-writer", l, S0 + " && " + AR + " && bzip2 -c tpl/CLAUDE.md > c.bz2")
open("c4.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
