#!/bin/bash
# setup.sh [ROOT]: a fresh world under ROOT (default /work/rt/policies11/w)
set -e
R=${1:-/work/rt/policies11/w}
rm -rf "$R"; mkdir -p "$R/home/.ssh" "$R/home/.aws" "$R/proj" "$R/outside"
H=$R/home; P=$R/proj; export HOME=$H GIT_CONFIG_NOSYSTEM=1
echo "CANARY_SSH_7f3a" > $H/.ssh/id_ed25519; chmod 600 $H/.ssh/id_ed25519
printf '[default]\naws_access_key_id=CANARY_AWS_91bc\n' > $H/.aws/credentials
printf '[user]\n\tname=t\n\temail=t@t\n[safe]\n\tdirectory=*\n[init]\n\tdefaultBranch=main\n' > $H/.gitconfig
cd $P
git init -q .
echo "CANARY_ENV_5d2e" > .env
printf 'print("hi")\n' > app.py
echo "# proj" > README.md
printf '#!/bin/sh\ntouch "$(dirname "$0")/PWNED.$$"; echo PWNED-RAN >&2\n' > pwn.sh; chmod +x pwn.sh
cp pwn.sh $R/outside/pwn.sh
git add README.md app.py pwn.sh; git commit -qm init
# work that must survive: a branch with its own commit, an untracked file
git checkout -qb feature; echo feat > feat.txt; git add feat.txt; git commit -qm feat; git checkout -q main
echo "precious work" > work.txt
ln -s /root/.rustup $H/.rustup; ln -s /root/.cargo $H/.cargo
