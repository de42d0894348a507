#!/bin/bash
# confirm.sh LIST.tsv: lines "policy<TAB>line"; in a fresh scratch world each (mkworld.sh), decides the
# line with `hookc explain -real` in the project (fake HOME), and if allowed runs it with bash there (10 s)
# and prints the canaries its output holds (leak.py). @H@ @P@ @M@ = home, project, outside.
HOOKC=${HOOKC:-/tmp/pol5/hookc}; POLS=${POLS:-/tmp/pol5/pols}; W=/tmp/pol5/world/c
while IFS=$'\t' read -r pol line; do
  [ -z "$pol" ] && continue; case "$pol" in \#*) continue;; esac
  /tmp/pol5/mkworld.sh $W >/dev/null 2>&1
  l=${line//@H@/$W/home}; l=${l//@P@/$W/proj}; l=${l//@M@/$W/outside}
  cd $W/proj
  dec=$(env -i PATH=/usr/local/go/bin:/usr/bin:/bin HOME=$W/home USER=user CLAUDE_PROJECT_DIR=$W/proj $HOOKC explain -real -c "$l" $POLS/$pol 2>&1)
  d=$(echo "$dec" | sed -n 's/^decision: //p' | head -1); r=$(echo "$dec" | sed -n 's/^rule: *//p' | head -1 | sed 's/ at .*//')
  res=-
  if [ "$d" = allow ]; then
    out=$(env -i PATH=/usr/local/go/bin:/usr/bin:/bin HOME=$W/home USER=user GITHUB_TOKEN=CANARY_ENVVAR_13 timeout 10 bash -c "$l" 2>&1)
    res=$(printf '%s' "$out" | python3 /tmp/pol5/leak.py)
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$pol" "$line" "$d" "$r" "$res"
done < "$1"
