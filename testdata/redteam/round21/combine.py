import collections
def rd(p):
    return [l.rstrip("\n").split("\t") for l in open(p, errors="replace", newline="\n")]
def cands(p):
    return [l.rstrip("\n").split("\t",1) for l in open(p) if l.strip() and not l.startswith("#")]
batches = [("b1","cands.tsv","full1.tsv","client.tsv",None),("b2","cands2.tsv","full2.tsv","client2.tsv",None),
           ("b3","cands3.tsv","out_b3.tsv","client3.tsv",None),("b4","cands4.tsv","out_b4.tsv","client4.tsv","out_b4_zsh.tsv"),
           ("b5","cands5.tsv","out_b5.tsv","client5.tsv","out_b5_zsh.tsv")]
rows=[]
for b,cf,hf,clf,zf in batches:
    cs=cands(cf); h=rd(hf); cl=rd(clf); z=rd(zf) if zf else None
    hi=0
    for i,(cls,line) in enumerate(cs):
        cv=cl[i][1]
        if "\\u0000" in line:
            rows.append((b,cls,"n/a","","",cv,line,"")); continue
        r=h[hi]; assert r[3]==line,(b,r,line)
        zv=""
        if z: 
            assert z[hi][3]==line; zv=z[hi][2]
        hi+=1
        rows.append((b,cls,r[1],r[2],zv,cv,line,r[4] if len(r)>4 else ""))
with open("final.tsv","w") as f:
    f.write("batch\tclass\tguard\texec_bash\texec_zsh\tclient_alone\tline\tdetail\n")
    for r in rows: f.write("\t".join(x.replace("\t"," ") for x in r)+"\n")
c=collections.Counter(); cls_all=collections.Counter(); cls_ga=collections.Counter(); cls_gaca=collections.Counter()
for b,cls,g,e,zv,cv,line,d in rows:
    c["candidates"]+=1; c["guard_"+g]+=1; cls_all[cls]+=1
    if cv=="ran": c["client_ran"]+=1
    if g=="allow":
        cls_ga[cls]+=1
        if cv=="ran": c["allow_clientran"]+=1
        else:
            c["allow_clientasks"]+=1; cls_gaca[cls]+=1
            if e!="harmless": c["allow_clientasks_bash_"+e]+=1
            if zv and zv!="harmless": c["allow_clientasks_zsh_"+zv]+=1
for k,v in sorted(c.items()): print(k,v)
print("class\tcands\tguard_allow\tallow&client_asks")
for k in sorted(cls_all): print(f"{k}\t{cls_all[k]}\t{cls_ga[k]}\t{cls_gaca[k]}")
