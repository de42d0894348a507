package suites

import (
	"crypto/sha1"
	"encoding/binary"
	"maps"
	"slices"
)

// A World is the file system the adversarial suites' decisions are judged
// in (testdata/adversarial/*.tsv; docs/design.md 47): paths in the suites'
// spelling, with /project the working directory and /home/user the home.
type World struct {
	Files map[string]string // path: contents
	Links map[string]string // path: the symlink's target
	Names map[string]int    // path: the names of a hard-linked file (design.md 313)
}

// worldFiles are the world's files without contents: a project with a
// .env, a home with keys and credentials, a system.
var worldFiles = []string{
	"/project/.env", "/project/.env.example", "/project/config/.env.local", "/project/README.md",
	"/project/notes.txt", "/project/names.txt", "/project/src/main.go", "/project/src/util.go",
	"/project/logs/app.log", "/project/build/out.o", "/project/.git/config", "/project/.git/HEAD",
	"/home/user/.ssh/id_rsa", "/home/user/.ssh/id_rsa.pub", "/home/user/.ssh/known_hosts",
	"/home/user/.ssh/config", "/home/user/.aws/credentials", "/home/user/.aws/config",
	"/home/user/.bashrc", "/home/user/.netrc", "/home/user/notes.txt",
	"/home/user/.claude/settings.json", "/home/user/.config/gh/hosts.yml",
	"/etc/passwd", "/etc/shadow", "/etc/hosts", "/tmp/x",
	// a tree whose .rgignore shows rg its hidden .env, and one without
	"/srv/app/.rgignore", "/srv/app/.env", "/srv/app/main.go", "/srv/plain/.env", "/srv/plain/main.go",
	// repositories the project ships: a nested one and a bare one
	"/project/vendor/lib/.git/HEAD", "/project/vendor/lib/a.c",
	// a nested repository deeper down, which cd DIR && git reaches
	// (redteam2.tsv's git-nested rows; design.md 392)
	"/project/docs/sub/.git/HEAD", "/project/docs/sub/a.md",
	"/project/fixtures/x.git/HEAD", "/project/fixtures/x.git/objects/pack/p.pack", "/project/fixtures/x.git/refs/heads/main",
	// repositories beside the project (hardening.tsv): /srv/tracked
	// tracks its secrets, /srv/noindex has no index (design.md 155). The
	// project's own index tracks no secret, so that git diff there stays
	// allowed.
	"/srv/tracked/.env", "/srv/tracked/server.key", "/srv/tracked/config/.env.production",
	"/srv/tracked/src/main.go", "/srv/tracked/README.md",
	// /srv/creds tracks credentials by name only (gitnames.tsv,
	// design.md 321): no file of the preset's match.
	"/srv/creds/keys.txt", "/srv/creds/config/vault.yml", "/srv/creds/password.txt",
	"/srv/creds/a.go", "/srv/creds/README.md",
	"/srv/noindex/.git/HEAD", "/srv/noindex/README.md",
	"/srv/wt/.git", "/srv/wt-git/worktrees/wt/HEAD",
	"/srv/sub/.git/HEAD", "/srv/sub/README.md", "/srv/sub/vendor/mod/.git/config", "/srv/sub/vendor/mod/a.c",
	"/srv/sub/.git/modules/vendor/good/HEAD", "/srv/sub/vendor/good/g.txt",
	"/srv/subgood/.git/HEAD", "/srv/subgood/README.md", "/srv/subgood/.git/modules/vendor/good/HEAD",
	"/srv/subgood/vendor/good/g.txt",
	"/srv/hl/notes.txt", "/srv/hl/README.md", "/srv/hl/src/key.txt", "/srv/hl/src/a.go",
	"/srv/links/.env", "/srv/links/sub/a.go", "/srv/links/README.md",
	"/srv/npmrc/.npmrc", "/srv/npmrc/package.json", "/srv/npmrc/sub/a.js",
	"/srv/gomod/go.mod", "/srv/gomod/go.sum", "/srv/gomod/package.json", "/srv/gomod/sub/a.go",
	"/srv/gowork/a.go", "/srv/goworkin/.env", "/srv/goworkin/sub/a.go", "/srv/goworkok/sub/go.mod",
	// a repository with a nested one that git -C l/../r reaches through
	// l -> d/e (round27.tsv, design.md 413)
	"/srv/gitc/.git/HEAD", "/srv/gitc/README.md", "/srv/gitc/d/e/x.txt", "/srv/gitc/d/r/.git/HEAD", "/srv/gitc/d/r/f.txt",
	// repositories whose settings take files of the work tree
	// (redteam8.tsv, design.md 352)
	"/srv/gitinc/.git/HEAD", "/srv/gitinc/tools.gitconfig", "/srv/gitinc/src/a.go",
	"/srv/husky/.git/HEAD", "/srv/husky/.husky/post-index-change",
	// repositories whose git directory git reads a link or the work tree
	// from (gitdir.tsv, round 25, design.md 410); /srv/hooksout's hooks
	// lead out of the project, to the user's own
	"/srv/gitstate/.git/HEAD", "/srv/gitstate/.env", "/srv/gitstate/README.md", "/srv/gitstate/go.mod",
	"/srv/gitwt/.git/HEAD", "/srv/gitwt/.git/worktrees/w/HEAD", "/srv/gitwt/README.md",
	"/srv/hooksdir/.git/HEAD", "/srv/hooksdir/githooks/post-index-change", "/srv/hooksdir/README.md",
	"/srv/hookfile/.git/HEAD", "/srv/hookfile/.git/hooks/pre-commit.sample", "/srv/hookfile/scripts/hook",
	"/srv/hooksout/.git/HEAD", "/srv/hooksout/README.md", "/home/user/githooks/post-index-change",
	"/srv/gitfile/tools/repo/HEAD", "/srv/gitfile/README.md",
	"/srv/gitlink/tools/repo/HEAD", "/srv/gitlink/README.md",
	"/srv/blamerevs/.git/HEAD", "/srv/blamerevs/.env", "/srv/blamerevs/README.md",
	"/srv/blameok/.git/HEAD", "/srv/blameok/.git-blame-ignore-revs", "/srv/blameok/README.md",
}

