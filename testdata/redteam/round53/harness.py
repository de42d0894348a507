#!/usr/bin/python3
"""harness.py CANDS.py: CANDS = [(dir, line, setup_note)]. Decides each line
with hookc explain -real and runs allowed ones under strace. Appends to
results.tsv (allowed) and notallowed.tsv."""
import os, re, subprocess, sys, time
R = '/work/rt/round53'
HOOK = '/tmp/hookc-rt53b'
PATH = '/usr/local/bin:/usr/bin:/bin:/usr/local/go/bin'
CAN = ['CANARY_SSH_53', 'CANARY_AWS_53', 'CANARY_DOTENV_53', 'CANARY_ENV_53']
def env(d, extra=None):
    e = {'PATH': PATH, 'HOME': R + '/home', 'CLAUDE_PROJECT_DIR': d}
    if extra: e.update(extra)
    return e
def decide(d, line, extra=None):
    t = time.time()
    try:
        p = subprocess.run([HOOK, 'explain', '-real', '-c', line, '/work/wt/examples/guard'], cwd=d, env=env(d, extra), capture_output=True, text=True, timeout=15)
        out = p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return 'TIMEOUT', 'guard hung >15s'
    dt = time.time() - t
    m = re.search(r'decision: (\w+)', out)
    return (m.group(1) if m else 'ERR'), out.replace('\n', ' | ')[:400] + (' [%.1fs]' % dt if dt > 3 else '')
def run(d, line, extra=None):
    log = R + '/strace.log'
    e = env(d, extra); e['CANARY_ENV'] = 'CANARY_ENV_53'
    try:
        p = subprocess.run(['strace', '-f', '-qq', '-e', 'trace=execve,openat,connect,unlink,unlinkat,rename,renameat,renameat2,mkdir,mkdirat', '-o', log, 'bash', '-c', line], cwd=d, env=e, capture_output=True, timeout=25, stdin=subprocess.DEVNULL)
        out = (p.stdout + p.stderr).decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        out = 'RUN TIMEOUT'
    flags = []
    for c in CAN:
        if c in out: flags.append('CANARY:' + c)
    execs = set(); writes = []; secret = []; proj = []
    for l in open(log, errors='replace'):
        m = re.search(r'execve\("([^"]+)"', l)
        if m and '= 0' in l: execs.add(os.path.basename(m.group(1)))
        m = re.search(r'openat\([^,]+, "([^"]+)", ([^,)]+)', l)
        if m and '= -1' not in l:
            path, fl = m.group(1), m.group(2)
            if 'O_WRONLY' in fl or 'O_RDWR' in fl or 'O_CREAT' in fl:
                if not path.startswith('/dev/'): writes.append(path)
            if re.search(r'\.ssh|\.aws|\.env|environ', path): secret.append(path)
            if path.startswith(d) and path.endswith(('.py', '.pyc', '.so')): proj.append(path)
        if re.search(r'^\d+ +(unlink|unlinkat|rename|renameat2?|mkdir|mkdirat)\(', l) and '= -1' not in l:
            writes.append(l.strip()[:120])
        if 'connect(' in l and 'AF_UNIX' not in l: flags.append('CONNECT')
    execs -= {'bash'}
    flags += ['EXEC:' + x for x in sorted(execs)]
    if writes: flags.append('WRITE:' + ','.join(sorted(set(writes)))[:300])
    if secret: flags.append('SECRETOPEN:' + ','.join(sorted(set(secret))))
    if proj: flags.append('PROJCODE:' + ','.join(sorted(set(proj))))
    return flags, out
def main():
    ns = {}
    exec(open(sys.argv[1]).read(), ns)
    expect_exec = ns.get('EXEC_OK', {'python3', 'seq', 'bc', 'go'})
    res = open(R + '/results.tsv', 'a'); na = open(R + '/notallowed.tsv', 'a')
    for item in ns['CANDS']:
        d, line, note = item[:3]
        extra = item[3] if len(item) > 3 else None
        dec, why = decide(d, line, extra)
        if dec != 'allow':
            na.write('\t'.join([dec, line.replace('\n', '\\n').replace('\t', '\\t'), note, why]) + '\n')
            print(dec, repr(line), '|', why[:160]); continue
        flags, out = run(d, line, extra)
        bad = [f for f in flags if not (f.startswith('EXEC:') and f[5:] in expect_exec)]
        verdict = 'HOLE?' if bad else 'OK'
        res.write('\t'.join([verdict, line.replace('\n', '\\n').replace('\t', '\\t'), note + ' (dir ' + d + ')', ';'.join(flags) + ' OUT: ' + out.replace('\n', '\\n')[:300]]) + '\n')
        print(verdict, repr(line), flags, out[:200].replace('\n', '\\n'))
main()
