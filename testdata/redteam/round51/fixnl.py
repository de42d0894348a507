#!/usr/bin/env python3
# fixnl.py OUT...: rejoin rows whose line held a newline (@NL@ rows wrote a raw newline) into one TSV row, in place
import sys
for f in sys.argv[1:]:
    out, buf = [], ""
    for l in open(f):
        l = l.rstrip("\n")
        buf = buf + "@NL@" + l if buf else l
        if len(buf.split("\t")) >= 9: out.append(buf); buf = ""
    if buf: out.append(buf)
    open(f, "w").write("".join(x + "\n" for x in out))
