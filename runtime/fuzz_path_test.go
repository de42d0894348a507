package runtime

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"hookc.dev/hookc/runtime/payload"
)

// FuzzPath checks path normalisation: the evaluator's resolve, access and
// anchoring of path globs, and the file systems' symlink resolution.
//
//   - resolve gives a clean path: absolute paths and ~ as they are,
//     relative ones under the working directory; resolving again changes
//     nothing.
//   - access cuts a path at a NUL, and its target, if any, differs from it.
//   - a path glob anchored at the project root (".", "./**", "x") or at the
//     home ("~", "~/**") matches the root or home it names, whatever glob
//     syntax their names hold.
//   - MapFS.Resolve terminates on any links, loops included, and gives ""
//     or a clean absolute path; a path without links gives "".
func FuzzPath(f *testing.F) {
	f.Add("/project", "/home/user", "a/../b/./c", "x=y\n/project/l=/etc")
	f.Add("/p/[x]*{a,b}?\\", "/h/**/~", "~/.ssh/../x", "/p/[x]*{a,b}?\\/l=..")
	f.Add("/", "", "~", "/a=/a")
	f.Add("/project/", "/home/user/", "../../../..//./x/", "/project/up=..\n/project/loop=loop")
	f.Add("/project", "/home/u", ".env\x00.txt", "/project/k=../home/u/.ssh/id_rsa")
	f.Add("/pröject", "/hömé", "é/../ü", "/pröject/é=/hömé")
	f.Add("relative", "/home/user", "x", "")
	f.Fuzz(func(t *testing.T, root, home, p, links string) {
		if len(root)+len(home)+len(p)+len(links) > 2000 {
			return
		}
		root = filepath.Clean("/" + root)
		home = filepath.Clean("/" + home)
		fs := MapFS{Links: map[string]string{}}
		for l := range strings.SplitSeq(links, "\n") {
			if a, b, ok := strings.Cut(l, "="); ok {
				fs.Links[a] = b
			}
		}
		e := &evaluator{t: &Table{}, p: &payload.Payload{}, env: &Env{Home: home, FS: fs}, root: root, cwd: root, home: home}

		r := e.resolve(p)
		if filepath.Clean(r) != r || !strings.HasPrefix(r, "/") {
			t.Fatalf("resolve(%q) = %q: not clean and absolute", p, r)
		}
		if again := e.resolve(r); again != r {
			t.Fatalf("resolve(%q) = %q, resolved again %q", p, r, again)
		}
		var want string
		switch {
		case p == "~":
			want = home
		case strings.HasPrefix(p, "~/"):
			want = filepath.Clean(home + p[1:])
		case strings.HasPrefix(p, "/"):
			want = filepath.Clean(p)
		default:
			want = filepath.Clean(root + "/" + p)
		}
		if r != want {
			t.Fatalf("resolve(%q) = %q, want %q", p, r, want)
		}

		a := e.access(Word{Text: p}, Word{}, true, false)
		if strings.IndexByte(a.w.Text, 0) >= 0 {
			t.Fatalf("access(%q) kept a NUL: %q", p, a.w.Text)
		}
		if a.target != "" && a.target == a.w.Text {
			t.Fatalf("access(%q): target equals the path %q", p, a.target)
		}

		for _, rp := range []string{"/x", p} {
			got := fs.Resolve(rp)
			if got != "" && (filepath.Clean(got) != got || !strings.HasPrefix(got, "/")) {
				t.Fatalf("MapFS.Resolve(%q) = %q with links %q", rp, got, links)
			}
		}
		if got := (MapFS{}).Resolve(p); got != "" {
			t.Fatalf("MapFS{}.Resolve(%q) = %q, want \"\"", p, got)
		}

		// Anchored globs match the root and home they name.
		if !utf8.ValidString(root) || !utf8.ValidString(home) {
			return
		}
		anchored := func(pat string) *globProg {
			return compileGlob(string(e.appendAnchor(nil, pat)), false)
		}
		rel := strings.TrimPrefix(filepath.Clean("/"+p), "/")
		for _, c := range []struct {
			pat, s string
			want   bool
		}{
			{".", root, true},
			{"~", home, true},
			{"./**", root + "/x" + rel, true},
			{"~/**", home + "/y", true},
			{"./*/**", root, false},
			{"./*/**", root + "/a", root != "/"},
			{"x", root + "/x", root != "/"},
		} {
			if c.pat == "./*/**" && root == "/" {
				continue // the root / anchors as "" + "/*/**"
			}
			if got := anchored(c.pat).Match(c.s); got != c.want {
				t.Fatalf("glob %q anchored at root %q, home %q (%q) on %q: %v, want %v",
					c.pat, root, home, e.appendAnchor(nil, c.pat), c.s, got, c.want)
			}
		}
	})
}
