package runtime

import (
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestInheritedEnv checks which variables of the environment the line
// inherits make its programs not known (design.md 413; round 27 ran each
// harmful value in bubblewrap), and that the values users set for
// themselves leave them known.
// varsEnv returns the environment of the file system fs and the
// variables vars.
func varsEnv(fs FS, vars map[string]string) *Env {
	return &Env{FS: fs, Getenv: func(n string) string { return vars[n] }, Environ: func() []string {
		var l []string
		for k, v := range vars {
			l = append(l, k+"="+v)
		}
		return l
	}}
}

func TestInheritedEnv(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	fs := MapFS{
		Files: map[string]bool{
			"/p/README.md": true, "/p/node_modules/.bin/ls": true, "/p/bin/tool": true, "/p/cat": true,
			"/usr/bin/ls": true, "/usr/bin/cat": true, "/usr/bin/git": true, "/usr/bin/npm": true, "/usr/bin/pip": true,
			"/usr/bin/less": true, "/usr/bin/file": true, "/usr/bin/go": true, "/usr/bin/java": true, "/usr/bin/rg": true,
		},
		Links:    map[string]string{"/h/w": "/p", "/h/bin/node": "/p/tools/node"},
		Contents: map[string]string{"/usr/bin/npm": "#!/usr/bin/env node\nrequire('npm')\n", "/usr/bin/pip": "#!/usr/bin/python3 -s\nimport pip\n"},
	}
	fs.Files["/p/tools/node"] = true
	const sys = "/usr/bin:/bin"
	for _, c := range []struct {
		env  []string // NAME=value
		line string
		want string // a part of the reason the unit is not known; "" for known
	}{
		{nil, "ls", ""},
		{[]string{"PATH=./node_modules/.bin:" + sys}, "ls", "PATH holds ./node_modules/.bin"},
		// A program found elsewhere may run one by name there (round 50).
		{[]string{"PATH=./node_modules/.bin:" + sys}, "cat README.md", "PATH holds ./node_modules/.bin"},
		{[]string{"PATH=/p/node_modules/.bin:" + sys}, "env ls", "PATH holds /p/node_modules/.bin"},
		{[]string{"PATH=" + sys + ":."}, "ls", "PATH holds ."},
		{[]string{"PATH=.:" + sys}, "cd src", ""},
		{[]string{"PATH=.:" + sys}, "./bin/tool", "PATH holds ."},
		{[]string{"PATH=~/bin:" + sys}, "cat README.md", "PATH holds ~/bin"}, // bash expands ~ there
		// npm's interpreter, found on PATH as a link into the project.
		{[]string{"PATH=/h/bin:" + sys}, "npm ls", "PATH finds node as /h/bin/node, a link"},
		{[]string{"PATH=/h/bin:" + sys}, "cat README.md", ""},
		{[]string{"GIT_DIR=alt.git"}, "git status", "GIT_DIR"},
		{[]string{"GIT_CONFIG_PARAMETERS='core.fsmonitor'='x'"}, "git log -1", "GIT_CONFIG_PARAMETERS"},
		{[]string{"GIT_TRACE=/tmp/t"}, "go list", "GIT_TRACE"},
		{[]string{"GIT_DIR=alt.git"}, "ls", ""},
		{[]string{"GIT_PAGER=less", "GIT_EDITOR=code --wait", "GIT_AUTHOR_NAME=A B", "GIT_TERMINAL_PROMPT=0"}, "git status", ""},
		{[]string{"GIT_SSH_COMMAND=ssh -i ~/.ssh/k -o IdentitiesOnly=yes"}, "git status", ""},
		{[]string{"GIT_SSL_CAINFO=/etc/ssl/certs/ca-certificates.crt", "GIT_HTTP_LOW_SPEED_LIMIT=1000"}, "git status", ""},
		{[]string{"GIT_PROXY_COMMAND=./x"}, "git status", "GIT_PROXY_COMMAND"},
		{[]string{"GIT_SSH_COMMAND=ssh -o ProxyCommand=./x"}, "git status", "GIT_SSH_COMMAND"},
		{[]string{"GIT_EDITOR=./pwn"}, "git status", "GIT_EDITOR"},
		{[]string{"PYTHONPATH=."}, "pip --version", "PYTHONPATH"},
		{[]string{"PYTHONPATH=/opt/ros/lib/python3/dist-packages"}, "pip --version", ""},
		{[]string{"PYTHONPATH=/p/src"}, "python3 -V", "PYTHONPATH"},
		{[]string{"PYTHONPATH=."}, "cat README.md", ""},
		{[]string{"PYTHONDONTWRITEBYTECODE=1", "PYTHONUNBUFFERED=1"}, "pip --version", ""},
		{[]string{"NODE_OPTIONS=--max-old-space-size=4096"}, "npm -v", ""},
		{[]string{"NODE_OPTIONS=--require ./x.js"}, "npm -v", "NODE_OPTIONS"},
		{[]string{"NODE_OPTIONS=--require ./x.js"}, "git status", ""},
		{[]string{"npm_config_globalconfig=/h/.netrc"}, "npm ls", "npm_config_globalconfig"},
		{[]string{"LESSOPEN=| /usr/bin/lesspipe %s", "LESSCLOSE=/usr/bin/lesspipe %s %s"}, "less README.md", ""},
		{[]string{"LESSOPEN=|./pwn %s"}, "less README.md", "LESSOPEN"},
		{[]string{"MAGIC=/h/.ssh/id_rsa"}, "file README.md", "MAGIC"},
		{[]string{"MANOPT=-C man.conf"}, "man ls", "MANOPT"},
		{[]string{"JAVA_TOOL_OPTIONS=-Xmx2g -Dfile.encoding=UTF-8"}, "java --version", ""},
		{[]string{"JAVA_TOOL_OPTIONS=-XX:Flags=/h/.ssh/id_rsa"}, "java --version", "JAVA_TOOL_OPTIONS"},
		{[]string{"GOFLAGS=-mod=mod -buildvcs=false"}, "go list", ""},
		{[]string{"GOFLAGS=-overlay=ov.json"}, "go list", "GOFLAGS"},
		{[]string{"GOTOOLCHAIN=go1.22.0+auto"}, "go version", ""},
		{[]string{"GOTOOLCHAIN=path", "PATH=/p/bin:" + sys}, "go version", "GOTOOLCHAIN"},
		{[]string{"GOROOT=/p/goroot"}, "go version", "GOROOT"},
		{[]string{"HOME=/p/fh"}, "jq keys data.json", "HOME"},
		{[]string{"HOME=/p"}, "jq keys data.json", "HOME"},
		{[]string{"HOME=/h"}, "jq keys data.json", ""},
		{[]string{"XDG_CONFIG_HOME=/p"}, "git status", "XDG_CONFIG_HOME"},
		{[]string{"XDG_CONFIG_HOME=/p/.cfg"}, "git status", "XDG_CONFIG_HOME"},
		{[]string{"LD_PRELOAD=/p/x.so"}, "cat README.md", "LD_PRELOAD"},
		{[]string{"LD_PRELOAD=/p/x.so"}, "cd src", ""},
		{[]string{"LD_LIBRARY_PATH=/usr/local/cuda/lib64"}, "cat README.md", ""},
		{[]string{"LD_LIBRARY_PATH=lib"}, "cat README.md", "LD_LIBRARY_PATH"},
		{[]string{"BASH_FUNC_ls%%=() {  ./pwn; }"}, "ls", "defines ls as a function"},
		{[]string{"BASH_FUNC_ls%%=() {  ./pwn; }"}, "cat README.md", ""},
		{[]string{"BASH_FUNC_cd%%=() {  builtin cd /h/.ssh; }"}, "cd src", "defines cd"},
		{[]string{"BASH_ENV=/h/.bash_env"}, "echo hi", ""},
		{[]string{"BASH_ENV=./x.sh"}, "echo hi", "BASH_ENV"},
		{[]string{"LD_DEBUG=files", "LD_DEBUG_OUTPUT=/m/x"}, "cat README.md", "LD_DEBUG"},
		{[]string{"LD_BIND_NOW=1", "LD_RUN_PATH=/opt/lib"}, "cat README.md", ""},
		{[]string{"CC=./pwn", "CGO_ENABLED=1"}, "go build ./...", "CC"},
		{[]string{"CC=clang", "CGO_ENABLED=1"}, "go build ./...", ""},
		{[]string{"CGO_CFLAGS=-fplugin=./x.so"}, "go build ./...", "CGO_CFLAGS"},
		{[]string{"RUSTC_WRAPPER=sccache", "RUSTFLAGS=-C target-cpu=native", "CARGO_TERM_COLOR=always"}, "cargo build", ""},
		{[]string{"RUSTFLAGS=-C linker=./x"}, "cargo build", "RUSTFLAGS"},
		{[]string{"CARGO_HOME=/p/.cargo-home"}, "cargo build", "CARGO_HOME"},
		{[]string{"JAVA_HOME=/p/jdk"}, "mvn -v", "JAVA_HOME"},
		{[]string{"JAVA_HOME=/usr/lib/jvm/java-17", "MAVEN_OPTS=-Xmx1g"}, "mvn -v", ""},
		{[]string{"XZ_OPT=--files=/h/list"}, "tar -tJf a.tar.xz", "XZ_OPT"},
		{[]string{"UNZIP=-o -d /m"}, "unzip -l a.zip", "UNZIP"},
		{[]string{"GREP_OPTIONS=-r"}, "grep x README.md", "GREP_OPTIONS"},
		{[]string{"GREP_OPTIONS=-r"}, "zgrep x a.gz", "GREP_OPTIONS"},
		{[]string{"GREP_OPTIONS=-r"}, "rg x README.md", ""},
		{[]string{"TAR_OPTIONS=--to-command=./x"}, "tar -tf a.tar", "TAR_OPTIONS"},
		{[]string{"BC_ENV_ARGS=/h/.ssh/id_rsa"}, "bc -q", "BC_ENV_ARGS"},
		{[]string{"BC_ENV_ARGS=-q"}, "cat README.md", ""},
		{[]string{"BC_LINE_LENGTH=0"}, "bc -q", ""},
		// Values that reach the project through /proc, /dev/fd or a
		// link, and variables round 29 found missing (design.md 415).
		{[]string{"HOME=/proc/self/cwd"}, "git status", "HOME"},
		{[]string{"HOME=/proc/self/root/p"}, "git status", "HOME"},
		{[]string{"HOME=/h/w"}, "git status", "HOME"},
		{[]string{"PATH=/proc/self/cwd:" + sys}, "cat README.md", "PATH holds /proc/self/cwd"},
		{[]string{"PATH=/dev/fd/../cwd:" + sys}, "cat README.md", "PATH holds /dev/fd/../cwd"},
		{[]string{"PATH=/h/w:" + sys}, "cat README.md", "PATH holds /h/w"},
		{[]string{"LD_LIBRARY_PATH=/dev/fd/../cwd"}, "cat README.md", "LD_LIBRARY_PATH"},
		{[]string{"BASH_ENV=/dev/fd/../cwd/e.sh"}, "echo hi", "BASH_ENV"},
		{[]string{"LESSOPEN=|/dev/fd/../cwd/lesspipe %s"}, "less README.md", "LESSOPEN"},
		{[]string{"LESSKEYIN=/p/lk"}, "less README.md", "LESSKEYIN"},
		{[]string{"LESS=-R --lesskey-src=lk"}, "less README.md", "LESS"},
		{[]string{"LESS=-o/m/log"}, "less README.md", "LESS"},
		{[]string{"LESS=-FRX", "LESSCHARSET=utf-8"}, "less README.md", ""},
		{[]string{"LANGUAGE=../../../proc/self/cwd/loc"}, "cat README.md", "LANGUAGE"},
		{[]string{"LC_MESSAGES=../../../p/loc"}, "cat README.md", "LC_MESSAGES"},
		{[]string{"LANG=en_US.UTF-8", "LANGUAGE=en_US:en", "LC_ALL=C.UTF-8", "TERM=xterm-256color", "TZ=:/etc/localtime"}, "cat README.md", ""},
		{[]string{"TZ=/p/tz"}, "cat README.md", "TZ"},
		{[]string{"NLSPATH=/p/%N"}, "cat README.md", "NLSPATH"},
		{[]string{"PYENV_HOOK_PATH=/p/h"}, "pip --version", "PYENV_HOOK_PATH"},
		{[]string{"PYENV_VERSION=3.12.1", "PYENV_ROOT=/h/.pyenv", "PYENV_SHELL=bash"}, "pip --version", ""},
		{[]string{"PYENV_ROOT=/p/.pyenv"}, "pip --version", "PYENV_ROOT"},
		{[]string{"GOPROXY=file:///proc/self/cwd/proxy"}, "go version", "GOPROXY"},
		{[]string{"GOPROXY=https://proxy.golang.org,direct"}, "go version", ""},
	} {
		vars := map[string]string{"PATH": sys}
		for _, kv := range c.env {
			k, v, _ := strings.Cut(kv, "=")
			vars[k] = v
		}
		env := varsEnv(fs, vars)
		x := Extract(c.line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: env, root: "/p", cwd: "/p", home: "/h"}
		got := e.inheritedEnv(&x.Cmds[len(x.Cmds)-1])
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%v %s: %q, want %q", c.env, c.line, got, c.want)
		}
	}
}

