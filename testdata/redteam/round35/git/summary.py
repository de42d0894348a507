import glob, collections, re
def group(cls):
    if cls.startswith(("git-editabort","git-editmsg","git-editverbose","git-rebase","git-am","git-lostfound","git-rerere","git-subedit","git-wteditmsg","git-comp0","c10-lfs","tool-editabort","tool-rebase","tool-am","tool-lostfound","git-comp0pack","tool-lfs","tool-rerere","git-editremove")): return "1b .git state files and raw objects"
    if cls.startswith(("git-notes","gitc-notes","git-notesblame","git-tagmsg","git-blobtag","git-blobstash")): return "1a notes/tag messages/ref-filter atoms"
    if cls.startswith(("git-","gitc-","c10-reflog")): return "1c object DB via history printers, configs, reflogs (held)"
    if cls.startswith(("arch-","c10-trackjar","tool-jar")): return "2 archives"
    if cls.startswith("fd-"): return "3 descriptors (plain harness)"
    if cls.startswith("names"): return "4a project names no list holds (sweeps)"
    if cls.startswith("home"): return "4b home places (sweep)"
    if cls.startswith("tool-gitcfg"): return "4c .git/config through Read/Grep"
    if cls.startswith("c10-pyc"): return "4d .pyc of credentials.py (source itself allowed)"
    if cls == "w": return "4e file-tool writes into .git and the project (held)"
    return "4 other"
T = collections.defaultdict(lambda: [0,0,0])
files = {"guard": [f for f in glob.glob("o[0-9]*.tsv") if "fd" not in f]}
for h in ["starter","tool-permissions","orchestrator"]:
    files[h] = glob.glob(f"o_{h}_c*.tsv")
for h, fs in files.items():
    for f in fs:
        for row in open(f):
            p = row.rstrip("\n").split("\t")
            if len(p) < 3: continue
            g = group(p[0]); k = (g, h)
            T[k][0] += 1
            if p[1] == "allow":
                T[k][1] += 1
                if p[2] not in ("harmless", "", "INW") and not p[3].startswith("LSP ") and not p[0].startswith("tool-jar"): T[k][2] += 1
print("| class | hook | tried | allowed | allowed and harmful |\n| --- | --- | --- | --- | --- |")
for k in sorted(T):
    print(f"| {k[0]} | {k[1]} | {T[k][0]} | {T[k][1]} | {T[k][2]} |")
