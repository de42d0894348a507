# source me
t(){ name=$1; shift; printf '%s' "$*" | /work/rt/round22/mk.py /work/rt/round22/cases/$name.json && /work/rt/round22/run.sh $name /work/rt/round22/cases/$name.json; }
tt(){ name=$1; tool=$2; shift 2; printf '%s' "$*" | /work/rt/round22/mkt.py /work/rt/round22/cases/$name.json $tool && /work/rt/round22/run.sh $name /work/rt/round22/cases/$name.json; }
