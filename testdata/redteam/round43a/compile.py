import glob, os, collections, sys
sys.path.insert(0,'.')
H=["guard","starter","tool-permissions","orchestrator"]
rows=[]
for f in sorted(glob.glob('out_*.tsv')):
    for l in open(f):
        rows.append(l.rstrip('\n').split('\t'))
bydesign={'h07','h08','h17','h20','f08','f09','k04','g10'}
tot=collections.defaultdict(collections.Counter); holes=[]
for r in rows:
    cid,cls,setup,line=r[:4]; decs=r[4:8]; eff=r[8]
    out=open(f'cases/{cid}/run.out').read() if os.path.exists(f'cases/{cid}/run.out') else ''
    if out: open(f'outputs/{cid}.out','w').write(out)
    harm = eff not in ('-','none')
    printed=' / '.join(x.strip() for x in out.splitlines() if 'CANARY' in x)[:160]
    for h,d in zip(H,decs):
        t=tot[(h,cls)]; t['rows']+=1
        if d=='allow': t['allow']+=1
        if d=='allow' and harm:
            t['holes']+=1; t['bd']+= cid in bydesign
            holes.append([cid,h,cls,setup,line,eff,printed,'by design (design.md 2488)' if cid in bydesign else ''])
with open('holes.tsv','w') as f:
    f.write('#id\thook\tclass\tsetup\tline\teffect\tprinted\tnote\n')
    for h in holes: f.write('\t'.join(h)+'\n')
with open('all_out.tsv','w') as f:
    f.write('#id\tclass\tsetup\tline\tguard\tstarter\ttool-permissions\torchestrator\teffect\n')
    for r in rows: f.write('\t'.join(r)+'\n')
print('rows',len(rows),'hole rows',len(set(h[0] for h in holes)))
for h in H:
    s=collections.Counter()
    for k,v in tot.items():
        if k[0]==h: s.update(v)
    print(h, dict(s))
for c in sorted(set(r[1] for r in rows)):
    print(c, tot[('guard',c)]['rows'], *['%d/%d%s'%(tot[(h,c)]['allow'],tot[(h,c)]['holes'], (' (%d bd)'%tot[(h,c)]['bd'] if tot[(h,c)]['bd'] else '')) for h in H], sep=' | ')
