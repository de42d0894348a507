import json,sys
n=int(sys.argv[1])
C={}
C['assign_prefix']=' '.join('a%d=1'%i for i in range(n))+' ls'
C['assign_only']=' '.join('a%d=1'%i for i in range(n))
C['declare_many']='declare '+' '.join('a%d=1'%i for i in range(n))
C['env_many']='env '+' '.join('a%d=1'%i for i in range(n))+' ls'
C['redir_in']='cat'+' </dev/null'*n
C['heredoc_one_cmd']='cat'+' <<E'*n+'\n'+'E\n'*n
C['herestring']='cat'+" <<<x"*n
C['fd_dup']='ls'+' 2>&1'*n
for k,v in C.items():
    json.dump({"session_id":"rt","hook_event_name":"PreToolUse","cwd":"/work/rt/round22/world/proj","tool_name":"Bash","tool_input":{"command":v}},open('cases/%s_%d.json'%(k,n),'w'))
    print('%s_%d'%(k,n))
