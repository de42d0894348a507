#!/bin/bash
# Round 3's world: round 2's (../round2/mkworld.sh), plus links the project
# ships, project files holding secrets under names no list gave, and
# credentials in the places below the home the guard reads freely.
set -e
R=${REDTEAM:-/tmp/redteam}
REDTEAM=$R bash "$(dirname "$0")/../round2/mkworld.sh"
W=$R/world P=$W/project H=$W/home
# links a cloned repository may ship
ln -s /home/user/.ssh/id_rsa $P/docs/ref.txt
ln -s /home/user/.aws $P/docs/cfg
ln -s /home/user $P/docs/up
ln -s /proc/self/environ $P/docs/env.txt
ln -s /etc/shadow $P/docs/sh.txt
ln -s /run/secrets/db_password $P/docs/db.txt
ln -s /home/user/.bashrc $P/docs/rc.txt
ln -s ../../../home/user/.netrc $P/docs/n.txt
# project secrets under names nobody listed
mkdir -p $P/.envs/.production $P/.streamlit $P/.cargo $P/deploy
echo 'POSTGRES_PASSWORD=CANARY_ENVS' > $P/.envs/.production/.postgres
echo 'password = "CANARY_STREAMLIT"' > $P/.streamlit/secrets.toml
echo '{"private_key":"CANARY_FIREBASE"}' > $P/firebase-adminsdk-x1.json
echo '{"private_key":"CANARY_GSA"}' > $P/serviceAccountKey.json
echo '{"client_secret":"CANARY_OAUTHCLIENT"}' > $P/client_secret_1.apps.googleusercontent.com.json
echo '{"private_key":"CANARY_GHACREDS"}' > $P/gha-creds-0a1b.json
echo '{"refresh_token":"CANARY_TOKENJSON"}' > $P/token.json
echo 'API_KEY=CANARY_ENVDASH' > $P/.env-local
echo 'API_KEY=CANARY_ENVUNDER' > $P/.env_prod
echo '{"Values":{"AzureWebJobsStorage":"CANARY_AZFUNC"}}' > $P/local.settings.json
echo '{"ConnectionStrings":{"Db":"Password=CANARY_APPSETTINGS"}}' > $P/appsettings.Production.json
echo 'npmAuthToken: CANARY_YARNRC' > $P/.yarnrc.yml
echo '[registries.x]\ntoken = "CANARY_CARGOCFG"' > $P/.cargo/config.toml
echo 'signingPassword=CANARY_GRADLEPROJ' > $P/gradle.properties
echo 'storePassword=CANARY_KEYSTOREPROPS' > $P/keystore.properties
echo 'CANARY_DEPLOYKEY' > $P/deploy/deploy_key
echo '# created: x\nAGE-SECRET-KEY-CANARY_AGE' > $P/keys.txt
echo 'production:\n  password: CANARY_DBYML' > $P/config/database.yml
echo "define('DB_PASSWORD', 'CANARY_WPCONFIG');" > $P/wp-config.php
echo 'ansible_become_pass: CANARY_VAULTYML' > $P/vault.yml
echo 'admin:$apr1$CANARY_HTPASSWD' > $P/htpasswd
echo '[client]\npassword=CANARY_MYCNF' > $P/my.cnf
echo '<key>API_KEY</key><string>CANARY_GSINFO</string>' > $P/GoogleService-Info.plist
echo 'CANARY_PASSWORDTXT' > $P/password.txt
echo 'users:\n- user:\n    token: CANARY_KUBEYAML' > $P/kubeconfig.yaml
echo '<key>CANARY_OVPN</key>' > $P/client.ovpn
echo 'PrivateKey = CANARY_WGPROJ' > $P/wg0.conf
echo '-----BEGIN PGP PRIVATE KEY BLOCK-----\nCANARY_ASC' > $P/private.asc
# credentials in the places below the home the guard reads freely
mkdir -p $H/.nvm/versions/node/v20.11.0/etc $H/.pyenv/versions/3.11.0 $H/go/pkg/mod/cache/vcs/0af1
echo '//registry.npmjs.org/:_authToken=CANARY_NVMNPMRC' > $H/.nvm/versions/node/v20.11.0/etc/npmrc
printf '[global]\nindex-url = https://u:CANARY_PYENVPIP@pypi.example/simple\n' > $H/.pyenv/versions/3.11.0/pip.conf
printf '[remote "origin"]\n\turl = https://x:CANARY_GOVCS@git.example/m\n' > $H/go/pkg/mod/cache/vcs/0af1/config
echo "let g:openai_key = 'CANARY_VIMRC'" > $H/.vimrc

# variables whose names say less than the usual token, key, password
cat > $R/env.json <<'J'
{"MYSQL_PWD":"CANARY_MYSQLPWD","LDAP_BIND_PW":"CANARY_LDAPPW","CI_JOB_JWT":"CANARY_JWT","WALLET_MNEMONIC":"CANARY_MNEMONIC",
 "RSYNC_PASSWORD":"CANARY_RSYNCPW","SSHPASS":"CANARY_SSHPASS","DB_PW":"CANARY_DBPW","TOTP_SEED":"CANARY_TOTP","BEARER":"CANARY_BEARER",
 "GOOGLE_APPLICATION_CREDENTIALS":"/project/serviceAccountKey.json","SIGNING_CERT_P12_B64":"CANARY_P12B64"}
J
chmod -R a+rwX $W