// TestPathLinkedRoot checks that a PATH directory spelled by the
// physical path of a project opened through a link (CLAUDE_PROJECT_DIR
// ~/w, a link to /p) is the project's (round 51).
func TestPathLinkedRoot(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	fs := MapFS{Files: map[string]bool{"/p/README.md": true, "/p/bin/git": true, "/usr/bin/cat": true}, Links: map[string]string{"/h/w": "/p"}}
	for path, want := range map[string]string{"/p/bin:/usr/bin": "PATH holds /p/bin", "/h/w/bin:/usr/bin": "PATH holds /h/w/bin", "/usr/bin:/bin": ""} {
		env := varsEnv(fs, map[string]string{"PATH": path})
		x := Extract("cat README.md", know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/h/w"}, env: env, root: "/h/w", cwd: "/h/w", home: "/h"}
		if got := e.inheritedEnv(&x.Cmds[0]); want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("PATH=%s: %q, want %q", path, got, want)
		}
	}
}

// TestPathShadows checks that a program is not known where PATH holds a
// directory of the project, whatever the line writes there first: a
// program it runs by name may be found there (design.md 413, 452).
func TestPathShadows(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	fs := MapFS{Files: map[string]bool{"/p/node_modules/.bin/tsc": true, "/usr/bin/ls": true, "/usr/bin/cp": true}, Links: map[string]string{}}
	for line, want := range map[string]string{
		"cp /usr/bin/true node_modules/.bin/ls; ls": "PATH holds ./node_modules/.bin",
		"cp /usr/bin/true node_modules/.bin/x; ls":  "PATH holds ./node_modules/.bin",
		"cp /usr/bin/true bin/ls; ls":               "PATH holds ./node_modules/.bin",
	} {
		vars := map[string]string{"PATH": "./node_modules/.bin:/usr/bin"}
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, root: "/p", cwd: "/p", home: "/h",
			env: &Env{FS: fs, Getenv: func(n string) string { return vars[n] }}}
		units := e.commandUnits(Extract(line, know, Limits{}))
		lineSettings(units)
		if got := units[len(units)-1].known(); want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("%s: ls is %q, want %q", line, got, want)
		}
	}
}

