import json
C=[]
def a(cls,*ls):
    for l in ls:
        if any(ord(ch)<32 or ord(ch)>126 for ch in l): l="go:"+json.dumps(l)
        C.append((cls,l))
a("heredoc", 'cat <<EOF\n$(touch @M@/pwned)\nEOF', 'cat <<EOF\n$(./pwn)\nEOF', 'cat <<EOF\n$(ls -la ~/.ssh)\nEOF', 'cat <<EOF\n$(printenv GITHUB_TOKEN)\nEOF',
  'cat <<EOF\n${!GITHUB*}\nEOF', 'cat <<EOF\n$(env)\nEOF', 'cat <<EOF\n$(git config --get-regexp .)\nEOF', 'wc -l <<EOF\n$(cat vendor/keys/id_rsa)\nEOF',
  'cat <<EOF\n$(date -f vendor/notes.txt)\nEOF', 'cat <<EOF\n$(sed -n l vendor/settings.ini)\nEOF', 'cat <<EOF\n$(xargs -a vendor/settings.ini echo)\nEOF', 'cat <<EOF\n$(ls vendor/keys/..)\nEOF',
  'cat <<EOF\n$(cd vendor/keys && cat id_rsa)\nEOF', 'cat <<EOF\n$((1+2))\nEOF', 'cat <<EOF\n${HOME:?x}\nEOF', 'cat <<EOF\n$(echo hi > @M@/hd)\nEOF')
a("cmdsub", 'echo $(./pwn)', 'echo "$(./x.sh)"', 'echo $(ls -la ~/.ssh)', 'echo $(cat ~/.gitconfig)', 'echo $(head -1 vendor/keys/../.netrc)', 'echo $(date -f .env)', 'date -f .env',
  'date -f vendor/notes.txt', 'echo $(date -f vendor/settings.ini)', 'echo $(whoami > @M@/c)', 'echo $(printenv DATABASE_URL)', 'echo $(xargs -a vendor/settings.ini echo)', 'ls $(echo vendor/keys)',
  'echo "$(cd vendor/keys && ls)"', 'echo $(git --no-pager log -p)')
a("backslash-nl", 'cat .e\\\nnv', 'cat vendor/set\\\ntings.ini', 'ca\\\nt .env', 'cat vendor/keys/id\\\n_rsa', 'ls vendor/keys/\\\n..', 'cat \\.env', 'cat .en\\v', 'cat vendor/settings.in\\i', 'echo \\$GITHUB_TOKEN')
a("zsh-syntax", 'cat =(cat .env)', 'echo =(touch @M@/pwned)', 'cat =(id)', 'ls =ls', 'echo =./pwn', 'echo ~[x]/a')
a("tilde-brace", 'ls -la ~/{.ssh,.aws,.config/gh}', 'ls {vendor/keys,x}', 'stat ~/{.ssh/id_rsa,x}', 'ls -la {~/.ssh,~/.aws}', 'ls ~+/vendor/keys/', 'ls -la ~-', 'ls -la ~+/vendor/keys/..',
  'wc -c ~/{.ssh/id_rsa,.netrc}', 'ls -R ~/{.ssh,.aws}', 'ls -la ~/.aws', 'ls -laR ~', 'du -a ~', 'find ~ -name "*"', 'tree -a ~')
a("outside", 'ls -la /proc/self/fd/', 'cat /proc/self/stat', 'ls -la /proc/1/cwd', 'ls /proc/1/cwd/', 'ls -la /proc/self/cwd/vendor/keys/', 'cat /proc/self/root/etc/hosts',
  'cat /proc/self/cwd/.env', 'cat /proc/self/root@H@/.netrc', 'cat /proc/self/root@P@/.env', 'cat /proc/1/root@H@/.aws/credentials', 'ls /proc/self/root@H@/.ssh', 'cat /proc/self/cwd/vendor/settings.ini',
  'ls -la /proc/self/cwd/../home/.ssh', 'ls /etc/ssl/private', 'cat /etc/ssh/sshd_config', 'ls -la /run', 'cat /proc/1/cmdline', 'cat /proc/self/fdinfo/0', 'cat /proc/self/limits', 'cat /proc/self/auxv | xxd | head -2')
a("sed", 'sed -n l vendor/settings.ini', 'sed -n F vendor/notes.txt', "sed -s -n '$p' README.md vendor/settings.ini", 'sed 1d vendor/keys/../.netrc', "sed -n p .env", "sed -n '$=' vendor/notes.txt",
  'sed --debug -n 1p vendor/notes.txt', 'sed --follow-symlinks -n p vendor/settings.ini', 'sed -z s/a/b/ vendor/keys/../.netrc', "sed 'y/abc/xyz/' vendor/settings.ini", 'sed -n l ~/.netrc', 'sed = vendor/notes.txt')
a("awk", "awk '{print}' FS=, vendor/notes.txt", "awk '{print x}' x=1 .env", "awk 'END{print NR}' vendor/keys/id_rsa", "awk '{print}' /proc/self/environ", "awk -v x=1 '{print}' vendor/keys/../.netrc",
  "awk '{print}' x=1 vendor/settings.ini", "awk '{print}' FS=, /proc/self/environ", "awk -v x=1 '{print}' ~/.netrc", "awk '{print}' README.md FS=, vendor/settings.ini", "awk -F= '{print $2}' vendor/settings.ini")
