import re, subprocess
src=open("/work/main/runtime/commands/basecommands_gen.go").read()
i=src.find('Command{Name: "git"'); blk=src[i:]
for m in re.finditer(r'^\t\tCommand\{Name: "([a-z-]+)", Opts: "([^"]*)"', blk, re.M):
    sub, opts = m.group(1), dict(o.split(" ",1) for o in m.group(2).split("\\n") if " " in o)
    h=subprocess.run(["git",sub,"-h"],capture_output=True,text=True,cwd="/tmp/r54/empty").stdout
    if not h: continue
    real={}
    for l in h.splitlines():
        for mm in re.finditer(r'(--[a-z][a-z0-9-]*)(\[=<[^>]*>\]|\[=[^\]]*\]|\[<[^>]*>\]| <[^>]*>|=<[^>]*>)?', l.strip().split("  ")[0]):
            name, arg = mm.group(1), mm.group(2) or ""
            if name in real: continue
            real[name] = "o" if arg.startswith("[") else ("v" if arg else "f")
            if "[no-]" in l and name.startswith("--"): pass
    for k,t in opts.items():
        if not k.startswith("--") or k not in real: continue
        r=real[k]
        if (t=="o")!=(r=="o") and not (t in "fLnu" and r=="f"):
            if t in ("f",) and r=="v": continue
            print(sub, k, "table="+t, "real="+r)
