#!/bin/bash
M=$1; V=$2
mkdir -p "$M/ws"; printf '{"name":"evil","version":"1.0.0","scripts":{"test":"touch %s/pwned"}}\n' "$M" > "$M/ws/package.json"
case $V in
case) printf '{"name":"a","version":"1.0.0","scripts":{"test":"true"},"workspaces":["../outside/ws"],"Workspaces":[]}\n' > package.json;;
bom) printf '\xef\xbb\xbf{"name":"a","version":"1.0.0","scripts":{"test":"true"},"workspaces":["../outside/ws"]}\n' > package.json;;
linkglob) mkdir -p packages; ln -s "$M/ws" packages/evil; printf '{"name":"a","version":"1.0.0","scripts":{"test":"true"},"workspaces":["packages/*"]}\n' > package.json;;
esac
git add -A >/dev/null 2>&1; git -c user.email=a@b -c user.name=a commit -qm c >/dev/null 2>&1; true
