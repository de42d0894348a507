#!/bin/bash
# usage: t422.sh HOME PROJ CWD CASEFILE   (casefile: TOOL<TAB>JSON with @H@ -> HOMEPATH given as $5 or HOME)
H=$1; P=$2; C=$3; F=$4; X=${5:-$1}
while IFS=$'\t' read -r tool js; do
  [ -z "$tool" ] && continue; js=${js//@H@/$X}
  for h in starter tool-permissions guard; do
    r=$(./ft.sh $h "$H" "$P" "$C" "$tool" "$js")
    printf '%s\t%s\tHOME=%s PROJ=%s CWD=%s\t%s\t%s\n' "$h" "${r%%$'\t'*}" "$H" "$P" "$C" "$tool $js" "$(echo "$r" | cut -f2 | cut -c1-120)"
  done
done < "$F"