// TestProcPathDirs checks that a PATH directory of /proc or /dev/fd, or
// one that leads there through a link, makes every program not known: it
// is a process's directory, which the line's cd, env -C or redirection
// moves (round 51).
func TestProcPathDirs(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	fs := MapFS{Files: map[string]bool{"/p/README.md": true, "/usr/bin/cat": true, "/h/bin/x": true},
		Links: map[string]string{"/h/up": "/proc/self/cwd/..", "/h/rel": "../../dev/fd/7", "/h/ok": "/h/bin"}}
	for path, want := range map[string]string{
		"/dev/fd/7:/usr/bin":                "PATH holds /dev/fd/7",
		"/proc/self/cwd/../bin:/usr/bin":    "PATH holds /proc/self/cwd/../bin",
		"/proc/thread-self/cwd/..:/usr/bin": "PATH holds /proc/thread-self/cwd/..",
		"/h/up/bin:/usr/bin":                "PATH holds /h/up/bin",
		"/h/rel:/usr/bin":                   "PATH holds /h/rel",
		"/h/ok:/h/bin:/usr/bin":             "",
	} {
		env := varsEnv(fs, map[string]string{"PATH": path})
		x := Extract("cat README.md", know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: env, root: "/p", cwd: "/p", home: "/h"}
		if got := e.inheritedEnv(&x.Cmds[0]); want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("PATH=%s: %q, want %q", path, got, want)
		}
	}
}

