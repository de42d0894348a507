#!/usr/bin/env python3
# Differential: files real grep -r / rg read vs files hookc explain -real lists.
import subprocess, itertools, random, shlex, os, sys
D="/tmp/rt17/gd"; H="/work/rt/round17/hookc"; POL="/work/rt/round17/starter"
def real(cmd):
    r=subprocess.run(["bash","-c",cmd],cwd=D,capture_output=True,text=True)
    out=set()
    for l in r.stdout.splitlines():
        p=os.path.normpath(os.path.join(D,l))
        out.add(p)
    return out, r.stderr.strip()[:80]
def model(cmd):
    r=subprocess.run([H,"explain","-real","-c",cmd,POL],cwd=D,capture_output=True,text=True,env=dict(os.environ,CLAUDE_PROJECT_DIR=D))
    out=set(); dec=r.stdout.splitlines()[0] if r.stdout else r.stderr[:80]
    for l in r.stdout.splitlines():
        l=l.strip()
        if l.startswith("path r "):
            p=l[7:].split(" -> ")[0].split(" = ")[0]
            out.add(p)
    return out, dec
globs=["*.txt",".env",".env ","#x"," ","\\#x","!*.txt","!.env","*","**","{.env,a.txt}","{.env,a.txt} ",".e*","[.]env","[!a]*","[^a]*","\\.env","sub/","sub","!sub","!sub/","**/.env","sub/*","/.env","!/a.txt",".ENV","*.TXT","a.txt\\ ","a.txt\\  ","\\!x","[]a]*","[a-]*","{,.}env","{.env}","*{.e,a.t}*","?env","x y","x\\ y","sub/**","**/sub/**",".hid","!.hid","!*",".*"]
mode=sys.argv[1]
cases=[]
if mode=="rg":
    opts=["-g","--iglob"]
    for g in globs: 
        for o in opts: cases.append([o,g])
    for a,b in itertools.product(globs,globs):
        if random.random()<0.15:
            cases.append([random.choice(opts),a,random.choice(opts),b])
    mk=lambda c:"rg -l x "+" ".join(shlex.quote(x) for x in c)
else:
    opts=["--include","--exclude","--exclude-dir"]
    for g in globs:
        for o in opts: cases.append([o+"="+g])
    for a,b in itertools.product(globs,globs):
        if random.random()<0.0:
            cases.append([random.choice(opts)+"="+a,random.choice(opts)+"="+b])
    mk=lambda c:"grep -rl x "+" ".join(shlex.quote(x) for x in c)+" ."
random.seed(1)
n=0
for c in cases:
    cmd=mk(c)
    rs,err=real(cmd); ms,dec=model(cmd)
    miss=sorted(rs-ms); print("case",cmd,file=sys.stderr,flush=True)
    if miss:
        n+=1
        print(f"MISS\t{cmd}\t{dec}\t{[m.replace(D+'/','') for m in miss]}")
print("cases",len(cases),"miss",n, file=sys.stderr)
