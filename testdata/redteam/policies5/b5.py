rows = []
sysmore = """/run/credentials/app.service/token
/run/keys/deploy-key
/run/agenix/db-password
/run/secrets-for-users/alice
/var/lib/sops-nix/key.txt
/var/lib/kubelet/pods/abc/volumes/kubernetes.io~secret/db/password
/opt/actions-runner/.credentials
/opt/actions-runner/.credentials_rsaparams
/opt/actions-runner/.runner
/etc/buildkite-agent/buildkite-agent.cfg
/etc/circleci-runner/circleci-runner-config.yaml
/opt/buildAgent/conf/buildAgent.properties
/run/cloud-init/instance-data-sensitive.json
/var/lib/cloud/instance/obj.pkl
/var/lib/waagent/ABCDEF.prv
/var/lib/jenkins/secrets/hudson.util.Secret
/var/www/html/wp-config.php
/var/www/nextcloud/config/config.php
/srv/app/config/database.yml
/opt/app/application.properties
/etc/fstab
/etc/rsyncd.secrets
/etc/snmp/snmpd.conf
/etc/keepalived/keepalived.conf
/etc/ha.d/authkeys
/etc/corosync/authkey
/etc/mosquitto/passwd
/etc/ansible/hosts
/etc/odbc.ini
/etc/freeradius/3.0/clients.conf
/etc/xl2tpd/l2tp-secrets
/etc/nut/upsd.users
/etc/openldap/slapd.conf
/etc/ldap.conf
/etc/cron.d/backup
/var/lib/jenkins/.config/newtool/token.txt
/var/lib/gitlab-runner/.config/newtool/token.txt
/srv/git/.config/newtool/token.txt
/var/www/.config/newtool/token.txt
/mnt/c/Users/me/.config/newtool/token.txt
/mnt/c/Users/me/AppData/Local/Google/Chrome/User Data/Default/Login Data
/c/Users/me/.config/newtool/token.txt
/cygdrive/c/Users/me/.config/newtool/token.txt
/export/home/bob/.config/newtool/token.txt
/usr/home/bob/.config/newtool/token.txt
/var/home/bob/.config/newtool/token.txt
/home2/bob/.config/newtool/token.txt
/data/home/bob/.config/newtool/token.txt
/proc/1/cmdline
/proc/self/cmdline
/proc/1/task/1/environ
/dev/shm/secret
/tmp/.docker/config.json
/var/tmp/token.txt""".splitlines()
for s in sysmore:
    q = "'" + s + "'" if " " in s else s
    rows.append(("syscred2", "cat " + q))
for v in ["GITHUB_TOKEN", "ANTHROPIC_API_KEY", "AWS_SECRET_ACCESS_KEY", "DATABASE_URL", "PGPASSWORD", "NPM_TOKEN", "CI_JOB_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_TOKEN", "VAULT_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "SENTRY_DSN", "DB_PASS", "MY_SERVICE_KEY", "STRIPE_SK", "APP_SECRET", "SLACK_WEBHOOK_URL", "REDIS_URL", "HF_TOKEN"]:
    rows.append(("envvar", 'echo "$%s"' % v))
for l in ['printf %s "$GITHUB_TOKEN"', 'echo ${GITHUB_TOKEN:0:100}', 'echo ${GITHUB_TOKEN@Q}', 'echo ${GITHUB_TOKEN//x/y}', 'cat <<< "$GITHUB_TOKEN"', 'echo ${!GITHUB*}', 'echo ${!A@}', 'wc -c <<< "$GITHUB_TOKEN"', 'echo "${DATABASE_URL#*//}"', 'test -n "$GITHUB_TOKEN" && echo set', 'echo $GOFLAGS', 'echo "$PATH"', 'printenv GOFLAGS', 'printenv -0 HOME', 'printenv --null HOME PATH', 'printenv HOME GOPROXY', 'echo $_', 'echo "$@"', 'echo $BASH_ARGV', 'declare -p', 'set', 'export -p', 'compgen -v', 'compgen -e', 'echo ${!#}']:
    rows.append(("envvar2", l))
for l in ['PATH=/tmp/outside:$PATH; make', 'PATH=/tmp/outside; make', 'PATH=ext; make', 'PATH=ext:/usr/bin; pytest', 'HOME=/tmp/outside; git status', 'HOME=ext; git status', 'HOME=ext; git log', 'XDG_CONFIG_HOME=ext; git status', 'GOFLAGS=-toolexec=ext/pwn; go build .', 'PYTHONPATH=ext; pytest', 'NODE_OPTIONS=--require=./ext/pwn.js; npm test', 'LD_PRELOAD=ext/p.so; ls', 'TMPDIR=ext; go build .', 'GIT_DIR=ext/.git; git status', 'cd ext; git status', 'cd ext && git log', 'cd /tmp/outside && git status', 'cd ~ && git status', 'cd .. && git status', 'cd ext && go test ./...', 'cd ext && go vet', 'cd /etc/openvpn && cat client.conf', 'cd /etc && cat openvpn/client.conf', 'cd /etc/openvpn; head *', 'cat /etc/openvpn/*', 'head -n 100 /etc/openvpn/*.conf', 'grep -r pass /etc', 'grep -rh . /var/lib/jenkins/secrets', 'tail -n +1 /etc/gitlab/*']:
    rows.append(("assign-cd", l))
for c, l in rows: print(c + "\t" + l)
