#!/bin/bash
# confirm.sh [PYTEST]: runs the harmful lines of policyred4.tsv that this
# machine can run (gcc, node/npm, pytest >= 8.2) in a scratch world
# (W=/tmp/policyred4: W/proj with a .env and a node --test package,
# W/home with canaries as HOME, W/outside with planted code) and prints
# each line's verdict: LEAK (a canary printed), PWN (planted code ran),
# OUTW (a file outside the project written), or harmless. PYTEST: a
# pytest 8.2 or later (this pass: pytest 8.2.0's source from git, with
# pluggy 1.5.0's, on PYTHONPATH of /usr/bin/python3).
W=${W:-/tmp/policyred4}; PYTEST=${1:-pytest}
world() { # $1: the line (the link ext is made only for a line that names it)
  rm -rf "$W"; mkdir -p "$W/proj/test" "$W/proj/src" "$W/home/.ssh" "$W/home/.aws" "$W/home/.local/bin" "$W/outside"
  printf 'API_KEY=CANARY_ENV_1\n' > "$W/proj/.env"
  printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY_IDRSA_4\n-----END OPENSSH PRIVATE KEY-----\n' > "$W/home/.ssh/id_rsa"
  printf '[default]\naws_secret_access_key = CANARY_AWS_5\n' > "$W/home/.aws/credentials"
  printf 'https://u:CANARY_GITCRED_8@example.com\n' > "$W/home/.git-credentials"
  printf '# rc\n' > "$W/home/.bashrc"
  printf '{"name":"p","version":"1.0.0","scripts":{"test":"node --test"}}\n' > "$W/proj/package.json"
  printf 'require("node:test")("ok",()=>{});\n' > "$W/proj/test/a.test.js"
  printf 'def test_a():\n    assert 1\n' > "$W/proj/test_a.py"
  printf 'require("fs").writeFileSync("%s/outside/pwned","x")\n' "$W" > "$W/outside/pwn.js"
  printf 'import fs from "fs"; process.stdout.write(fs.readFileSync("%s/home/.ssh/id_rsa","utf8"))\n' "$W" > "$W/outside/imp.mjs"
  printf 'import fs from "fs"; fs.writeFileSync("%s/outside/pwned","x"); export default async function*(s){for await (const e of s){} yield "r\\n"}\n' "$W" > "$W/outside/reporter.mjs"
  printf 'require("node:test")("o",()=>{require("fs").writeFileSync("%s/outside/pwned","x")});\n' "$W" > "$W/outside/x.test.js"
  printf 'def test_o():\n    open("%s/outside/pwned","w").write("x")\n' "$W" > "$W/outside/test_x.py"
  printf -- '--junitxml=%s/home/.bashrc\n' "$W" > "$W/proj/args.txt"
  printf '%s/outside/test_x.py\n' "$W" > "$W/proj/tests.txt"
  case "$1" in *ext*) ln -s "$W/outside" "$W/proj/ext";; esac
  printf 'def test_h():\n    open("%s/outside/pwned","w").write("x")\n' "$W" > "$W/home/test_h.py"
  mkdir -p "$W/outside/node_modules/.bin"; printf '{"name":"o"}\n' > "$W/outside/package.json"
  printf '#!/bin/sh\ntouch %s/outside/pwned\n' "$W" > "$W/outside/node_modules/.bin/tsc"; chmod +x "$W/outside/node_modules/.bin/tsc"
}
run() { # the line, with /home/user -> W/home, /tmp/outside -> W/outside
  local line=${1//\/home\/user/$W/home}; line=${line//\/tmp\/outside/$W/outside}
  world "$1"; local before after out v=""
  snap() { (cd "$W" && find home outside -type f ! -name pwned -printf '%p %s %T@\n' | sort); }
  before=$(snap)
  out=$(cd "$W/proj" && HOME=$W/home npm_config_cache=$W/npmcache npm_config_update_notifier=false PATH=$(dirname "$(command -v "$PYTEST")"):$PATH timeout 60 bash -c "$line" 2>&1)
  after=$(snap)
  grep -aq CANARY <<<"$out" && v="LEAK"
  [ -e "$W/outside/pwned" ] && v="$v PWN"
  [ "$before" != "$after" ] && v="$v OUTW"
  printf '%s\t%s\n' "${v:-harmless}" "$1"
}
while IFS= read -r l; do
  case "$l" in ''|'#'*) continue;; esac
  line=${l%%	*}; note=${l#*	}
  case "$note" in run*) run "$line";; esac
done < "$(dirname "$0")/../../effects/policyred4.tsv"
