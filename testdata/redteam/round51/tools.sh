# tools.sh: sourced by a case's setup (P H O W set, cwd P). Each function installs a version manager
# below $H (real scripts/binaries; installed language versions are links to real interpreters) and
# appends to $W/env the variables the hook and the line's shell both get (PATH first on the shims).
BASEPATH=/usr/local/bin:/usr/bin:/bin
envset(){ echo "$1=$2" >> $W/env; }
path_pre(){ local cur; cur=$(grep '^PATH=' $W/env 2>/dev/null | tail -1 | cut -d= -f2-); [ -z "$cur" ] && cur=$BASEPATH; sed -i '/^PATH=/d' $W/env 2>/dev/null; echo "PATH=$1:$cur" >> $W/env; }
pyenv_setup(){
  local R=$H/.pyenv; mkdir -p $R/versions
  (cd /root/.pyenv && tar --exclude=./versions --exclude=./shims --exclude=./version --exclude=./.git -cf - .) | tar -xf - -C $R
  for v in 3.11.7 3.12.1 2.7.18; do ln -s /root/.pyenv/versions/$v $R/versions/$v; done
  echo 3.11.7 > $R/version
  PYENV_ROOT=$R $R/bin/pyenv rehash
  envset PYENV_ROOT $R; envset PYENV_SHELL bash
  path_pre $R/shims:$R/bin
}
pyenvvirt_setup(){ pyenv_setup; local R=$H/.pyenv; path_pre $R/plugins/pyenv-virtualenv/shims; envset PYENV_VIRTUALENV_INIT 1; }
rbenv_setup(){
  local R=$H/.rbenv; mkdir -p $R/versions/3.1.2/bin
  for b in ruby gem irb erb rake bundle bundler rdoc ri; do [ -e /usr/bin/$b ] && ln -s /usr/bin/$b $R/versions/3.1.2/bin/$b; done
  echo 3.1.2 > $R/version
  RBENV_ROOT=$R /usr/lib/rbenv/libexec/rbenv rehash
  envset RBENV_ROOT $R; envset RBENV_SHELL bash
  path_pre $R/shims:/usr/lib/rbenv/libexec
}
mise_setup(){
  local D=$H/.local/share/mise; mkdir -p $D/installs/python $D/installs/node/20.0.0/bin $H/.config/mise $H/.local/bin
  ln -s /root/.pyenv/versions/3.11.7 $D/installs/python/3.11.7
  ln -s /root/.pyenv/versions/3.12.1 $D/installs/python/3.12.1
  for b in node npm npx corepack; do ln -s /usr/bin/$b $D/installs/node/20.0.0/bin/$b; done
  ln -s /work/rt/round50/bin/mise $H/.local/bin/mise
  mkdir -p $D/installs/go/1.22.0/bin $D/installs/jq/1.7.1/bin $D/installs/ripgrep/14.1.0/bin
  rmdir $D/installs/go/1.22.0/bin $D/installs/go/1.22.0; ln -s /usr/local/go $D/installs/go/1.22.0
  ln -s /usr/bin/jq $D/installs/jq/1.7.1/bin/jq; ln -s /usr/bin/rg $D/installs/ripgrep/14.1.0/bin/rg
  printf '[tools]\npython = "3.11.7"\nnode = "20.0.0"\ngo = "1.22.0"\njq = "1.7.1"\nripgrep = "14.1.0"\n' > $H/.config/mise/config.toml
  PATH=$H/.local/bin:$PATH HOME=$H $H/.local/bin/mise reshim >/dev/null 2>&1
  # the aqua backend's jq and ripgrep installs are not laid out as aqua does, so reshim made no shim: make mise's own (a link to mise)
  for b in jq rg; do [ -e $D/shims/$b ] || ln -s $H/.local/bin/mise $D/shims/$b; done
  path_pre $D/shims:$H/.local/bin
}
asdf_setup(){
  local D=$H/.asdf; mkdir -p $D/installs/python $D/installs/nodejs $D/plugins/python/bin $D/plugins/nodejs/bin $H/.local/bin
  for v in 3.11.7 3.12.1; do mkdir -p $D/installs/python/$v/bin; for b in /root/.pyenv/versions/$v/bin/*; do ln -s $b $D/installs/python/$v/bin/; done; done
  mkdir -p $D/installs/nodejs/20.0.0/bin; for b in node npm npx; do ln -s /usr/bin/$b $D/installs/nodejs/20.0.0/bin/$b; done
  mkdir -p $D/installs/golang/1.22.0/bin $D/installs/jq/1.7.1/bin $D/plugins/golang/bin $D/plugins/jq/bin
  ln -s /usr/local/go/bin/go $D/installs/golang/1.22.0/bin/go; ln -s /usr/local/go/bin/gofmt $D/installs/golang/1.22.0/bin/gofmt; ln -s /usr/bin/jq $D/installs/jq/1.7.1/bin/jq
  for p in python nodejs golang jq; do printf '#!/usr/bin/env bash\necho 3.11.7 3.12.1 20.0.0\n' > $D/plugins/$p/bin/list-all; printf '#!/usr/bin/env bash\nexit 0\n' > $D/plugins/$p/bin/download; cp $D/plugins/$p/bin/download $D/plugins/$p/bin/install; chmod +x $D/plugins/$p/bin/*; done
  ln -s /work/rt/round50/bin/asdf $H/.local/bin/asdf
  printf 'python 3.11.7\nnodejs 20.0.0\ngolang 1.22.0\njq 1.7.1\n' > $H/.tool-versions
  ASDF_DATA_DIR=$D PATH=$H/.local/bin:$PATH HOME=$H asdf reshim >/dev/null 2>&1
  envset ASDF_DATA_DIR $D
  path_pre $D/shims:$H/.local/bin
}
rustup_setup(){ envset RUSTUP_HOME /root/.rustup; envset CARGO_HOME /root/.cargo; path_pre /root/.cargo/bin; }
gopath_setup(){ mkdir -p $H/go/bin; path_pre /usr/local/go/bin; path_pre $H/go/bin; }
# fake DIR PROG...: programs that write a PWNED marker next to themselves and print the home's key
fake(){ local d=$1; shift; mkdir -p $d/bin; for p in "$@"; do printf '#!/bin/sh\n/usr/bin/touch "$(/usr/bin/dirname "$0")/PWNED.%s"; echo "PWNED-RAN %s $0"; /bin/cat "$HOME/.ssh/id_ed25519"\n' $p $p > $d/bin/$p; chmod +x $d/bin/$p; done; }
# path_pre_after ENTRY: ENTRY after the first PATH entry (after the shims), before the system's
path_pre_after(){ local cur; cur=$(grep '^PATH=' $W/env 2>/dev/null | tail -1 | cut -d= -f2-); [ -z "$cur" ] && cur=$BASEPATH; sed -i '/^PATH=/d' $W/env; echo "PATH=${cur%%:*}:$1:${cur#*:}" >> $W/env; }
# git_remote: a bare remote in $O with main; refs/remotes/origin/gone holds a commit only it (and its reflog) has; check.sh reports LOSS
git_remote(){
  git init -q --bare $O/remote.git; git remote add origin $O/remote.git; git push -q origin HEAD:refs/heads/main 2>/dev/null
  git fetch -q origin
  C=$(git commit-tree HEAD^{tree} -p HEAD -m LOSS_GONE); git update-ref refs/remotes/origin/gone $C; echo $C > $W/lost
  printf 'C=$(cat $W/lost)\nif git -C $P rev-list --all | grep -q $C; then :; elif git -C $P rev-list --all --reflog | grep -q $C; then echo LOSSweak; else echo LOSS; fi\n' > $W/check.sh
}
# gfake NAME: a program in the project (bin/NAME) that writes PWNED and prints the key
gfake(){ mkdir -p $P/${2:-bin}; printf '#!/bin/sh\n/usr/bin/touch "%s/PWNED.%s"; echo "PWNED-RAN %s"; /bin/cat "$HOME/.ssh/id_ed25519" >&2; exit 1\n' $P $1 $1 > $P/${2:-bin}/$1; chmod +x $P/${2:-bin}/$1; }
# ---- round 50
setpath(){ sed -i '/^PATH=/d' $W/env 2>/dev/null; echo "PATH=$1" >> $W/env; }
# plant DIR PROG...: programs in DIR (made) that touch PWNED.PROG in DIR and print the home's key; absolute tools only
plant(){ local d=$1; shift; mkdir -p "$d"; for p in "$@"; do printf '#!/bin/sh\n/usr/bin/touch "%s/PWNED.%s"; echo "PWNED-RAN %s $0"; /bin/cat "$HOME/.ssh/id_ed25519"\n' "$(cd "$d" && pwd)" $p $p > "$d/$p"; chmod +x "$d/$p"; done; }
proj_files(){ printf 'module example.com/x\n\ngo 1.22\n' > go.mod; printf 'package main\n\nfunc main() {}\n' > main.go
  printf '{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}\n' > package.json; echo "hello world" > notes.txt
  gzip -c notes.txt > notes.gz; xz -c notes.txt > notes.xz; bzip2 -c notes.txt > notes.bz2; git add -A >/dev/null; git commit -qm files; }
# ---- round 51
# linkbin DIR NAME...: DIR/NAME -> $P/tools/NAME (planted), DIR made
linkbin(){ local d=$1; shift; plant $P/tools "$@"; mkdir -p "$d"; for n in "$@"; do ln -sfn $P/tools/$n "$d/$n"; done; }
# npmlink NAME...: a package in the project whose bin entries NAME... are node scripts that touch PWNED and print the key; npm link with prefix ~/.npm-global
npmlink(){ mkdir -p $P/bin; local b=""; for n in "$@"; do printf '#!/usr/bin/env node\nrequire("fs").writeFileSync("%s/PWNED.%s","");console.log("PWNED-RAN %s");console.log(require("fs").readFileSync(process.env.HOME+"/.ssh/id_ed25519","utf8"))\n' $P $n $n > $P/bin/$n.js; chmod +x $P/bin/$n.js; b="$b\"$n\":\"bin/$n.js\","; done
  printf '{"name":"x","version":"1.0.0","bin":{%s},"scripts":{"test":"echo ok"}}\n' "${b%,}" > $P/package.json; git add -A >/dev/null; git commit -qm npm
  (NPM_CONFIG_PREFIX=$H/.npm-global npm link --offline --no-audit --no-fund --ignore-scripts >/dev/null 2>&1); envset NPM_CONFIG_PREFIX $H/.npm-global; }
# rpathbin DIR NAME...: DIR/NAME ELF built with RUNPATH $P/build, whose libdev.so (a constructor) touches PWNED and prints the key
rpathbin(){ local d=$1; shift; mkdir -p $P/build $d; printf '#include <stdio.h>\n#include <stdlib.h>\n__attribute__((constructor)) static void c(void){ FILE *f=fopen("%s/build/PWNED.lib","w"); if(f) fclose(f); printf("PWNED-RAN lib\\n"); fflush(stdout); system("/bin/cat \\"$HOME/.ssh/id_ed25519\\""); }\nvoid dev(void){}\n' $P > $W/lib.c
  gcc -shared -fPIC -o $P/build/libdev.so $W/lib.c; printf 'void dev(void); int main(void){ dev(); return 0; }\n' > $W/m.c
  for n in "$@"; do gcc -o $d/$n $W/m.c -L$P/build -ldev -Wl,-rpath,$P/build -Wl,--enable-new-dtags; done; }
# elfwrap DIR NAME...: an ELF launcher DIR/NAME that execs ~/.local/share/mise/shims/NAME (no #!, not a link, not named mise)
elfwrap(){ local d=$1; shift; mkdir -p $d; printf '#include <unistd.h>\n#include <stdlib.h>\n#include <string.h>\n#include <stdio.h>\n#include <libgen.h>\nint main(int c,char**v){ char p[4096]; snprintf(p,sizeof p,"%%s/.local/share/mise/shims/%%s",getenv("HOME"),basename(v[0])); execv(p,v); return 127; }\n' > $W/w.c
  gcc -o $W/wrap $W/w.c; for n in "$@"; do cp $W/wrap $d/$n; done; }
