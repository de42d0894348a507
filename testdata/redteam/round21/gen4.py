import json
C=[]
def a(cls,*ls):
    for l in ls:
        if any(ord(ch)<32 or ord(ch)>126 for ch in l): l="go:"+json.dumps(l)
        C.append((cls,l))
P="touch @M@/pwned"
a("subscript", f"test -v 'a[$({P})]'", f"[[ -v 'a[$({P})]' ]]", f"[ -v 'a[$({P})]' ]", f"printf -v 'a[$({P})]' x", f"read 'a[$({P})]' <<< x", f"unset 'a[$({P})]'",
  f"declare 'a[$({P})]=1'", f"test 'a[$({P})]' -eq 1", f"[[ 'a[$({P})]' -eq 1 ]]", f"[ 1 -eq 'a[$({P})]' ]", f"printf '%d' 'a[$({P})]'", f"test -t 'a[$({P})]'",
  f"kill -s 0 'a[$({P})]'", f"read -a 'a[$({P})]' <<< x", f"mapfile 'a[$({P})]' < README.md", f"wait 'a[$({P})]'", f"export 'a[$({P})]'", f"local 'a[$({P})]'",
  "test -v 'a[$(./pwn)]'", "[[ -v a[$(./pwn)] ]]", "test -v 'x[`./pwn`]'", f"printf '%i\\n' 'x[$({P})]'", f"echo $(( 'a[$({P})]' ))", f"test 1 -lt 'a[$({P})]' && echo y",
  f"[ 'a[$({P})]' -ge 0 ] && echo y", f"test -n x -a 'a[$({P})]' -eq 1", f"let 'a[$({P})]'", f"shift 'a[$({P})]'", f"ulimit -t 'a[$({P})]'", f"read -t 'a[$({P})]' x < README.md")
a("zsh-arith", "test -t DATABASE_URL", "[[ -t DATABASE_URL ]]", "test 1 -eq DATABASE_URL", "[ 1 -eq DATABASE_URL ]", "printf '%d' DATABASE_URL", "printf '%d' AWS_SECRET_ACCESS_KEY",
  "test DATABASE_URL -gt 0", "printf '%i' DATABASE_URL", "printf '%x' DATABASE_URL", "printf '%.*s' DATABASE_URL x", "test -t AWS_SECRET_ACCESS_KEY", "printf '%f' DATABASE_URL")
a("zsh-syntax", 'echo =ls', 'cat README.md =git', 'ls ~[foo]', 'echo $~x', 'cat =(id)', 'echo =(touch @M@/pwned)', "ls *(e:'touch @M@/pwned':)", 'echo ${(e)x}', 'ls <1-10>', 'echo =./pwn',
  "print -P '%n'", 'echo $=x', "x='$(./pwn)'; echo ${(e)x}", "echo ${~x}", 'cat =(cat vendor/settings.ini)', "ls -d *(+./pwn)", "echo ~[./pwn]", "ls (#i)readme.md", "echo $HOME[1,3]")
with open("cands4.tsv","w") as f:
    for c,l in C: f.write(f"{c}\t{l}\n")
print(len(C))
