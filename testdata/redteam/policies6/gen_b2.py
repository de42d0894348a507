#!/usr/bin/env python3
"""Batch 2: manifests above the project (npm, cargo), cmake's build cache,
cargo workspaces/patch/replace naming outside, npm test -w by path."""
rows = []
def r(cls, setup, line):
    rows.append((cls, ("setup:" + setup + " ;;; " + line) if setup else line))
UP = "printf '%s' '{\"name\":\"up\",\"version\":\"1.0.0\",\"scripts\":{\"test\":\"@M@/pwn.sh\",\"build\":\"@M@/pwn.sh\",\"lint\":\"@M@/pwn.sh\"}}' > ../package.json"
for line in ["npm test", "npm run build", "npm run test", "npm run lint", "npm test --if-present", "cd src && npm test"]:
    r("npm-manifest-above", UP, line)
# project has package.json only in a subdir; npm at root goes up
for line in ["npm test"]:
    r("npm-manifest-above-sub", UP + " && mkdir -p web && printf '%s' '{\"name\":\"w\",\"scripts\":{\"test\":\"echo ok\"}}' > web/package.json", line)
# cargo: Cargo.toml above the project, none in it
CUP = "mkdir -p ../src && printf '" + "fn main(){ std::fs::write(\\\"@M@/pwned\\\", \\\"x\\\").unwrap(); }" + "\\n' > ../build.rs && printf 'fn main(){}\\n' > ../src/main.rs && printf '[package]\\nname=\"up\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n' > ../Cargo.toml"
for line in ["cargo build --offline", "cargo check --offline", "cargo test --offline", "cargo run --offline"]:
    r("cargo-manifest-above", CUP, line)
# cargo: workspace member / patch outside
EV = "mkdir -p src @M@/evil/src && printf 'fn main(){}\\n' > src/main.rs && printf '' > @M@/evil/src/lib.rs && printf 'fn main(){ std::fs::write(\\\"@M@/pwned\\\", \\\"x\\\").unwrap(); }\\n' > @M@/evil/build.rs && printf '[package]\\nname=\"evil\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n' > @M@/evil/Cargo.toml"
r("cargo-ws-member", EV + " && printf '[workspace]\\nmembers=[\"../outside/evil\"]\\n[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n' > Cargo.toml", "cargo build --offline --workspace")
r("cargo-patch", EV + " && printf '[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n[dependencies]\\nevil=\"0.1\"\\n[patch.crates-io]\\nevil={path=\"@M@/evil\"}\\n' > Cargo.toml", "cargo build --offline")
r("cargo-config-paths", EV + " && printf '[package]\\nname=\"x\"\\nversion=\"0.1.0\"\\nedition=\"2021\"\\n' > Cargo.toml && mkdir -p .cargo && printf '[env]\\nX=\"1\"\\n[build]\\nrustc-workspace-wrapper=\"@M@/pwn.sh\"\\n' > .cargo/config.toml", "cargo build --offline")
# cmake: the build directory's cache
CMC = "printf 'cmake_minimum_required(VERSION 3.21)\\nproject(x NONE)\\nadd_custom_target(t ALL COMMAND true)\\n' > CMakeLists.txt && cmake -S . -B build >/dev/null 2>&1"
r("cmake-cache-makeprog", CMC + " && sed -i 's|^CMAKE_MAKE_PROGRAM:.*|CMAKE_MAKE_PROGRAM:FILEPATH=@M@/pwn.sh|' build/CMakeCache.txt", "cmake --build build")
r("cmake-cache-makeprog-reconf", CMC + " && sed -i 's|^CMAKE_MAKE_PROGRAM:.*|CMAKE_MAKE_PROGRAM:FILEPATH=@M@/pwn.sh|' build/CMakeCache.txt", "cmake -B build")
r("cmake-cache-include", CMC + " && printf 'file(TOUCH @M@/pwned)\\n' > @M@/inc.cmake && printf 'CMAKE_PROJECT_INCLUDE:FILEPATH=@M@/inc.cmake\\n' >> build/CMakeCache.txt", "cmake -S . -B build")
r("cmake-cache-include2", CMC + " && printf 'file(TOUCH @M@/pwned)\\n' > @M@/inc.cmake && printf 'CMAKE_PROJECT_INCLUDE:FILEPATH=@M@/inc.cmake\\n' >> build/CMakeCache.txt", "cmake build")
r("cmake-cache-bindir", CMC + " && sed -i 's|^CMAKE_MAKE_PROGRAM:.*|CMAKE_MAKE_PROGRAM:FILEPATH=@M@/pwn.sh|' build/CMakeCache.txt", "cd build && cmake .")
# make's generated Makefile in build/ via cmake --build is the project's; ninja reading build.ninja: own
# npm -w by path
r("npm-w-path", "mkdir -p @M@/w && printf '%s' '{\"name\":\"w\",\"scripts\":{\"test\":\"@M@/pwn.sh\"}}' > @M@/w/package.json && printf '%s' '{\"name\":\"r\",\"workspaces\":[\"../outside/*\"]}' > package.json", "npm test -w ../outside/w")
r("npm-ws-glob", "mkdir -p @M@/w && printf '%s' '{\"name\":\"w\",\"scripts\":{\"test\":\"@M@/pwn.sh\"}}' > @M@/w/package.json && printf '%s' '{\"name\":\"r\",\"workspaces\":[\"../outside/*\"]}' > package.json", "npm test --workspaces")
r("npm-ws-abs", "mkdir -p @M@/w && printf '%s' '{\"name\":\"w\",\"scripts\":{\"test\":\"@M@/pwn.sh\"}}' > @M@/w/package.json && printf '%s' '{\"name\":\"r\",\"workspaces\":[\"@M@/w\"]}' > package.json", "npm test --workspaces")
with open("b2/cands.tsv", "w") as f:
    for c, l in rows:
        f.write(c + "\t" + l + "\n")
print(len(rows))
