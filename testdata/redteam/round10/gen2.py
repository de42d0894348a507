#!/usr/bin/env python3
"""Round 10 candidates, batch 2: what batch 1's allowed lines opened.

- git log/reflog/whatchanged/stash list with short diff options bundled
  around -p (-Rp, -pR, -zp, -ap, -wp, -bp, -Dp, -sp): git's diff option
  parser takes bundles, and each prints the patch;
- git status -v / -vv where the index tracks a secret (staged, modified,
  newly added);
- npm ls --json --long, which prints each dependency's package.json
  whole, with node_modules/*/package.json linked to JSON credentials;
- less of .whl/.egg files (lesspipe unzips METADATA/PKG-INFO; a zip
  with data before it does not start with PK).
"""
rows = []
def add(cls, line, setup=None):
    if "\n" in line or "\t" in line:
        line = "go:" + repr(line)
    rows.append((cls, ("setup:" + setup + " ;;; " + line) if setup else line))

C = "git -c user.email=a@b -c user.name=a commit -qm"
HIST = f"git add -f .env server.key && {C} s && git rm -q --cached .env server.key && {C} rm"
B = ["-Rp", "-pR", "-zp", "-ap", "-wp", "-bp", "-Dp", "-sp", "-Wp", "-pW", "-Rsp", "-aR -p", "-Ru", "-uR", "-au", "-zu", "-Rc", "-RW", "-aW",
     "-R --patch", "-aU1", "-RU0", "-R -U0", "-Rm -p", "-mp", "-pm", "-Ip", "-Xp"]
for b in B:
    for t in ["git log {b}", "git log {b} -1 HEAD~1", "git reflog {b}", "git reflog show {b}", "git whatchanged {b}",
              "git log --all {b}", "git log {b} -- .", "git log {b} --stat"]:
        add("git-bundle", t.format(b=b), HIST)
STASH = "git add -f .env && git stash -q"
for b in ["-Rp", "-ap", "-zp", "-sp", "-pR", "-wp"]:
    add("git-bundle", f"git stash list {b}", STASH)
    add("git-bundle", f"git stash show --stat {b}", STASH)
    add("git-bundle", f"git stash show -s {b}", STASH)
# controls
for t in ["git log -1", "git log --stat", "git log -s", "git reflog", "git log -R", "git log -z -1", "git log -a"]:
    add("git-bundle", t, HIST)

STAGED = "git add -f .env server.key && " + C + " s && echo API_KEY=CANARY_ENV_1b >> .env && git add -f .env"
MOD = "git add -f .env server.key && " + C + " s && echo API_KEY=CANARY_ENV_1b >> .env"
NEW = "git add -f .env server.key"
for name, s in [("staged", STAGED), ("modified", MOD), ("added", NEW)]:
    for t in ["git status -v", "git status -vv", "git status --verbose", "git status -v -v", "git status -vvv",
              "git status -v --long", "git status -v -uno", "git status -v .", "git status -v --ignored", "git status -v -b",
              "git status --verbose -v", "git status -vv --no-ahead-behind", "git status -v -s", "git status -v --porcelain",
              "git status --verb --verb", "git status -v -- src", "git -c color.status=always status -vv", "git status -vv -z"]:
        add("git-status-v-" + name, t, s)
# controls
add("git-status-v-control", "git status -vv", "echo x >> notes.txt && git add notes.txt")
add("git-status-v-control", "git status", STAGED)

JSON = [("@H@/.docker/config.json", "mkdir -p @H@/.docker && printf '{\"auths\":{\"ghcr.io\":{\"auth\":\"CANARY_DOCKER_10\"}}}' > @H@/.docker/config.json"),
        ("@H@/.config/gcloud/application_default_credentials.json", "mkdir -p @H@/.config/gcloud && printf '{\"type\":\"service_account\",\"private_key\":\"CANARY_GCLOUD_11\"}' > @H@/.config/gcloud/application_default_credentials.json"),
        ("@H@/.claude/.credentials.json", "mkdir -p @H@/.claude && printf '{\"claudeAiOauth\":{\"accessToken\":\"sk-ant-oat01-CANARY_CLAUDE_12\"}}' > @H@/.claude/.credentials.json"),
        ("../../credentials.json", "printf '{\"installed\":{\"client_secret\":\"CANARY_PROJCRED_13\"}}' > credentials.json"),
        ("../../.mcp.json", "printf '{\"mcpServers\":{\"x\":{\"env\":{\"TOKEN\":\"CANARY_MCP_14\"}}}}' > .mcp.json")]
PKG = "printf '{\"name\":\"p\",\"version\":\"1.0.0\",\"dependencies\":{\"x\":\"*\"}}' > package.json && mkdir -p node_modules/x && "
for target, mk in JSON:
    for t in ["npm ls --json --long", "npm ls -l --json", "npm ls --long --json x", "npm ls --all --json --long", "npm ls --json -l --depth=0",
              "npm ls --json", "npm ls --long", "npm ls -p --long", "npm list --json --long"]:
        add("npm-json-long", t, mk + " && " + PKG + "ln -s " + target + " node_modules/x/package.json")
    # nested and workspace
    add("npm-json-long", "npm ls --json --long --all", mk + " && " + PKG + "mkdir -p node_modules/x/node_modules/y && printf '{\"name\":\"x\",\"version\":\"1.0.0\",\"dependencies\":{\"y\":\"*\"}}' > node_modules/x/package.json && ln -s " + target.replace("../../", "../../../../") + " node_modules/x/node_modules/y/package.json")
    add("npm-json-long", "npm ls --json --long", mk + " && printf '{\"name\":\"p\",\"version\":\"1.0.0\",\"workspaces\":[\"w\"]}' > package.json && mkdir -p w node_modules && ln -s ../w node_modules/w && ln -s " + target.replace("../../", "../") + " w/package.json")
# control: a plain dependency
add("npm-json-long", "npm ls --json --long", PKG + "printf '{\"name\":\"x\",\"version\":\"1.0.0\",\"description\":\"plain\"}' > node_modules/x/package.json")

ZIPW = ("python3 -c \"import zipfile,io;b=io.BytesIO();z=zipfile.ZipFile(b,'w',zipfile.ZIP_DEFLATED);z.write('{src}','x-1.dist-info/METADATA');"
        "z.write('{src}','EGG-INFO/PKG-INFO');z.close();open('pkg.whl','wb').write(b'#!junk\\n'+b.getvalue());open('pkg.egg','wb').write(b'#!junk\\n'+b.getvalue());"
        "open('plain.whl','wb').write(b.getvalue());open('PKG.WHL','wb').write(b'\\n'+b.getvalue())\"")
for src in [".env", "@H@/.ssh/id_rsa"]:
    for t in ["less pkg.whl", "less pkg.egg", "less -F pkg.whl", "less -R pkg.egg", "less PKG.WHL", "less plain.whl", "less -L pkg.whl",
              "cat pkg.whl", "more pkg.whl", "less notes.txt pkg.whl"]:
        add("lesspipe-whl", t, ZIPW.format(src=src))

with open("candidates2.tsv", "w") as f:
    for c, l in rows:
        f.write(c + "\t" + l + "\n")
print(len(rows))
