#!/usr/bin/env python3
# pdftext.py FILE: the text a PDF reader shows: each FlateDecode stream inflated, its (..) Tj strings printed (emulates Read of a PDF)
import re, sys, zlib
b = open(sys.argv[1], "rb").read()
for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", b, re.S):
    try: s = zlib.decompress(m.group(1))
    except Exception: s = m.group(1)
    for t in re.findall(rb"\((.*?)\)\s*Tj", s): print(t.decode("latin-1"))
