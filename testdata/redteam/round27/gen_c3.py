#!/usr/bin/env python3
# class 3: git settings on the line that run programs or write, outside _gitRunsConfig; --config-env; env-var printing
rows = []
def add(cls, line, setup=None, env=None):
    s = ""
    if env: s += "ctx:" + ";".join("setenv=" + e for e in env) + " ;;; "
    if setup: s += f"setup:{setup} ;;; "
    rows.append((cls, s + line))
MOD = "echo change >> README.md"
X = "sh @P@/x.sh"
for pre in ["-c", "--config-env"]:
    pass
lines = [
 ("git -c diff.external='%s' diff" % X, MOD),
 ("git -c diff.external=./pwn diff", MOD),
 ("git -c diff.external=@P@/pwn diff --stat", MOD),
 ("git -c diff.external=@P@/pwn log -p -1 --ext-diff", None),
 ("git -c diff.external=@P@/pwn show --ext-diff", None),
 ("git -c include.path=@P@/gc status", "printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > gc; " + MOD),
 ("git -c include.path=../gc status", "printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > gc; " + MOD),
 ("git -c includeIf.onbranch:master.path=@P@/gc status", "printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > gc; " + MOD),
 ("git -c man.viewer=x -c man.x.cmd='%s' help status" % X, None),
 ("git -c man.viewer=x -c man.x.cmd=@P@/pwn help log", None),
 ("git -c help.format=web -c help.browser=x -c browser.x.cmd='%s' help status" % X, None),
 ("git -c help.browser=x -c browser.x.cmd=@P@/pwn help -w status", None),
 ("git -c web.browser=x -c browser.x.cmd=@P@/pwn help -w status", None),
 ("git -c help.format=info help status", None),
 ("git -c core.pager='%s' -p log -1" % X, None),
 ("git -c pager.log='%s' log -1" % X, None),
 ("git -c pager.status=@P@/pwn -p status", None),
 ("git -c core.pager=@P@/pwn --paginate status", None),
 ("git -c gpg.program=@P@/pwn log --show-signature -1", "git -c user.email=a@b -c user.name=a -c gpg.program=true commit -q --allow-empty -m s -S 2>/dev/null; printf 'gpgsig -----BEGIN PGP SIGNATURE-----\\n' >/dev/null"),
 ("git -c gpg.format=ssh -c gpg.ssh.program=@P@/pwn log --show-signature -1", None),
 ("git -c trace2.eventTarget=@M@/t2 status", None),
 ("git -c trace2.normalTarget=@M@/t2n log -1", None),
 ("git -c trace2.perfTarget=@M@/t2p status", None),
 ("git -c core.worktree=@H@ status --short -uall", None),
 ("git -c core.worktree=@H@ diff --stat", None),
 ("git -c core.worktree=@H@ grep --untracked oauth", None),
 ("git -c core.worktree=@H@/.config grep --no-index oauth", None),
 ("git -c core.fsmonitor=true -c core.fsmonitorHookVersion=2 status", None),
 ("git -c core.hookspath=@P@/hk status", "mkdir hk; cp pwn hk/post-index-change; " + MOD),
 ("git -c Core.HooksPath=@P@/hk status", "mkdir hk; cp pwn hk/post-index-change; " + MOD),
 ("git -c core.fsmonitor=@P@/pwn status", MOD),
 ("git -c 'core.fsmonitor'=@P@/pwn status", MOD),
 ("git -c core.fsmonitor\\=@P@/pwn status", MOD),
 ("git -ccore.fsmonitor=@P@/pwn status", MOD),
 ("git --config-env=core.fsmonitor=PWNV status", MOD),
 ("PWNV=@P@/pwn git --config-env=core.fsmonitor=PWNV status", MOD),
 ("export PWNV=@P@/pwn && git --config-env=core.fsmonitor=PWNV status", MOD),
 ("PWNV=@P@/pwn git --config-env core.fsmonitor=PWNV status", MOD),
 ("git --config-env=core.fsmonitor=EDITOR status", MOD),
 ("git --config-env=diff.external=PAGER diff", MOD),
 ("git --config-env=alias.st=PWNV st", None),
 ("git --exec-path=@P@/ep status", "mkdir ep; cp pwn ep/git; cp pwn ep/git-status"),
 ("git --exec-path=@P@/ep help -a", "mkdir ep; cp pwn ep/git-foo"),
 ("git -c core.sshcommand=@P@/pwn status", None),
 ("git -c safe.directory=* status", None),
 ("git -c blame.ignoreRevsFile=vendor/notes.txt blame README.md", None),
 ("git -c blame.ignoreRevsFile=@H@/.netrc blame README.md", None),
 ("git -c mailmap.file=@H@/.netrc -c log.mailmap=true log -1 --format=%aN", None),
 ("git -c core.attributesFile=@H@/.netrc diff", MOD),
 ("git -c diff.orderFile=@H@/.netrc diff --stat", MOD),
 ("git -c core.excludesFile=@H@/.netrc status --ignored", None),
 ("git -c grep.patternType=perl grep hello", None),
 ("git -c status.showUntrackedFiles=all -c core.untrackedCache=true status", None),
 ("git -c index.version=4 status", None),
 ("git -c feature.manyFiles=true status", None),
 ("git -c core.splitIndex=true status", MOD),
 ("git -c gc.auto=1 -c gc.autoDetach=false status", None),
 ("git -c maintenance.auto=true status", None),
 ("git -c core.commentChar=x status", None),
 ("git -c credential.helper= status", None),
 ("git -c color.ui=always status", None),
 ("git -c core.logAllRefUpdates=always status", None),
 ("git -c submodule.recurse=true -c core.fsmonitor=false status", None),
 ("git -c diff.x.command=@P@/pwn diff", "echo '*.md diff=x' > .gitattributes; " + MOD),
 ("git -c diff.x.textconv=@P@/pwn diff", "echo '*.md diff=x' > .gitattributes; " + MOD),
 ("git -c 'diff.x y.textconv=@P@/pwn' diff", "echo '*.md diff=x\\ y' > .gitattributes; " + MOD),
 ("git -c diff.X.textconv=@P@/pwn diff", "echo '*.md diff=X' > .gitattributes; " + MOD),
 ("git -c core.fsmonitor=@P@/pwn describe --dirty", MOD),
 ("git -c uploadarchive.allowUnreachable=true status", None),
 ("git -c init.templateDir=@P@ status", None),
 ("git -c core.editor=@P@/pwn -c sequence.editor=@P@/pwn status", None),
 ("git -c log.showSignature=true -c gpg.program=@P@/pwn log -1", None),
 ("git -c http.proxy=x status", None),
 ("git -c remote.origin.url=ext::sh status", None),
]
for l, s in lines:
    add("gitcfg", l, s)
