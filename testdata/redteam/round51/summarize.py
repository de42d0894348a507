#!/usr/bin/env python3
# summarize.py: out*.tsv (later files override earlier rows of the same id) -> totals, holes.tsv
import glob, os, collections
H = ["guard", "starter", "tool-permissions", "orchestrator"]
# lines whose allow rule already runs project code by design (a test runner, a build script): a shim there is weak
WEAKLINES = {"npm test": "npm test runs the project's test script anyway", "go test ./...": "go test runs the project's tests anyway",
             "cargo build": "cargo build runs build.rs anyway", "cargo check": "cargo check runs build.rs anyway", "pytest": "pytest runs project code anyway"}
LABEL = {
 "prog:link-abs": "2. a file link ~/bin/NAME -> the project's file",
 "prog:link-abs-sub": "2. the same, command in a subdirectory",
 "prog:link-abs-after": "2. the same link after the system's directories",
 "prog:link-rel": "2. a relative file link ~/bin/NAME -> ../../proj/...",
 "prog:link-venv": "2. ~/.local/bin/NAME -> the project's .venv/bin/NAME",
 "prog:npm-link": "2. npm link (global bin -> lib/node_modules/x -> the project)",
 "prog:editable-venv": "2. editable install into a venv outside (pipx/uv tool -e): console script + .pth",
 "prog:usrlocal-link": "2. /usr/local/bin/NAME -> the project (bind over /usr/local/bin)",
 "prog:hardlink": "2. a hard link of a project file in ~/bin",
 "prog:interp-proj": "2. a script outside whose #! interpreter is the project's",
 "prog:interp-proj-env": "2. the same with #!/usr/bin/env -S",
 "prog:rpath": "2. an ELF outside with RUNPATH in the project",
 "prog:link-via-dirlink": "2. a file link through a directory link into the project",
 "prog:go-install-copy": "2. go install copy (stale code, weak)",
 "prog:ctl-dirlink": "2. control: the PATH directory itself links into the project",
 "prog:pth-usercustomize": "2. control: pip --user -e .pth + usercustomize.py",
 "dir:root-link": "1. project opened through a link ($O/plink), PATH with its physical bin",
 "dir:root-link-home": "1. the same, link in the home (~/code)",
 "dir:root-link-parent": "1. the same, a parent linked (~/src -> its parent)",
 "dir:root-link-after": "1. the same, physical bin after the system's dirs (helpers)",
 "dir:root-link-venv": "1. the same, an activated .venv by its physical path",
 "dir:root-link-nodebin": "1. the same, node_modules/.bin by its physical path",
 "dir:root-link-sub": "1. the same, cwd a subdirectory",
 "dir:ctl-path-via-link": "1. control: root physical, PATH through a link",
 "dir:bind": "1. a second mount of the project (bind)",
 "dir:proc-dotdot": "1. (contrived) /proc/self/cwd/../bin + env -C/cd",
 "dir:thread-self": "1. (contrived) /proc/thread-self/cwd/../bin + env -C",
 "dir:link-procdotdot": "1. (contrived) ~/l/up -> /proc/self/cwd/.. + cd/env -C",
 "dir:devfd": "1. (contrived) /dev/fd/7 + a group's 7<bin",
 "dir:ctl-spelling": "1. control: spellings 452 reads",
 "shim:nohashbang-x": "3. wrapper without #! running mise x",
 "shim:nohashbang-shim": "3. wrapper without #! running the mise shim",
 "shim:elf-launcher": "3. an ELF launcher running the mise shim",
 "shim:wrap-noname": "3. a #! wrapper naming no manager (~/.tools/s -> shims)",
 "shim:pyenv-version-link": "3. pyenv: .python-version names versions/proj -> project .venv",
 "shim:pyenv-version-link-global": "3. pyenv: global version proj -> project .venv",
 "shim:mise-link": "3. mise link TOOL@dev -> the project, mise.toml TOOL = \"dev\"",
 "shim:mise-link-toolversions": "3. the same, .tool-versions TOOL dev",
 "shim:mise-link-global": "3. the same, the user's global config",
 "shim:rbenv-version-link": "3. rbenv: versions/dev -> the project",
 "shim:idiom-python-versions": "3. mise idiomatic .python-versions (path:)",
 "shim:idiom-devengines": "3. mise idiomatic package.json devEngines (path:)",
 "shim:idiom-sdkmanrc": "3. mise idiomatic .sdkmanrc (path:)",
 "shim:ctl-idiom-nvmrc": "3. control: .nvmrc (path:)",
 "shim:ctl-idiom-python-version": "3. control: .python-version (path:)",
 "bashcmds": "4. BASH_CMDS/BASH_ALIASES spellings",
}
def group(cls): return LABEL.get(cls, cls)
rows = {}
for f in ["out.tsv"] + sorted(glob.glob("out_part*.tsv")) + sorted(glob.glob("out_shard*.tsv")) + sorted(glob.glob("out_re*.tsv")):
    if not os.path.exists(f): continue
    for l in open(f):
        c = l.rstrip("\n").split("\t"); rows[c[0]] = c
tot = collections.Counter(); allw = collections.Counter(); strong = collections.Counter(); holes = collections.Counter(); out = []
for cid, c in rows.items():
    cls, setup, line = c[1], c[2], c[3]; decs = c[4:8]; eff = c[8]; k = group(cls); tot[k] += 1
    for h, d in zip(H, decs):
        if d == "allow": allw[(h, k)] += 1
    if not ("PWN" in eff or "LEAK" in eff or "LOSS" in eff): continue
    weak = ("a copy go install built earlier: the project's code when the user installed it" if cls == "prog:go-install-copy" else "") or WEAKLINES.get(line.split(" [cwd")[0], "") or ("only in a reflog (LOSSweak)" if eff.strip() == "LOSSweak" else "")
    for h, d in zip(H, decs):
        if d == "allow":
            holes[(h, k)] += 1
            if not weak: strong[(h, k)] += 1
    if any(d == "allow" for d in decs):
        pr = open(f"runouts/{cid}.out", errors="replace").read() if os.path.exists(f"runouts/{cid}.out") else ""
        i = pr.find("PWNED-RAN"); snip = pr[max(0, i):i + 110].replace("\n", "\\n").replace("\t", " ")
        out.append([cid, k + ":" + cls + (" [weak: " + weak + "]" if weak else ""), ",".join(h for h, d in zip(H, decs) if d == "allow"), eff[:60] + " | " + snip, line, setup])
out.sort(key=lambda r: (r[1], int("".join(ch for ch in r[0] if ch.isdigit()) or 0)))
open("holes.tsv", "w").write("id\tclass\thooks\teffect\tline\tsetup\n" + "".join("\t".join(r) + "\n" for r in out))
print("rows", len(rows))
print("| sub-class (rows) | " + " | ".join(H) + " |"); print("|---|" + "---|" * 4)
for k in sorted(tot):
    print(f"| {k} ({tot[k]}) | " + " | ".join(f"{strong[(h,k)]} (+{holes[(h,k)]-strong[(h,k)]})" + (f" [{allw[(h,k)]} allowed]") for h in H) + " |")
print("| total | " + " | ".join(f"{sum(v for (hh,k),v in strong.items() if hh==h)} (+{sum(v for (hh,k),v in holes.items() if hh==h)-sum(v for (hh,k),v in strong.items() if hh==h)})" for h in H) + " |")
print("hole rows", len(out), "weak", sum(1 for r in out if "weak" in r[1]))
