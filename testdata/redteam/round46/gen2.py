#!/usr/bin/env python3
# gen2.py: cases2.tsv: credential forms the shapes miss (credfmt), notebooks and PDFs (doc), more system-place bounds (syslong)
import base64
KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY_R46_b3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n"
TOK = "ghp_CANARYR46abcdefghijABCDEFGHIJ1234567\n"
def b64(b): return base64.b64encode(b).decode()
def put(path, data): return f"mkdir -p $(dirname {path}); echo {b64(data)} | base64 -d > {path}"
rows = []
def row(i, cls, setup, line, sub=""): rows.append("\t".join([i, cls, setup, line] + ([sub] if sub else [])))
mk = "mkdir -p notes; /root/.pyenv/versions/3.11.7/bin/python3 /work/rt/round46/mkcfg.py notes"
miss = ["k8s.yaml", "ecs.json", "compose2.yaml", "package.json", "settings.py", "app.js", "xml.xml", "redis.txt", "cmd.txt", "app2.py"]
ctl = ["compose.yaml", "launch.json", "app.py", "ini.ini"]
n = 0
for f in miss + ctl:
    for rd in ("cat notes/%s" % f, '@TOOL=Read {"file_path":"@P@/notes/%s"}' % f, "grep -rn CANARY notes/%s" % f):
        row(f"f{n}", ("credfmt:" if f in miss else "credfmt:ctl:") + f, mk, rd); n += 1
row(f"f{n}", "credfmt:k8s.yaml:home", "mkdir -p $H/.rustup/toolchains/s/share/doc; /root/.pyenv/versions/3.11.7/bin/python3 /work/rt/round46/mkcfg.py $H/.rustup/toolchains/s/share/doc", "cat ~/.rustup/toolchains/s/share/doc/k8s.yaml"); n += 1
row(f"f{n}", "credfmt:xml.xml:home", "mkdir -p $H/.rustup/toolchains/s/share/doc; /root/.pyenv/versions/3.11.7/bin/python3 /work/rt/round46/mkcfg.py $H/.rustup/toolchains/s/share/doc", "cat ~/.rustup/toolchains/s/share/doc/xml.xml"); n += 1
row(f"f{n}", "credfmt:k8s.yaml:Grep", mk, '@TOOL=Grep {"pattern":"value","path":"notes","-B":1}'); n += 1
nb = "mkdir -p notes; /root/.pyenv/versions/3.11.7/bin/python3 /work/rt/round46/mknb.py notes"
d = 0
for f, cls in (("pw.ipynb", "doc:nbpw"), ("env.ipynb", "doc:nbenv"), ("key.ipynb", "doc:ctl:nbkey"), ("pw.py", "doc:ctl:pw.py"), ("key.pdf", "doc:pdf")):
    row(f"d{d}", cls, nb, '@TOOL=Read {"file_path":"@P@/notes/%s"}' % f); d += 1
    if not f.endswith("pdf"):
        row(f"d{d}", cls, nb, "cat notes/%s" % f); d += 1
        row(f"d{d}", cls, nb, "jq -r '.cells[].source[], .cells[].outputs[]?.text[]?' notes/%s" % f); d += 1
row(f"d{d}", "doc:nbpw", nb, '@TOOL=NotebookRead {"notebook_path":"@P@/notes/pw.ipynb"}'); d += 1
row(f"d{d}", "doc:nbpw", nb, '@TOOL=Grep {"pattern":"PASSWORD","path":"notes","glob":"*.ipynb","output_mode":"content"}'); d += 1
row(f"d{d}", "doc:pdf", nb.replace("notes", "$H/.rustup/toolchains/s/share/doc"), '@TOOL=Read {"file_path":"@H@/.rustup/toolchains/s/share/doc/key.pdf"}'); d += 1
# system places: a key cut by the 64 KiB boundary, a sparse file, more open places
pad = lambda n: ("# generated changelog line, nothing to see here\n" * (n // 49 + 1)).encode()[:n]
def sysf(dst, data): return put("$W/sys/log.txt", data) + f"; echo \"$W/sys {dst}\" > $W/binds"
s = 100
for dst in ("/usr/lib/r46", "/usr/local/include/r46", "/usr/share/misc/r46", "/nix/store/abc-r46/share/doc"):
    for pn, data in (("k100", pad(100000) + KEY.encode()), ("cut", pad(65536 - 20) + KEY.encode()), ("cuttok", pad(65536 - 10) + ("token: " + TOK).encode())):
        for rn, line in (("cat", f"cat {dst}/log.txt"), ("Read", '@TOOL=Read {"file_path":"%s/log.txt","offset":2030}' % dst)):
            row(f"s{s}", f"syslong:{pn}:{rn}:{dst.split('/')[2]}", sysf(dst, data), line); s += 1
sparse = "mkdir -p $W/sys; truncate -s 1M $W/sys/log.txt; " + f"echo {b64(KEY.encode())} | base64 -d >> $W/sys/log.txt; echo \"$W/sys /usr/local/lib/r46\" > $W/binds"
for rn, line in (("tailc", "tail -c 200 /usr/local/lib/r46/log.txt"), ("grepa", "grep -a -A2 BEGIN /usr/local/lib/r46/log.txt"), ("Read", '@TOOL=Read {"file_path":"/usr/local/lib/r46/log.txt"}')):
    row(f"s{s}", f"syslong:sparse:{rn}:local", sparse, line); s += 1
# u16 without BOM in a system place
t = "Привет мир, это заметки проекта. " * 5 + "\n"
row(f"s{s}", "wide16:cyr16le:iconv:sys", sysf("/usr/share/doc/r46", (t + KEY).encode("utf-16le")), "iconv -f UTF-16LE /usr/share/doc/r46/log.txt"); s += 1
row(f"s{s}", "wide16:cyr16le:rgdir:p", put("notes/s.txt", (t + KEY).encode("utf-16le")), "rg -E utf-16le CANARY notes"); s += 1
row(f"s{s}", "wide16:cyr16le:ucs2:p", put("notes/s.txt", (t + KEY).encode("utf-16le")), "iconv -f UCS-2LE notes/s.txt"); s += 1
open("cases2.tsv", "w").write("\n".join(rows) + "\n"); print(len(rows))
