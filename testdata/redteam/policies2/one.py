#!/usr/bin/env python3
# one.py "SETUP ;;; LINE": run one line in harness.py's world and jail, with a 60 s limit; print what it left in the marker directory.
import sys,os,subprocess
sys.argv=[sys.argv[0],'-']+sys.argv[1:]
src=open('/work/wt/policyred2/testdata/redteam/harness.py').read().rsplit("\nmain()",1)[0].replace('"-k", "1", "5",','"-k", "1", "60",')
g={'__name__':'h'}; exec(compile(src,'h','exec'),g)
base=g['make_world'](); P=base+'/proj'; M=base+'/outside'; H=base+'/home'
sub=lambda s:s.replace('@P@',P).replace('@H@',H).replace('@M@',M)
setup,line=sys.argv[2].split(' ;;; ',1)
print(subprocess.run(['bash','-c',sub(setup)],cwd=P,capture_output=True))
print(g['run'](base,sub(line))); print(os.listdir(M))
