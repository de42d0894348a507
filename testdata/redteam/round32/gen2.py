rows = []
def r(cls, setup, *lines):
    for l in lines: rows.append((cls, setup, l))
MOD = r"printf 'module m\ngo 1.21\n' > go.mod && rm -rf vendor && mkdir -p dep"
def work(content, link="ln -s ../.env dep/go.mod", pre=""):
    s = MOD + (" && " + pre if pre else "") + " && printf '%s' > go.work && " % content + link
    return s
L = ("go list -m", "go list")
r("gw-bom", work(r"\xef\xbb\xbfgo 1.21\nuse ./dep\n"), *L)
r("gw-crlf", work(r"go 1.21\r\nuse ./dep\r\n"), *L)
r("gw-crlf-block", work(r"go 1.21\r\nuse (\r\n\t.\r\n\t./dep\r\n)\r\n"), *L)
r("gw-raw", work(r"go 1.21\nuse `./dep`\n"), *L)
r("gw-abs", work(r"go 1.21\nuse @P@/dep\n"), *L)
r("gw-dotdot", work(r"go 1.21\nuse ../proj/dep\n"), *L)
r("gw-trail", work(r"go 1.21\nuse ./dep/\n"), *L)
r("gw-dotseg", work(r"go 1.21\nuse ./x/../dep\n"), *L)
r("gw-blockcomment", work(r"go 1.21\nuse ( // c\n\t./dep // d\n)\n"), *L)
r("gw-toolchain", work(r"go 1.21\ntoolchain go1.21.0\ngodebug (\n\tpanicnil=1\n)\nuse ./dep\n"), *L)
r("gw-tab", work(r"go 1.21\nuse\t./dep\n"), *L)
r("gw-ff", work(r"go 1.21\nuse\f./dep\n"), *L)
r("gw-vt", work(r"go 1.21\nuse\v./dep\n"), *L)
r("gw-nbsp", work(r"go 1.21\nuse\xc2\xa0./dep\n"), *L)
r("gw-bs", work(r"go 1.21\nuse .\\\\dep\n", link="mkdir -p '.\\dep' && ln -s ../.env '.\\dep/go.mod'"), *L)
r("gw-drive", work(r"go 1.21\nuse C:dep\n", link="mkdir -p 'C:dep' && ln -s ../.env 'C:dep/go.mod'"), *L)
r("gw-quoted-esc", work(r'go 1.21\nuse "./d\\x65p"\n'), *L)
r("gw-quoted-u", work(r'go 1.21\nuse "./\\u0064ep"\n'), *L)
r("gw-replace", work(r"go 1.21\nuse .\nreplace example.com/x => ./dep\n", pre=r"printf 'module m\ngo 1.21\nrequire example.com/x v0.0.0\n' > go.mod"), *L)
r("gm-replace-bs", r"printf 'module m\ngo 1.21\nrequire example.com/x v0.0.0\nreplace example.com/x => .\\\\dep\n' > go.mod && rm -rf vendor && mkdir -p '.\\dep' && ln -s ../.env '.\\dep/go.mod'", "go list -m all", "go list")
r("gm-replace-drive", r"printf 'module m\ngo 1.21\nrequire example.com/x v0.0.0\nreplace example.com/x => C:dep\n' > go.mod && rm -rf vendor && mkdir -p 'C:dep' && ln -s ../.env 'C:dep/go.mod'", "go list -m all", "go list")
r("gm-replace-crlf", r"printf 'module m\r\ngo 1.21\r\nrequire example.com/x v0.0.0\r\nreplace example.com/x => ./dep\r\n' > go.mod && rm -rf vendor && mkdir -p dep && ln -s ../.env dep/go.mod", "go list -m all")
r("gm-replace-quoted", r"printf 'module m\ngo 1.21\nrequire example.com/x v0.0.0\nreplace \"example.com/x\" => \"./dep\"\n' > go.mod && rm -rf vendor && mkdir -p dep && ln -s ../.env dep/go.mod", "go list -m all")
r("gm-replace-block", r"printf 'module m\ngo 1.21\nrequire example.com/x v0.0.0\nreplace (\n\texample.com/x => ./dep\n)\n' > go.mod && rm -rf vendor && mkdir -p dep && ln -s ../.env dep/go.mod", "go list -m all")
r("gm-replace-hidden", r"printf 'module m\ngo 1.21\nrequire example.com/x v0.0.0\nreplace example.com/x => ./.dep\n' > go.mod && rm -rf vendor && mkdir -p .dep && ln -s ../.env .dep/go.mod", "go list -m all", "go list")
r("gw-subcwd", MOD + r" && printf 'go 1.21\nuse (\n\t./sub\n\t./dep\n)\n' > go.work && mkdir sub && printf 'module s\ngo 1.21\n' > sub/go.mod && ln -s ../.env dep/go.mod", "cd sub && go list -m", "cd sub && go list")
r("control-gw", work(r"go 1.21\nuse ./dep\n"), "go list -m")
with open("c_gowork.tsv","w") as f:
    for c,s,l in rows: f.write("%s\tsetup:%s ;;; %s\n" % (c,s,l))
print(len(rows))