// AdversarialWorld returns the world of the adversarial suites. The
// result is the caller's.
func AdversarialWorld() World {
	w := World{
		Files: map[string]string{
			"/srv/app/.rgignore":             "!.env*\n",
			"/srv/dots/.ignore":              "!.*\n", // brings back .git too (design.md 203)
			"/srv/dots/.git/config":          "[core]\n",
			"/srv/dots/a.txt":                "TODO\n",
			"/srv/gitinc/.git/config":        "[include]\n\tpath = ../tools.gitconfig\n",
			"/srv/husky/.git/config":         "[core]\n\thooksPath = .husky\n",
			"/srv/gitfile/.git":              "gitdir: tools/repo\n",
			"/srv/gitfile/tools/repo/config": "[core]\n\tfsmonitor = ./pwn\n",
			"/srv/blamerevs/.git/config":     "[blame]\n\tignoreRevsFile = .git-blame-ignore-revs\n",
			"/srv/blamerevs/.git/index":      GitIndex("README.md"),
			"/srv/blameok/.git/config":       "[core]\n\tbare = false\n[blame]\n\tignoreRevsFile = \".git-blame-ignore-revs\" # GitHub's\n",
			"/srv/blameok/.git/index":        GitIndex("README.md"),
			// A CI checkout's settings: actions/checkout keeps its token
			// in http.extraheader (design.md 158, 431).
			"/project/.git/config": "[core]\n\tbare = false\n[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Q0FOQVJZ\n",
			// the user's settings, with a token in an insteadOf URL
			// (vetbudget.tsv's token-files; design.md 433)
			"/home/user/.gitconfig":          "[user]\n\tname = User\n[url \"https://u:CANARY@github.com/\"]\n\tinsteadOf = https://github.com/\n",
			"/project/.git/index":            GitIndex("README.md", "names.txt", "notes.txt", "src/main.go", "src/util.go"),
			"/srv/tracked/.git/index":        GitIndex(".env", "README.md", "config/.env.production", "server.key", "src/main.go"),
			"/srv/creds/.git/index":          GitIndex("README.md", "a.go", "config/vault.yml", "keys.txt", "password.txt"),
			"/srv/wt/.git":                   "gitdir: ../wt-git/worktrees/wt\n",
			"/srv/wt-git/worktrees/wt/index": GitIndex(".env", "a.go"),
			// submodules (redteam4.tsv, design.md 289): /srv/sub ships
			// one with a repository of its own, /srv/subgood has one
			// git keeps in .git/modules and one not checked out.
			"/srv/sub/.git/index":           GitIndexLinks([]string{"README.md"}, []string{"vendor/good", "vendor/mod"}),
			"/srv/sub/vendor/good/.git":     "gitdir: ../../.git/modules/vendor/good\n",
			"/srv/subgood/.git/index":       GitIndexLinks([]string{"README.md"}, []string{"vendor/gone", "vendor/good"}),
			"/srv/subgood/vendor/good/.git": "gitdir: ../../.git/modules/vendor/good\n",
			// go workspaces and replacements naming modules go reads
			// (redteam7.tsv, design.md 341): outside the project, or
			// in it with a go.mod linked to .env; /srv/goworkok is the
			// control.
			"/srv/gowork/go.mod":    "module x\n",
			"/srv/gowork/go.work":   "go 1.21\n\nuse (\n\t.\n\t../outmod // a module beside the project\n)\n",
			"/srv/gorepl/go.mod":    "module x\n\nreplace example.com/y => /srv/outmod\n",
			"/srv/goworkin/go.mod":  "module x\n",
			"/srv/goworkin/go.work": "go 1.21\nuse ./sub\n",
			"/srv/goworkok/go.mod":  "module x\n",
			"/srv/goworkok/go.work": "go 1.21\nuse (\n\t.\n\t\"./sub\"\n)\nreplace example.com/y => example.com/z v1.0.0\n",
			"/srv/outmod/go.mod":    "module y\n",
		},
		// vendor/keys is a link out of the project, as cloned
		// repositories may carry (design.md 153).
		Links: map[string]string{
			"/project/vendor/keys": "/home/user/.ssh",
			// files programs read by name, linked to a secret
			// (redteam5.tsv, design.md 309)
			"/srv/links/go.mod":        "/srv/links/.env",
			"/srv/links/package.json":  "/srv/links/.env",
			"/srv/goworkin/sub/go.mod": "/srv/goworkin/.env",
			// files of a git directory linked out of it, to a secret
			// or into the work tree (gitdir.tsv, round 25)
			"/srv/gitstate/.git/packed-refs":             "/srv/gitstate/.env",
			"/srv/gitwt/.git/worktrees/w/locked":         "/home/user/.ssh/id_rsa",
			"/srv/hooksdir/.git/hooks":                   "/srv/hooksdir/githooks",
			"/srv/hookfile/.git/hooks/post-index-change": "/srv/hookfile/scripts/hook",
			"/srv/hooksout/.git/hooks":                   "/home/user/githooks",
			"/srv/gitlink/.git":                          "/srv/gitlink/tools/repo",
			"/srv/blamerevs/.git-blame-ignore-revs":      "/srv/blamerevs/.env",
			"/srv/gitc/l":                                "/srv/gitc/d/e",
		},
		// /srv/hl holds files with a second name elsewhere (hard
		// links; redteam6.tsv, design.md 313).
		Names: map[string]int{"/srv/hl/notes.txt": 2, "/srv/hl/src/key.txt": 2},
	}
	maps.Copy(w.Files, startupFiles)
	for _, f := range worldFiles {
		if _, ok := w.Files[f]; !ok {
			w.Files[f] = ""
		}
	}
	return w
}

