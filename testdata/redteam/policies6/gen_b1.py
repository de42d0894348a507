#!/usr/bin/env python3
"""Batch 1: settings files inside the project that name code or writes
outside it (cargo, cmake presets, npm workspaces), gcc's pass-through
write options (-Wa,-a=, -Wl,@FILE), git branch copies, tree -R."""
CARGO = "mkdir -p src && printf '[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n' > Cargo.toml && printf 'fn main(){}\\n' > src/main.rs"
RS_PWN = "fn main(){ std::fs::write(\\\"@M@/pwned\\\", \\\"x\\\").unwrap(); }"
rows = []
def r(cls, setup, line):
    rows.append((cls, ("setup:" + setup + " ;;; " + line) if setup else line))
# cargo: .cargo/config.toml inside the project
for sub, cfg, line in [
    ("wrapper", '[build]\\nrustc-wrapper = "@M@/pwn.sh"\\n', "cargo build --offline"),
    ("wrapper-check", '[build]\\nrustc-wrapper = "@M@/pwn.sh"\\n', "cargo check --offline"),
    ("rustc", '[build]\\nrustc = "@M@/pwn.sh"\\n', "cargo build --offline"),
    ("targetdir", '[build]\\ntarget-dir = "@M@/t"\\n', "cargo build --offline"),
    ("runner", '[target.x86_64-unknown-linux-gnu]\\nrunner = "@M@/pwn.sh"\\n', "cargo run --offline"),
    ("runner-test", '[target.x86_64-unknown-linux-gnu]\\nrunner = "@M@/pwn.sh"\\n', "cargo test --offline"),
    ("linker", '[target.x86_64-unknown-linux-gnu]\\nlinker = "@M@/pwn.sh"\\n', "cargo build --offline"),
    ("rustflags", '[build]\\nrustflags = ["-C", "linker=@M@/pwn.sh"]\\n', "cargo build --offline"),
    ("oldname", '[build]\\nrustc-wrapper = "@M@/pwn.sh"\\n', "cargo build --offline"),
]:
    f = ".cargo/config" if sub == "oldname" else ".cargo/config.toml"
    r("cargo-projcfg-" + sub, CARGO + " && mkdir -p .cargo && printf '" + cfg + "' > " + f, line)
# cargo: Cargo.toml naming code outside
r("cargo-manifest-build", "mkdir -p src && printf 'fn main(){}\\n' > src/main.rs && printf '" + RS_PWN + "\\n' > @M@/build.rs && printf '[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\nbuild=\"@M@/build.rs\"\\n' > Cargo.toml", "cargo build --offline")
r("cargo-manifest-pathdep", "mkdir -p src @M@/evil/src && printf 'fn main(){}\\n' > src/main.rs && printf '' > @M@/evil/src/lib.rs && printf '" + RS_PWN + "\\n' > @M@/evil/build.rs && printf '[package]\\nname=\"evil\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n' > @M@/evil/Cargo.toml && printf '[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n[dependencies]\\nevil={path=\"@M@/evil\"}\\n' > Cargo.toml", "cargo build --offline")
r("cargo-manifest-pathdep-rel", "mkdir -p src @M@/evil/src && printf 'fn main(){}\\n' > src/main.rs && printf '' > @M@/evil/src/lib.rs && printf '" + RS_PWN + "\\n' > @M@/evil/build.rs && printf '[package]\\nname=\"evil\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n' > @M@/evil/Cargo.toml && printf '[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n[dependencies]\\nevil={path=\"../outside/evil\"}\\n' > Cargo.toml", "cargo check --offline")
r("cargo-manifest-bin", "printf '" + RS_PWN + "\\n' > @M@/main.rs && printf '[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n[[bin]]\\nname=\"x\"\\npath=\"@M@/main.rs\"\\n' > Cargo.toml", "cargo run --offline")
r("cargo-manifest-test", "mkdir -p src && printf 'fn main(){}\\n' > src/main.rs && printf '#[test] fn t(){ std::fs::write(\\\"@M@/pwned\\\", \\\"x\\\").unwrap(); }\\n' > @M@/t.rs && printf '[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n[[test]]\\nname=\"t\"\\npath=\"@M@/t.rs\"\\n' > Cargo.toml", "cargo test --offline")
r("cargo-toolchain-path", CARGO + " && mkdir -p @M@/tc/bin && cp @M@/pwn.sh @M@/tc/bin/cargo && cp @M@/pwn.sh @M@/tc/bin/rustc && printf '[toolchain]\\npath = \"@M@/tc\"\\n' > rust-toolchain.toml", "cargo build --offline")
# cmake presets
CM = "printf 'cmake_minimum_required(VERSION 3.21)\\nproject(x NONE)\\n' > CMakeLists.txt"
CMC = "printf 'cmake_minimum_required(VERSION 3.21)\\nproject(x C)\\n' > CMakeLists.txt"
def preset(body, fname="CMakePresets.json", ver=3):
    return "printf '%s' '{\"version\":" + str(ver) + ",\"configurePresets\":[{\"name\":\"x\",\"binaryDir\":\"${sourceDir}/build\"," + body + "}]}' > " + fname