// TestLineCode checks that a program that runs code it finds in the
// project's tree is not known where another command of the line writes
// into the project, and is where that command only makes a directory or
// removes a file, or writes outside the project (policies11).
func TestLineCode(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	fs := MapFS{Files: map[string]bool{"/p/Makefile": true, "/p/build/a.o": true, "/usr/bin/make": true}, Links: map[string]string{}}
	for line, want := range map[string]string{
		"cat > sub/test_x.py <<'EOF'\nx\nEOF\nmake": "make runs code it finds in the project, where another command of this line writes /p/sub/test_x.py",
		"cp /tmp/x.c src/x.c; make":                 "writes /p/src/x.c",
		"make; echo done > log.txt":                 "writes /p/log.txt",
		"mkdir -p build && make":                    "",
		"rm build/a.o; make":                        "",
		"make | tee /tmp/make.log":                  "",
		"make":                                      "",
	} {
		vars := map[string]string{"PATH": "/usr/bin"}
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, root: "/p", cwd: "/p", home: "/h",
			env: &Env{FS: fs, Getenv: func(n string) string { return vars[n] }}}
		units := e.commandUnits(Extract(line, know, Limits{}))
		lineSettings(units)
		lineCode(units, e.root)
		var got string
		for i := range units {
			if units[i].cmd != nil && units[i].cmd.Program.Text == "make" {
				got = units[i].unknown
			}
		}
		if want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("%q: make is %q, want %q", line, got, want)
		}
	}
}
