#!/bin/bash
# run in project dir; $1 = outside marker dir M; $2 = variant
M=$1; V=$2
mkdir -p "$M/foo/src" src
cat > "$M/foo/Cargo.toml" <<E
[package]
name = "foo"
version = "0.1.0"
edition = "2021"
build = "build.rs"
E
echo "fn main(){ std::fs::write(\"$M/pwned\", \"x\").unwrap(); }" > "$M/foo/build.rs"
echo "" > "$M/foo/src/lib.rs"
echo 'fn main(){}' > src/main.rs
H='[package]
name = "a"
version = "0.1.0"
edition = "2021"
'
case $V in
dotted) printf '%s[dependencies]\nfoo.path = "../outside/foo"\n' "$H" > Cargo.toml;;
quotedkey) printf '%s[dependencies.foo]\n"path" = "../outside/foo"\n' "$H" > Cargo.toml;;
mlbasic) printf '%s[dependencies.foo]\npath = """../outside/foo"""\n' "$H" > Cargo.toml;;
mlliteral) printf "%s[dependencies.foo]\npath = '''../outside/foo'''\n" "$H" > Cargo.toml;;
escape) printf '%s[dependencies.foo]\npath = "\\u002e\\u002e/outside/foo"\n' "$H" > Cargo.toml;;
gitfile) (cd "$M/foo" && git init -q && git add . && git -c user.email=a@b -c user.name=a commit -qm i); printf '%s[dependencies]\nfoo = { git = "file://%s/foo" }\n' "$H" "$M" > Cargo.toml;;
buildq) printf '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n"build" = "../outside/foo/build.rs"\n' > Cargo.toml;;
membercomment) mkdir -p a/src; printf '[package]\nname="a"\nversion="0.1.0"\n' > a/Cargo.toml; echo > a/src/lib.rs; rm -rf src
  printf '[workspace]\nmembers = [ "a", # ]\n  "../outside/foo" ]\n' > Cargo.toml
  printf '[workspace]\n' >> "$M/foo/Cargo.toml"; sed -i '1i [workspace]' /dev/null;;
member) mkdir -p a/src; printf '[package]\nname="a"\nversion="0.1.0"\n[dependencies]\nfoo = { path = "../../outside/foo" }\n' > a/Cargo.toml; echo > a/src/lib.rs; rm -rf src
  printf '[workspace]\nmembers = ["a"]\n' > Cargo.toml;;
manifestpath) mkdir -p a/src; printf '[package]\nname="a"\nversion="0.1.0"\n[dependencies]\nfoo = { path = "../../outside/foo" }\n' > a/Cargo.toml; echo > a/src/lib.rs
  printf '%s' "$H" > Cargo.toml;;
pathdep) mkdir -p a/src; printf '[package]\nname="b"\nversion="0.1.0"\n[dependencies]\nfoo = { path = "../../outside/foo" }\n' > a/Cargo.toml; echo > a/src/lib.rs
  printf '%s[dependencies]\nb = { path = "a" }\n' "$H" > Cargo.toml;;
linkglob) mkdir -p crates; ln -s "$M/foo" crates/evil; printf '[workspace]\nmembers = ["crates/*"]\n' > Cargo.toml
  printf '[workspace]\n' >> /dev/null;;
toolchain_legacy) printf '%s' "$H" > Cargo.toml; printf '[toolchain]\npath = "%s/tc"\n' "$M" > rust-toolchain; mkdir -p "$M/tc/bin"; printf '#!/bin/sh\ntouch %s/pwned\n' "$M" > "$M/tc/bin/cargo"; cp "$M/tc/bin/cargo" "$M/tc/bin/rustc"; chmod +x "$M/tc/bin/"*;;
toolchain_dotted) printf '%s' "$H" > Cargo.toml; printf 'toolchain.path = "%s/tc"\n' "$M" > rust-toolchain.toml; mkdir -p "$M/tc/bin"; printf '#!/bin/sh\ntouch %s/pwned\n' "$M" > "$M/tc/bin/cargo"; cp "$M/tc/bin/cargo" "$M/tc/bin/rustc"; chmod +x "$M/tc/bin/"*;;
toolchain_inline) printf '%s' "$H" > Cargo.toml; printf 'toolchain = { path = "%s/tc" }\n' "$M" > rust-toolchain.toml; mkdir -p "$M/tc/bin"; printf '#!/bin/sh\ntouch %s/pwned\n' "$M" > "$M/tc/bin/cargo"; cp "$M/tc/bin/cargo" "$M/tc/bin/rustc"; chmod +x "$M/tc/bin/"*;;
esac
git add -A >/dev/null 2>&1; git -c user.email=a@b -c user.name=a commit -qm c >/dev/null 2>&1
true
