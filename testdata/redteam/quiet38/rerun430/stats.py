#!/usr/bin/env python3
"""stats.py: allow+pass shares of decisions-before.tsv / decisions-after.tsv, overall,
per project and per category, and the lines whose decision changed (markdown)."""
import collections, os
D = os.path.dirname(os.path.abspath(__file__))
def load(f): return [x.rstrip('\n').split('\t') for x in open(os.path.join(D, f))][1:]
B, A = load('decisions-before.tsv'), load('decisions-after.tsv')
def share(rows):
    c = collections.Counter(r[4] for r in rows); n = len(rows)
    return c, n, 100 * (c['allow'] + c['pass']) / n
print('| hook | lines | allow | pass | ask | deny | allow+pass |\n|---|---|---|---|---|---|---|')
for name, rows in (('before (g429)', B), ('after (g430)', A)):
    c, n, s = share(rows)
    print(f"| {name} | {n} | {c['allow']} | {c['pass']} | {c['ask']} | {c['deny']} | **{s:.1f}%** |")
for key, col in (('project', 1), ('category', 2)):
    print(f'\n| {key} | lines | before allow/pass/ask/deny | before % | after allow/pass/ask/deny | after % |\n|---|---|---|---|---|---|')
    for g in sorted({r[col] for r in B}, key=lambda g: min(int(r[0]) for r in B if r[col] == g)):
        cb, n, sb = share([r for r in B if r[col] == g]); ca, _, sa = share([r for r in A if r[col] == g])
        f = lambda c: f"{c['allow']}/{c['pass']}/{c['ask']}/{c['deny']}"
        print(f'| {g} | {n} | {f(cb)} | {sb:.1f}% | {f(ca)} | {sa:.1f}% |')
print('\nChanged lines:\n\n| id | project | line | before | after | before reason |\n|---|---|---|---|---|---|')
for b, a in zip(B, A):
    assert b[0] == a[0]
    if (b[4], b[5]) != (a[4], a[5]):
        print(f"| {b[0]} | {b[1]} | `{b[3].replace('|', chr(92) + '|')}` | {b[4]} | {a[4]}{(' (' + a[5] + ')') if a[5] else ''} | {b[5]} |")
