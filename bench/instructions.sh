#!/usr/bin/env bash
# instructions.sh CHECKOUT... — the hook's instructions per process on the
# bench's five payloads (docs/performance.md, "Instruction counts"), for the
# guard of each hookc checkout given (a directory: a worktree of any
# commit). The guard is built unstripped from `hookc gen`'s table with the
# time limit raised, so that no run under valgrind stops at it; each count
# is the least of 7 runs of `valgrind --tool=cachegrind` with GOMAXPROCS=1,
# whose answer must be the binary's own outside valgrind. Needs valgrind,
# git and python3.
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
proj=$work/proj
mkdir -p "$proj/cmd/shop" "$proj/internal/cart" "$proj/testdata"
echo 'module example.com/shop' >"$proj/go.mod"
echo 'package main' >"$proj/cmd/shop/main.go"
echo 'package cart' >"$proj/internal/cart/a.go"
cp "$proj/internal/cart/a.go" "$proj/internal/cart/b.go"
echo '# shop' >"$proj/README.md"
echo 'TOKEN=' >"$proj/.env.example"
echo '{}' >"$proj/testdata/order.json"
git -C "$proj" init -q && git -C "$proj" add -A &&
	git -C "$proj" -c user.email=a@b -c user.name=a commit -qm init
# The payloads of bench/run.go's payloads().
python3 - "$proj" "$work" <<'PY'
import json, sys
P, W = sys.argv[1], sys.argv[2]
def call(tool, inp):
    return json.dumps({"session_id": "5c1e7d2a-bench", "transcript_path": "/home/dev/.claude/projects/shop/5c1e7d2a-bench.jsonl",
        "cwd": P, "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": inp})
long = ("cd " + P + " && find . -name '*.go' -not -path './vendor/*' -print0 | xargs -0 grep -n 'TODO' | sort | uniq -c | sort -rn | head -50 > /tmp/todo.txt && "
    "GOFLAGS=-count=1 go test ./... 2>&1 | tee test.log | tail -20; for f in cmd/*/main.go; do gofmt -l \"$f\"; done && "
    "git diff --stat HEAD~1 -- internal/ && echo \"done: $(date +%s)\"")
content = "package cart\n\n" + "".join("// Line %d of a generated file that the agent writes.\nfunc f%d() int { return %d }\n\n" % (i, i, i) for i in range(40))
for name, data in {
    "bash-short": call("Bash", {"command": "git status", "description": "Show working tree status"}),
    "bash-long": call("Bash", {"command": long, "description": "Find TODOs and run the tests"}),
    "read": call("Read", {"file_path": P + "/internal/cart/a.go"}),
    "write": call("Write", {"file_path": P + "/internal/cart/c.go", "content": content}),
    "mcp": call("mcp__github__create_issue", {"owner": "example", "repo": "shop", "title": "Cart total is wrong for discounts",
        "body": "Steps:\n1. add two items\n2. apply SAVE10\n\nExpected 18.00, got 20.00.", "labels": ["bug", "cart"]}),
}.items():
    open(W + "/" + name + ".json", "w").write(data)
PY
for wt in "$@"; do
	name=$(basename "$wt")
	(
		cd "$wt"
		go build -o "$work/hookc" ./cmd/hookc
		dir=$(mktemp -d "$wt/.instructions-XXXX")
		trap 'rm -rf "$dir"' EXIT
		"$work/hookc" gen -pkg main -o "$dir/table_gen.go" examples/guard
		pkg=$(grep -q "schema.Floors" "$dir/table_gen.go" && echo schema || echo runtime)
		sed -i "0,/FoldCase: true,/s//FoldCase: true, Limits: $pkg.Limits{Millis: 1000000},/" "$dir/table_gen.go"
		# valgrind preloads its own libraries (LD_PRELOAD), which a static
		# Go program never loads but the guard reads (design.md 413):
		# the guard drops it, or its answer under valgrind differs.
		printf 'package main\n\nimport (\n\t"os"\n\n\t"hookc.dev/hookc/runtime"\n)\n\nfunc main() {\n\tos.Unsetenv("LD_PRELOAD")\n\truntime.Main(Table)\n}\n' >"$dir/main.go"
		CGO_ENABLED=0 go build -trimpath -o "$work/guard" "./$(basename "$dir")"
	)
	data=$(size -A "$work/guard" | awk '$1 == ".data" {print $2}')
	printf '%s (data %d bytes):' "$name" "$data"
	for p in bash-short bash-long read write mcp; do
		want=$(cd "$proj" && "$work/guard" <"$work/$p.json" | md5sum)
		best=
		for _ in 1 2 3 4 5 6 7; do
			# A run valgrind itself fails (now and then a Go binary under
			# it exits 2 printing nothing) is left out and said, not fatal.
			if ! got=$(cd "$proj" && GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
				"$work/guard" <"$work/$p.json" 2>"$work/vg.err" | md5sum); then
				echo "$name $p: a valgrind run failed: $(tail -1 "$work/vg.err")" >&2
				continue
			fi
			[ "$got" = "$want" ] || { echo "$p: the answer differs under valgrind" >&2; exit 1; }
			n=$(grep -o 'I *refs: *[0-9,]*' "$work/vg.err" | tr -dc 0-9)
			if [ -z "$best" ] || [ "$n" -lt "$best" ]; then best=$n; fi
		done
		[ -n "$best" ] || { echo "$p: every valgrind run failed" >&2; exit 1; }
		printf ' %s %dk' "$p" $((best / 1000))
	done
	echo
done
