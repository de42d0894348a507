#!/usr/bin/env python3
"""build.py [DIR [REV]]: rebuild the quiet38 worlds under DIR (default
/work/rt/quiet39; proj = the small Go repo made from hookc's own files at REV,
web, py, home). Deterministic; run once on an empty DIR. REV de3ec79 makes the
world every rerun from 430 on was decided in (../qrun.py); a later hookc adds
canary fixtures that ask 60 more lines."""
import os, subprocess, shutil, json
import sys
R = sys.argv[1] if len(sys.argv) > 1 else '/work/rt/quiet39'
REV = sys.argv[2] if len(sys.argv) > 2 else 'de3ec79'
SRC = '/work/main'
H = R + '/home'

def sh(cmd, cwd, env=None, check=True):
    e = dict(os.environ); e.update(env or {})
    return subprocess.run(cmd, cwd=cwd, shell=True, check=check, env=e,
                          capture_output=True, text=True).stdout

def w(path, text, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f: f.write(text)
    if mode: os.chmod(path, mode)

GITENV = {'HOME': H, 'GIT_CONFIG_NOSYSTEM': '1'}
def commit(repo, msg, when, files='-A'):
    env = dict(GITENV, GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when)
    sh(f'git add {files} && git commit -q -m {json.dumps(msg)}', repo, env)

# ---------------------------------------------------------------- home
def home():
    w(H + '/.gitconfig', '[user]\n\tname = Dev\n\temail = dev@example.com\n[core]\n\teditor = vim\n'
      '[alias]\n\tst = status\n\tco = checkout\n\tlg = log --oneline --graph\n[init]\n\tdefaultBranch = main\n'
      '[pull]\n\trebase = true\n')
    w(H + '/.bashrc', '# ~/.bashrc\ncase $- in *i*) ;; *) return;; esac\nHISTSIZE=10000\nalias ll="ls -la"\n'
      'export PATH="$HOME/.local/bin:$HOME/go/bin:$PATH"\nexport EDITOR=vim\n')
    w(H + '/.profile', '# ~/.profile\nif [ -n "$BASH_VERSION" ] && [ -f "$HOME/.bashrc" ]; then . "$HOME/.bashrc"; fi\n'
      'export GOPATH="$HOME/go"\n')
    w(H + '/.vimrc', 'set number\nset expandtab\nset shiftwidth=4\nsyntax on\n')
    w(H + '/.config/git/ignore', '.DS_Store\n*.swp\n.idea/\n')
    w(H + '/.config/pip/pip.conf', '[global]\nindex-url = https://pypi.org/simple\ntimeout = 60\n')
    w(H + '/.ssh/id_ed25519', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBfakefakefakefakefakefakefakefakefakefakefakeAAAA\n-----END OPENSSH PRIVATE KEY-----\n', 0o600)
    w(H + '/.ssh/id_ed25519.pub', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF9mYWtlZmFrZWZha2VmYWtl dev@box\n')
    w(H + '/.ssh/known_hosts', 'github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl\n')
    w(H + '/.ssh/config', 'Host github.com\n  User git\n  IdentityFile ~/.ssh/id_ed25519\n')
    w(H + '/.aws/credentials', '[default]\naws_access_key_id = AKIAQ3EXAMPLEFAKE7QX\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYFAKEKEY9a8\n', 0o600)
    w(H + '/.aws/config', '[default]\nregion = eu-west-1\noutput = json\n')
    w(H + '/.cache/go-build/README', 'This directory holds cached build artifacts from the Go build system.\n')
    w(H + '/.cache/go-build/00/00a1b2-d', 'x' * 64)
    w(H + '/.cache/pip/selfcheck/abc.json', '{"last_check":"2024-06-01T00:00:00Z"}\n')
    w(H + '/.local/bin/hello', '#!/bin/sh\necho hello\n', 0o755)
    w(H + '/.local/bin/mytool', '#!/bin/sh\necho tool\n', 0o755)
    w(H + '/.config/htop/htoprc', 'fields=0 48 17 18 38 39 40 2 46 47 49 1\n')

# ---------------------------------------------------------------- proj
# files copied from hookc HEAD, added over 15 commits
PROJ = {
 1: ['go.mod', 'go.sum', 'LICENSE', 'README.md', 'embed.go'],
 2: ['runtime/eval.go', 'runtime/env.go', 'runtime/dfa.go', 'runtime/braces.go', 'runtime/runtime.go',
     'runtime/main.go', 'runtime/output.go'],
 3: ['docs/design.md', 'docs/usage.md', 'docs/guard.md'],
 4: ['cmd/hookc/main.go', 'cmd/hookc/build.go', 'cmd/hookc/explain.go', 'cmd/hookc/format.go', 'cmd/hookc/help.go',
     'cmd/hookc/vet.go', 'cmd/hookc/diff.go', 'cmd/hookc/test.go', 'cmd/hookc/install.go', 'cmd/hookc/init.go', 'cmd/hookc/stats.go'],
 5: ['cue/schema/commands.cue', 'cue/schema/git.cue', 'cue/schema/policy.cue', 'cue/schema/schema.go',
     'cue/schema/strict.cue', 'cue/presets/doc.go', 'cue/presets/presets.go',
     'cue/presets/destructive/destructive.cue', 'cue/presets/files/files.cue', 'cue/presets/readonly/readonly.cue',
     'cue/presets/self/self.cue'],
 6: ['examples/guard/policy.cue', 'examples/guard/readonly.cue', 'examples/guard/hardening.cue',
     'examples/guard/sample.json', 'examples/guard/tests.cue', 'examples/guard/tests_readonly.cue',
     'examples/guard/tests_names.cue'],
 7: ['runtime/gitconfig.go', 'runtime/gitdir.go', 'runtime/githistory.go', 'runtime/gitindex.go',
     'runtime/gitsubmodule.go', 'runtime/fsexpand.go', 'runtime/listed.go', 'runtime/globcheck.go',
     'runtime/globnames.go', 'runtime/filereads.go'],
 8: ['readonly_test.go', 'confirm.tsv', 'testdata/readonly/git.tsv', 'testdata/readonly/search.tsv',
     'testdata/readonly/shell-model.tsv', 'testdata/readonly/coreutils.tsv', 'testdata/readonly/text.tsv'],
 9: ['internal/automata/alphabet.go', 'internal/automata/compile.go', 'internal/automata/dfa.go',
     'internal/automata/doc.go', 'internal/automata/list.go', 'internal/automata/minimize.go',
     'internal/automata/automata_test.go', 'internal/diag/closest.go', 'internal/diag/diag.go',
     'internal/diag/suggest.go', 'internal/diag/diag_test.go'],
 10: ['runtime/shell/shell.go', 'runtime/shell/command.go', 'runtime/shell/names.go', 'runtime/shell/options.go',
      'runtime/shell/shell_lex.go', 'runtime/shell/shell_word.go', 'runtime/shell/shell_expand.go',
      'runtime/shell/shell_loop.go'],
 11: ['CHANGELOG.md', 'SECURITY.md', 'docs/language.md', 'docs/layers.md', 'docs/protocol.md', 'docs/vet.md',
      'docs/import.md', 'docs/oracle.md', 'docs/performance.md'],
 12: ['runtime/codedirs.go', 'runtime/manpages.go', 'runtime/manifests.go', 'runtime/homes.go', 'runtime/index.go',
      'runtime/rgconfig.go', 'runtime/pytestini.go', 'runtime/procpath.go', 'runtime/sha.go',
      'runtime/eval_test.go', 'runtime/dfa_test.go', 'runtime/globmatch_test.go',
      'runtime/audit.go', 'runtime/auditlog.go', 'runtime/awkinet.go', 'runtime/basecommands.go',
      'runtime/environ.go', 'runtime/eventarg.go', 'runtime/gomodpaths.go', 'runtime/govcs.go',
      'runtime/hardlinks.go', 'runtime/lesspipe.go', 'runtime/outsidelinks.go', 'runtime/progvars.go',
      'runtime/regexpprog.go'],
 13: ['testdata/corpus/README.md', 'testdata/corpus/peer-commands.tsv', 'testdata/corpus/scope.tsv',
      'golden/guard/guard.txtar', 'golden/guard/vet.json', 'golden/guard/table_gen.go',
      'golden_test.go', 'corpus_test.go'],
 14: ['internal/testkit/testenv/testenv.go', 'internal/testkit/suites/readonly.go', 'internal/testkit/suites/suites.go',
      'internal/testkit/suites/world.go', 'internal/testkit/synth/synth.go', 'runtime/conds_test.go',
      'cmd/hookc/help/build.txt', 'cmd/hookc/help/diff.txt', 'cmd/hookc/help/explain.txt', 'cmd/hookc/help/gen.txt',
      'cmd/hookc/help/import.txt', 'cmd/hookc/help/init.txt', 'cmd/hookc/help/install.txt',
      'cmd/hookc/help/presets.txt', 'cmd/hookc/help/replay.txt', 'cmd/hookc/help/stats.txt',
      'cmd/hookc/help/test.txt', 'cmd/hookc/help/uninstall.txt', 'cmd/hookc/help/version.txt',
      'cmd/hookc/help/vet.txt'],
 15: [],   # edits only
}
MSGS = {1: 'Initial module: go.mod, README, LICENSE', 2: 'runtime: the evaluator and its DFA',
        3: 'docs: design.md, usage.md, guard.md', 4: 'cmd/hookc: the command line',
        5: 'cue: schema and presets', 6: 'examples/guard: the reference guard policy',
        7: 'runtime: git state reads (design.md 155)', 8: 'readonly_test: the read-only set and readOnlyDecide',
        9: 'internal: automata and diag', 10: 'runtime/shell: the shell parser',
        11: 'docs: CHANGELOG, SECURITY and the other docs', 12: 'runtime: fix manifests and rg config reads',
        13: 'golden and corpus: oracle tables (design.md 428)', 14: 'testkit: suites and synth for the oracle',
        15: 'Fix the braces expansion of alternatives (design.md 429)'}
DATES = {i: d for i, d in enumerate(['2023-11-02T10:00:00', '2023-12-14T11:30:00', '2024-01-20T09:15:00',
         '2024-02-11T16:40:00', '2024-03-05T13:00:00', '2024-04-22T10:10:00', '2024-06-01T18:05:00',
         '2024-07-19T08:45:00', '2024-09-03T14:20:00', '2024-10-30T12:00:00', '2024-12-12T17:30:00',
         '2025-03-08T09:00:00', '@REL-20d', '@REL-6d', '@REL-2d'], 1)}

def when(i):
    d = DATES[i]
    if d.startswith('@REL'):
        days = int(d[5:-1])
        return sh(f"date -d '-{days} days' +%Y-%m-%dT%H:%M:%S", R).strip()
    return d

def proj():
    P = R + '/proj'
    os.makedirs(P)
    sh('git init -q -b main .', P, GITENV)
    for i in range(1, 16):
        for f in PROJ[i]:
            data = subprocess.run(['git', 'show', REV + ':' + f], cwd=SRC, capture_output=True, check=True).stdout
            os.makedirs(os.path.dirname(P + '/' + f) or P, exist_ok=True)
            open(P + '/' + f, 'wb').write(data)
        if i == 1:
            w(P + '/.gitignore', '# build output\n/out/\n/hookc\n*.test\n*.prof\n')
        if i == 12:
            with open(P + '/runtime/eval.go', 'a') as f: f.write('\n// manifests: read package.json once per call.\n')
        if i == 15:
            with open(P + '/runtime/braces.go', 'a') as f: f.write('\n// alternatives keep their order (design.md 429).\n')
            with open(P + '/docs/design.md', 'a') as f: f.write('\n429. Braces keep the order of their alternatives.\n')
            with open(P + '/go.mod', 'a') as f: f.write('\n// tool directives follow\n')
        commit(P, MSGS[i], when(i))
        if i == 5: sh('git tag v0.1.0', P, GITENV)
        if i == 9: sh('git tag -a v0.2.0 -m "v0.2.0"', P, GITENV)
        if i == 12: sh('git tag -a v0.3.0 -m "v0.3.0"', P, GITENV)
        if i == 13:
            # the remote: a bare clone at this point; origin/main stays two commits behind
            sh(f'git clone -q --bare --no-hardlinks {P} {R}/origin.git', R, GITENV)
            sh(f'git remote add origin {R}/origin.git && git fetch -q origin && '
               'git branch -q --set-upstream-to=origin/main main && git remote set-head origin main', P, GITENV)
            # a feature branch from here
            sh('git branch feat/globstar', P, GITENV)
    # feature branch: one commit of its own
    sh('git checkout -q feat/globstar', P, GITENV)
    with open(P + '/runtime/fsexpand.go', 'a') as f: f.write('\n// TODO: expand ** (globstar) here.\n')
    commit(P, 'fsexpand: start on globstar', when(14))
    sh('git checkout -q main', P, GITENV)
    # a stash
    with open(P + '/README.md', 'a') as f: f.write('\nWork in progress: a section on globstar.\n')
    sh('git stash push -q -m "wip readme"', P, dict(GITENV, GIT_AUTHOR_DATE=when(15), GIT_COMMITTER_DATE=when(15)))
    # ignored build output
    w(P + '/out/hookc.log', 'build ok\n')

# ---------------------------------------------------------------- web
def web():
    P = R + '/web'
    pkg = {"name": "web-demo", "version": "1.4.2", "private": True,
           "scripts": {"build": "tsc -p .", "test": "jest", "lint": "eslint src", "format": "prettier --write src"},
           "dependencies": {"lodash": "^4.17.21", "react": "^18.2.0"},
           "devDependencies": {"@types/lodash": "^4.14.202", "eslint": "^8.57.0", "jest": "^29.7.0",
                               "prettier": "^3.2.5", "ts-jest": "^29.1.2", "typescript": "^5.4.5"}}
    w(P + '/package.json', json.dumps(pkg, indent=2) + '\n')
    lock = {"name": "web-demo", "version": "1.4.2", "lockfileVersion": 3, "requires": True,
            "packages": {"": {"name": "web-demo", "version": "1.4.2", "dependencies": pkg['dependencies']},
                         "node_modules/lodash": {"version": "4.17.21", "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz", "integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg=="},
                         "node_modules/react": {"version": "18.2.0", "resolved": "https://registry.npmjs.org/react/-/react-18.2.0.tgz", "integrity": "sha512-/3IjMdb2L9QbBdWiW5e3P2/npwMBaU9mHCSCUzNln0ZCYbcfTsGbTJrU/kGemdH2IWmB2ioZ+zkxtmq6g09fGQ=="}}}
    w(P + '/package-lock.json', json.dumps(lock, indent=2) + '\n')
    w(P + '/tsconfig.json', json.dumps({"compilerOptions": {"target": "ES2020", "module": "commonjs", "jsx": "react-jsx",
        "strict": True, "outDir": "dist", "rootDir": "src", "esModuleInterop": True}, "include": ["src"]}, indent=2) + '\n')
    w(P + '/.eslintrc.js', "module.exports = {\n  root: true,\n  extends: ['eslint:recommended'],\n  rules: { 'no-console': 'warn' },\n};\n")
    w(P + '/.env.example', 'API_URL=http://localhost:3000\nAPI_KEY=\n')
    w(P + '/.env', 'API_URL=https://api.example.com\nAPI_KEY=sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0\nDB_PASSWORD=Tr0ub4dor-and-3\n')
    w(P + '/.gitignore', 'node_modules/\ndist/\n.env\ncoverage/\n')
    w(P + '/README.md', '# web-demo\n\nA small React app. `npm run build`, `npm test`.\n')
    w(P + '/src/math.ts', 'export function add(a: number, b: number): number {\n  return a + b;\n}\n\n'
      'export function mul(a: number, b: number): number {\n  return a * b;\n}\n// TODO: div\n')
    w(P + '/src/index.ts', "import { add } from './math';\nimport _ from 'lodash';\n\nconsole.log(add(1, 2), _.sum([1, 2]));\n")
    w(P + '/src/components/App.tsx', "import React, { useState } from 'react';\nimport { add } from '../math';\n\n"
      "export default function App() {\n  const [n, setN] = useState(0);\n  return <div onClick={() => setN(add(n, 1))}>Hello {n}</div>;\n}\n")
    w(P + '/src/config.json', '{"version": "1.4.2", "title": "demo"}\n')
    w(P + '/tests/math.test.ts', "import { add } from '../src/math';\n\ntest('add', () => {\n  expect(add(1, 2)).toBe(3);\n});\n")
    w(P + '/public/index.html', '<!doctype html>\n<html><head><title>web-demo</title></head>\n<body><div id="root"></div></body></html>\n')
    w(P + '/dist/index.js', '"use strict";\nconst math_1 = require("./math");\nconsole.log((0, math_1.add)(1, 2));\n')
    w(P + '/dist/math.js', '"use strict";\nexports.add = (a, b) => a + b;\n')
    w(P + '/node_modules/react/package.json', json.dumps({"name": "react", "version": "18.2.0", "main": "index.js", "license": "MIT"}, indent=2) + '\n')
    w(P + '/node_modules/react/index.js', "'use strict';\nmodule.exports = require('./cjs/react.development.js');\n")
    w(P + '/node_modules/react/cjs/react.development.js', "'use strict';\nexports.version = '18.2.0';\n")
    w(P + '/node_modules/lodash/package.json', json.dumps({"name": "lodash", "version": "4.17.21", "main": "lodash.js", "license": "MIT"}, indent=2) + '\n')
    w(P + '/node_modules/lodash/lodash.js', '/**\n * @license\n * Lodash <https://lodash.com/>\n */\n;(function() {\n  var VERSION = \'4.17.21\';\n  module.exports = { VERSION: VERSION, sum: function(a) { return a.reduce(function(x, y) { return x + y; }, 0); } };\n}.call(this));\n')
    w(P + '/node_modules/.package-lock.json', json.dumps({"name": "web-demo", "lockfileVersion": 3, "packages": lock['packages']}, indent=2) + '\n')
    os.makedirs(P + '/node_modules/.bin', exist_ok=True)
    sh('git init -q -b main .', P, GITENV)
    commit(P, 'Initial React app', '2024-05-01T10:00:00')
    with open(P + '/src/math.ts', 'a') as f: f.write('\nexport const sub = (a: number, b: number) => a - b;\n')
    commit(P, 'math: sub', '2024-05-03T10:00:00')
    with open(P + '/README.md', 'a') as f: f.write('\nSee src/components.\n')
    commit(P, 'README: components', '2024-05-09T10:00:00')

# ---------------------------------------------------------------- py
def py():
    P = R + '/py'
    w(P + '/pyproject.toml', '[project]\nname = "app"\nversion = "0.3.1"\ndescription = "A small app"\n'
      'requires-python = ">=3.10"\ndependencies = ["requests>=2.31"]\n\n[project.optional-dependencies]\ndev = ["pytest", "ruff"]\n\n'
      '[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n\n'
      '[tool.ruff]\nline-length = 100\nsrc = ["src"]\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\npythonpath = ["src"]\n')
    w(P + '/setup.cfg', '[metadata]\nname = app\n\n[flake8]\nmax-line-length = 100\nexclude = .venv\n')
    w(P + '/requirements.txt', 'requests==2.31.0\n')
    w(P + '/README.md', '# app\n\nRun `python -m app`.\n')
    w(P + '/src/app/__init__.py', '"""app: a small example package."""\n\n__version__ = "0.3.1"\n\n\n'
      'def greet(name: str) -> str:\n    return f"hello {name}"\n\n\nclass Greeter:\n    def __init__(self, name):\n        self.name = name\n\n'
      '    def run(self):\n        print(greet(self.name))\n')
    w(P + '/src/app/settings.py', 'import os\n\nDEBUG = os.environ.get("APP_DEBUG", "0") == "1"\n'
      'API_URL = os.environ.get("API_URL", "http://localhost:8000")\n')
    w(P + '/src/app/main.py', 'import sys\n\nfrom app import Greeter\n\n\ndef main(argv=None):\n'
      '    argv = argv or sys.argv[1:]\n    Greeter(argv[0] if argv else "world").run()\n\n\nif __name__ == "__main__":\n    main()\n')
    w(P + '/tests/test_main.py', 'from app import greet\n\n\ndef test_greet():\n    assert greet("x") == "hello x"\n')
    w(P + '/src/app/__pycache__/__init__.cpython-312.pyc', '\x00fakepyc\n')
    w(P + '/.venv/pyvenv.cfg', 'home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.3\n')
    w(P + '/.venv/bin/activate', '# activate\nVIRTUAL_ENV=".venv"\nexport VIRTUAL_ENV\n')
    w(P + '/.venv/bin/pip', '#!/bin/sh\nexec python3 -m pip "$@"\n', 0o755)
    os.symlink('/usr/bin/python3', P + '/.venv/bin/python')
    os.symlink('python', P + '/.venv/bin/python3')
    sp = P + '/.venv/lib/python3.12/site-packages'
    w(sp + '/requests/__init__.py', '__version__ = "2.31.0"\n')
    w(sp + '/requests-2.31.0.dist-info/METADATA', 'Metadata-Version: 2.1\nName: requests\nVersion: 2.31.0\n')
    w(sp + '/pip/__init__.py', '__version__ = "24.0"\n')
    w(P + '/.gitignore', '.venv/\n__pycache__/\n*.pyc\n.pytest_cache/\n')
    sh('git init -q -b main .', P, GITENV)
    commit(P, 'Initial package', '2024-08-01T10:00:00')
    with open(P + '/src/app/main.py', 'a') as f: f.write('# entry point\n')
    commit(P, 'main: entry point', '2024-08-02T10:00:00')

if __name__ == '__main__':
    assert not os.path.exists(R), R + ' exists'
    os.makedirs(R)
    home(); proj(); web(); py()
    print(sh('find proj -path proj/.git -prune -o -print | tail -n +2 | wc -l', R).strip(), 'entries in proj')