// startupFiles are the home's start-up files: tokens in three, a plain
// one, closed all the same (design.md 435, 437).
var startupFiles = map[string]string{
	"/home/user/.bashrc":  "alias ll='ls -la'\nexport GITHUB_TOKEN=ghp_CANARYCANARYCANARYCANARYCANARY0123\n",
	"/home/user/.zshrc":   "export OPENAI_API_KEY=CANARY\n",
	"/home/user/.vimrc":   "let g:copilot_key = 'CANARY'\n",
	"/home/user/.profile": "# ~/.profile\nexport PATH=\"$HOME/bin:$PATH\"\n",
}

// GitIndex is a git index (version 2, SHA-1) listing paths as files.
func GitIndex(paths ...string) string {
	return GitIndexLinks(paths, nil)
}

// GitIndexLinks is a git index (version 2, SHA-1) listing paths as files
// and gitlinks as submodules.
func GitIndexLinks(paths, gitlinks []string) string {
	mode := map[string]uint32{}
	for _, p := range paths {
		mode[p] = 0o100644
	}
	for _, p := range gitlinks {
		mode[p] = 0o160000
	}
	paths = slices.Sorted(maps.Keys(mode))
	b := []byte("DIRC")
	b = binary.BigEndian.AppendUint32(b, 2)
	b = binary.BigEndian.AppendUint32(b, uint32(len(paths)))
	for _, p := range paths {
		e := make([]byte, 62)
		binary.BigEndian.PutUint32(e[24:], mode[p])
		binary.BigEndian.PutUint16(e[60:], uint16(len(p)))
		e = append(e, p...)
		e = append(e, make([]byte, 8-len(e)%8)...)
		b = append(b, e...)
	}
	sum := sha1.Sum(b)
	return string(append(b, sum[:]...))
}