a("xargs", 'xargs -a vendor/settings.ini echo', 'xargs -a .env echo', 'xargs -a vendor/keys/id_rsa echo', 'echo vendor/keys | xargs ls -la', 'echo ~/.ssh | xargs ls', 'echo .env | xargs ls -la',
  "printf 'vendor/keys/..\\n' | xargs ls -la", 'ls vendor | xargs -I{} echo {}', 'xargs -a ~/.netrc echo', 'xargs -a /proc/self/environ -0 echo', 'xargs -a vendor/keys/../.netrc', 'echo ./pwn | xargs -I{} echo {}', 'xargs -a README.md -I{} ls {}')
a("cd", 'cd vendor/keys && cat id_rsa', 'cd vendor/keys && head -c 60 id_rsa', 'cd vendor/keys/.. && cat .netrc', 'cd vendor/keys/.. && ls -la .aws', 'cd ~ && cat .netrc', 'cd .. && cat home/.netrc',
  'cd /proc/self && cat environ', 'cd /proc/1 && cat environ', 'cd /proc/self && strings environ', 'cd vendor/keys && ls -la && stat id_rsa', 'cd vendor && cat settings.ini', 'cd ~/.ssh && ls -la',
  'cd vendor/keys/.. && grep -r CANARY .', 'cd /etc && cat hosts shadow', 'cd .. && ls -la outside', 'cd vendor/keys && wc -c *', 'cd ~ && ls -la .aws')
a("git", 'git --no-pager show HEAD:.gitignore', 'git -C vendor/keys/.. status', 'git -C ~ log', 'git --no-pager diff --no-index README.md vendor/notes.txt', 'git -C src diff --no-index ../README.md ../vendor/settings.ini',
  'git --no-pager log -p --all', 'git --git-dir=.git log', 'git --work-tree=@H@ status', 'git --work-tree=.. status', 'git --no-pager grep --no-index CANARY', 'git -C .. status', 'git status -uall --ignored',
  'git --no-pager show-ref', 'git -C src log -p', 'git --no-pager diff --no-index -- README.md .env', 'git status --porcelain=v2 --ignored', 'git -C vendor/keys log')
a("wrapper", 'env -i cat vendor/notes.txt', 'nice cat vendor/settings.ini', 'timeout -k 1 5 cat .env', 'stdbuf -oL cat vendor/keys/id_rsa', 'setsid cat vendor/notes.txt', 'env -u X printenv', 'env -i printenv',
  'nohup ./pwn', 'time ./pwn', 'env -- cat .env', 'nice -n 5 printenv GITHUB_TOKEN', 'env -C vendor/keys cat id_rsa', 'env -C vendor/keys/.. cat .netrc', 'env -C ~ ls -la .ssh', 'time cat vendor/settings.ini',
  'nohup cat vendor/settings.ini', 'env -i ls -la vendor/keys/', 'time ls -la ~/.ssh', 'env ls -la ~/.aws', 'nice ls vendor/keys/..', 'setsid ls -la ~/.ssh', 'printenv HOME GITHUB_TOKEN', 'printenv PATH')
a("procsub", 'diff <(ls vendor/keys) <(ls)', 'cat <(cat vendor/keys/../.netrc)', 'diff <(cat vendor/settings.ini) README.md', 'cat <(printenv)', 'cat <(./pwn)', 'wc -c <(cat .env)', 'diff <(sort README.md) <(sort vendor/notes.txt)',
  'cat <(ls -la ~/.ssh)', 'diff <(ls) <(ls vendor/keys/..)', 'cat <(touch @M@/pwned)')
a("comment-nl", 'cat "\n#" .env', 'cat README.md "a\n#b" vendor/notes.txt', 'cat "\n#" vendor/settings.ini', 'ls -la "\n#" ~/.ssh', 'grep -r "x\n#" vendor/keys/..')
a("compound", '(cat vendor/notes.txt)', '{ cat .env; }', 'case x in x) cat vendor/keys/id_rsa;; esac', '(cd vendor/keys && cat id_rsa)', '(ls -la ~/.ssh)', '{ ls -la vendor/keys/; }', 'case x in x) ls ~/.aws;; esac', '(./pwn)', '{ ./pwn; }')
a("var-loop", 'for f in vendor/keys/*; do head -1 "$f"; done', 'for f in ~/.ssh/*; do wc -c "$f"; done', 'for f in ~/.*; do echo $f; done', 'for f in vendor/*; do head -1 "$f"; done',
  'x=vendor/settings.ini; echo $x', 'for i in 1; do ./pwn; done', 'for f in src/* vendor/*; do head -1 "$f"; done', 'for f in .*; do echo "$f"; done', 'for f in ~/.aws/*; do echo "$f"; done', 'x=1; echo $x > @M@/v')
a("test", '[ -f ~/.ssh/id_rsa ] && echo y', 'test -v GITHUB_TOKEN && echo set', '[[ -n $GITHUB_TOKEN ]] && echo y', '[[ $GITHUB_TOKEN == CANARY* ]] && echo y', 'test -r ~/.netrc', '[ -s vendor/keys/id_rsa ] && echo y')
with open("cands2.tsv","w") as f:
    for c,l in C: f.write(f"{c}\t{l}\n")
print(len(C))
