package runtime

import (
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestShims holds the version managers' shims (design.md 449): a program
// PATH finds among shims is known only where every version file from its
// directory up names plain versions and no directory of PATH after the
// shims is the project's (round 48).
func TestShims(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	const shims = "/h/.pyenv/shims:/usr/bin:/bin"
	for _, c := range []struct {
		files map[string]string // path: content; @path: a link's target
		env   []string          // NAME=value
		dir   string            // the command's directory, below /p
		line  string
		want  string // a part of why the unit is not known; "" for known
	}{
		{nil, nil, "", "python3 --version", ""},
		{map[string]string{"/p/.python-version": "3.12.1\n"}, nil, "", "python3 --version", ""},
		{map[string]string{"/p/.python-version": "3.12.1 system # two\n"}, nil, "", "python3 --version", ""},
		{map[string]string{"/p/.python-version": "../../p/fk\n"}, nil, "", "python3 --version", "/p/.python-version names"},
		{map[string]string{"/p/.ruby-version": "../../../proc/self/cwd/fk\r\n"}, nil, "", "ruby --version", "/p/.ruby-version"},
		{map[string]string{"/p/.tool-versions": "python 3.12.1\nnodejs 20.1.0 system\n"}, nil, "", "python3 --version", ""},
		{map[string]string{"/p/.tool-versions": "golang path:./fk\n"}, nil, "", "python3 --version", "/p/.tool-versions"},
		{map[string]string{"/p/.tool-versions": "python ref:v3.12.0\n"}, nil, "", "python3 --version", "/p/.tool-versions"},
		{map[string]string{"/p/.tool-versions": "python path:./fk\n"}, nil, "sub", "python3 --version", "/p/.tool-versions"},
		{map[string]string{"/.tool-versions": "python path:/x\n"}, nil, "", "python3 --version", "/.tool-versions"},
		{map[string]string{"/p/mise.toml": "[tools]\npython = \"3.12\"\nnode = [\"20\", \"18.1\"]\n"}, nil, "", "python3 --version", ""},
		{map[string]string{"/p/mise.toml": "[tools]\npython = \"path:./fk\"\n"}, nil, "", "python3 --version", "/p/mise.toml"},
		// Top-level keys are the file's settings (TestShimOracle).
		{map[string]string{"/p/mise.toml": "env_path = [\"fk\"]\n"}, nil, "", "python3 --version", "/p/mise.toml"},
		{map[string]string{"/p/.config/mise/conf.d/a.toml": "env_path = [\"fk\"]\n[tools]\npython = [\"3.12\"]\n"}, nil, "", "python3 --version", "conf.d/a.toml"},
		{map[string]string{"/p/mise.toml": "dotenv = \"fkenv\"\n"}, nil, "", "python3 --version", "/p/mise.toml"},
		{map[string]string{"/p/.mise.local.toml": "[env]\n_.source = \"./x.sh\"\n"}, nil, "", "python3 --version", "/p/.mise.local.toml"},
		{map[string]string{"/p/mise.toml": "[tools]\n\"npm:prettier\" = \"latest\"\n"}, nil, "", "python3 --version", "/p/mise.toml"},
		{map[string]string{"/p/mise.toml": "[tools]\nnode = { version = \"20\", postinstall = \"./x\" }\n"}, nil, "", "python3 --version", "/p/mise.toml"},
		{map[string]string{"/p/.config/mise/conf.d/a.toml": "[tools]\ngo = \"path:/p/fk\"\n"}, nil, "", "python3 --version", "conf.d/a.toml"},
		{map[string]string{"/p/.nvmrc": "lts/iron\n"}, nil, "", "python3 --version", "/p/.nvmrc"},
		// Not a shim: PATH finds the program before the shims.
		{map[string]string{"/p/.tool-versions": "python path:./fk\n", "/usr/local/bin/python3": "#!/bin/sh\n"}, []string{"PATH=/usr/local/bin:" + shims}, "", "python3 --version", ""},
		{map[string]string{"/p/.tool-versions": "python path:./fk\n"}, nil, "", "cat README.md", ""},
		// system runs what PATH finds after the shims.
		{nil, []string{"PATH=/h/.pyenv/shims:.:/usr/bin"}, "", "python3 --version", "PATH holds ."},
		{nil, []string{"PATH=/h/.pyenv/shims::/usr/bin"}, "", "python3 --version", "PATH holds ."},
		{nil, []string{"PATH=/usr/bin:/h/.pyenv/shims:bin"}, "", "python3 --version", "PATH holds bin"}, // a helper python3 runs by name
		// The managers' variables.
		{nil, []string{"RBENV_VERSION=../../p/fk"}, "", "ruby --version", "RBENV_VERSION"},
		{nil, []string{"RBENV_VERSION=3.2.2"}, "", "ruby --version", ""},
		{nil, []string{"ASDF_PYTHON_VERSION=path:./fk"}, "", "python3 --version", "ASDF_PYTHON_VERSION"},
		{nil, []string{"MISE_PYTHON_VERSION=path:./fk"}, "", "python3 --version", "MISE_PYTHON_VERSION"},
		{nil, []string{"MISE_SHELL=bash", "ASDF_DIR=/h/.asdf"}, "", "python3 --version", ""},
		{nil, []string{"ASDF_DATA_DIR=/p/.asdf"}, "", "python3 --version", "ASDF_DATA_DIR"},
		{nil, []string{"MISE_ENV=ci"}, "", "cat README.md", ""},
		// Round 49: mise's other files, a version file that is a link.
		{map[string]string{"/p/mise.staging.toml": "[tools]\npython = \"path:./fk\"\n"}, nil, "", "python3 --version", "/p/mise.staging.toml"},
		{map[string]string{"/p/.config/mise.local.toml": "[tools]\npython = \"path:./fk\"\n"}, nil, "", "python3 --version", "mise.local.toml"},
		{map[string]string{"/p/.miserc.toml": "env = [\"staging\"]\n"}, nil, "", "python3 --version", "/p/.miserc.toml"},
		{map[string]string{"/p/mise/conf.d/x/mise.toml": "[tools]\ngo = \"path:/p/fk\"\n"}, nil, "", "python3 --version", "conf.d/x/mise.toml"},
		{map[string]string{"/p/tv": "python 3.12\n", "@/p/.tool-versions": "/proc/self/cwd/tv"}, nil, "", "python3 --version", "/p/.tool-versions"},
		// Shims by another name: shims/., a link to a shims directory,
		// a link to a shim or to mise below the home.
		{nil, []string{"PATH=/h/.pyenv/shims/.:/usr/bin", "PYENV_VERSION=x/y"}, "", "python3 --version", "PYENV_VERSION"},
		{map[string]string{"/p/.tool-versions": "python path:./fk\n"}, []string{"PATH=/h/.pyenv/shims/.:/usr/bin"}, "", "python3 --version", "/p/.tool-versions"},
		{map[string]string{"/p/.tool-versions": "python path:./fk\n", "@/h/.pb": "/h/.pyenv/shims"}, []string{"PATH=/h/.pb:/usr/bin"}, "", "python3 --version", "/p/.tool-versions"},
		{map[string]string{"/p/.tool-versions": "python path:./fk\n", "@/h/bin/python3": "/h/.pyenv/shims/python3"}, []string{"PATH=/h/bin:/usr/bin"}, "", "python3 --version", "/p/.tool-versions"},
		{map[string]string{"/p/.tool-versions": "go path:./fk\n", "/h/.local/bin/mise": "", "@/h/.local/bin/go": "/h/.local/bin/mise"}, []string{"PATH=/h/.local/bin:/usr/bin"}, "", "go version", "/p/.tool-versions"},
		{map[string]string{"/p/.tool-versions": "python path:./fk\n", "/h/bin/python3": "#!/bin/sh\n"}, []string{"PATH=/h/bin:/usr/bin"}, "", "python3 --version", ""},
		// Round 50: shims outside the home, under a release's name, as
		// scripts that run a manager; the system's programs are none.
		{map[string]string{"/p/.tool-versions": "python path:./fk\n", "/h/.local/bin/mise": "", "@/o/bin/python3": "/h/.local/bin/mise"}, []string{"PATH=/o/bin:/usr/bin"}, "", "python3 --version", "/p/.tool-versions"},
		{map[string]string{"/p/mise.toml": "[tools]\npython = \"path:./fk\"\n", "/h/.local/bin/mise": "", "@/usr/local/bin/python3": "/h/.local/bin/mise"}, []string{"PATH=/usr/local/bin:/usr/bin"}, "", "python3 --version", "/p/mise.toml"},
		{map[string]string{"/p/.tool-versions": "python path:./fk\n", "/h/.local/bin/mise-v2026.9.15-linux-x64": "", "@/h/bin/python3": "/h/.local/bin/mise-v2026.9.15-linux-x64"}, []string{"PATH=/h/bin:/usr/bin"}, "", "python3 --version", "/p/.tool-versions"},
		{map[string]string{"/p/.ruby-version": "../../proc/self/cwd/fk\n", "/h/bin/ruby": "#!/usr/bin/env bash\nexec /h/.rbenv/libexec/rbenv exec ruby \"$@\"\n"}, []string{"PATH=/h/bin:/usr/bin"}, "", "ruby --version", "/p/.ruby-version"},
		{map[string]string{"/p/.tool-versions": "python path:./fk\n"}, []string{"PATH=/usr/bin:/bin"}, "", "python3 --version", ""},
		// Round 51: mise's idiomatic files; a script whose interpreter
		// is the project's.
		{map[string]string{"/p/.python-versions": "path:./fk\n"}, nil, "", "python3 --version", "/p/.python-versions"},
		{map[string]string{"/p/package.json": "{\"devEngines\": {\"runtime\": {\"name\": \"node\", \"version\": \"path:./fk\"}}}"}, nil, "", "python3 --version", "/p/package.json"},
		{map[string]string{"/p/package.json": "{\"name\": \"x\", \"engines\": {\"node\": \">=20\"}}"}, nil, "", "python3 --version", ""},
		{map[string]string{"/p/.venv/bin/python3": "", "/h/bin/tool": "#!/p/.venv/bin/python3\nimport tool\n"}, []string{"PATH=/h/bin:/usr/bin"}, "", "tool --help", "/p/.venv/bin/python3 is the project's file"},
		{map[string]string{"/p/.python-version": "proj\n", "/p/.venv/bin/python3": "", "@/h/.pyenv/versions/proj": "/p/.venv"}, nil, "", "python3 --version", "/h/.pyenv/versions/proj is a link"},
		{map[string]string{"/p/mise.toml": "[tools]\npython = \"dev\"\n", "/p/dev/bin/python3": "", "@/h/.local/share/mise/installs/python/dev": "/p/dev"}, nil, "", "python3 --version", "installs/python/dev is a link"},
		{map[string]string{"/p/.python-version": "3.12\n", "/h/.pyenv/versions/3.12/bin/python3": ""}, nil, "", "python3 --version", ""},
		{map[string]string{"/p/.venv/bin/python3": "", "/h/bin/ls": "#!/usr/bin/env -S /p/.venv/bin/python3 -u\nimport sys\n"}, []string{"PATH=/h/bin:/usr/bin"}, "", "ls", "/p/.venv/bin/python3 is the project's file"},
		// A program PATH finds that links into the project (npm link).
		{map[string]string{"/p/bin/cli.js": "#!/usr/bin/env node\n", "@/usr/local/lib/node_modules/cli": "/p", "@/usr/local/bin/cli": "../lib/node_modules/cli/bin/cli.js"}, []string{"PATH=/usr/local/bin:/usr/bin"}, "", "cli --help", "a link to the project's files"},
	} {
		fs := MapFS{Files: map[string]bool{
			"/p/README.md": true, "/p/sub/a": true, "/usr/bin/cat": true, "/usr/bin/python3": true, "/usr/bin/ruby": true,
			"/h/.pyenv/shims/python3": true, "/h/.pyenv/shims/ruby": true, "/p/bin/python3": true,
		}, Contents: map[string]string{}, Links: map[string]string{}}
		for f, text := range c.files {
			if link, ok := strings.CutPrefix(f, "@"); ok {
				fs.Links[link] = text
				continue
			}
			fs.Files[f], fs.Contents[f] = true, text
		}
		vars := map[string]string{"PATH": shims}
		for _, kv := range c.env {
			k, v, _ := strings.Cut(kv, "=")
			vars[k] = v
		}
		env := varsEnv(fs, vars)
		x := Extract(c.line, know, Limits{})
		cwd := strings.TrimSuffix("/p/"+c.dir, "/")
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: cwd}, env: env, root: "/p", cwd: cwd, home: "/h"}
		got := e.inheritedEnv(&x.Cmds[len(x.Cmds)-1])
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%v %v in /p/%s, %q: got %q, want %q", c.files, c.env, c.dir, c.line, got, c.want)
		}
	}
}
