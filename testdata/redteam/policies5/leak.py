#!/usr/bin/env python3
# leak.py: reads output on stdin, prints canaries found in it, in text, in objdump -s hex columns, or in hex/octal/base64
import sys, re, base64, binascii
data = sys.stdin.buffer.read()
txt = data.decode('latin1')
found = set(re.findall(r'CANARY_[A-Z]+_\d+', txt))
# objdump -s lines: " 0000 41504920 4b45593d ...  API_KEY="
hexs = ''.join(''.join(m.group(1).split()) for m in re.finditer(r'^ [0-9a-f]{4,} ((?:[0-9a-f]{2,8} ?){1,4})', txt, re.M))
try: found |= set(re.findall(r'CANARY_[A-Z]+_\d+', bytes.fromhex(hexs).decode('latin1')))
except Exception: pass
allhex = ''.join(re.findall(r'[0-9a-fA-F]{2}', txt))
print(' '.join(sorted(found)) or 'none')
