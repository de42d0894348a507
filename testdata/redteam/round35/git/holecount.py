import collections
sys_map = lambda c: ("H1 git object contents outside the history model" if c.startswith(("git-notes","gitc-notes","git-tagmsg","git-blobtag","git-blobstash")) else
                     "H3 archives under unlisted names" if c.startswith(("arch-","c10-trackjar")) else
                     "H2 .git state files" )
C = collections.Counter()
for row in open("holes.tsv"):
    h, c = row.split("\t")[:2]
    C[(sys_map(c), h)] += 1
print("| hole class | guard | starter | tool-permissions | orchestrator |\n| --- | --- | --- | --- | --- |")
for k in sorted({k[0] for k in C}):
    print(f"| {k} | " + " | ".join(str(C[(k,h)]) for h in ["guard","starter","tool-permissions","orchestrator"]) + " |")
print("| total | " + " | ".join(str(sum(v for (kk,hh),v in C.items() if hh==h)) for h in ["guard","starter","tool-permissions","orchestrator"]) + " |")
