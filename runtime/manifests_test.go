package runtime

import (
	"strings"
	"testing"
)

// TestBuildManifests checks the files a build tool reads by name for
// code it builds or runs from (design.md 408): Cargo.toml's paths,
// rust-toolchain.toml's toolchain path, npm's workspaces, the project's
// cargo settings, pytest 9's pytest.toml, a manifest above a project
// that has none, and such a file written by another command of the same
// line. Each makes the command not known; the plain project stays
// allowed.
func TestBuildManifests(t *testing.T) {
	tb := effectsTable(nil,
		Rule{Name: "builds", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("cargo", "npm", "pytest", "go", "cmake", "git")}},
		Rule{Name: "copies", Pos: "p.cue:2:1", Decision: Allow, Cmd: &CmdCond{Name: exact("cp")}, Writes: any1(glob("/project/**"))},
	)
	const cargo = "[package]\nname = \"x\"\n"
	for _, c := range []struct {
		line  string
		files map[string]string
		why   string // "" for allowed
	}{
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo + "build = \"build.rs\"\n[dependencies]\ny = { path = \"crates/y\" }\n"}, ""},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo + "build = \"../outside/build.rs\"\n"}, "outside the project"},
		{"cargo test", map[string]string{"/project/Cargo.toml": cargo + "[dependencies]\ny = { version = \"1\", path = '/srv/y' }\n"}, "outside the project"},
		{"cargo check", map[string]string{"/project/Cargo.toml": "[workspace]\nmembers = [\n  \"a\",\n  \"../b\",\n]\n"}, "outside the project"},
		{"cargo run", map[string]string{"/project/Cargo.toml": cargo + "[patch.crates-io]\nz = { path = \"~/z\" }\n"}, "outside the project"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/.cargo/config.toml": "[alias]\nbuild = \"run\"\n"}, "does not read"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain.toml": "[toolchain]\nchannel = \"1.80\"\n"}, ""},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain.toml": "[toolchain]\npath = \"/tmp/tc\"\n"}, "by its path"},
		{"cargo build", map[string]string{"/Cargo.toml": cargo}, "above the project"},
		{"npm test", map[string]string{"/project/package.json": `{"workspaces":["packages/*"]}`}, ""},
		{"npm test", map[string]string{"/project/package.json": `{"workspaces":["../outside/*"]}`}, "outside the project"},
		{"npm test -ws", map[string]string{"/project/package.json": `{"workspaces":{"packages":["/srv/w"]}}`}, "outside the project"},
		{"npm test", map[string]string{"/package.json": `{}`}, "above the project"},
		{"pytest", map[string]string{"/project/pytest.toml": "[pytest]\naddopts = \"-p evil\"\n"}, "settings"},
		{"cp a .npmrc && npm test", map[string]string{"/project/a": "x", "/project/package.json": "{}"}, "which Claude Code itself protects"},
		{"cp a package.json && npm test", map[string]string{"/project/a": "x", "/project/package.json": "{}"}, "another command of this line writes"},
		{"cp a go.work; go test ./...", map[string]string{"/project/a": "x", "/project/go.mod": "module x\n"}, "another command of this line writes"},
		{"cp a CMakePresets.json && cmake --preset x", map[string]string{"/project/a": "x"}, "cmake --preset"},
		{"cmake --build build", map[string]string{"/project/build/CMakeCache.txt": "CMAKE_MAKE_PROGRAM:FILEPATH=/usr/bin/make\nCMAKE_C_COMPILER:FILEPATH=/usr/bin/cc\nCMAKE_HOME_DIRECTORY:INTERNAL=/project\n"}, ""},
		{"cmake --build build", map[string]string{"/project/build/CMakeCache.txt": "CMAKE_MAKE_PROGRAM:FILEPATH=/tmp/outside/pwn\n"}, "outside the project"},
		{"cmake -S . -B build", map[string]string{"/project/build/CMakeCache.txt": "CMAKE_PROJECT_INCLUDE:FILEPATH=/home/user/x.cmake\n"}, "outside the project"},
		{"cmake --build --preset b", nil, "cmake --build"},
		// Round 24's spellings.
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo + "[dependencies]\nfoo.path = \"../outside/foo\"\n"}, "outside the project"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo + "\"build\" = \"\"\"../outside/b.rs\"\"\"\n"}, "outside the project"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo + "build = \"\\u002e\\u002e/x.rs\"\n"}, "escape"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain.toml": "toolchain.path = \"/tmp/tc\"\n"}, "by its path"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain": "[toolchain]\npath = \"/tmp/tc\"\n"}, "by its path"},
		// The one-line form names a channel or a directory (round 40).
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain": "/abs/outside/tc\n"}, "by its path"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain": "  ./tc\n"}, "by its path"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain": "C:\\\\tc\n"}, "by its path"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain": "nightly-2024-01-01\n"}, ""},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain": "stable-x86_64-unknown-linux-gnu"}, ""},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/rust-toolchain": "1.80.0\n"}, ""},
		{"npm test", map[string]string{"/project/package.json": "\ufeff{\"workspaces\":[\"../x\"]}"}, "outside the project"},
		{"npm test", map[string]string{"/project/package.json": `{"workspaces":["../x"],"Workspaces":[]}`}, "outside the project"},
		{"npm test", map[string]string{"/project/package.json": ""}, ""},
		{"cmake --build build", map[string]string{"/project/build/CMakeCache.txt": "CMAKE_MAKE_PROGRAM:INTERNAL=/tmp/outside/pwn\n"}, "outside the project"},
		{"cmake --build build", map[string]string{"/project/build/CMakeCache.txt": "CMAKE_MAKE_PROGRAM:FILEPATH=../../outside/pwn\n"}, "outside the project"},
		{"git status", map[string]string{"/.git/HEAD": "ref: refs/heads/main\n"}, "above it"},
		{"git status", map[string]string{"/project/.git/HEAD": "ref: refs/heads/main\n", "/.git/HEAD": "x"}, ""},
		{"cp a notes.txt && npm test", map[string]string{"/project/a": "x", "/project/package.json": "{}"}, ""},
		// Manifests cargo reads past the first (design.md 409); "-> T"
		// is a link to T.
		{"cargo build", map[string]string{"/project/Cargo.toml": "[workspace]\nmembers = [\"a\"]\n", "/project/a/Cargo.toml": cargo + "[dependencies]\nfoo = { path = \"../../outside/foo\" }\n"}, "/project/a/Cargo.toml names ../../outside/foo"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo + "[dependencies]\nb = { path = \"a\" }\n", "/project/a/Cargo.toml": cargo + "[dependencies]\nfoo = { path = \"../../outside/foo\" }\n"}, "outside the project"},
		{"cargo build --manifest-path a/Cargo.toml", map[string]string{"/project/a/Cargo.toml": cargo + "build = \"/srv/b.rs\"\n"}, "outside the project"},
		{"cargo build", map[string]string{"/project/Cargo.toml": "[workspace]\nmembers = [\"crates/*\"]\n", "/project/crates/evil": "-> /home/user/m/foo", "/home/user/m/foo/Cargo.toml": cargo}, "through a link"},
		{"cargo build", map[string]string{"/project/Cargo.toml": "[workspace]\nmembers = [\"crates/*\"]\n", "/project/crates/a/Cargo.toml": cargo + "[dependencies]\nb = { path = \"../b\" }\n", "/project/crates/b/Cargo.toml": cargo}, ""},
		{"npm test -ws", map[string]string{"/project/package.json": `{"workspaces":["packages/*"]}`, "/project/packages/evil": "-> /home/user/m/ws", "/home/user/m/ws/package.json": "{}"}, "through a link"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo + "[dependencies]\nfoo = { git = \"file:///srv/outside/foo\" }\n"}, "outside the project"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo + "[dependencies]\nfoo = { git = \"file://host/srv/foo\" }\n"}, "file URL with a host"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo + "[dependencies]\nfoo = { git = \"https://github.com/a/foo\" }\n"}, ""},
		{"pytest", map[string]string{"/project/pytest.toml": "pytest.addopts = \"-p evil\"\n"}, "settings"},
		{"pytest", map[string]string{"/project/pytest.toml": "[pytest]\n  addopts = \"-p evil\"\n"}, "settings"},
		{"pytest", map[string]string{"/project/pyproject.toml": "[tool]\npytest = { ini_options = { addopts = \"-q\" } }\n"}, "does not read"},
		{"pytest", map[string]string{"/project/pyproject.toml": "[tool.black]\nline-length = 88\n[tool.pytest.ini_options]\ntestpaths = [\n  \"tests\",\n]\n"}, ""},
	} {
		checkInFiles(t, tb, c.line, c.files, c.why)
	}
}

