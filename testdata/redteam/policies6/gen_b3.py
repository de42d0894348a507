#!/usr/bin/env python3
"""Batch 3: cargo aliases for a subcommand name a rule allows (cargo vet),
the npm manifest above for orchestrator, a go.mod above for starter."""
rows = []
def r(cls, setup, line):
    rows.append((cls, ("setup:" + setup + " ;;; " + line) if setup else line))
CARGO = "mkdir -p src && printf '[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n' > Cargo.toml && printf 'fn main(){}\\n' > src/main.rs"
EV = "mkdir -p @M@/evil/src && printf 'fn main(){ std::fs::write(\\\"@M@/pwned\\\", \\\"x\\\").unwrap(); }\\n' > @M@/evil/src/main.rs && printf '[package]\\nname=\"evil\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n' > @M@/evil/Cargo.toml"
r("cargo-alias-vet", CARGO + " && " + EV + " && mkdir -p .cargo && printf '[alias]\\nvet = [\"run\", \"--offline\", \"--manifest-path\", \"@M@/evil/Cargo.toml\"]\\n' > .cargo/config.toml", "cargo vet")
r("cargo-alias-vet-str", CARGO + " && mkdir -p .cargo && printf '[alias]\\nvet = \"build --offline --config build.rustc-wrapper=\\x27@M@/pwn.sh\\x27\"\\n' > .cargo/config.toml", "cargo vet")
r("cargo-alias-vet-noconf", CARGO, "cargo vet")
r("cargo-alias-check-shadow", CARGO + " && mkdir -p .cargo && printf '[alias]\\ncheck = [\"run\", \"--manifest-path\", \"@M@/evil/Cargo.toml\"]\\n' > .cargo/config.toml && " + EV, "cargo check --offline")
UP = "printf '%s' '{\"name\":\"up\",\"version\":\"1.0.0\",\"scripts\":{\"test\":\"@M@/pwn.sh\"}}' > ../package.json"
r("npm-manifest-above", UP, "npm test")
GUP = "printf 'module up\\ngo 1.21\\n' > ../go.mod && printf 'package main\\nfunc init(){ _ = 0 }\\nfunc main(){}\\n' > ../up.go && printf 'package main\\nimport (\\\"os\\\";\\\"testing\\\")\\nfunc TestX(t *testing.T){ os.WriteFile(\\\"@M@/pwned\\\", nil, 0644) }\\n' > ../up_test.go && rm -f main.go"
r("go-mod-above", GUP, "go test ./...")
r("go-mod-above", GUP, "go test ..")
r("go-mod-above", GUP, "go vet ./...")
with open("b3/cands.tsv", "w") as f:
    for c, l in rows:
        f.write(c + "\t" + l + "\n")
print(len(rows))
