import sys, os; sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__))); from mo import *
outdir = sys.argv[1]; os.makedirs(outdir, exist_ok=True)
plan = {'grep': {66:(107,130)}, 'sed': {21:(102,125)}, 'gawk': {313:(117,140)}}
for dom, m in plan.items():
    ids = read_mo('/usr/share/locale/de/LC_MESSAGES/%s.mo' % dom)
    def fn(i, k):
        if i not in m: return None
        a, b = m[i]
        pre = b''.join(b'%%%d$.0lx' % j for j in range(1, a+2))
        return pre + b'\n' + b'\n'.join(b'%%%d$s' % j for j in range(a+2, b-1)) + b'\n'
    make(os.path.join(outdir, dom + '.mo'), ids, fn)
