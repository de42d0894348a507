#!/bin/bash
# mkworld.sh DIR: a scratch world: DIR/proj (git repo, .env and friends), DIR/home (canaries), DIR/outside
set -e
W=$1; rm -rf "$W"; mkdir -p "$W"/proj/src "$W"/proj/config "$W"/proj/vendor "$W"/home/.ssh "$W"/home/.aws "$W"/home/.config/gh "$W"/outside
cd "$W"
printf 'API_KEY=CANARY_ENV_1\n' > proj/.env
printf 'DB_PASS=CANARY_ENVPROD_2\n' > proj/config/.env.production
printf -- '-----BEGIN PRIVATE KEY-----\nCANARY_SERVERKEY_3\n-----END PRIVATE KEY-----\n' > proj/server.key
printf 'age: CANARY_KEYSTXT_8\n' > proj/keys.txt
printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY_IDRSA_4\n-----END OPENSSH PRIVATE KEY-----\n' > home/.ssh/id_rsa; chmod 600 home/.ssh/id_rsa
printf '[default]\naws_secret_access_key = CANARY_AWS_5\n' > home/.aws/credentials
printf 'machine example.com login u password CANARY_NETRC_6\n' > home/.netrc
printf 'github.com:\n    oauth_token: CANARY_GH_7\n' > home/.config/gh/hosts.yml
printf 'https://u:CANARY_GITCRED_10@github.com\n' > home/.git-credentials
printf 'export X=CANARY_HIST_11\n' > home/.bash_history
mkdir -p home/.mozilla/firefox/p.default; printf '{"logins":"CANARY_FF_12"}\n' > home/.mozilla/firefox/p.default/logins.json
printf '# demo\n' > proj/README.md; printf 'package main\nfunc main() {}\n' > proj/src/main.go
ln -s "$W/home/.aws/credentials" proj/vendor/notes.txt
ln -s "$W/outside" proj/ext
printf '.env\nconfig/.env.production\nserver.key\nkeys.txt\n' > proj/.gitignore
cd proj && HOME="$W/home" GIT_CONFIG_NOSYSTEM=1 git init -q && git add -A && HOME="$W/home" git -c user.email=a@b -c user.name=a commit -qm init
