package main

import (
	"crypto/sha1"
	"encoding/binary"
	"slices"
)

// advGitFiles are the files of the world's repositories beside the
// project (testdata/adversarial/hardening.tsv): /srv/tracked tracks its
// secrets, /srv/noindex has no index (design.md 155). The project's own
// index tracks no secret, so that git diff there stays allowed.
var advGitFiles = []string{
	"/srv/tracked/.env", "/srv/tracked/server.key", "/srv/tracked/config/.env.production",
	"/srv/tracked/src/main.go", "/srv/tracked/README.md",
	"/srv/noindex/.git/HEAD", "/srv/noindex/README.md",
	"/srv/wt/.git", "/srv/wt-git/worktrees/wt/HEAD",
}

// advContents are the files of the world with contents.
func advContents() map[string]string {
	c := map[string]string{
		"/srv/app/.rgignore":             "!.env*\n",
		"/srv/dots/.ignore":              "!.*\n", // brings back .git too (design.md 203)
		"/srv/dots/.git/config":          "[core]\n",
		"/srv/dots/a.txt":                "TODO\n",
		"/project/.git/index":            advIndex("README.md", "names.txt", "notes.txt", "src/main.go", "src/util.go"),
		"/srv/tracked/.git/index":        advIndex(".env", "README.md", "config/.env.production", "server.key", "src/main.go"),
		"/srv/wt/.git":                   "gitdir: ../wt-git/worktrees/wt\n",
		"/srv/wt-git/worktrees/wt/index": advIndex(".env", "a.go"),
	}
	for _, f := range advGitFiles {
		if _, ok := c[f]; !ok {
			c[f] = ""
		}
	}
	return c
}

// advIndex is a git index (version 2, SHA-1) listing paths as files.
func advIndex(paths ...string) string {
	paths = slices.Sorted(slices.Values(paths))
	b := []byte("DIRC")
	b = binary.BigEndian.AppendUint32(b, 2)
	b = binary.BigEndian.AppendUint32(b, uint32(len(paths)))
	for _, p := range paths {
		e := make([]byte, 62)
		binary.BigEndian.PutUint32(e[24:], 0o100644)
		binary.BigEndian.PutUint16(e[60:], uint16(len(p)))
		e = append(e, p...)
		e = append(e, make([]byte, 8-len(e)%8)...)
		b = append(b, e...)
	}
	sum := sha1.Sum(b)
	return string(append(b, sum[:]...))
}
