import sys; sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__))); from mo import *
dom, out = sys.argv[1], sys.argv[2]
ids = read_mo('/usr/share/locale/de/LC_MESSAGES/%s.mo' % dom)
probe = b'|'.join(b'%%%d$p' % j for j in range(1, 160))
make(out, ids, lambda i, k: b'@@' + dom.encode() + b':%d@@' % i + probe + b'\n')
