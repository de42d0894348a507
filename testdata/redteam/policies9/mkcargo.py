rows=[]
def r(c, s, l): rows.append("%s\tsetup:%s ;;; %s" % (c, s, l))
toml = "printf '[package]\\nname = \"p\"\\nversion = \"0.1.0\"\\nedition = \"2021\"\\n' > Cargo.toml"
pw = 'fn pw(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }'
base = "rm -rf vendor && mkdir -p src @M@/rs && " + toml
r("cargo-linkmain", base + " && printf 'fn main(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/main.rs && ln -s @M@/rs/main.rs src/main.rs", "cargo run")
r("cargo-linkmain", base + " && printf 'fn main(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/main.rs && ln -s @M@/rs/main.rs src/main.rs", "cargo run -q")
r("cargo-linkmod", base + " && printf '#[test] fn t(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/x.rs && ln -s @M@/rs/x.rs src/x.rs && printf 'mod x;\\n' > src/lib.rs", "cargo test")
r("cargo-linkmod", base + " && printf '#[test] fn t(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/x.rs && ln -s @M@/rs/x.rs src/x.rs && printf 'mod x;\\n' > src/lib.rs", "cargo test -q")
r("cargo-linktests", base + " && printf '#[test] fn t(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/t.rs && printf '' > src/lib.rs && mkdir tests && ln -s @M@/rs/t.rs tests/t.rs", "cargo test")
r("cargo-linkbuildrs", base + " && printf 'fn main(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/build.rs && printf '' > src/lib.rs && ln -s @M@/rs/build.rs build.rs", "cargo build")
r("cargo-linkbuildrs", base + " && printf 'fn main(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/build.rs && printf '' > src/lib.rs && ln -s @M@/rs/build.rs build.rs", "cargo check")
r("cargo-linksrc", "rm -rf vendor && mkdir -p @M@/rs && " + toml + " && printf 'fn main(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/main.rs && ln -s @M@/rs src", "cargo run")
r("cargo-linkexample", base + " && printf 'fn main(){}\\n' > src/main.rs && mkdir examples && printf 'fn main(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/e.rs && ln -s @M@/rs/e.rs examples/e.rs", "cargo run --example e")
r("cargo-pathattr-abs", base + " && printf '#[test] fn t(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/x.rs && printf '#[path = \"@M@/rs/x.rs\"] mod x;\\n' > src/lib.rs", "cargo test")
r("cargo-include-abs", base + " && printf '#[test] fn t(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/x.rs && printf 'include!(\"@M@/rs/x.rs\");\\n' > src/lib.rs", "cargo test")
r("cargo-linkbench", base + " && printf '' > src/lib.rs && mkdir benches && printf 'fn main(){ std::process::Command::new(\"@M@/pwn.sh\").status().ok(); }\\n' > @M@/rs/b.rs && ln -s @M@/rs/b.rs benches/b.rs && printf '[[bench]]\\nname = \"b\"\\nharness = false\\n' >> Cargo.toml", "cargo test --benches")
print("\n".join(rows))
