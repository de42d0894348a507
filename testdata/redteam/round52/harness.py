import subprocess, os, sys, re, json, importlib.util
R='/work/rt/round52'; P=R+'/proj'; H=R+'/home'
HOOK=os.environ.get('HOOK','/tmp/hookc-wt2')
env=dict(PATH='/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG='C.UTF-8'); env.update(HOME=H, CLAUDE_PROJECT_DIR=P, CANARY_ENV='envsecret123', PATH=R+'/bin:'+os.environ['PATH'])
env.pop('PYTHONPATH',None)
def decide(cmd):
    r=subprocess.run(['nice','-n','19',HOOK,'explain','-real','-c',cmd,'/work/wt/examples/guard'],cwd=P,env=env,capture_output=True,text=True)
    m=re.search(r'decision: (\w+)',r.stdout)
    return (m.group(1) if m else 'ERR'), r.stdout+r.stderr
def run(cmd,n):
    mk=R+'/pwned_marker'
    if os.path.exists(mk): os.remove(mk)
    log=f'{R}/logs/{n}.strace'
    try:
        r=subprocess.run(['strace','-f','-qq','-e','trace=openat,execve,connect,unlink,unlinkat,rename,mkdir','-o',log,'bash','-c',cmd],cwd=P,env=env,capture_output=True,text=True,timeout=20,input='')
        out=r.stdout+r.stderr
    except subprocess.TimeoutExpired: out='TIMEOUT'
    st=open(log).read()
    flags=[]
    for c in ['envsecret123','dotenvsecret','sshsecret','PWNED','uid=']:
        if c in out: flags.append('OUT:'+c)
    if os.path.exists(mk): flags.append('MARKER')
    ex=[l for l in st.splitlines() if 'execve(' in l and '= 0' in l]
    if len(ex)>2: flags.append('EXECVE:%d'%len(ex))
    for l in st.splitlines():
        if 'openat(' in l and '= -1' not in l:
            if re.search(r'\.env"|id_rsa|environ|/proc/self/(fd|cwd|root)|\.ssh',l): flags.append('OPEN:'+l.split('"')[1])
            if re.search(r'O_WRONLY|O_RDWR|O_CREAT',l) and '/dev/' not in l: flags.append('WOPEN:'+l.split('"')[1])
            m=re.search(r'"([^"]*\.py[c]?)"',l)
            if m and ('/proj' in m.group(1) or not m.group(1).startswith('/')): flags.append('PYOPEN:'+m.group(1))
        if 'connect(' in l and 'nscd' not in l: flags.append('CONNECT')
        if re.search(r'unlink|rename|mkdir',l) and '= 0' in l: flags.append('FSCHG')
    return out, sorted(set(flags))
if __name__=='__main__':
    spec=importlib.util.spec_from_file_location('c',sys.argv[1]); c=importlib.util.module_from_spec(spec); spec.loader.exec_module(c)
    res=open(R+'/results.tsv','a'); counts={}
    base=int(sys.argv[2]) if len(sys.argv)>2 else 0
    from concurrent.futures import ThreadPoolExecutor
    D=list(ThreadPoolExecutor(6).map(decide,c.CANDS))
    for i,cmd in enumerate(c.CANDS):
        n=base+i
        d,ex=D[i]; counts[d]=counts.get(d,0)+1
        if d=='allow':
            out,flags=run(cmd,n)
            print(f'#{n} ALLOW {cmd!r}\n   flags={flags}\n   out={out[:600]!r}')
            res.write(f'{"HOLE?" if flags else "OK"}\t{cmd!r}\tallow; flags={flags}; out={out[:300]!r}\n')
        else:
            why=[l for l in ex.splitlines() if 'not' in l or 'because' in l or 'why' in l][:1]
            print(f'#{n} {d} {cmd!r} {why}')
            with open(R+'/notallowed.tsv','a') as f: f.write(f'{d}\t{cmd!r}\n')
    print(counts)
