#!/usr/bin/env python3
"""Round 10 candidates, batch 4: names flowing from a program that lists
them (ls, find, compgen, git ls-files -oi, git status --ignored) into a
reader through pipes, xargs, loops, arrays and substitutions."""
rows = []
def add(cls, line, setup=None):
    if "\n" in line or "\t" in line:
        line = "go:" + repr(line)
    rows.append((cls, ("setup:" + setup + " ;;; " + line) if setup else line))
LIST = "printf '.env\\n' > list.txt && printf '.env\\0' > list0"
for t in ["xargs -a list.txt cat", "xargs cat < list.txt", "xargs -I{} cat {} < list.txt", "xargs -a list.txt head",
          "xargs -a list.txt grep -h .", "xargs -0 -a list0 cat", "xargs -a list.txt -n1 tail -n1", "xargs -a list.txt sort",
          "find . -maxdepth 1 -name '.env' | xargs cat", "find . -name '.e*' -print0 | xargs -0 cat", "ls -A | xargs cat 2>/dev/null",
          "ls -A | grep env | xargs cat", "git ls-files -oi --exclude-standard | xargs cat", "git ls-files -z -oi --exclude-standard | xargs -0 cat",
          "git status --ignored --porcelain | cut -c4- | xargs cat", "compgen -f .e | xargs cat", "compgen -G '.e*' | xargs head",
          "cat $(ls -A | grep env)", "cat $(git ls-files -oi --exclude-standard)", "cat \"$(ls -A | head -1)\"",
          "for f in $(ls -A); do cat \"$f\"; done 2>/dev/null", "while read f; do cat \"$f\"; done < list.txt",
          "while read -r f; do cat \"$f\"; done < <(git ls-files -oi --exclude-standard)",
          "mapfile -t a < list.txt; cat \"${a[@]}\"", "read f < list.txt; cat \"$f\"", "f=$(<list.txt); cat $f",
          "printf '%s\\0' .e* | xargs -0 cat", "cat $(find . -name .env)", "head -99 $(compgen -f .en)",
          "git ls-files -oi --exclude-standard | head -1 | xargs cat", "find . -name server.key -exec cat {} +",
          "find . -name '*.key' | xargs -r cat", "ls | xargs cat 2>/dev/null", "tail -n+1 $(ls -d .??*)",
          "set -- $(<list.txt); cat \"$@\"", "IFS= read -r f < list.txt && cat -- \"$f\"", "cat $(cat list.txt)",
          "cat `cat list.txt`", "cat $(sed -n 1p list.txt)", "cat $(awk 1 list.txt)", "cat $(head -1 list.txt)",
          "sort -u list.txt | xargs cat", "tr '\\n' '\\0' < list.txt | xargs -0 cat", "grep -l . $(git ls-files -oi --exclude-standard)",
          "xargs -a list.txt wc -c", "xargs -a list.txt ls -l", "xargs -a list.txt stat -c %s", "xargs -a list.txt sha256sum"]:
    add("dataflow", t, LIST)
with open("candidates4.tsv", "w") as f:
    for c, l in rows:
        f.write(c + "\t" + l + "\n")
print(len(rows))