// TestBuildLinks checks the links a build or test tool follows on its own
// (policies9, design.md 423): a file it reads by its default name that is
// a link is a read of its target (Cargo.toml or tox.ini to ~/.netrc,
// CMakeLists.txt to .env), and the trees it builds from hold no link out
// of the project or to a secret (a package directory, a source file, a
// fuzz corpus, cargo's target directory, pytest's rootdir conftest.py).
// "-> T" is a link to T.
func TestBuildLinks(t *testing.T) {
	tb := effectsTable(nil,
		Rule{Name: "builds", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("cargo", "pytest", "go", "cmake", "make", "ninja", "cd", "npm")}},
	)
	const (
		gomod = "module m\ngo 1.21\n"
		cargo = "[package]\nname = \"x\"\n"
	)
	for _, c := range []struct {
		line  string
		files map[string]string
		why   string // "" for allowed
	}{
		{"go test ./...", map[string]string{"/project/go.mod": gomod, "/project/a_test.go": "package m", "/project/lib/lib.go": "package lib"}, ""},
		{"go test ./...", map[string]string{"/project/go.mod": gomod, "/project/lib": "-> /srv/outside/lib", "/srv/outside/lib/lib.go": "package lib"}, "outside the project"},
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/p_test.go": "-> /srv/outside/p_test.go", "/srv/outside/p_test.go": "package m"}, "outside the project"},
		{"go build .", map[string]string{"/project/go.mod": gomod, "/project/h.h": "-> /project/.env", "/project/.env": "X=1"}, "a secret file"},
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/testdata/fuzz/FuzzX": "-> /home/user", "/home/user/.netrc": "x"}, "outside the project"},
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/testdata/fuzz/FuzzX": "-> /project/config", "/project/config/.env.production": "X=1"}, "a secret file"},
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/testdata/fuzz/FuzzX": "-> /project", "/project/.env": "X=1"}, "a secret file"},
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/testdata/fuzz/FuzzX": "-> /project/corpus", "/project/corpus/seed1": "go test fuzz v1"}, ""},
		{"go vet ./...", map[string]string{"/project/go.mod": gomod, "/project/vendor/example.com/x": "-> /srv/outside/x", "/srv/outside/x/x.go": "package x"}, "outside the project"},
		{"go list ./...", map[string]string{"/project/go.mod": gomod, "/project/lib": "-> /srv/outside/lib", "/srv/outside/lib/lib.go": "package lib"}, ""},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/src/main.rs": "fn main(){}"}, ""},
		{"cargo build", map[string]string{"/project/Cargo.toml": "-> /home/user/.netrc", "/home/user/.netrc": "x"}, "outside the project"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/Cargo.lock": "-> /project/.env", "/project/.env": "X=1"}, "a secret file"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/Cargo.lock": "-> /home/user/.bashrc", "/home/user/.bashrc": "x"}, "outside the project"},
		{"cargo test", map[string]string{"/project/Cargo.toml": cargo, "/project/target": "-> /srv/outside/t"}, "outside the project"},
		{"cargo run", map[string]string{"/project/Cargo.toml": cargo, "/project/src/x.rs": "-> /project/.env", "/project/.env": "X=1"}, "a secret file"},
		{"make", map[string]string{"/project/Makefile": "-> /srv/outside/Makefile", "/srv/outside/Makefile": "all:"}, "outside the project"},
		{"make", map[string]string{"/project/Makefile": "all:\n"}, ""},
		{"make", map[string]string{"/project/Makefile": "include mk/ext.mk\n", "/project/mk/ext.mk": "-> /srv/outside/ext.mk", "/srv/outside/ext.mk": "all:"}, "outside the project"},
		{"make -C sub", map[string]string{"/project/sub/Makefile": "-> /srv/outside/Makefile", "/srv/outside/Makefile": "all:"}, "outside the project"},
		{"make --version", map[string]string{"/project/Makefile": "all:\n", "/project/mk/ext.mk": "-> /srv/outside/ext.mk", "/srv/outside/ext.mk": "all:"}, ""},
		{"cmake -S . -B build", map[string]string{"/project/CMakeLists.txt": "include(x.cmake)\n", "/project/x.cmake": "-> /project/.env", "/project/.env": "X=1"}, "a secret file"},
		{"cmake --build build", map[string]string{"/project/CMakeLists.txt": "", "/project/build/CMakeFiles": "-> /srv/outside/cf", "/srv/outside/cf/x": ""}, "outside the project"},
		{"ninja", map[string]string{"/project/build.ninja": "include x.ninja\n", "/project/x.ninja": "-> /srv/outside/x.ninja", "/srv/outside/x.ninja": ""}, "outside the project"},
		{"cmake -S . -B build", map[string]string{"/project/CMakeLists.txt": "-> /project/.env", "/project/.env": "X=1"}, "a secret file"},
		{"ninja", map[string]string{"/project/build.ninja": "-> /home/user/.netrc", "/home/user/.netrc": "x"}, "outside the project"},
		{"pytest -q test_a.py", map[string]string{"/project/test_a.py": "", "/project/conftest.py": "-> /srv/outside/c.py", "/srv/outside/c.py": ""}, "outside the project"},
		{"pytest -q test_a.py", map[string]string{"/project/test_a.py": "", "/project/tox.ini": "-> /home/user/.netrc", "/home/user/.netrc": "x"}, "outside the project"},
		{"pytest -q", map[string]string{"/project/test_env.py": "-> /project/.env", "/project/.env": "X=1"}, "a secret file"},
		{"pytest -q", map[string]string{"/project/tests/test_a.py": "", "/project/build": "-> /srv/outside/b", "/srv/outside/b/x.py": ""}, "outside the project"},
		{"pytest -q", map[string]string{"/project/test_a.py": "", "/project/.pytest_cache/v/cache/nodeids": "-> /home/user/.ssh/authorized_keys", "/home/user/.ssh/authorized_keys": ""}, "outside the project"},
		{"pytest -q", map[string]string{"/project/test_a.py": "", "/project/.pytest_cache/v/cache/nodeids": "[]", "/project/.git/x": "-> /srv/outside"}, ""},
		{"pytest -q", map[string]string{"/project/test_a.py": "", "/project/build/lib/x.py": "-> /srv/outside/x.py", "/srv/outside/x.py": ""}, "outside the project"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/.hidden/m.rs": "-> /srv/outside/m.rs", "/srv/outside/m.rs": ""}, "outside the project"},
		{"pytest -q", map[string]string{"/project/tests/test_a.py": "", "/project/tests/helpers.py": "-> /project/tests/h.py", "/project/tests/h.py": ""}, ""},
		// Round 32: the tree below the directories go does not walk
		// by name, the project's tree from below it, a go.work that is
		// a link.
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/node_modules/lib": "-> /srv/outside/lib", "/srv/outside/lib/lib.go": "package lib"}, "outside the project"},
		{"go build .", map[string]string{"/project/go.mod": gomod, "/project/.inc/h.h": "-> /project/.env", "/project/.env": "X=1"}, "a secret file"},
		{"cd sub && go test .", map[string]string{"/project/go.mod": gomod, "/project/sub/a_test.go": "package sub", "/project/lib": "-> /srv/outside/lib", "/srv/outside/lib/lib.go": "package lib"}, "outside the project"},
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/go.work": "-> /project/w/x.work", "/project/w/x.work": "use /srv/outside/mod\n", "/srv/outside/mod/go.mod": gomod}, "outside the project"},
		{"make", map[string]string{"/project/Makefile": "include .mk/ext.mk\n", "/project/.mk/ext.mk": "-> /srv/outside/ext.mk", "/srv/outside/ext.mk": "all:"}, "outside the project"},
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/venv/pyvenv.cfg": "", "/project/venv/bin/activate": "", "/project/venv/lib": "-> /srv/outside/lib", "/srv/outside/lib/lib.go": "package lib"}, "outside the project"},
		// design.md 425: links below cargo's target, two levels down;
		// files with other names (hard links).
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/target/debug": "-> /srv/outside/t"}, "outside the project"},
		{"cargo build --release", map[string]string{"/project/Cargo.toml": cargo, "/project/target/release": "-> /home/user"}, "outside the project"},
		{"cargo test", map[string]string{"/project/Cargo.toml": cargo, "/project/target/debug/deps": "-> /srv/outside/d"}, "outside the project"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/target/debug/p": "-> /project/.env", "/project/.env": "X=1"}, "a secret file"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/target/debug/deps/libx.rlib": "", "/project/target/debug/cache": "-> /project/cache", "/project/cache/x": ""}, ""},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/Cargo.lock": "(2 names) x"}, "Cargo.lock"},
		{"cargo build", map[string]string{"/project/Cargo.toml": "(2 names) " + cargo}, "Cargo.toml"},
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/a_test.go": "(2 names) package m"}, "a hard link"},
		{"pytest -q", map[string]string{"/project/tests/test_a.py": "(2 names) "}, "a hard link"},
		{"go test .", map[string]string{"/project/go.mod": gomod, "/project/a_test.go": "package m", "/project/.git/objects/pack/p.pack": "(2 names) x"}, ""},
		// Round 33: files cargo rewrites in target, a workspace
		// module's go.mod, node_modules above the project.
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/target/.rustc_info.json": "(2 names) {}"}, "a hard link"},
		{"cargo build", map[string]string{"/project/Cargo.toml": cargo, "/project/target/debug/p.d": "(2 names) x"}, "a hard link"},
		{"go list -m", map[string]string{"/project/go.mod": gomod, "/project/go.work": "use ./dep\n", "/project/dep/go.mod": "(2 names) X=1"}, "dep/go.mod"},
		{"npm test", map[string]string{"/project/package.json": "{}", "/node_modules/x/index.js": ""}, "/node_modules, above the project"},
		{"npm test", map[string]string{"/project/package.json": "{}", "/project/node_modules/x/index.js": ""}, ""},
		{"pytest -q venv/test_a.py", map[string]string{"/project/venv/pyvenv.cfg": "", "/project/venv/bin/activate": "", "/project/venv/test_a.py": "", "/project/venv/conftest.py": "-> /srv/outside/c.py", "/srv/outside/c.py": ""}, "outside the project"},
		{"pytest -q venv/test_a.py", map[string]string{"/project/venv/pyvenv.cfg": "", "/project/venv/bin/activate": "", "/project/venv/test_a.py": "", "/project/venv/bin/python": "-> /usr/bin/python3"}, "outside the project"},
		{"pytest -q tests/test_a.py", map[string]string{"/project/tests/test_a.py": "", "/project/tests/conftest.py": ""}, ""},
	} {
		checkInFiles(t, tb, c.line, c.files, c.why)
	}
}

// checkInFiles decides line by tb in a file system of files ("-> T" is a
// link to T, "(2 names) " starts the contents of a hard link) and checks the answer: allowed where why is "", else asked
// with why in its reason.
func checkInFiles(t *testing.T, tb *Table, line string, files map[string]string, why string) {
	t.Helper()
	fs := MapFS{Files: map[string]bool{}, Contents: map[string]string{}, Links: map[string]string{}, Names: map[string]int{}}
	for p, s := range files {
		if to, ok := strings.CutPrefix(s, "-> "); ok {
			fs.Links[p] = to
			continue
		}
		if body, ok := strings.CutPrefix(s, "(2 names) "); ok {
			fs.Names[p], s = 2, body // a hard link
		}
		fs.Files[p], fs.Contents[p] = true, s
	}
	res := Decide(tb, bash(line), &Env{Home: "/home/user", FS: fs, Getenv: func(string) string { return "" }})
	want := Allow
	if why != "" {
		want = Ask
	}
	if res.Decision != want || !strings.Contains(res.Reason, why) {
		t.Errorf("%s %v: %s (%s), want %s with %q", line, files, res.Decision, res.Reason, want, why)
	}
}
