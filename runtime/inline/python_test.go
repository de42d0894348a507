package inline

import (
	"slices"
	"testing"
)

func TestPython(t *testing.T) {
	core := []struct {
		src   string
		reads []string
	}{
		{`import sys; print(sys.version)`, nil},
		{`import sys; print(sys.path)`, nil},
		{"import sys\nprint(sys.version_info)\n", nil},
		{`import json; print(json.__file__)`, nil},
		{`import sys; print(sys.executable)`, nil},
		{`import sys; print(sys.version_info.major, sys.stdin.read().upper())`, nil},
		{`print(1+1)`, nil},
		{`import this`, nil},
		{`from json import dumps; print(dumps({"a": [1, 2]}, indent=2))`, nil},
		{`print(open("README.md").read())`, []string{"README.md"}},
		{`print(open('a.txt', encoding='utf-8').readlines()[:3])`, []string{"a.txt"}},
		{`import tomllib; print(tomllib.load(open("pyproject.toml","rb"))["project"])`, []string{"pyproject.toml"}},
		{`import ast,sys; print([n.name for n in ast.parse(open('src/app/__init__.py').read()).body if hasattr(n,'name')])`, []string{"src/app/__init__.py"}},
		{`import json; print({k: v for k, v in json.load(open("p.json")).items() if k != "x"})`, []string{"p.json"}},
		{`print(sorted(set(open("a").read().split()), reverse=True)[-1] if 1 else 2)`, []string{"a"}},
		{`import json; print(json.dumps(json.load(open("p.json")), indent=2, sort_keys=True))`, []string{"p.json"}},
		{`import ast; print(ast.dump(ast.parse("x = 1", mode="exec"), indent=1))`, nil},
	}
	for _, c := range core {
		reads, why := Python(c.src)
		if why != "" || !slices.Equal(reads, c.reads) {
			t.Errorf("Python(%q) = %q, %q; want %q in the core", c.src, reads, why, c.reads)
		}
	}
	outside := []string{
		`import os; print(os.environ)`,
		`import sys; print(sys.modules["os"].environ)`,
		`import ast; print(ast.sys.modules)`,
		`import json; print(json.codecs.open("/etc/shadow").read())`,
		`import subprocess`,
		`import platform; print(platform.platform())`,
		`__import__("os").system("x")`,
		`print(eval("1"))`,
		`exec("import os")`,
		`print(open("x", "w"))`,
		`print(open("x", mode="a"))`,
		`open("x", "r+")`,
		`print(open(name).read())`,
		`print(open("a" + "b").read())`,
		`print(open(f"{1}").read())`,
		`print(f"{sys.modules}")`,
		`print(open("\x2e\x65nv").read())`,
		`print(open(b".env").read())`,
		`print(list(map(open, ["x"])))`,
		`x = 1`,
		`import sys; print(sys.__dict__)`,
		`print(().__class__.__bases__[0].__subclasses__())`,
		`print(len.__self__)`,
		`print(type("", (), {})())`,
		`print((lambda: 1)())`,
		`import sys; sys.settrace(print)`,
		`import sys as print`,
		`print = 1`,
		`[print for print in [1]]`,
		`import sys; [sys for sys in [1]]; print(sys.modules)`,
		`import json; print(json.load(open("a")).format_map({}))`,
		`print("{0.__class__}".format(1))`,
		"print(1) \\\n",
		`import sys.monitoring`,
		`from os import system`,
		`from sys import modules`,
		`print("x")` + "\xff",
		`help()`,
		`breakpoint()`,
		`input()`,
		`print(getattr(1, "real"))`,
		`print(vars())`,
		`print(globals())`,
		`print(compile("1", "f", "eval"))`,
		// Round 52: a builtin named by a later comprehension's variable,
		// a method passed as a value, a CR ending a comment.
		`list(map(exec, ['import os; os.system("id")'])) + [0 for exec in []]`,
		`[*sorted(eval("1"))] + [0 for eval in []]`,
		`print(list(map(__builtins__.exec, ["1"])), [0 for __builtins__ in []])`,
		`print([x for print in [1]])`,
		`import sys; print(*map('{0.modules[os].environ}'.format, [sys]))`,
		`import sys; print(sorted([1], key=sys.path.append))`,
		`import json; print(json.loads("{}", object_pairs_hook=sys.path.extend))`,
		`import json; print(json.loads("{}", **{"object_hook": print}))`,
		`import json; print(json.dumps(1, default=print))`,
		`import sys; print(1, file=sys.stderr)`,
		"print(1) #\rimport os; os.system('id')",
		"print(1) # x\rimport os",
		// Round 53: a file name a syntax error's traceback reads.
		`import ast; ast.parse('(', filename='.env')`,
		`import ast; ast.parse('(', '.env')`,
		`from ast import parse; parse('(', *['.env'])`,
		`import json; print([json][0].codecs.builtins)`,
		`import json; print((json or 1).codecs)`,
		`import json; print((json if 1 else 2).codecs)`,
		`import json; print([m.codecs for m in (json,)])`,
	}
	for _, src := range outside {
		if reads, why := Python(src); why == "" {
			t.Errorf("Python(%q) = %q in the core; want outside", src, reads)
		}
	}
}
