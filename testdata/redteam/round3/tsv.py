#!/usr/bin/env python3
"""Writes ../../adversarial/redteam3.tsv from attacks.tsv, before.out,
after.out and the suite's decisions (SUITE, a JSON map row -> decision
taken from a TestAdversarial run of the rows; missing rows were allowed).
A harmful row wants the suite's decision, deny>ask where it is ask."""
import json, os, sys
rows = [l.rstrip('\n').split('\t') for l in open('attacks.tsv')]
def out(f):
    return {int(p[0]): p for p in (l.rstrip('\n').split('\t') for l in open(f))}
bef, aft = out('before.out'), out('after.out')
suite = {int(k): v for k, v in json.load(open(os.environ['SUITE'])).items()}
head = open('head.txt').read()
lines = [head.rstrip('\n')]
for i, (c, inp) in enumerate(rows):
    eff, b, a = bef[i][3], bef[i][2], aft[i][2]
    s = suite.get(i, 'allow')
    want = s
    if eff != '-' and s == 'ask':
        want = 'deny>ask'
    note = 'by execution: %s; guard before: %s, after: %s (round 3 world)' % ('harmless' if eff == '-' else eff, b, a)
    if eff != '-' and s == 'allow':
        if a != 'allow':
            note = 'world: ' + note + '; the suite has not its files'
        else:
            note = 'open: ' + note
    lines.append('\t'.join([c, want, inp, note]))
open('../../adversarial/redteam3.tsv', 'w').write('\n'.join(lines) + '\n')
