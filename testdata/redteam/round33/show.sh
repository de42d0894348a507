#!/bin/sh
# compact view: decision verdict last-setup-step ;;; line  detail
cut -f1-5 "$@" | awk -F'\t' '{s=$4; sub(/.*;;; /,"",s); h=$4; sub(/ ;;;.*/,"",h); n=split(h,a,"&& "); print $2"\t"$3"\t"a[n]" ;;; "s"\t"substr($5,1,170)}'
