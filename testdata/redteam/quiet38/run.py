import json,subprocess,sys,os,csv
from concurrent.futures import ThreadPoolExecutor
R='/work/rt/quiet38'
hook=sys.argv[1]; name=os.path.basename(hook)
mp=dict(a.split('=') for a in sys.argv[2:]); suffix=''.join('-'+v for v in mp.values())
env=dict(os.environ); env['HOME']=R+'/home'
rows=[l.rstrip('\n').split('\t') for l in open(R+'/lines.tsv')][1:]
def dec(r):
    i,proj,cat,line=r
    line=line.replace('\\n','\n')
    d=f'{R}/{mp.get(proj,proj)}'
    inp=json.dumps({"session_id":"s","transcript_path":"/tmp/t.jsonl","cwd":d,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":line}})
    e=dict(env); e['CLAUDE_PROJECT_DIR']=d
    p=subprocess.run(['nice',hook],input=inp,capture_output=True,text=True,env=e,cwd=d)
    t=p.stdout.strip()
    try:
        h=json.loads(t).get('hookSpecificOutput',{}) if t else {}
    except Exception: h={'permissionDecision':'ERR','permissionDecisionReason':t[:200]+p.stderr[:200]}
    return (i,proj,cat,line.replace('\n','\\n'),h.get('permissionDecision','pass'),h.get('permissionDecisionReason','').replace('\n',' ').replace('\t',' '))
with ThreadPoolExecutor(2) as ex: res=list(ex.map(dec,rows))
with open(f'{R}/decisions-{name}{suffix}.tsv','w') as f:
    f.write('id\tproject\tcategory\tline\tdecision\treason\n')
    for r in res: f.write('\t'.join(r)+'\n')
from collections import Counter
c=Counter(r[4] for r in res); n=len(res)
print(name+suffix,n,dict(c),'allow+pass %.1f%%'%(100*(c['allow']+c['pass'])/n))
