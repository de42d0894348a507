#!/usr/bin/env python3
"""classify.py DECISIONS.tsv [OUT.tsv]: group the asks/denies into quiet38's classes
(numbers as in quiet38/README.md where the class is the same), ranked by count."""
import re, sys, collections
def has(r, *s): return any(x in r for x in s)
# (class, verdict, predicate(line, reason)); first match wins
C = [
 ('U. real secrets (.env, pip.conf)', 'JUSTIFIED', lambda l, r: has(r, '/.env is or holds', 'pip.conf is or holds')),
 ('8. xargs grep/rg without -r: DENY "recursive search of <xargs args>"', 'NOISE',
     lambda l, r: has(r, 'a recursive search of <xargs args>', 'searching <xargs args>')),
 ('1x. find $(...) denied as "find deleting" (no -delete)', 'NOISE', lambda l, r: 'find deleting' in r),
 ('4. inline interpreter code (python3 -c, node -e/-p)', 'JUSTIFIED by design', lambda l, r: 'code can do anything' in r),
 ('7. git config / remote hardening', 'MIXED', lambda l, r: has(r, "listing git's configuration", 'remote URLs may carry')),
 ('6. go env / go version -m', 'MIXED', lambda l, r: 'go is used here' in r),
 ('12. globstar **', 'NOISE', lambda l, r: '**' in l and ('only known when it runs' in r or 'wc is used' in r)),
 ('14. brace expansion on read paths', 'NOISE', lambda l, r: re.search(r'\{\w+,', l) and 'only known when it runs' in r and '$(' not in l),
 ('1. paths from $(...), xargs, loops, pushd', 'MOSTLY NOISE',
     lambda l, r: ('only known when it runs' in r or 'xargs args' in r or 'environment variable that can make' in r)
                  and re.search(r'\$\(|`|xargs|while |for |pushd', l)),
 ('9. find -exec with a visible read-only command', 'NOISE', lambda l, r: 'find is used here' in r),
 ('3. home and outside-project places', 'MIXED',
     lambda l, r: 'outside the project and the places known' in r or (re.search(r'(cat|rg|grep) [^|]*~/', l) and 'used here' in r)
                  or ('.git/config' in l and 'cat is used' in r) or ('--no-index' in l and '/work/main' in l)),
 ('5. recursive grep of . that includes .git/config', 'NOISE (content check would clear)',
     lambda l, r: (re.match(r'(grep|egrep|fgrep) ', l) and 'grep is used here' in r)
                  or (l.startswith('git grep') and '--untracked' not in l and 'git is used here' in r)),
 ('13. tsc outDir counted as a write with --noEmit/--version', 'NOISE', lambda l, r: 'tsc' in l and 'writes' in r and 'dist' in r),
 ('2. git subcommands/options outside the guard\'s list', 'NOISE except fetch --dry-run',
     lambda l, r: re.match(r'(GIT_\w+=\S+ )?git ', l) and 'git is used here' in r),
 ('10. rg options (hidden/ignored, -z, --glob **)', 'MIXED',
     lambda l, r: l.startswith('rg') and has(r, 'searching hidden and ignored', 'rg is used here')),
 ('15. printf with a glob or $(...) operand', 'NOISE', lambda l, r: l.startswith('printf')),
 ('16. jq with a glob operand', 'NOISE', lambda l, r: 'jq is used here' in r),
 ('17. sed -e', 'NOISE', lambda l, r: 'sed is used here' in r),
 ('18. man -w', 'NOISE', lambda l, r: 'man is used' in r),
 ('T. env printing the environment', 'JUSTIFIED', lambda l, r: 'env is used' in r),
]
def cls(l, r):
    for n, j, p in C:
        if p(l, r): return n, j
    return 'Z. unclassified', '?'
if __name__ == '__main__':
    rows = [x.rstrip('\n').split('\t') for x in open(sys.argv[1])][1:]
    out = collections.defaultdict(list)
    for i, p, cat, l, d, r in rows:
        if d in ('ask', 'deny'):
            n, j = cls(l, r); out[n].append((i, d, p, l, r, j))
    if len(sys.argv) > 2:
        with open(sys.argv[2], 'w') as f:
            f.write('class\tverdict\tid\tdecision\tproject\tline\treason\n')
            for n in sorted(out, key=lambda k: -len(out[k])):
                for i, d, p, l, r, j in out[n]: f.write('\t'.join([n, j, i, d, p, l, r]) + '\n')
    for n in sorted(out, key=lambda k: -len(out[k])):
        dd = collections.Counter(x[1] for x in out[n])
        print(f'## {n} — {len(out[n])} ({dict(dd)}) [{out[n][0][5]}]')
        for i, d, p, l, r, j in out[n]: print(f'   {i}\t{d}\t{p}\t{l[:100]}')
