rows=[]
def r(cls, setup, *lines):
    for l in lines: rows.append((cls, setup, l))
IMP = r"""printf 'package main\nimport _ "example.com/x"\nfunc main(){}\n' > main.go"""
for tag, tgt, mk in [("drive","C:dep","C:dep"), ("bslash",r"\\\\dep", r"\\dep"), ("drive-lower","c:dep","c:dep"), ("dotbs", r".\\\\dep", r".\\dep")]:
    s = r"printf 'module m\ngo 1.21\nrequire example.com/x v0.0.0\nreplace example.com/x => %s\n' > go.mod && rm -rf vendor && mkdir -p '%s' && ln -s ../.env '%s/go.mod' && " % (tgt, mk, mk) + IMP
    r("gm-replace-"+tag, s, "go list -deps .", "go list -m -json all", "go mod graph", "go list -m example.com/x")
    s2 = r"printf 'module m\ngo 1.21\n' > go.mod && rm -rf vendor && mkdir -p '%s' && ln -s ../.env '%s/go.mod' && printf 'go 1.21\nuse .\nuse %s\n' > go.work" % (mk, mk, tgt)
    r("gw-use-"+tag, s2, "go list -m", "go list")
with open("c_gowork2.tsv","w") as f:
    for c,s,l in rows: f.write("%s\tsetup:%s ;;; %s\n" % (c,s,l))
print(len(rows))