r("cmake-preset-binarydir", CM + " && printf '%s' '{\"version\":3,\"configurePresets\":[{\"name\":\"x\",\"binaryDir\":\"@M@/b\"}]}' > CMakePresets.json", "cmake --preset x")
r("cmake-preset-toolchain", CM + " && printf 'file(TOUCH @M@/pwned)\\n' > @M@/tc.cmake && " + preset('"toolchainFile":"@M@/tc.cmake"'), "cmake --preset x")
r("cmake-preset-projinclude", CM + " && printf 'file(TOUCH @M@/pwned)\\n' > @M@/inc.cmake && " + preset('"cacheVariables":{"CMAKE_PROJECT_INCLUDE":"@M@/inc.cmake"}'), "cmake --preset x")
r("cmake-preset-cc-env", CMC + " && " + preset('"environment":{"CC":"@M@/pwn.sh"}'), "cmake --preset x")
r("cmake-preset-cc-var", CMC + " && " + preset('"cacheVariables":{"CMAKE_C_COMPILER":"@M@/pwn.sh"}'), "cmake --preset=x")
r("cmake-userpreset-toolchain", CM + " && printf 'file(TOUCH @M@/pwned)\\n' > @M@/tc.cmake && " + preset('"toolchainFile":"@M@/tc.cmake"', "CMakeUserPresets.json"), "cmake --preset x")
r("cmake-preset-include", CM + " && printf 'file(TOUCH @M@/pwned)\\n' > @M@/tc.cmake && printf '%s' '{\"version\":4,\"configurePresets\":[{\"name\":\"x\",\"binaryDir\":\"${sourceDir}/build\",\"toolchainFile\":\"@M@/tc.cmake\"}]}' > @M@/p.json && printf '%s' '{\"version\":4,\"include\":[\"@M@/p.json\"]}' > CMakePresets.json", "cmake --preset x")
r("cmake-workflow", CM + " && printf 'file(TOUCH @M@/pwned)\\n' > @M@/tc.cmake && printf '%s' '{\"version\":6,\"configurePresets\":[{\"name\":\"x\",\"binaryDir\":\"${sourceDir}/build\",\"toolchainFile\":\"@M@/tc.cmake\"}],\"workflowPresets\":[{\"name\":\"x\",\"steps\":[{\"type\":\"configure\",\"name\":\"x\"}]}]}' > CMakePresets.json", "cmake --workflow --preset x")
r("cmake-buildpreset-env", "printf 'cmake_minimum_required(VERSION 3.21)\\nproject(x NONE)\\nadd_custom_target(t ALL COMMAND true)\\n' > CMakeLists.txt && cmake -S . -B build >/dev/null && printf '%s' '{\"version\":3,\"configurePresets\":[{\"name\":\"x\",\"binaryDir\":\"${sourceDir}/build\"}],\"buildPresets\":[{\"name\":\"b\",\"configurePreset\":\"x\",\"nativeToolOptions\":[\"-f\",\"@M@/mk\"]}]}' > CMakePresets.json && printf 'all:\\n\\t@M@/pwn.sh\\n' > @M@/mk", "cmake --build --preset b")
r("cmake-preset-list", CM + " && " + preset('"toolchainFile":"@M@/tc.cmake"'), "cmake --list-presets")
# npm workspaces outside the project
WS = "mkdir -p @M@/w && printf '%s' '{\"name\":\"w\",\"version\":\"1.0.0\",\"scripts\":{\"test\":\"@M@/pwn.sh\",\"build\":\"@M@/pwn.sh\"}}' > @M@/w/package.json && printf '%s' '{\"name\":\"r\",\"version\":\"1.0.0\",\"workspaces\":[\"../outside/w\"],\"scripts\":{\"test\":\"echo ok\",\"build\":\"echo ok\"}}' > package.json"
for line in ["npm test --workspaces", "npm test -ws", "npm run build --workspaces", "npm run build -ws --if-present", "npm test --workspace=w", "npm test -w w", "npm run test --workspaces --include-workspace-root"]:
    r("npm-ws-outside", WS, line)
