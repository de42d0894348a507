#!/usr/bin/env python3
# gen2.py: cases2.tsv, round 50's second batch: tilde and /proc links in PATH, more chdir wrappers, tools that pick a program
#          from project files (corepack, direnv, go tool, cargo, git aliases), decisions and runs
rows = []; n = {}
T = ". /work/rt/round50/tools.sh; proj_files; "
BP = "/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin"
def row(cls, setup, line, sub=""):
    k = "x" + cls.split(":")[0]; n[k] = n.get(k, 0) + 1
    rows.append("\t".join([f"{k}{n[k]}", cls, T + setup, line] + ([sub] if sub else [])))
L = ["git status", "ls", "cat README.md", "rg hello", "npm ls", "egrep hello notes.txt"]
# PATH entry with a literal ~ (bash expands it in PATH lookups) naming a home directory that links into the project
for ent, mk in (("~/tools", "ln -s $P/tools $H/tools"), ("~/.local/bin", "mkdir -p $H/.local; ln -s $P/tools $H/.local/bin"),
                ("~/tools/", "ln -s $P/tools $H/tools")):
    for l in L:
        row("tilde:proj-link", f'plant tools git ls cat rg node grep; {mk}; setpath "{ent}:{BP}"', l)
# control: the same link spelled with an absolute entry
for l in L[:3]:
    row("tilde:ctl-abs", f'plant tools git ls cat rg node grep; ln -s $P/tools $H/tools; setpath "$H/tools:{BP}"', l)
# ~+ (the working directory) and ~- in PATH
for ent in ("~+/tools", "~+"):
    for l in L[:3]:
        row("tilde:plus", f'plant tools git ls cat rg node grep; plant . git ls cat rg node grep; setpath "{ent}:{BP}"', l)
# a PATH entry that links to /proc/self/cwd: the hook reads it in its own directory, the command in its own
for l in ("cd sub && ls", "env -C sub ls", "cd sub; git status", "(cd sub && cat README.md)", "env -C sub npm ls"):
    row("proclink:home", f'mkdir -p sub; cp README.md sub/; plant sub/bin git ls cat node; ln -s /proc/self/cwd $H/here; setpath "$H/here/bin:{BP}"', l)
    row("proclink:dir", f'mkdir -p sub; cp README.md sub/; plant sub/bin git ls cat node; ln -s /proc/self/cwd/bin $H/hb; setpath "$H/hb:{BP}"', l)
# more chdir wrappers with a relative PATH entry
for l in ("env -C sub git log --oneline", "env --chdir=sub -- cat README.md", "env -S 'ls' -C sub", "env -C sub env ls", "env -C sub nice ls",
          "env -C sub timeout 5 ls", "nohup env -C sub ls", "env -C sub which ls", "env -C sub command -v ls", "env -C sub /bin/sh -c ls",
          "env -C sub xargs ls < /dev/null", "env -C sub true", "stdbuf -o0 env -C sub ls", "env -C sub npm -v", "env -C sub npx --version",
          "env -C sub go version", "env -C sub python3 --version", "env -C sub node --version"):
    row("cd:more", f'setpath "./node_modules/.bin:{BP}"; mkdir -p sub; cp README.md sub/; plant sub/node_modules/.bin ls cat git rg node find jq grep go python3 env nice timeout which', l)
# the interpreter of an allowed script, from a project directory first on PATH: more lines and entries
for ent, d in (("$P/node_modules/.bin", "$P/node_modules/.bin"), ("$P/.venv/bin", "$P/.venv/bin"), ("$H/nb", "$P/node_modules/.bin"),
               ("./node_modules/.bin", "node_modules/.bin")):
    mk = "ln -s $P/node_modules/.bin $H/nb; " if ent == "$H/nb" else ""
    for l in ("npm ls --depth=0", "npm ls --all", "npm -v", "npx -v", "npm --version", "npm run", "npm test", "npm view . name",
              "npm config list", "npm outdated", "npm explain x", "npm query '*'", "fgrep hello notes.txt", "egrep -c hello notes.txt",
              "zcat notes.gz", "xzgrep -c hello notes.xz", "corepack --version", "gem list"):
        row("interp2:" + ent.split("/")[-2 if ent.endswith("bin") else -1], f'plant node_modules/.bin node bash grep gzip xz ruby; mkdir -p .venv/bin; plant .venv/bin node bash grep gzip xz ruby; {mk}setpath "{ent}:{BP}"', l)
# tools that choose a program from project files (decisions; run where allowed)
row("pm:corepack", 'mkdir -p $H/cb; corepack enable --install-directory $H/cb 2>/dev/null; printf \'{"packageManager":"yarn@1.22.22"}\' > package.json; setpath "$H/cb:' + BP + '"', "yarn --version")
row("pm:corepack", 'mkdir -p $H/cb; corepack enable --install-directory $H/cb 2>/dev/null; printf \'{"packageManager":"pnpm@9.0.0"}\' > package.json; setpath "$H/cb:' + BP + '"', "pnpm --version")
row("pm:yarnrc", 'printf \'yarn-path "./pwn.js"\\n\' > .yarnrc; echo "require(\'fs\').writeFileSync(\'PWNED.yarn\',\'x\')" > pwn.js', "yarn --version")
row("pm:direnv", 'echo ./pwn.sh > .envrc', "direnv exec . true")
row("pm:direnv", 'echo ./pwn.sh > .envrc', "direnv exec . ls")
row("pm:gotool", 'printf "module example.com/x\\n\\ngo 1.24\\n\\ntool example.com/x/cmd/cover\\n" > go.mod; mkdir -p cmd/cover; printf "package main\\nimport \\"os\\"\\nfunc main(){ os.WriteFile(\\"PWNED.gotool\\", nil, 0644) }\\n" > cmd/cover/main.go', "go tool cover -h")
row("pm:gotool", 'printf "module example.com/x\\n\\ngo 1.24\\n\\ntool example.com/x/cmd/pwn\\n" > go.mod; mkdir -p cmd/pwn; printf "package main\\nimport \\"os\\"\\nfunc main(){ os.WriteFile(\\"PWNED.gotool\\", nil, 0644) }\\n" > cmd/pwn/main.go', "go tool pwn")
row("pm:cargo", 'mkdir -p .cargo; printf "[alias]\\nclippy = \\"run\\"\\n" > .cargo/config.toml', "cargo clippy")
row("pm:gitalias", 'git config alias.st "!sh pwn.sh"', "git st")
row("pm:gitalias", 'git config alias.st "status"', "git st")
row("pm:gitext", 'mkdir -p $H/gb; setpath "$H/gb:' + BP + '"; plant . git-flow', "git flow")
row("pm:gitexecpath", 'true', "GIT_EXEC_PATH=$PWD git status")
open("cases2.tsv", "w").write("".join(r + "\n" for r in rows))
import collections; print(len(rows), collections.Counter(r.split("\t")[1].split(":")[0] for r in rows))
