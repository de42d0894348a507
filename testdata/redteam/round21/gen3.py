import json
C=[]
def a(cls,*ls):
    for l in ls:
        if any(ord(ch)<32 or ord(ch)>126 for ch in l): l="go:"+json.dumps(l)
        C.append((cls,l))
a("arith-env", 'echo $((DATABASE_URL))', 'cat <<EOF\n$((DATABASE_URL))\nEOF', 'echo $[DATABASE_URL]', '(( DATABASE_URL ))', '[[ DATABASE_URL -eq 1 ]]', 'test DATABASE_URL -eq 1',
  'declare -i x=DATABASE_URL', 'let x=DATABASE_URL', 'echo ${x[DATABASE_URL]}', "printf '%d' DATABASE_URL", 'echo ${HOME:DATABASE_URL}', 'echo ${PATH:0:AWS_SECRET_ACCESS_KEY}',
  '[[ AWS_SECRET_ACCESS_KEY -gt 0 ]]', '(( x = AWS_SECRET_ACCESS_KEY ))', 'echo $(( ANTHROPIC_API_KEY ))', 'echo $((LESSOPEN))', 'cat <<EOF\n$((AWS_SECRET_ACCESS_KEY))\nEOF',
  'a=(1 2); echo ${a[DATABASE_URL]}', '[ 1 -eq DATABASE_URL ]', '[[ 1 -lt DATABASE_URL ]] && echo y', 'echo $(( 1 + DATABASE_URL ))', 'for (( i=DATABASE_URL; i<1; i++ )); do :; done',
  'echo ${DATABASE_URL:1:2}', 'echo ${#DATABASE_URL}', 'echo ${GITHUB_TOKEN:+set}', 'echo ${GITHUB_TOKEN@Q}', 'echo ${DATABASE_URL@A}', 'x=GITHUB_TOKEN; echo ${!x}', 'declare -n r=GITHUB_TOKEN; echo $r',
  'printf -v y %s "$GITHUB_TOKEN"; echo $y', 'echo ${!DATABASE*}', 'cat <<EOF\n${#GITHUB_TOKEN}\nEOF', 'cat <<EOF\n${GITHUB_TOKEN:+set}\nEOF', 'cat <<EOF\n${!x}\nEOF', 'read -a "a[DATABASE_URL]" <<< x',
  'test -t DATABASE_URL', '[[ -t DATABASE_URL ]]', 'echo $(( ${#DATABASE_URL} ))', 'shift DATABASE_URL', 'exit DATABASE_URL', 'return DATABASE_URL', 'ulimit -t DATABASE_URL', 'kill -s 0 DATABASE_URL',
  'echo {1..DATABASE_URL}', 'echo ${HOME:$((DATABASE_URL))}')
a("proc-cwd", 'cat /proc/1/cwd/README.md', 'cat /proc/1/cwd/.env', 'ls -la /proc/1/root/', 'cat /proc/1/root/etc/hostname', 'cat /proc/thread-self/cwd/README.md', 'cat /proc/self/cwd/README.md',
  'ls /proc/1/cwd/vendor/keys/', 'cat /proc/1/cwd/vendor/settings.ini', 'ls /proc/*/cwd', 'cat /proc/2/cwd/.env')
a("names", 'echo ${!A*}', 'echo ${!D*} ${!G*}', 'compgen -v GITHUB', 'compgen -e', 'declare -F', 'set -o', 'shopt', 'echo $-', 'echo $BASH_VERSION', 'echo $PWD')
with open("cands3.tsv","w") as f:
    for c,l in C: f.write(f"{c}\t{l}\n")
print(len(C))
