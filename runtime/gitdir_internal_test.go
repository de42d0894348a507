package runtime

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestRootRepository checks when the project root's repository stops
// being git's own (design.md 410): files git reads by itself linked out
// of its directory, hooks linked into the work tree, and a git directory
// the work tree holds. testdata/redteam/round25 ran each in bubblewrap.
func TestRootRepository(t *testing.T) {
	base := map[string]bool{"/p/.git/HEAD": true, "/p/.env": true, "/p/README.md": true, "/p/.git/hooks/pre-commit.sample": true}
	for _, c := range []struct {
		name  string
		files []string
		links map[string]string
		text  map[string]string
		names map[string]int
		want  string // a part of the reason; "" for none
	}{
		{name: "plain"},
		{name: "packed-refs", links: map[string]string{"/p/.git/packed-refs": "/p/.env"}, want: "packed-refs, a link to /p/.env"},
		{name: "shallow to the home", links: map[string]string{"/p/.git/shallow": "/h/.netrc"}, want: "/h/.netrc"},
		{name: "grafts", links: map[string]string{"/p/.git/info/grafts": "/h/.aws/credentials"}, want: "info/grafts"},
		{name: "alternates", links: map[string]string{"/p/.git/objects/info/alternates": "/p/.env"}, want: "alternates"},
		{name: "rebase state", files: []string{"/p/.git/rebase-merge/interactive"}, links: map[string]string{"/p/.git/rebase-merge/head-name": "/p/.env"}, want: "head-name"},
		{name: "HEAD a symbolic ref", files: []string{"/p/.git/refs/heads/main"}, links: map[string]string{"/p/.git/HEAD": "/p/.git/refs/heads/main"}},
		{name: "config to the work tree", files: []string{"/p/tools/gitconfig"}, links: map[string]string{"/p/.git/config": "/p/tools/gitconfig"}, want: ".git/config, a link"},
		{name: "hooks to the work tree", files: []string{"/p/githooks/post-index-change"}, links: map[string]string{"/p/.git/hooks": "/p/githooks"}, want: "hooks of /p/.git/hooks"},
		{name: "a hook to the work tree", files: []string{"/p/scripts/hook"}, links: map[string]string{"/p/.git/hooks/post-index-change": "/p/scripts/hook"}, want: "post-index-change, a link to /p/scripts/hook"},
		{name: "hooks to the user's own", files: []string{"/h/githooks/post-index-change"}, links: map[string]string{"/p/.git/hooks": "/h/githooks"}},
		{name: "a hook to the user's own", files: []string{"/h/githooks/x"}, links: map[string]string{"/p/.git/hooks/pre-commit": "/h/githooks/x"}},
		{name: "the user's hooks linking back", files: []string{"/p/scripts/hook"}, links: map[string]string{"/p/.git/hooks": "/h/githooks", "/h/githooks/post-index-change": "/p/scripts/hook"}, want: "which the work tree holds"},
		{name: "a worktree's lock", files: []string{"/p/.git/worktrees/w/HEAD"}, links: map[string]string{"/p/.git/worktrees/w/locked": "/h/.ssh/id_rsa"}, want: "worktrees/w/locked"},
		{name: "a submodule's state", files: []string{"/p/.git/modules/lib/x/HEAD"}, links: map[string]string{"/p/.git/modules/lib/x/packed-refs": "/p/.env"}, want: "modules/lib/x/packed-refs"},
		{name: "a submodule directory linked", files: []string{"/q/HEAD"}, links: map[string]string{"/p/.git/modules/x": "/q"}, want: "modules/x, a link to /q"},
		{name: "gitdir file into the work tree", files: []string{"/p/tools/repo/HEAD"}, text: map[string]string{"/p/.git": "gitdir: tools/repo\n"}, want: "git directory is /p/tools/repo"},
		{name: "gitdir file to a vendored .git", files: []string{"/p/vendor/x/.git/HEAD"}, text: map[string]string{"/p/.git": "gitdir: vendor/x/.git\n"}, want: "/p/vendor/x/.git"},
		{name: ".git a link into the work tree", files: []string{"/p/tools/repo/HEAD"}, links: map[string]string{"/p/.git": "/p/tools/repo"}, want: "git directory is /p/tools/repo"},
		{name: ".git a link out", files: []string{"/srv/p.git/HEAD"}, links: map[string]string{"/p/.git": "/srv/p.git"}},
		{name: "a worktree of another repository", files: []string{"/main/.git/worktrees/p/HEAD", "/main/.git/HEAD"},
			text: map[string]string{"/p/.git": "gitdir: /main/.git/worktrees/p\n", "/main/.git/worktrees/p/commondir": "../..\n"}},
		{name: "a worktree whose common directory links", files: []string{"/main/.git/worktrees/p/HEAD", "/main/.git/HEAD"},
			text:  map[string]string{"/p/.git": "gitdir: /main/.git/worktrees/p\n", "/main/.git/worktrees/p/commondir": "../..\n"},
			links: map[string]string{"/main/.git/packed-refs": "/h/.netrc"}, want: "/main/.git/packed-refs"},
		// Round 27: the kernel's way through links, the user's settings
		// linked into the project, a hook with other names.
		{name: "gitdir through a link and ..", files: []string{"/p/sub/HEAD", "/p/q/r/x"}, text: map[string]string{"/p/.git": "gitdir: lk/../../sub\n"},
			links: map[string]string{"/p/lk": "/p/q/r"}, want: "git directory is /p/sub"},
		{name: "a common directory linked back", files: []string{"/p/cgit/HEAD", "/p/cgit/config"}, text: map[string]string{"/p/.git/commondir": "/m/cg\n"},
			links: map[string]string{"/m/cg": "/p/cgit"}, want: "takes its settings from /p/cgit"},
		{name: "the user's settings linked in", files: []string{"/p/.gitconfig"}, links: map[string]string{"/h/.gitconfig": "/p/.gitconfig"}, want: "/h/.gitconfig, which the project holds"},
		{name: "the XDG settings linked in", files: []string{"/p/.gitconfig"}, links: map[string]string{"/h/.config/git/config": "/p/.gitconfig"}, want: "/h/.config/git/config"},
		{name: "an include linked in", files: []string{"/p/.gitconfig"}, text: map[string]string{"/h/.gitconfig": "[include]\n\tpath = ~/.gitconfig-proj\n"},
			links: map[string]string{"/h/.gitconfig-proj": "/p/.gitconfig"}, want: "/h/.gitconfig-proj"},
		{name: "an include of the project's file", files: []string{"/p/.gitconfig"}, text: map[string]string{"/h/.gitconfig": "[include]\n\tpath = /p/.gitconfig\n"}, want: "/p/.gitconfig"},
		{name: "the user's own settings", text: map[string]string{"/h/.gitconfig": "[user]\n\tname = u\n"}},
		{name: "a hook with other names", files: []string{"/p/.git/hooks/post-index-change"}, names: map[string]int{"/p/.git/hooks/post-index-change": 2}, want: "a file with other names"},
		// Round 33: state files with other names, reflogs git appends
		// to through links; a local clone's shared commit-graph is
		// git's own.
		{name: "FETCH_HEAD with other names", files: []string{"/p/.git/FETCH_HEAD"}, names: map[string]int{"/p/.git/FETCH_HEAD": 2}, want: "FETCH_HEAD, a file with other names"},
		{name: "a reflog linked out", files: []string{"/p/.git/logs/HEAD"}, links: map[string]string{"/p/.git/logs/refs/remotes/o/master": "/h/.bashrc"}, want: "logs/refs/remotes/o/master, a link to /h/.bashrc"},
		{name: "a reflog with other names", files: []string{"/p/.git/logs/refs/heads/main"}, names: map[string]int{"/p/.git/logs/refs/heads/main": 2}, want: "logs/refs/heads/main, a file with other names"},
		{name: "reflogs", files: []string{"/p/.git/logs/HEAD", "/p/.git/logs/refs/heads/main", "/p/.git/logs/refs/remotes/origin/HEAD"}},
		{name: "a shared commit-graph", files: []string{"/p/.git/objects/info/commit-graph"}, names: map[string]int{"/p/.git/objects/info/commit-graph": 2}},
		{name: "the packs linked out", files: []string{"/srv/pk/p.pack"}, links: map[string]string{"/p/.git/objects/pack": "/srv/pk"}, want: "objects/pack, a link to /srv/pk"},
		{name: "a remote's refs linked out", files: []string{"/srv/rr/main"}, links: map[string]string{"/p/.git/refs/remotes/o": "/srv/rr"}, want: "refs/remotes/o, a link to /srv/rr"},
		{name: "shared packs", files: []string{"/p/.git/objects/pack/p.pack", "/p/.git/refs/heads/main"}, names: map[string]int{"/p/.git/objects/pack/p.pack": 2}},
		// Round 34: a link inside the git directory to a file there
		// with other names.
		{name: "a state file linked to a hard link", files: []string{"/p/.git/objects/zz/x", "/p/.git/BISECT_LOG"}, links: map[string]string{"/p/.git/BISECT_START": "/p/.git/objects/zz/x"},
			names: map[string]int{"/p/.git/objects/zz/x": 2}, want: "BISECT_START, a link to /p/.git/objects/zz/x, a file with other names"},
		{name: "a reflog linked to a hard link", files: []string{"/p/.git/objects/zz/x"}, links: map[string]string{"/p/.git/logs/refs/heads/foo": "/p/.git/objects/zz/x"},
			names: map[string]int{"/p/.git/objects/zz/x": 2}, want: "a file with other names"},
		{name: "alternates with other names", files: []string{"/p/.git/objects/info/alternates"}, names: map[string]int{"/p/.git/objects/info/alternates": 2}, want: "alternates, a file with other names"},
	} {
		fs := MapFS{Files: maps.Clone(base), Links: c.links, Contents: map[string]string{}, Names: c.names}
		if c.links == nil {
			fs.Links = map[string]string{}
		}
		for _, f := range c.files {
			fs.Files[f] = true
		}
		for f, s := range c.text {
			fs.Files[f], fs.Contents[f] = true, s
		}
		if _, ok := c.text["/p/.git"]; ok {
			for f := range fs.Files {
				if strings.HasPrefix(f, "/p/.git/") {
					delete(fs.Files, f)
				}
			}
		}
		if _, ok := c.links["/p/.git"]; ok {
			delete(fs.Files, "/p/.git/HEAD")
			delete(fs.Files, "/p/.git/hooks/pre-commit.sample")
		}
		e := &evaluator{env: &Env{FS: fs}, root: "/p", home: "/h"}
		got := e.rootRepository(true)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestParseGitConfig(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // name=value, in order; nil for not settings
	}{
		{"[core]\n\tbare = false\n", []string{"core.bare=false"}},
		{"[Blame]\n\tIgnoreRevsFile = .git-blame-ignore-revs\n", []string{"blame.ignorerevsfile=.git-blame-ignore-revs"}},
		{"[blame] ignoreRevsFile = a # comment\n", []string{"blame.ignorerevsfile=a"}},
		{"[blame]\nignoreRevsFile = \"a b;c\" ; comment\n", []string{"blame.ignorerevsfile=a b;c"}},
		{"[blame]\nignoreRevsFile = a\\\nb\n", []string{"blame.ignorerevsfile=ab"}},
		{"[blame]\nignoreRevsFile = \"a\\\\b\\\"c\\t\"\n", []string{"blame.ignorerevsfile=a\\b\"c\t"}},
		{"[includeIf \"gitdir:~/work/\"]\n\tpath = ~/.gitconfig-work\n", []string{"includeif.gitdir:~/work/.path=~/.gitconfig-work"}},
		{"[include]\r\n\tpath = x\r\n", []string{"include.path=x"}},
		{"[core]\n\tx\n", []string{"core.x="}},
		{"; top\n# top\n\n[a.B]\nc = d  e \n", []string{"a.b.c=d  e"}},
		{"x = 1\n", nil},
		{"[blame\nx = 1\n", nil},
		{"[blame]\nx = \"a\n", nil},
		{"[blame]\nx = a\\q\n", nil},
		{"[blame]\nx y = a\n", nil},
	} {
		var got []string
		if !parseGitConfig(c.text, func(n, v string) { got = append(got, n+"="+v) }) {
			got = nil
		} else if got == nil {
			got = []string{}
		}
		if !slices.Equal(got, c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
}

// TestIgnoreRevs checks that git blame reads the file blame.ignoreRevsFile
// names in the settings git reads, included ones too (round 25).
func TestIgnoreRevs(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	reads := func(fs MapFS, line string) []string {
		x := Extract(line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		var got []string
		for i := range x.Cmds {
			for _, a := range e.commandUnit(&x.Cmds[i]).paths {
				got = append(got, a.w.Text)
			}
		}
		return got
	}
	fs := MapFS{
		Files:    map[string]bool{"/p/.git/HEAD": true, "/p/README.md": true, "/p/.git/config": true, "/h/.gitconfig": true, "/h/.gitconfig-work": true},
		Links:    map[string]string{},
		Contents: map[string]string{"/p/.git/config": "[blame]\n\tignoreRevsFile = .git-blame-ignore-revs\n", "/h/.gitconfig": "[user]\n\tname = u\n[include]\n\tpath = .gitconfig-work\n", "/h/.gitconfig-work": "[blame]\n\tignoreRevsFile = ~/revs\n"},
	}
	got := reads(fs, "git blame README.md")
	for _, want := range []string{"/p/.git-blame-ignore-revs", "/h/revs"} {
		if !slices.Contains(got, want) {
			t.Errorf("git blame reads %q, want %q among them", got, want)
		}
	}
	if got := reads(fs, "git log -1"); slices.Contains(got, "/h/revs") {
		t.Errorf("git log reads %q", got)
	}
	fs.Contents["/h/.gitconfig-work"] = "[blame]\n\tignoreRevsFile = \"unterminated\n"
	if got := reads(fs, "git blame README.md"); !slices.ContainsFunc(got, func(p string) bool { return strings.Contains(p, "ignoreRevsFile") }) {
		t.Errorf("settings git would not read: %q, want a file only known when it runs", got)
	}
}

// TestFetchSettingsLoss checks that git fetch loses work where the
// settings git reads make it prune tags, force local branches or prune
// (design.md 450), and not with a clone's own settings (policies7;
// design.md 419). Real git 2.x deletes a local tag on git fetch only with both
// fetch.pruneTags and pruning.
func TestFetchSettingsLoss(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	clone := "[remote \"origin\"]\n\turl = /up\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
	for _, tc := range []struct {
		repo, user, line string
		loss             bool
	}{
		{clone, "", "git fetch origin", false},
		// Pruning the tracking refs of branches the remote deleted loses
		// the last copy of their commits (round 47, design.md 450).
		{clone + "\tprune = true\n", "", "git fetch origin", true},
		{clone + "\tpruneTags = true\n", "", "git fetch origin", false},
		{clone + "\tpruneTags = true\n\tprune\n", "", "git fetch origin", true},
		{clone + "\tpruneTags = true\n", "", "git fetch -p origin", true},
		{clone + "\tpruneTags = true\n\tprune = 1\n", "", "git fetch --no-prune-tags origin", true},
		{clone + "\tpruneTags = true\n\tprune = yes\n", "", "git fetch --no-prune origin", false},
		{clone, "[fetch]\n\tpruneTags\n\tprune = on\n", "git pull", true},
		{clone, "[fetch]\n\tpruneTags = false\n\tprune\n", "git fetch", true},
		{clone, "[fetch]\n\tpruneTags = false\n\tprune = false\n", "git fetch", false},
		{clone + "\tfetch = +refs/heads/*:refs/heads/*\n", "", "git fetch origin", true},
		{clone + "\tfetch = refs/heads/*:refs/heads/*\n", "", "git fetch origin", false},
		{clone + "\tfetch = refs/heads/*:refs/heads/*\n", "[fetch]\n\tprune = true\n", "git fetch origin", true},
		{clone + "\tfetch = ^refs/heads/x\n", "[fetch]\n\tprune = true\n", "git fetch origin", true},
		{clone + "\tfetch = ^refs/heads/x\n", "", "git fetch origin", false},
		{clone + "[include]\n\tpath = \"unterminated\n", "", "git fetch origin", true},
		{clone + "\tpruneTags = true\n\tprune\n", "", "git log", false},
	} {
		fs := MapFS{
			Files:    map[string]bool{"/p/.git/HEAD": true, "/p/.git/config": true, "/h/.gitconfig": tc.user != ""},
			Links:    map[string]string{},
			Contents: map[string]string{"/p/.git/config": tc.repo, "/h/.gitconfig": tc.user},
		}
		x := Extract(tc.line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		u := e.commandUnit(&x.Cmds[0])
		if got := u.cmd.Loss != ""; got != tc.loss {
			t.Errorf("%s with settings %q and %q: loss %q, want a loss %v", tc.line, tc.repo, tc.user, u.cmd.Loss, tc.loss)
		}
	}
}

// TestFetchRemotesWorktree checks that git fetch in a linked worktree reads
// the remotes/NAME files of the common directory, where git reads them.
func TestFetchRemotesWorktree(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for _, pull := range []string{"refs/heads/*:refs/remotes/o/*", "+refs/heads/*:refs/heads/*"} {
		fs := MapFS{
			Files: map[string]bool{"/w/.git": true, "/p/.git/HEAD": true, "/p/.git/worktrees/w/HEAD": true,
				"/p/.git/worktrees/w/commondir": true, "/p/.git/remotes/o": true},
			Contents: map[string]string{"/w/.git": "gitdir: /p/.git/worktrees/w\n", "/p/.git/worktrees/w/commondir": "../..\n",
				"/p/.git/remotes/o": "URL: /up\nPull: " + pull + "\n"},
		}
		x := Extract("git fetch o", know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/w"}, env: &Env{FS: fs}, root: "/w", cwd: "/w", home: "/h"}
		u := e.commandUnit(&x.Cmds[0])
		if got, want := u.cmd.Loss != "", strings.HasPrefix(pull, "+"); got != want {
			t.Errorf("Pull: %s in the common directory: loss %q, want a loss %v", pull, u.cmd.Loss, want)
		}
	}
}
