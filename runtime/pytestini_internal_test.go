package runtime

import (
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestPytestSettings checks that pytest's settings files are read as its
// command line (design.md 379): options of addopts that run code or read
// settings from elsewhere, and paths outside the project, make pytest not
// known; a write option of addopts is a write; settings that do neither
// leave it known.
func TestPytestSettings(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for _, c := range []struct {
		file, content string
		unknown       bool   // the command is not known
		writes        string // a path it writes, if any
	}{
		{"pytest.ini", "[pytest]\naddopts = -ra -q --strict-markers\ntestpaths = tests\n", false, ""},
		{"pytest.ini", "[pytest]\naddopts = -p evil_plugin\n", true, ""},
		{"pytest.ini", "[pytest]\naddopts = -pevil\n", true, ""},
		{"pytest.ini", "[pytest]\naddopts = --rootdir=/tmp/evil\n", true, ""},
		{"pytest.ini", "[pytest]\naddopts = -c /tmp/evil.ini\n", true, ""},
		{"pytest.ini", "[pytest]\naddopts = --confcut=/\n", true, ""},
		{"pytest.ini", "[pytest]\naddopts = --junitxml=/tmp/r.xml\n", false, "/tmp/r.xml"},
		{"pytest.ini", "[pytest]\naddopts = --junit-x /tmp/r.xml\n", false, "/tmp/r.xml"},
		{"pytest.ini", "[pytest]\naddopts = --junitxml=reports/r.xml\n", false, "/p/reports/r.xml"},
		{"pytest.ini", "[pytest]\naddopts = /tmp/evil_test.py\n", true, ""},
		{"pytest.ini", "[pytest]\naddopts = 'unterminated\n", true, ""},
		{"pytest.ini", "[pytest]\ncache_dir = /home/u/.cache/x\n", true, ""},
		{"pytest.ini", "[pytest]\ncache_dir = $HOME/x\n", true, ""},
		{"pytest.ini", "[pytest]\ncache_dir = .cache\n", false, ""},
		{"pytest.ini", "[pytest]\ntestpaths =\n    tests\n    ../outside\n", true, ""},
		{"pytest.ini", "[other]\naddopts = -p evil\n", false, ""},
		{"pytest.ini", "[pytest] # settings\naddopts = -p evil\n", true, ""},
		{"setup.cfg", "[tool:pytest]\naddopts = --pyargs mypkg\n", true, ""},
		{"tox.ini", "[pytest]  ; settings\naddopts = /tmp/evil_test.py\n", true, ""},
		{"pyproject.toml", "[tool.pytest.ini_options] # settings\naddopts = \"-p evil\"\n", true, ""},
		{".pytest.ini", "[pytest]\npythonpath = /opt/evil\n", true, ""},
		{"tox.ini", "[tox]\nenvlist = py3\n[pytest]\nlog_file = ../x.log\n", true, ""},
		{"setup.cfg", "[metadata]\nname = x\n[tool:pytest]\naddopts =\n    -ra\n    --basetemp=/home/u\n", true, ""},
		{"pyproject.toml", "[project]\nname = \"x\"\n[tool.pytest.ini_options]\nmarkers = [\n  \"slow: a slow one\",\n]\naddopts = \"-ra -q\"\n", false, ""},
		{"pyproject.toml", "[tool.pytest.ini_options]\naddopts = [\"-ra\", \"-p\", \"evil\"]\n", true, ""},
		{"pyproject.toml", "[tool.pytest.ini_options]\naddopts = [\n  \"-ra\",\n  \"--log-file=/tmp/x.log\",\n]\n", false, "/tmp/x.log"},
		{"pyproject.toml", "[tool.pytest]\ntestpaths = [\"tests\", \"/srv/x\"]\n", true, ""},
		{"pyproject.toml", "[tool.pytest.ini_options]\naddopts = \"\"\"\n-p evil\n\"\"\"\n", true, ""},
		{"pyproject.toml", "[tool.black]\nline-length = 100\n", false, ""},
	} {
		fs := MapFS{Files: map[string]bool{"/p/" + c.file: true}, Contents: map[string]string{"/p/" + c.file: c.content}}
		x := Extract("pytest -q tests", know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		u := e.commandUnit(&x.Cmds[0])
		if (u.known() != "") != c.unknown {
			t.Errorf("%s %q: unknown %q, want unknown %v", c.file, c.content, u.known(), c.unknown)
		}
		var writes []string
		for _, a := range u.paths {
			if a.write {
				writes = append(writes, a.w.Text)
			}
		}
		if got := strings.Join(writes, " "); got != c.writes {
			t.Errorf("%s %q: writes %q, want %q", c.file, c.content, got, c.writes)
		}
	}
	// pytest takes the settings of its arguments' directory and those
	// above it: a subdirectory's pytest.ini counts for pytest sub.
	fs := MapFS{Files: map[string]bool{"/p/sub/pytest.ini": true, "/p/sub/test_a.py": true}, Contents: map[string]string{"/p/sub/pytest.ini": "[pytest]\naddopts = -p evil\n"}}
	for line, want := range map[string]bool{"pytest sub": true, "pytest sub/test_a.py::test_x": true, "pytest -q": false, "pytest other": false, "pytest ..": true, "pytest -q sub/../..": true, "pytest sub/..": false, "pytest --pyargs pkg": true, "pytest --pya pkg": true} {
		x := Extract(line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		if u := e.commandUnit(&x.Cmds[0]); (u.known() != "") != want {
			t.Errorf("%s with sub/pytest.ini: unknown %q, want unknown %v", line, u.known(), want)
		}
	}
	// Above the project pytest goes on looking for settings, and takes
	// conftest.py files; it expands ~ and $ in the paths it writes
	// (design.md 383).
	for _, c := range []struct {
		above, line string
		want        bool
	}{
		{"", "pytest -q", false},
		{"/h/conftest.py", "pytest -q", true},
		{"/conftest.py", "pytest", true},
		{"/h/pyproject.toml", "pytest tests", true},
		{"/h/setup.cfg", "pytest", true},
		{"/h/p/x/conftest.py", "pytest", false}, // not above: /h/p is the project
		{"/h/package.json", "pytest", false},
		{"", "pytest '--junitxml=~/r.xml'", true},
		{"", "pytest --junit-xml='$HOME/r.xml'", true},
		{"", "pytest --junitxml=reports/r.xml", false},
		// So do cargo, rustup, go, uv and npm (design.md 398).
		{"", "cargo build", false},
		{"/.cargo/config.toml", "cargo build", true},
		{"/.cargo/config", "cargo test", true},
		{"/rust-toolchain.toml", "cargo run", true},
		{"/h/.cargo/config.toml", "cargo build", false}, // the user's own
		{"/h/rust-toolchain.toml", "cargo build", true},
		{"/h/.npmrc", "npm ls", false},
		{"/.npmrc", "npm ls", true},
		{"/go.work", "go test ./...", true},
		{"/h/p/go.work", "go test ./...", false},
		{"/uv.toml", "uv run x.py", true},
		{"/pyproject.toml", "uv run x.py", true},
	} {
		fs := MapFS{Files: map[string]bool{"/h/p/tests/test_a.py": true, "/h/p/go.mod": true, "/h/p/Cargo.toml": true}}
		if c.above != "" {
			fs.Files[c.above] = true
		}
		x := Extract(c.line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/h/p"}, env: &Env{FS: fs}, root: "/h/p", cwd: "/h/p", home: "/h"}
		if u := e.commandUnit(&x.Cmds[0]); (u.known() != "") != c.want {
			t.Errorf("%s with %q: unknown %q, want unknown %v", c.line, c.above, u.known(), c.want)
		}
	}
}

// TestPytestSettingsLinks checks the path settings through the links of
// the project (a link out makes the command not known), testpaths'
// patterns, a plugin's option in addopts and --cache-clear with a
// cache_dir of the project's work (policies8, design.md 420).
func TestPytestSettingsLinks(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for _, c := range []struct {
		content, line string
		unknown, loss bool
	}{
		{"[pytest]\ntestpaths = tests\n", "pytest -q", false, false},
		{"[pytest]\ntestpaths = build\n", "pytest -q", true, false},
		{"[pytest]\ntestpaths = .c/out\n", "pytest -q", true, false},
		{"[pytest]\ntestpaths = b*\n", "pytest -q", true, false},
		{"[pytest]\ncache_dir = build/cache\n", "pytest -q", true, false},
		{"[pytest]\nlog_file = build/x.log\n", "pytest -q", true, false},
		{"[pytest]\naddopts = --tx popen//python=./p -d\n", "pytest -q", true, false},
		{"[pytest]\naddopts = --benchmark-storage=file:///x\n", "pytest -q", true, false},
		{"[pytest]\ncache_dir = src\n", "pytest -q", false, false},
		{"[pytest]\ncache_dir = src\n", "pytest --cache-clear", false, true},
		{"[pytest]\ncache_dir = src\n", "pytest --cache-c", false, true},
		{"[pytest]\ncache_dir = src\naddopts = --cache-clear\n", "pytest -q", false, true},
		{"[pytest]\naddopts = --cache-clear\n", "pytest -q", false, false},
	} {
		fs := MapFS{
			Files:    map[string]bool{"/p/pytest.ini": true, "/p/tests/test_a.py": true, "/p/src/a.py": true, "/out/test_o.py": true},
			Contents: map[string]string{"/p/pytest.ini": c.content},
		}
		if strings.Contains(c.content, "build") || strings.Contains(c.content, ".c/") {
			// A link out of the project is enough to make pytest
			// not known wherever it lies (design.md 423); the
			// settings name them here.
			fs.Links = map[string]string{"/p/build": "/out", "/p/.c": "/"}
		}
		x := Extract(c.line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		u := e.commandUnit(&x.Cmds[0])
		if (u.known() != "") != c.unknown || (u.cmd.Loss != "") != c.loss {
			t.Errorf("%q with %q: unknown %q, loss %q; want unknown %v, loss %v", c.line, c.content, u.known(), u.cmd.Loss, c.unknown, c.loss)
		}
	}
}
