#!/bin/bash
cd /work/rt/round36after
for f in ca_*.tsv; do h=${f#ca_}; h=${h%.tsv}; T=30 V=0 HOOKENV=full python3 /work/rt/round36a/h36.py /work/rt/bin51/$h $f oa_$h.tsv 2> ea_$h.txt; done
for f in cb_*.tsv; do h=${f#cb_}; h=${h%.tsv}; T=30 V=0 HOOKENV=full python3 /work/rt/round36b/h36.py /work/rt/bin51/$h $f ob_$h.tsv 2> eb_$h.txt; done
echo DONE > done.txt
