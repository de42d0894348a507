#!/usr/bin/env python3
"""score.py DECISIONS.tsv: the quiet score of a hook's decisions on quiet38's
883 lines, as issue 29 counts it: allowed, plus passed and run by Claude Code
alone without a prompt (the client's verdicts in passes-client.tsv and
allows-client.tsv). A passed line with no client verdict is counted apart."""
import sys

client = {}
for f in ("passes-client.tsv", "allows-client.tsv"):
    for l in open(sys.path[0] + "/" + f):
        c = l.rstrip("\n").split("\t")
        if len(c) >= 5 and c[0].isdigit():
            client[c[0]] = c[4]
n = allow = run = prompt = unknown = 0
for l in open(sys.argv[1]):
    c = l.rstrip("\n").split("\t")
    if len(c) < 5 or not c[0].isdigit():
        continue
    n += 1
    if c[4] == "allow":
        allow += 1
    elif c[4] == "pass":
        v = client.get(c[0])
        if v == "run":
            run += 1
        elif v == "prompt":
            prompt += 1
        else:
            unknown += 1
print(f"{n} lines: allowed {allow}, passed and run by the client {run}, passed and prompted {prompt}, "
      f"passed without a client verdict {unknown}; without a prompt {allow + run} ({100 * (allow + run) / n:.1f}%)")