WSL = "mkdir -p @M@/w && printf '%s' '{\"name\":\"w\",\"version\":\"1.0.0\",\"scripts\":{\"test\":\"@M@/pwn.sh\"}}' > @M@/w/package.json && ln -s ../outside/w wl && printf '%s' '{\"name\":\"r\",\"version\":\"1.0.0\",\"workspaces\":[\"wl\"],\"scripts\":{\"test\":\"echo ok\"}}' > package.json"
r("npm-ws-link", WSL, "npm test --workspaces")
# gcc pass-through writes
CSRC = "mkdir -p src && printf 'int main(void){return 0;}\\n' > src/a.c"
for line in ["gcc -c src/a.c -o /tmp/a.o -Wa,-adhln=@H@/.bashrc",
             "gcc -c src/a.c -o /tmp/a.o -Wa,-a=@H@/.bashrc",
             "gcc -c src/a.c -o /tmp/a.o -Wa,--MD,@H@/.bashrc",
             "gcc -c src/a.c -o /tmp/a.o -Xassembler -a=@H@/.bashrc",
             "gcc src/a.c -o /tmp/a -Wl,@@M@/opts",
             "gcc src/a.c -o /tmp/a -Xlinker @@M@/opts",
             "gcc -c src/a.c -o /tmp/a.o -Wa,@@M@/asopts",
             "gcc src/a.c -o /tmp/a -Wl,-Map,@H@/.bashrc",
             "gcc src/a.c -o /tmp/a -Wl,--Map=@H@/.bashrc",
             "gcc -c src/a.c -o /tmp/a.o -fprofile-arcs -ftest-coverage -fprofile-note=@H@/.bashrc",
             "gcc -c src/a.c -o /tmp/a.o -save-temps -dumpbase @H@/dump",
             "gcc -c src/a.c -o /tmp/a.o -fstack-usage -dumpbase @H@/dump",
             "gcc -c src/a.c -o /tmp/a.o -fcallgraph-info -dumpbase @H@/dump",
             "gcc -c src/a.c -o /tmp/a.o -ftest-coverage -dumpbase @H@/dump",
             "gcc -c src/a.c -o /tmp/a.o -dumpdir @H@/ -save-temps",
             "gcc -E src/a.c --include=@H@/.ssh/id_rsa",
             "gcc -E src/a.c --include @H@/.ssh/id_rsa",
             "gcc -E src/a.c -include@H@/.ssh/id_rsa",
             "gcc -E src/a.c --imacros=@H@/.aws/credentials",
             "gcc -E -I@H@/.ssh -include id_rsa src/a.c",
             "gcc -E --include-directory=@H@/.ssh -include id_rsa src/a.c",
             "gcc -E src/a.c -include .env",
             "gcc -E src/a.c -include vendor/notes.txt"]:
    r("gcc-passthrough", CSRC + " && printf -- '-Map=@H@/.bashrc\\n' > @M@/opts && printf -- '-a=@H@/.bashrc\\n' > @M@/asopts", line)
# git branch copies over an existing branch (loss)
for line in ["git branch -C main side", "git branch -c -f main side", "git branch --copy --force main side", "git branch -C side", "git branch -fc main side", "git branch -cf main side"]:
    r("git-branch-copy", "git branch -M main && git checkout -q -b side && git -c user.email=a@b -c user.name=a commit -q --allow-empty -m sidework && git checkout -q main", line)
# tree -R writes 00Tree.html in each directory
for line in ["tree -R -L 1 -H x @H@", "tree -R -L 1 -H x", "tree -RL1 -Hx @M@", "tree -R -L1 -H . -T t @H@/.ssh", "tree -R --noreport -L 1 -H http://x @H@"]:
    r("tree-R", "", line)
# make long-option abbreviations that print the environment
for line in ["make --print-data-b -q", "make --print-da -q", "make --print-data -n", "make -qp"]:
    r("make-abbrev", "printf 'all:\\n\\ttrue\\n' > Makefile", line)
with open("b1/cands.tsv", "w") as f:
    for c, l in rows:
        f.write(c + "\t" + l + "\n")
print(len(rows))
