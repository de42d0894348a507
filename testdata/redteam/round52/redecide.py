import ast, sys, collections
sys.path.insert(0, '/work/rt/round52')
import harness
from concurrent.futures import ThreadPoolExecutor
rows = []
for l in open('/work/rt/round52/results.tsv'):
    v, c, rest = l.rstrip('\n').split('\t', 2)
    try: rows.append((v, ast.literal_eval(c)))
    except Exception: print("SKIP", c[:80])
D = list(ThreadPoolExecutor(2).map(lambda r: harness.decide(r[1])[0], rows))
cnt = collections.Counter()
for (v, c), d in zip(rows, D):
    cnt[(v[:4], d)] += 1
    if v.startswith('HOLE') and d == 'allow':
        print('STILL', c)
print(dict(cnt))
