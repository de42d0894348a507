#!/usr/bin/env python3
"""qrun.py HOOK OUT.tsv [WORLD]: decide every line of quiet38's lines.tsv with the
hook binary HOOK, one process at a time, and write OUT.tsv in the decisions.tsv
format (id, project, category, line, decision, reason).

WORLD is the directory rerun430/build.py builds (default /work/rt/quiet39): each
line runs with cwd and CLAUDE_PROJECT_DIR = WORLD/<project>, HOME = WORLD/home,
and the caller's PATH (rerun450 gave the hook this machine's PATH, pyenv's shims
included). What pyenv's python3 shim adds when it starts this script is taken
out again: its per-call variables (PYENV_VERSION, PYENV_DIR, ...), with which
every python program is not known (rerun439, design.md 439), and the directories
`pyenv exec` puts before PATH. Claude Code's shell carries neither, so
`python3 qrun.py` through the shim and Python's own interpreter give the hook
the same environment.

A line's literal \\n is fed as a newline, as run.py did. The decision is
allow/deny/ask from hookSpecificOutput, `pass` when the hook prints none, ERR
for output that is not JSON, TIMEOUT after 10 s. Score with
`python3 client/score.py OUT.tsv`."""
import json
import os
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
LINES = os.path.join(HERE, 'lines.tsv')
DROP = ('PYENV_VERSION', 'PYENV_DIR', 'PYENV_HOOK_PATH', '_PYENV_INSTALL_PREFIX')


def hook_env():
    """The caller's environment without what pyenv's shim added to it: its
    per-call variables and the directories `pyenv exec` put before PATH (the
    version's bin, pyenv's libexec and its plugins' bin)."""
    env = dict(os.environ)
    if 'PYENV_DIR' in env:  # started through a shim
        root = env.get('PYENV_ROOT', os.path.expanduser('~/.pyenv')).rstrip('/') + '/'
        def added(p):
            if not p.startswith(root):
                return False
            rest = p[len(root):].rstrip('/').split('/')
            return rest == ['libexec'] or (len(rest) == 3 and rest[0] in ('versions', 'plugins') and rest[2] == 'bin')
        env['PATH'] = ':'.join(p for p in env.get('PATH', '').split(':') if not added(p))
    for k in DROP:
        env.pop(k, None)
    return env


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    hook = os.path.abspath(sys.argv[1])
    out = sys.argv[2]
    world = os.path.abspath(sys.argv[3] if len(sys.argv) == 4 else '/work/rt/quiet39')
    for d in ('home', 'proj', 'web', 'py'):
        if not os.path.isdir(os.path.join(world, d)):
            sys.exit(f'{world}/{d} is missing: build the worlds with rerun430/build.py')
    env = hook_env()
    env['HOME'] = os.path.join(world, 'home')
    rows = [l.rstrip('\n').split('\t') for l in open(LINES)][1:]
    res = []
    for i, proj, cat, line in rows:
        cmd = line.replace('\\n', '\n')
        d = os.path.join(world, proj)
        inp = json.dumps({"session_id": "s", "transcript_path": "/tmp/t.jsonl", "cwd": d,
                          "permission_mode": "default", "hook_event_name": "PreToolUse",
                          "tool_name": "Bash", "tool_input": {"command": cmd}})
        e = dict(env, CLAUDE_PROJECT_DIR=d)
        try:
            p = subprocess.run([hook], input=inp, capture_output=True, text=True, env=e, cwd=d, timeout=10)
            t = p.stdout.strip()
            try:
                h = json.loads(t).get('hookSpecificOutput', {}) if t else {}
            except ValueError:
                h = {'permissionDecision': 'ERR', 'permissionDecisionReason': t[:200] + p.stderr[:200]}
        except subprocess.TimeoutExpired:
            h = {'permissionDecision': 'TIMEOUT', 'permissionDecisionReason': 'no answer in 10 s'}
        res.append((i, proj, cat, line, h.get('permissionDecision', 'pass'),
                    h.get('permissionDecisionReason', '').replace('\n', ' ').replace('\t', ' ')))
    with open(out, 'w') as f:
        f.write('id\tproject\tcategory\tline\tdecision\treason\n')
        for r in res:
            f.write('\t'.join(r) + '\n')
    c = Counter(r[4] for r in res)
    print(os.path.basename(out), len(res), dict(c))


if __name__ == '__main__':
    main()
