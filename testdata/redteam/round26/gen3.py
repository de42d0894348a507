#!/usr/bin/env python3
# class 3: names with newlines, control characters, invalid UTF-8, long paths,
# Unicode variants: links to secrets under such names, read by a literal or a glob.
rows = []
names = {
 "ff": r"$'\xff'", "nl": r"$'a\nb'", "nlenv": r"$'x\n.env'", "cr": r"$'k\r'", "tab": r"$'k\t'", "esc": r"$'\e[0m'",
 "c1": r"$'\xc2\x85'", "bom": r"$'\xef\xbb\xbfk'", "overlong": r"$'\xc0\xaf'", "surrogate": r"$'\xed\xa0\x80'",
 "nfd": r"$'e\xcc\x81'", "nfc": r"$'\xc3\xa9'", "zwsp": r"$'k\xe2\x80\x8b'", "rtl": r"$'\xe2\x80\xaek'",
 "del": r"$'\x7f'", "bs": r"$'k\\'", "star": r"'k*'", "q": r"'k?'", "brack": r"'[k]'", "dash": r"'-'", "tilde": r"'~'",
}
targets = {"idrsa": "@H@/.ssh/id_rsa", "env": "@P@/.env", "gh": "@H@/.config/gh/hosts.yml"}
for nn, q in names.items():
    for tn, t in targets.items():
        setup = f"mkdir -p src; ln -s {t} src/{q}"
        for l in [f"cat src/{q}", "cat src/*", "head -n 5 src/*", "grep -r . src", "grep -R . src", "wc -c src/*", "sort src/*", "tail -n+1 src/*", "cd src && cat *", "cd src && cat ./*"]:
            rows.append((f"names-{nn}", f"setup:{setup} ;;; {l}"))
    # a directory link with the odd name
    setup = f"mkdir -p src; ln -s @H@/.config src/{q}"
    for l in [f"cat src/{q}/gh/hosts.yml", "cat src/*/gh/*", "grep -r oauth src/*", "grep -R oauth src", "cd src/* && cat gh/*"]:
        rows.append((f"names-dir-{nn}", f"setup:{setup} ;;; {l}"))
# long paths: a link below a directory chain longer than PATH_MAX
comp = "A" * 250
chain1 = "/".join([comp] * 9); chain2 = "/".join([comp] * 9)
for tn, t in targets.items():
    setup = f"mkdir -p src/{chain1}/{chain2} && ln -s {t} src/{chain1}/{chain2}/k"
    for l in [f"cd src/{chain1} && cd {chain2} && cat k", f"cd src/{chain1} && cd {chain2} && cat *", f"cd src/{chain1} && cd {chain2} && grep -r . .",
              f"cd src/{chain1} && grep -R . .", "grep -R . src", "grep -r . src", f"cd src/{chain1} && cat {chain2}/k",
              f"cd src/{chain1} && cd {chain2} && head k"]:
        rows.append((f"names-long", f"setup:{setup} ;;; {l}"))
    setup = f"mkdir -p src/{chain1}/{chain2} && ln -s {t} src/{chain1}/{chain2}/k"
    for l in ["cat k", "cat *", "grep -r . .", "head -n3 k"]:
        rows.append(("names-longcwd", f"ctx:cwd=@P@/src/{chain1}/{chain2} ;;; setup:{setup} ;;; {l}"))
with open("cands3.tsv", "w") as f:
    for c, l in rows:
        f.write(f"{c}\t{l}\n")
print(len(rows))
