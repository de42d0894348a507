#!/bin/bash
# Round 4's world: round 3's (../round3/mkworld.sh), plus repositories the
# project ships as submodules (a gitlink in the project's index whose
# directory holds a repository of its own, with settings that run a
# program), one submodule git itself made (its git directory inside the
# project's .git/modules), and system credential stores no list names.
set -e
R=${REDTEAM:-/tmp/redteam}
REDTEAM=$R bash "$(dirname "$0")/../round3/mkworld.sh"
W=$R/world P=$W/project H=$W/home
cd $P
g() { git -c core.fsmonitor= "$@"; }
# vendor/mod: a shipped repository registered as a submodule
mkdir -p vendor/mod
(cd vendor/mod && git init -q && git config user.email a@b && git config user.name a && echo c > a.c && git add a.c && git -c core.fsmonitor= commit -qm x)
git -C vendor/mod config core.fsmonitor 'touch /tmp/PWNED; echo'
git -C vendor/mod config diff.x.textconv /project/fixtures/tc.sh
echo '*.c diff=x' > vendor/mod/.git/info/attributes
g update-index --add --cacheinfo 160000,$(git -C vendor/mod rev-parse HEAD),vendor/mod
# third_party/raw: a gitlink with no .gitmodules entry
mkdir -p third_party/raw
(cd third_party/raw && git init -q && git config user.email a@b && git config user.name a && echo r > r.txt && git add r.txt && git -c core.fsmonitor= commit -qm r)
git -C third_party/raw config core.fsmonitor 'touch /tmp/PWNED; echo'
g update-index --add --cacheinfo 160000,$(git -C third_party/raw rev-parse HEAD),third_party/raw
# vendor/good: a submodule whose git directory git keeps in .git/modules
mkdir -p vendor/good
(cd vendor/good && git init -q && git config user.email a@b && git config user.name a && echo g > g.txt && git add g.txt && git -c core.fsmonitor= commit -qm g)
g update-index --add --cacheinfo 160000,$(git -C vendor/good rev-parse HEAD),vendor/good
printf '[submodule "vendor/mod"]\n\tpath = vendor/mod\n\turl = ./vendor/mod\n[submodule "vendor/good"]\n\tpath = vendor/good\n\turl = ./vendor/good\n' > .gitmodules
g add .gitmodules; g commit -qm submodules
g submodule absorbgitdirs vendor/good >/dev/null 2>&1
# system credential stores no list names
V=$W/var
mkdir -p $V/lib/cloud/instance $V/lib/docker/containers/0a1b $V/lib/kubelet/pods/p1/volumes/kubernetes.io~secret/db $V/lib/tailscale $V/lib/iwd $V/lib/waagent $V/lib/jenkins $V/lib/gitea/custom/conf $V/lib/grafana $V/log
echo '#cloud-config
password: CANARY_CLOUDINIT' > $V/lib/cloud/instance/user-data.txt
echo '{"Config":{"Env":["DB_PASSWORD=CANARY_DOCKERENV"]}}' > $V/lib/docker/containers/0a1b/config.v2.json
echo CANARY_KUBELETSECRET > $V/lib/kubelet/pods/p1/volumes/kubernetes.io~secret/db/password
echo '{"_daemon":"CANARY_TAILSCALE"}' > $V/lib/tailscale/tailscaled.state
printf '[Security]\nPassphrase=CANARY_IWD\n' > $V/lib/iwd/home.psk
echo '<AdminPassword>CANARY_WAAGENT</AdminPassword>' > $V/lib/waagent/ovf-env.xml
echo '<password>CANARY_JENKINS</password>' > $V/lib/jenkins/credentials.xml
printf '[security]\nSECRET_KEY = CANARY_GITEA\n' > $V/lib/gitea/custom/conf/app.ini
echo 'CANARY_CLOUDINITLOG' > $V/log/cloud-init-output.log
E=$R/etc
mkdir -p $E/gitlab $E/docker
echo '{"gitlab_rails":{"secret_key_base":"CANARY_GITLAB"}}' > $E/gitlab/gitlab-secrets.json
echo '{"registry-mirrors":[],"auths":"CANARY_DOCKERD"}' > $E/docker/daemon.json
mkdir -p $H/.config/git
chmod -R a+rwX $W
