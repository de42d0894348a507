import re,sys,collections
# (class id, judgement, predicate on (line, reason))
C=[
('A-tree-bound','NOISE',lambda l,r: ('is or holds a secret file' in r and '/.env' not in r and 'pip.conf' not in r and '/work/main' not in r) or ('a recursive search of <xargs args>' in r) or ('searching <xargs args>' in r) or ('they include /work/rt/quiet38/proj' in r)),
('B-git-config-in-tree','NOISE',lambda l,r: re.match(r'(git grep|grep -r|grep .*-r|egrep -r|fgrep -r)',l) and 'grep is used here' in r or (l.startswith('git grep') and 'git is used here in a way the guard does not check (an operand' in r)),
('C-dynamic-loop-or-assign-var','NOISE',lambda l,r: 'environment variable that can make programs load' in r),
('D-brace-expansion','NOISE',lambda l,r: '{' in l and ',' in l and 'only known when it runs' in r and '$(' not in l and 'xargs' not in l and 'for ' not in l),
('E-globstar-**','NOISE',lambda l,r: '**' in l and ('only known when it runs' in r or 'wc is used' in r)),
('F-cmd-subst-or-xargs-paths','MOSTLY-NOISE',lambda l,r: ('only known when it runs' in r or 'xargs args' in r) and ('$(' in l or '`' in l or 'xargs' in l or 'while read' in l or 'for ' in l or 'pushd' in l)),
('G-find-exec','NOISE',lambda l,r: 'find is used here' in r or ('find deleting' in r)),
('H-git-subcommand-unknown','NOISE',lambda l,r: l.startswith(('git ','GIT_')) and 'git is used here' in r),
('I-git-config-remote-hardening','MIXED',lambda l,r: 'listing git' in r or 'remote URLs may carry' in r),
('J-home-or-outside-reads','MIXED',lambda l,r: 'outside the project and the places known' in r or re.search(r'(cat|rg|grep) [^|]*~/',l) and 'used here' in r or ('.git/config' in l and 'cat is used' in r)),
('K-sed-e','NOISE',lambda l,r: 'sed is used here' in r),
('L-go-doc-env-version','MIXED',lambda l,r: 'go is used here' in r),
('M-jq-glob','NOISE',lambda l,r: 'jq is used here' in r),
('N-rg-option-misread','NOISE',lambda l,r: l.startswith('rg') and ('-U' in l.split() or ' -z ' in l or '--no-ignore' in l and 'go.mod' in l or "'!.git'" in l and False) ),
('O-rg-hidden-noignore','MIXED',lambda l,r: 'searching hidden and ignored files' in r),
('P-tsc-outdir','NOISE',lambda l,r: 'writes' in r and 'dist' in r),
('Q-inline-interpreter','JUSTIFIED',lambda l,r: 'inline' in r and 'code can do anything' in r),
('R-printf-zsh-arith','NOISE',lambda l,r: 'printf' in r and ('subscript' in r or 'arithmetic' in r)),
('S-man-w','NOISE',lambda l,r: 'man is used' in r),
('T-env-print','JUSTIFIED',lambda l,r: 'env is used' in r),
('U-secret-real','JUSTIFIED',lambda l,r: '/.env' in r or 'pip.conf' in r),
('V-outside-hookc-repo','JUSTIFIED',lambda l,r: '/work/main' in r),
]
def cls(l,r):
    for n,j,p in C:
        try:
            if p(l,r): return n,j
        except Exception: pass
    return 'Z-unclassified','?'
if __name__=='__main__':
    f=sys.argv[1]; out=collections.defaultdict(list)
    rows=[x.rstrip('\n').split('\t') for x in open(f)][1:]
    for row in rows:
        i,p,cat,l,d,r=row
        if d in('ask','deny'):
            n,j=cls(l,r); out[n].append((d,p,l,r))
    for n in sorted(out,key=lambda k:-len(out[k])):
        print(f'## {n} ({len(out[n])})')
        for d,p,l,r in out[n][: (100 if n.startswith(('Z','H','J','F')) else 4)]: print(f'   {d}\t{p}\t{l[:110]}\t|| {r[:110]}')
