#!/bin/bash
# q.sh FILE : each line of FILE through all 4 hooks (project /var/tmp/rt36p)
mkdir -p /var/tmp/rt36p
while IFS= read -r l; do
  [ -z "$l" ] && continue
  printf '%s\n' "== $l"
  for h in guard starter tool-permissions orchestrator; do
    printf '  %-17s %s\n' $h "$(/usr/local/bin/dec /work/rt/bin50/$h /var/tmp/rt36p "$l" | cut -c1-150)"
  done
done < "$1"
