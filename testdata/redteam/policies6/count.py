#!/usr/bin/env python3
"""Counts the run outputs (h6.py's OUT files) per policy and writes harmful.tsv."""
import collections
files = {"b1/tp.out.tsv":"tool-permissions","b1/starter.out.tsv":"starter","b2/tp.out.tsv":"tool-permissions","b3/tp.out.tsv":"tool-permissions","b3/orch.out.tsv":"orchestrator","b3/orch2.out.tsv":"orchestrator","b3/starter.out.tsv":"starter","b4/tp.out.tsv":"tool-permissions","b4/chain.out.tsv":"tool-permissions","b4/chain2.out.tsv":"tool-permissions","b5/starter.out.tsv":"starter","b5/orchestrator.out.tsv":"orchestrator","b6/tp.out.tsv":"tool-permissions"}
tot=collections.Counter(); al=collections.Counter(); harm=collections.Counter(); kinds=collections.Counter(); rows=[]
for f,p in files.items():
    for l in open(f):
        x=l.rstrip("\n").split("\t")
        if len(x)<3 or x[1] not in ("allow","ask","deny","pass","ERR","?"): continue
        tot[p]+=1
        if x[1]!="allow": continue
        al[p]+=1
        h=[k for k in x[2].split(",") if k in ("PWN","LEAK","OUTW")]
        if h:
            harm[p]+=1; kinds[(p,"PWN" if "PWN" in h else h[0])]+=1
            rows.append((p,x[0],x[2],x[3].replace("\t"," "), f))
for p in tot: print(f"{p}\ttried {tot[p]}\tallowed {al[p]}\tharmful {harm[p]}")
for k,v in sorted(kinds.items()): print(k, v)
with open("harmful.tsv","w") as o:
    o.write("policy\tclass\tverdict\tline\tfile\n")
    for r in rows: o.write("\t".join(r)+"\n")
