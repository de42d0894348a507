import re, subprocess, shutil
src=open("/work/main/runtime/commands/basecommands_gen.go").read()
out=[]
for m in re.finditer(r'^\tCommand\{Name: "([^"]+)"(?:, Wrapper: \w+)?, Opts: "([^"]*)"', src, re.M):
    name, opts = m.group(1), m.group(2).split("\\n")
    exe=shutil.which(name, path="/usr/local/go/bin:/usr/bin:/bin")
    if not exe: continue
    for o in opts:
        p=o.split(" ")
        if len(p)!=2 or not p[0].startswith("--") or p[1]!="o": continue
        try:
            r=subprocess.run(["bwrap","--ro-bind","/","/","--tmpfs","/tmp","--dev","/dev","--proc","/proc","--unshare-all","--die-with-parent","--chdir","/tmp","--setenv","HOME","/tmp",exe,p[0]],capture_output=True,text=True,timeout=2,stdin=subprocess.DEVNULL)
            e=(r.stderr+r.stdout)[:200].replace("\n"," ")
        except subprocess.TimeoutExpired: e="TIMEOUT"
        except Exception as x: e="ERR "+str(x)
        req = re.search(r"requires an argument|requires a value|argument required|needs an argument|missing argument|expects an argument|requires a parameter|value is required", e, re.I)
        print(("REQ " if req else "??? ")+name+" "+p[0]+" "+p[1]+" | "+e, flush=True)
