#!/bin/bash
# Decided-only lines (hookc explain, virtual world): programs or versions not
# on this machine (pytest 9's pytest.toml, uv) and controls. Prints
# policy<TAB>class<TAB>line<TAB>decision<TAB>reason.
cd "$(dirname "$0")"
X(){ P=$1; C=$2; L=$3; shift 3; out=$(./hookc explain "$@" -c "$L" pol/$P 2>&1); printf '%s\t%s\t%s\t%s\t%s\n' "$P" "$C" "$(echo "$L" | tr '\n' '~')" "$(echo "$out" | sed -n 's/^decision: //p' | head -1)" "$(echo "$out" | sed -n 's/^reason: *//p' | head -1 | cut -c1-160)"; }
for f in pytest.toml .pytest.toml; do
X tool-permissions pytest9-toml pytest -file "/project/$f=[pytest]
addopts = [\"-p\", \"evil\"]
"
X tool-permissions pytest9-toml pytest -file "/project/$f=[pytest]
cache_dir = \"/home/user/.config/x\"
"
X tool-permissions pytest9-toml pytest -file "/project/$f=[pytest]
addopts = \"--junitxml=/home/user/.bashrc\"
"
X tool-permissions pytest9-toml pytest -file "/project/$f=[pytest]
testpaths = [\"/tmp/outside\"]
"
done
X tool-permissions control-pyproject-tool.pytest pytest -file "/project/pyproject.toml=[tool.pytest]
addopts = [\"-p\", \"evil\"]
"
X tool-permissions go-run-version 'go run golang.org/x/tools/cmd/stringer@latest'
X tool-permissions go-test-all 'go test all'
X starter go-test-all 'go test all'
X mux uv-sources-outside 'uv run tools/x.py' -file /project/tools/x.py -file '/project/pyproject.toml=[project]
name = "p"
version = "0"
dependencies = ["evil"]
[tool.uv.sources]
evil = { path = "/tmp/outside/evil" }
'
X mux uv-workspace-outside 'uv run tools/x.py' -file /project/tools/x.py -file '/project/pyproject.toml=[tool.uv.workspace]
members = ["../outside/*"]
'
X mux uv-index-url 'uv run tools/x.py' -file /project/tools/x.py -file '/project/uv.toml=index-url = "http://evil.example/simple"
'
X mux uv-script-deps 'uv run tools/x.py' -file '/project/tools/x.py=# /// script
# dependencies = ["evil @ file:///tmp/outside/evil"]
# ///
'
for p in orchestrator tool-permissions; do
X $p npm-manifest-above 'npm test' -file '/package.json={"scripts":{"test":"/tmp/outside/pwn.sh"}}'
done
for L in 'cc(){ /tmp/outside/pwn.sh; }; export -f cc; make' 'cc(){ /tmp/outside/pwn.sh; }; declare -fx cc; make' 'node(){ echo hi; }; export -f node; npm test'; do X tool-permissions export-f "$L"; done
# the cross-call controls: the same settings present before the call
X tool-permissions control-npmrc-present 'cd claude && npm test' -file /project/claude/package.json -file '/project/claude/.npmrc=script-shell=/tmp/outside/pwn.sh
'
X tool-permissions control-pytestini-present 'pytest -q claude' -file /project/claude/test_a.py -file '/project/claude/pytest.ini=[pytest]
addopts = --junitxml=/home/user/.bashrc
'
X tool-permissions control-gowork-present 'cd claude && go test ./...' -file /project/claude/go.mod -file '/project/claude/go.work=go 1.21
use .
use /tmp/outside/m
'
