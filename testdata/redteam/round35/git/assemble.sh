#!/bin/bash
# Rebuild holes.tsv from every run: the guard's o*.tsv (not the fd-variant run o7fd, not the name/home sweeps o9/o11/o20),
# the other hooks' o_HOOK_c*.tsv. Rows set apart: c10-pyc (credentials.py itself is allowed), the Read of app.jar
# (Claude Code's Read may refuse a binary file), the LSP row (LSP returns symbols, not the text).
cd /work/rt/round35b
: > holes.tsv
for f in o1 o2 o3 o4 o5 o6 o10 o12 o13 o14 o15 o16 o17 o18 o19 o21; do [ -f $f.tsv ] && ./addholes.sh guard $f.tsv; done
for h in starter tool-permissions orchestrator; do for f in o_${h}_c*.tsv; do ./addholes.sh $h $f; done; done
grep -P '\tc10-pyc\t|\ttool-jar\t|\tLSP ' holes.tsv > setapart.tsv
grep -v -P '\tc10-pyc\t|\ttool-jar\t|\tLSP ' holes.tsv > h.tmp; mv h.tmp holes.tsv
awk -F'\t' '$2=="allow" && $3!="harmless"{print "guard\t"$1"\t"$4"\t"$3}' o9.tsv o11.tsv o20.tsv > names_home.tsv
awk -F'\t' '$2=="allow" && $3!="harmless"{print "guard\t"$1"\t"$4"\t"$3}' o7fd.tsv > conditional_fd.tsv
wc -l holes.tsv setapart.tsv names_home.tsv conditional_fd.tsv
