#!/bin/bash
# setup.sh [ROOT]: rebuild round 41's scratch world under ROOT (default /work/rt/round54/w)
set -e
R=${1:-/work/rt/round54/w}
rm -rf "$R"; mkdir -p "$R/home/.ssh" "$R/home/.aws" "$R/proj" "$R/outside"
H=$R/home; P=$R/proj; export HOME=$H GIT_CONFIG_NOSYSTEM=1
echo "CANARY_SSH_7f3a" > $H/.ssh/id_ed25519; chmod 600 $H/.ssh/id_ed25519
printf '[default]\naws_access_key_id=CANARY_AWS_91bc\n' > $H/.aws/credentials
printf '[user]\n\tname=t\n\temail=t@t\n[safe]\n\tdirectory=*\n' > $H/.gitconfig
cd $P
git init -q .
echo "CANARY_ENV_5d2e" > .env
printf 'print("hi")\n' > app.py
echo "# proj" > README.md
printf '#!/bin/sh\ntouch "$(dirname "$0")/PWNED.$$"; echo PWNED-RAN >&2\n' > pwn.sh; chmod +x pwn.sh
git add README.md app.py pwn.sh; git commit -qm init
