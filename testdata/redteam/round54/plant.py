#!/usr/bin/env python3
"""plant.py: for each allowed python -c line, plant each post-startup module name in cwd in several shapes; guard's decision."""
import subprocess, os, json, shutil, sys
W="/work/rt/round54/w"; P=W+"/proj"; H=W+"/home"
def dec(line,h="guard"):
    pl={"session_id":"s","transcript_path":"/tmp/t.jsonl","cwd":P,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":line}}
    r=subprocess.run(["/tmp/r54/hooks/"+h],input=json.dumps(pl),capture_output=True,text=True,cwd=P,env={"PATH":"/usr/local/go/bin:/usr/bin:/bin","HOME":H,"CLAUDE_PROJECT_DIR":P,"LANG":"C.UTF-8"},timeout=20)
    try: return json.loads(r.stdout)["hookSpecificOutput"].get("permissionDecision","pass")
    except Exception: return "pass"
lines=[l.strip() for l in open(sys.argv[1]) if l.strip()]
shapes={"py":lambda m:[(m+".py","print('PWNED')")],"pyc":lambda m:[(m+".pyc","x")],"so":lambda m:[(m+".cpython-311-x86_64-linux-gnu.so","x")],"abi3":lambda m:[(m+".abi3.so","x")],"plainso":lambda m:[(m+".so","x")],"pkg":lambda m:[(m+"/__init__.py","x")],"nsdir":lambda m:[(m+"/x.py","x")],"pycache":lambda m:[("__pycache__/"+m+".cpython-311.pyc","x")]}
for line in lines:
    base=set(subprocess.run(["/usr/bin/python3","-X","importtime","-c","pass"],capture_output=True,text=True,cwd="/tmp/r54/empty").stderr.split("|"))
    out=subprocess.run(["/usr/bin/python3","-X","importtime","-c",line.split(" -c ",1)[1].strip("'")],capture_output=True,text=True,cwd="/tmp/r54/empty",stdin=subprocess.DEVNULL).stderr
    mods=[]
    for l in out.splitlines()[1:]:
        m=l.split("|")[-1].strip()
        if m and "." not in m and m not in mods: mods.append(m)
    startup=[l.split("|")[-1].strip() for l in subprocess.run(["/usr/bin/python3","-X","importtime","-c","pass"],capture_output=True,text=True,cwd="/tmp/r54/empty").stderr.splitlines()[1:]]
    mods=[m for m in mods if m not in startup]
    for m in mods:
        for sn,f in shapes.items():
            files=f(m)
            for fn,c in files:
                os.makedirs(os.path.dirname(os.path.join(P,fn)) or P,exist_ok=True); open(os.path.join(P,fn),"w").write(c)
            d=dec(line)
            for fn,c in files:
                p=os.path.join(P,fn); os.remove(p)
                dd=os.path.dirname(p)
                if dd!=P: shutil.rmtree(dd,ignore_errors=True)
            if d=="allow": print("ALLOW",sn,m,"|",line,flush=True)
    print("done",line,mods,flush=True)
