import glob,os,collections
H=["guard","starter","tool-permissions","orchestrator"]
INVALID={"h9":"ghp_ token with '_' is not a token shape","k8":"xoxb token broken by '_'","k9":"AKIA...EXAMPLE is excluded by design; canary not the key","t0":"ghp_ body 34<36","t10":"npm_ body 34<36","t11":"gho_ body 34<36"}
WEAK={"h12":"free text (known, design 440)","h25":"free text","r4_0":"free text in branch.description","r4_1":"free text in branch.description","r8_0":"user.signingkey is a key id","r8_1":"user.signingkey is a key id","r9_0":"secret as a remote's name","r9_1":"secret as a remote's name","r9_2":"secret as a remote's name","h22":"code call, excluded by design","k13":"code call, excluded by design","h26":"generic key = X"}
rows=[]
for f in sorted(glob.glob("out*.tsv")):
    if f=="out1.tsv": continue  # superseded rows rerun in out1b (python/npm under pyenv shim env); others kept below
    for l in open(f):
        c=l.rstrip("\n").split("\t"); rows.append(c)
# out1.tsv rows not rerun in out1b
rerun={l.split("\t")[0] for l in open("out1b.tsv")}
for l in open("out1.tsv"):
    c=l.rstrip("\n").split("\t")
    if c[0] not in rerun: rows.append(c)
tot=collections.Counter(); holes=collections.Counter(); out=[]
def cls0(c): return c.split(":")[0]
for c in rows:
    cid,cls,setup,line=c[:4]; decs=c[4:8]; eff=c[8]
    k=cls0(cls); tot[k]+=1
    real=("PWN" in eff or "LEAK" in eff) and cid not in INVALID
    if real:
        for h,d in zip(H,decs):
            if d=="allow": holes[(h,k)]+=1
        try: pr=open(f"cases/{cid}/run.out",errors="replace").read()
        except: pr=""
        i=max(pr.find("CANARY"),pr.find("PWNED")); snip=pr[max(0,i-40):i+60].replace("\n"," ").replace("\t"," ")
        out.append([cid,",".join(h for h,d in zip(H,decs) if d=="allow"),cls+(" [weak: "+WEAK[cid]+"]" if cid in WEAK else ""),setup,line,eff+" | "+snip])
open("holes.tsv","w").write("id\thooks\tclass\tsetup\tline\tprinted\n"+"".join("\t".join(r)+"\n" for r in out))
print("rows",len(rows),dict(tot))
for h in H: print(h,{k:v for (hh,k),v in holes.items() if hh==h})
print("hole rows",len(out),"weak",sum(1 for r in out if "weak" in r[2]))
