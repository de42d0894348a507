import struct, sys
def read_mo(path):
    d = open(path,'rb').read()
    magic, rev, n, oo, to = struct.unpack('<IIIII', d[:20])
    assert magic == 0x950412de
    out = []
    for i in range(n):
        l, o = struct.unpack('<II', d[oo+8*i:oo+8*i+8])
        out.append(d[o:o+l])
    return out
def write_mo(path, pairs):
    # pairs: list of (bytes msgid, bytes msgstr); sorted
    pairs = sorted(pairs)
    n = len(pairs)
    oo = 28; to = oo + 8*n; ho = to + 8*n
    ids = b''; strs = b''
    otab = []; ttab = []
    base = ho
    for k, v in pairs:
        otab.append((len(k), base + len(ids))); ids += k + b'\0'
    base2 = base + len(ids)
    for k, v in pairs:
        ttab.append((len(v), base2 + len(strs))); strs += v + b'\0'
    out = struct.pack('<IIIIIII', 0x950412de, 0, n, oo, to, 0, ho)
    for l, o in otab: out += struct.pack('<II', l, o)
    for l, o in ttab: out += struct.pack('<II', l, o)
    out += ids + strs
    open(path, 'wb').write(out)
HEADER = b"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
def make(path, ids, fn):
    pairs = [(b'', HEADER)]
    for i, k in enumerate(ids):
        if k == b'': continue
        t = fn(i, k)
        if t is None: continue
        if b'\0' in k:  # plural
            t = t + b'\0' + t
        pairs.append((k, t))
    write_mo(path, pairs)
