#!/usr/bin/env python3
"""run.py HOOK OUT.tsv [ids...]: decide every line of quiet38/lines.tsv with HOOK in the
worlds of /work/rt/quiet39 (built by build.py), as quiet38/run.py did (HOME=.../home,
CLAUDE_PROJECT_DIR and cwd = the project). 2 threads, nice, 10 s timeout per call."""
import json, subprocess, sys, os
from concurrent.futures import ThreadPoolExecutor
R = '/work/rt/quiet39'
LINES = '/work/main/testdata/redteam/quiet38/lines.tsv'
hook, out = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
env = dict(os.environ); env['HOME'] = R + '/home'
rows = [l.rstrip('\n').split('\t') for l in open(LINES)][1:]
if only: rows = [r for r in rows if r[0] in only]
def dec(r):
    i, proj, cat, line = r
    line = line.replace('\\n', '\n')
    d = f'{R}/{proj}'
    inp = json.dumps({"session_id": "s", "transcript_path": "/tmp/t.jsonl", "cwd": d, "permission_mode": "default",
                      "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": line}})
    e = dict(env); e['CLAUDE_PROJECT_DIR'] = d
    try:
        p = subprocess.run(['nice', hook], input=inp, capture_output=True, text=True, env=e, cwd=d, timeout=10)
        t = p.stdout.strip()
        try:
            h = json.loads(t).get('hookSpecificOutput', {}) if t else {}
        except Exception:
            h = {'permissionDecision': 'ERR', 'permissionDecisionReason': t[:200] + p.stderr[:200]}
    except subprocess.TimeoutExpired:
        h = {'permissionDecision': 'TIMEOUT', 'permissionDecisionReason': 'no answer in 10 s'}
    return (i, proj, cat, line.replace('\n', '\\n'), h.get('permissionDecision', 'pass'),
            h.get('permissionDecisionReason', '').replace('\n', ' ').replace('\t', ' '))
with ThreadPoolExecutor(2) as ex: res = list(ex.map(dec, rows))
with open(out, 'w') as f:
    f.write('id\tproject\tcategory\tline\tdecision\treason\n')
    for r in res: f.write('\t'.join(r) + '\n')
from collections import Counter
c = Counter(r[4] for r in res); n = len(res)
print(os.path.basename(out), n, dict(c), 'allow+pass %.1f%%' % (100 * (c['allow'] + c['pass']) / n))
