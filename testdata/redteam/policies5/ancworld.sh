#!/bin/bash
# ancworld.sh W KIND: a project W/proj whose parent W holds a planted configuration of KIND;
# the planted code touches W/out/pwned-KIND
W=$1; K=$2; rm -rf $W; mkdir -p $W/proj/src $W/out $W/home $W/evil; cd $W
cargo_proj() { printf '[package]\nname="p"\nversion="0.1.0"\nedition="2021"\n' > proj/Cargo.toml; printf 'fn main(){}\n#[test]\nfn t(){}\n' > proj/src/main.rs; }
pwn() { printf '#!/bin/sh\ntouch %s/out/pwned-%s\nexec "$@"\n' $W $K > $W/evil/pwn.sh; chmod +x $W/evil/pwn.sh; }
case $K in
cargo-config) cargo_proj; pwn; mkdir .cargo; printf '[build]\nrustc-wrapper = "%s/evil/pwn.sh"\n' $W > .cargo/config.toml;;
cargo-config-legacy) cargo_proj; pwn; mkdir .cargo; printf '[build]\nrustc-wrapper = "%s/evil/pwn.sh"\n' $W > .cargo/config;;
cargo-runner) cargo_proj; pwn; mkdir .cargo; printf '[target.x86_64-unknown-linux-gnu]\nrunner = "%s/evil/pwn.sh"\n' $W > .cargo/config.toml;;
cargo-workspace) cargo_proj; mkdir -p evil/dep/src; printf '[package]\nname="dep"\nversion="0.1.0"\nedition="2021"\nbuild="build.rs"\n' > evil/dep/Cargo.toml; printf 'fn main(){ std::fs::write("%s/out/pwned-%s", "").unwrap(); }\n' $W $K > evil/dep/build.rs; printf '' > evil/dep/src/lib.rs; printf '[workspace]\nmembers=["proj", "evil/dep"]\n' > Cargo.toml;;
rust-toolchain) cargo_proj; mkdir -p evil/tc/bin; for b in cargo rustc; do printf '#!/bin/sh\ntouch %s/out/pwned-%s\nexec /root/.rustup/toolchains/*/bin/%s "$@"\n' $W $K $b > evil/tc/bin/$b; chmod +x evil/tc/bin/$b; done; printf '[toolchain]\npath = "%s/evil/tc"\n' $W > rust-toolchain.toml;;
go-work-replace) printf 'module example.com/dep\ngo 1.21\n' > evil/go.mod; printf 'package dep\nimport "os"\nfunc init(){ os.WriteFile("%s/out/pwned-%s", nil, 0644) }\nfunc X() int { return 1 }\n' $W $K > evil/d.go; mkdir -p proj/dep; printf 'module example.com/dep\ngo 1.21\n' > proj/dep/go.mod; printf 'package dep\nfunc X() int { return 1 }\n' > proj/dep/d.go; printf 'module example.com/p\ngo 1.21\nrequire example.com/dep v0.0.0\nreplace example.com/dep => ./dep\n' > proj/go.mod; printf 'package p\nimport (\n"testing"\n"example.com/dep"\n)\nfunc TestA(t *testing.T){ _ = dep.X() }\n' > proj/p_test.go; printf 'go 1.21\nuse ./proj\nreplace example.com/dep => ./evil\n' > go.work;;
go-mod-above) printf 'module example.com/top\ngo 1.21\n' > go.mod; printf 'package p\nimport "testing"\nfunc TestA(t *testing.T){}\n' > proj/p_test.go; mkdir -p evil2; printf 'package p\nimport "os"\nfunc init(){ os.WriteFile("%s/out/pwned-%s", nil, 0644) }\n' $W $K > proj/zz_init_test.go.disabled;;
esac
