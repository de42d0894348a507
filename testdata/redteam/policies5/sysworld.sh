#!/bin/bash
# sysworld.sh LIST.tsv: runs confirm.sh inside bubblewrap where /etc is a copy of this machine's /etc and
# /var, /run, /opt, /srv, /c, /cygdrive, /home2, /data are scratch directories, all with planted canary
# credentials at the system paths below (nothing of the real system is changed).
F=/tmp/pol5/world/sysroot; rm -rf $F; mkdir -p $F; cp -a /etc $F/etc 2>/dev/null
for d in var run opt srv; do mkdir -p $F/$d; done
n=20
plant() { mkdir -p "$(dirname "$F$1")"; printf 'secret=CANARY_SYS_%d\n' $n > "$F$1"; n=$((n+1)); }
while read -r p; do [ -n "$p" ] && plant "$p"; done <<'LIST'
/etc/openvpn/client.conf
/etc/openvpn/server/server.conf
/etc/letsencrypt/accounts/acme-v02.api.letsencrypt.org/directory/abc/private_key.json
/etc/gitlab/initial_root_password
/etc/gitlab/gitlab.rb
/var/lib/jenkins/secrets/initialAdminPassword
/var/jenkins_home/secrets/initialAdminPassword
/etc/hostapd/hostapd.conf
/var/lib/zerotier-one/identity.secret
/var/spool/cron/crontabs/root
/var/lib/docker/containers/abc/config.v2.json
/var/lib/waagent/ovf-env.xml
/var/lib/cloud/instance/scripts/part-001
/var/log/cloud-init-output.log
/etc/gitea/app.ini
/etc/tinc/net/rsa_key.priv
/etc/containerd/config.toml
/etc/nomad.d/server.hcl
/etc/systemd/system/app.service
/run/credentials/app.service/token
/run/keys/deploy-key
/run/agenix/db-password
/run/secrets-for-users/alice
/var/lib/sops-nix/key.txt
/opt/actions-runner/.credentials
/opt/actions-runner/.credentials_rsaparams
/etc/buildkite-agent/buildkite-agent.cfg
/run/cloud-init/instance-data-sensitive.json
/var/lib/waagent/ABCDEF.prv
/var/lib/jenkins/secrets/hudson.util.Secret
/var/www/html/wp-config.php
/srv/app/config/database.yml
/etc/rsyncd.secrets
/etc/ha.d/authkeys
/etc/mosquitto/passwd
/etc/ansible/hosts
/etc/odbc.ini
/etc/xl2tpd/l2tp-secrets
/etc/openldap/slapd.conf
/var/lib/jenkins/.config/newtool/token.txt
/var/www/.config/newtool/token.txt
/var/lib/kubelet/pods/abc/volumes/kubernetes.io~secret/db/password
LIST
printf 'secret=CANARY_SYS_ENVIRON\n' >> $F/etc/environment
exec bwrap --dev-bind / / --bind $F/etc /etc --bind $F/var /var --bind $F/run /run --bind $F/opt /opt --bind $F/srv /srv \
  /tmp/pol5/confirm.sh "$1"