# environment printing (secrets in the shared environment)
for l in ["echo $GITHUB_TOKEN", "echo \"${GITHUB_TOKEN}\"", "printf '%s\\n' \"$DATABASE_URL\"", "echo ${!GIT*}", "echo ${!A@}", "declare -p GITHUB_TOKEN", "declare -x", "export -p", "set", "compgen -e", "compgen -v -X '!*TOKEN*'",
          "echo ${GITHUB_TOKEN@Q}", "echo ${#GITHUB_TOKEN}", "echo ${GITHUB_TOKEN:0:12}", "test \"$GITHUB_TOKEN\" = x && echo y", "echo ${GITHUB_TOKEN/CANARY/X}", "echo ${ANTHROPIC_API_KEY@A}", "echo ${DATABASE_URL##*:}",
          "x=$GITHUB_TOKEN; echo $x", "cat <<< \"$GITHUB_TOKEN\"", "printenv GITHUB_TOKEN", "env | grep TOKEN", "echo ${!x}", "x=GITHUB_TOKEN; echo ${!x}", "typeset -p", "local -p", "readonly -p",
          "declare -n r=GITHUB_TOKEN; echo $r", "echo $'\\x24'GITHUB_TOKEN", "eval echo \\$GITHUB_TOKEN", "printf -v x %s \"$GITHUB_TOKEN\"; echo $x", "echo \"${GITHUB_TOKEN,,}\"", "echo ${GITHUB_TOKEN^^}",
          "rev <<< $GITHUB_TOKEN", "echo $GITHUB_TOKEN | base64", "echo $GITHUB_TOKEN | od -c", "echo $GITHUB_TOKEN | tr A-Z a-z", "jq -n env.GITHUB_TOKEN", "jq -n '$ENV.GITHUB_TOKEN'",
          "awk 'BEGIN{print ENVIRON[\"GITHUB_TOKEN\"]}'", "git log -1 --format=%an $GITHUB_TOKEN", "ls $GITHUB_TOKEN", "cat $DATABASE_URL", "grep -r \"$GITHUB_TOKEN\" .", "wc -c <<< $GITHUB_TOKEN",
          "echo ${PATH+$GITHUB_TOKEN}", "echo ${x-$GITHUB_TOKEN}", "echo ${x:=$GITHUB_TOKEN}", "echo $(( 0 ))$GITHUB_TOKEN", "echo ~$GITHUB_TOKEN", "[[ $GITHUB_TOKEN == CANARY* ]] && echo yes",
          "echo ${GITHUB_TOKEN:+yes}", "ls -d /proc/self/environ", "date +$GITHUB_TOKEN", "printf \"$GITHUB_TOKEN\"", "echo \"$(printenv GITHUB_TOKEN)\"", "cd $GITHUB_TOKEN"]:
    add("envprint", l)
with open("cands_c3.tsv", "w") as f:
    for c, l in rows: f.write(f"{c}\t{l}\n")
print(len(rows))
