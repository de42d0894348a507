import json
C={}
C['brace20']='echo '+'{a,b}'*20
C['brace30']='echo '+'{a,b}'*30
C['brace_rm20']='rm '+'{a,b}'*20+' /etc/passwd'
C['seq1e6']='echo {1..1000000}'
C['seq1e9']='echo {1..1000000000}'
C['seqnest']='echo {1..1000}{1..1000}{1..1000}'
C['brace_nested']='echo '+'{a,'*2000+'b'+'}'*2000
C['cmdsubst_10k']='echo '+'$('*10000+'x'+')'*10000
C['cmdsubst_1k']='echo '+'$('*1000+'x'+')'*1000
C['backtick_deep']='echo '+'`echo '*50+'x'+'`'*50
C['subshell_10k']='('*10000+'ls'+')'*10000
C['subshell_100k']='('*100000+'ls'+')'*100000
C['arith_10k']='echo $(('+'('*10000+'1'+')'*10000+'))'
C['arith_100k']='echo $(('+'('*100000+'1'+')'*100000+'))'
C['brace_group_10k']='{ '*10000+'ls'+'; }'*10000
C['if_nest_5k']='if true; then '*5000+'ls'+'; fi'*5000
C['units_100k']='a;'*100000
C['units_1k_rm_last']='ls;'*999+'rm -rf /'
C['units_2k_rm_last']='ls;'*1999+'rm -rf /'
C['pipes_100k']='ls|'*100000+'ls'
C['and_100k']='ls&&'*100000+'ls'
C['longword_3MB']='echo '+'a'*3000000
C['longline_rm_end']='echo '+'a'*3000000+'; rm -rf /'
C['manyargs_500k']='echo '+'a '*500000
C['redir_100k']='ls'+' >/dev/null'*100000
C['redir_ls_many_files']='ls'+''.join(' >f%d'%i for i in range(50000))
C['heredoc_3MB']='cat <<EOF\n'+('x'*100+'\n')*30000+'EOF'
C['heredoc_many']=''.join('cat <<E%d\nx\nE%d\n'%(i,i) for i in range(20000))
C['var_10k']=''.join('a%d=$a%d;'%(i,i-1) for i in range(10000))+'echo $a9999'
C['func_recursive']='f(){ f; }; f'
C['alias_deep']=''.join("alias a%d=a%d;"%(i,i+1) for i in range(5000))+'\na0'
C['eval_deep']='eval '*10000+'ls'
C['sh_c_nest']="sh -c "*1+"'"+"sh -c \"ls\""+"'"
C['xargs_long']='xargs rm '+'-a '*100000
C['find_exec_many']='find . '+'-exec ls {} ; '*20000
C['extglob']='shopt -s extglob; ls '+'+(a|aa)'*30+'b'
C['extglob2']='shopt -s extglob; rm '+'*(*(*(*(*(*(a)))))))'*5+'b'
C['glob_stars']='ls '+'*'*100000
C['glob_qmarks']='ls '+'*a'*10000
C['globstar_root']='shopt -s globstar; cat /**'
C['globstar_home']='shopt -s globstar; ls ~/**/*'
C['bracket_class']='ls '+'[a-z]'*100000
C['dollar_brace_deep']='echo '+'${a:-'*10000+'x'+'}'*10000
C['procsubst_deep']='cat '+'<(cat '*5000+'x'+')'*5000
C['case_many']='case x in '+''.join('p%d) ls;; '%i for i in range(50000))+'esac'
C['nul']='ls\x00; rm -rf /'
C['invalid_utf8_escape']='ls \udcff'
C['crlf']='ls\r\nrm -rf /\r\n'
for k,v in C.items():
    try:
        s=json.dumps({"session_id":"rt","transcript_path":"/tmp/x","hook_event_name":"PreToolUse","cwd":"/work/rt/round22/world/proj","permission_mode":"default","tool_name":"Bash","tool_input":{"command":v}})
    except Exception as e:
        print(k,e); continue
    open('cases/'+k+'.json','w').write(s)
print(' '.join(C))
