import csv,glob,os
R='/work/rt/quiet38'
seen=set()
for f in glob.glob('/work/main/testdata/readonly/*.tsv'):
    for l in open(f):
        seen.add(l.split('\t')[0].strip())
m={'extra':'proj','go-nav':'proj','go-read':'proj','go-search':'proj','go-git':'proj','go-tool':'proj','sys':'proj','pipes':'proj','web':'web','py':'py'}
out=[];dup=[];ls=set()
for k,d in m.items():
    txt=open(f'{R}/src/{k}.txt').read()
    lines=txt.split('\n')
    i=0
    while i<len(lines):
        l=lines[i]
        if l.startswith('python3 - <<'):  # heredoc
            j=i
            while lines[j]!='PY': j+=1
            l='\n'.join(lines[i:j+1]); i=j
        i+=1
        if not l.strip(): continue
        if l in seen: dup.append(l); continue
        if (d,l) in ls: continue
        ls.add((d,l))
        out.append((len(out)+1,d,k,l))
with open(f'{R}/lines.tsv','w') as f:
    f.write('id\tproject\tcategory\tline\n')
    for r in out: f.write('\t'.join([str(r[0]),r[1],r[2],r[3].replace('\n','\\n')])+'\n')
print(len(out),'lines; dropped dups:',len(dup)); print(dup)
