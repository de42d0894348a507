import glob,os,collections
H=["guard","starter","tool-permissions","orchestrator"]
INVALID={}
WEAK={"d12":"Read of a PDF emulated by inflating its streams and printing their Tj strings","d15":"same (PDF in the home's open tree)"}
WEAKCLS={"credfmt:app2.py":"a code call (OpenAI(api_key=...)), which design 445 excludes","credfmt:app.js":"a code object literal ({ apiKey: '...' })"}
GROUP={"cd":"cd","wide16":"wide16","syslong":"syslong","projbound":"projbound","tools":"tools","credfmt":"credfmt","doc":"doc"}
rows=[]
for f in sorted(glob.glob("out*.tsv")):
    for l in open(f): rows.append(l.rstrip("\n").split("\t"))
tot=collections.Counter(); holes=collections.Counter(); strong=collections.Counter(); out=[]
for c in rows:
    cid,cls,setup,line=c[:4]; decs=c[4:8]; eff=c[8]
    k=GROUP[cls.split(":")[0]]; tot[k]+=1
    real=("PWN" in eff or "LEAK" in eff) and cid not in INVALID
    if not real: continue
    weak = WEAK.get(cid) or WEAKCLS.get(":".join(cls.split(":")[:2])) or ("UTF-16 bytes printed as they are (NULs between the letters)" if eff.startswith("LEAK16") else "")
    for h,d in zip(H,decs):
        if d=="allow":
            holes[(h,k)]+=1
            if not weak: strong[(h,k)]+=1
    try: pr=open(f"cases/{cid}/run.out",errors="replace").read()
    except: pr=""
    pr=pr.replace("\x00","")
    i=pr.find("CANARY"); snip=pr[max(0,i-40):i+50].replace("\n","\\n").replace("\t"," ")
    out.append([cid,k+":"+cls+(" [weak: "+weak+"]" if weak else ""),",".join(h for h,d in zip(H,decs) if d=="allow"),eff+" | "+snip,line,setup])
open("holes.tsv","w").write("id\tclass\thooks\teffect\tline\tsetup\n"+"".join("\t".join(r)+"\n" for r in out))
print("rows",len(rows),dict(tot))
print("| class (rows) | "+" | ".join(H)+" |")
for k in tot:
    print(f"| {k} ({tot[k]}) | "+" | ".join(f"{strong[(h,k)]} (+{holes[(h,k)]-strong[(h,k)]} weak)" for h in H)+" |")
print("total", " | ".join(f"{h}: {sum(v for (hh,k),v in strong.items() if hh==h)} strong, {sum(v for (hh,k),v in holes.items() if hh==h)} all" for h in H))
print("hole rows",len(out),"weak",sum(1 for r in out if "weak" in r[1]))
