import glob,re,collections
BYDESIGN={"G-gitdir-file-out":"git directory outside the project (design 410: a git directory outside the project stays as before)","G-gitdir-link-out":"same","G-gitdir-file-out-fetch":"same",
 "A-npm-nm-hardlink":"node_modules code run by an npm script: npm scripts unwalked (423/425)",
 "L-gcc-header-hardlink":"include directive in the project's source (425 by design)","L-gcc-header-hardlink-netrc":"same",
 "A-ninja-subninja-hard":"ninja include/subninja (425 by design), though the file sits in .git, which the walk skips","A-gcc-include-git-hard":"include directive (425), file in .git"}
hooks={"tp":"tool-permissions"}
tried=collections.Counter(); allowed=collections.Counter(); harm=collections.Counter()
holes=[]; byd=[]; percls=collections.defaultdict(collections.Counter)
for f in sorted(glob.glob("o_g*_*.tsv")):
    h=f[:-4].split("_",2)[2]; h=hooks.get(h,h)
    for line in open(f):
        p=line.rstrip("\n").split("\t")
        if len(p)<4 or p[1] not in ("allow","ask","deny","pass","ERR"): continue
        tried[h]+=1
        if p[1]!="allow": continue
        allowed[h]+=1
        v=p[2]; det=p[4] if len(p)>4 else ""
        fl=[x for x in v.split(",") if x in ("LEAK","PWN","OUTW")]
        if "OUTW" in fl:
            w=det.split(" W:")[-1] if " W:" in det else ""
            outs=[x for x in w.split(",") if x.startswith("/home") or x.startswith("/outside")]
            if outs and all(x.startswith("/home/.npm") for x in outs): fl.remove("OUTW")
        if not fl: continue
        setup=p[3][6:] if p[3].startswith("setup:") else p[3]
        row=(h,p[0],setup,",".join(fl))
        if p[0] in BYDESIGN: byd.append(row+(BYDESIGN[p[0]],)); continue
        harm[h]+=1; holes.append(row); percls[p[0].split("-")[0]][h]+=1
with open("holes.tsv","w") as o:
    for r in holes: o.write("\t".join(r)+"\n")
with open("bydesign.tsv","w") as o:
    for r in byd: o.write("\t".join(r)+"\n")
for h in ["guard","starter","tool-permissions","orchestrator"]:
    print(h,tried[h],allowed[h],harm[h])
print("total",sum(tried.values()),sum(allowed.values()),sum(harm.values()))
for c,v in sorted(percls.items()): print(c,dict(v))
print("bydesign",len(byd))
