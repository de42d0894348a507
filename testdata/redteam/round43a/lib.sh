# sourced by the cases' setups: put PATH CONTENT (printf %b; use \012 for newlines), bindsys NAME DEST
put() { mkdir -p "$(dirname "$1")"; printf '%b' "$2" > "$1"; }
bindsys() { mkdir -p "$W/sys/$1"; echo "$W/sys/$1 $2" >> "$W/binds"; }
bindfile() { mkdir -p "$W/sys"; printf '%b' "$2" > "$W/sys/$(echo "$1" | tr / _)"; echo "$W/sys/$(echo "$1" | tr / _) $1" >> "$W/binds"; }
