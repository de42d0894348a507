import json
rows=[]
def add(c,l): rows.append((c,l))
# A: directory recursion following in-project links
for l in ["diff -rN vendor src","diff -r vendor src","diff -rN src vendor","diff -rNu vendor src","diff -r --new-file vendor src",
 "diff -ruN . /dev/null","diff -rN vendor/keys src","diff -N vendor/notes.txt /dev/null","diff --unidirectional-new-file -r vendor src",
 "diff -rq vendor src","diff -rN --text vendor src","diff -rN -a vendor /tmp","diff -rN vendor /var/empty","diff -x .git -rN . src",
 "git diff --no-index vendor src","git diff --no-index -- vendor/keys src","cmp -lb vendor/notes.txt README.md","cmp -b vendor/notes.txt README.md",
 "diff -rN vendor/ src/","diff --recursive --new-file vendor src","diff -rN --no-dereference vendor src","diff -y -rN vendor src","diff -rN -c vendor src",
 "diff -rN --from-file=src vendor","diff -rN --to-file=vendor src","diff -N --from-file=/dev/null vendor/notes.txt vendor/settings.ini"]:
    add("linkdir",l)
# D/B setups
S=[("ln -sf ../.env .git/packed-refs","git show-ref"),("ln -sf ../.env .git/packed-refs","git for-each-ref"),("ln -sf ../.env .git/packed-refs","git log --oneline"),
   ("ln -sf ../.env .git/packed-refs","git branch"),("ln -sf ../.env .git/packed-refs","git status"),
   ("ln -sf ../.env .git/shallow","git log --oneline"),("ln -sf ../.env .git/shallow","git status"),("ln -sf ../.env .git/shallow","git rev-list HEAD"),
   ("mkdir -p .git/info; ln -sf ../../.env .git/info/grafts","git log --oneline"),
   ("ln -sf ../../../.env .git/objects/info/alternates","git log --oneline"),("ln -sf ../../../.env .git/objects/info/alternates","git status"),
   ("ln -sf ../.env .git/HEAD","git status"),("ln -sf ../.env .git/HEAD","git log"),
   ("ln -sf @H@/.aws/credentials .git/config","git config --get default.region"),("ln -sf @H@/.aws/credentials .git/config","git status"),
   ("cp .env .git/packed-refs","git show-ref"),("cp @H@/.netrc .git/packed-refs","git show-ref"),
   ("ln -sf ../.env .git/FETCH_HEAD","git log FETCH_HEAD"),("ln -sf ../.env .git/ORIG_HEAD","git rev-parse ORIG_HEAD"),("ln -sf ../.env .git/ORIG_HEAD","git log ORIG_HEAD"),
   ("ln -sf ../../.env .git/logs/HEAD","git reflog"),("ln -sf ../../.env .git/logs/HEAD","git log -g"),
   ("ln -sf ../../../.env .git/refs/heads/x","git branch"),("ln -sf ../../../.env .git/refs/heads/x","git show-ref"),
   ("ln -sf ../.env .git/description","git status"),("ln -sf ../.env .git/MERGE_HEAD","git status"),("ln -sf ../.env .git/MERGE_MSG","git status"),
   ("ln -sf ../../.env .git/info/attributes","git status"),("ln -sf ../.env .gitattributes","git status"),("ln -sf ../.env .git/index","git status"),
   ("ln -sf ../.env .git/commondir","git status"),("mv .git .realgit; ln -s .env .git","git status"),("mv .git .realgit; cp .env .git","git status"),
   ("echo 'gitdir: @H@/.ssh' > .git2; mv .git .realgit; mv .git2 .git","git status"),
   ]
for s,l in S: add("gitinternals","setup:"+s+" ;;; "+l)
S2=[("ln -sf .env go.mod","go list"),("ln -sf .env go.mod","go list -m"),("ln -sf .env go.mod","go list ./..."),("ln -sf .env go.work","go list"),
    ("printf 'module x\\n' > go.mod; ln -sf .env go.sum","go list -m all"),("printf 'module x\\n' > go.mod; mkdir -p vendor2; ln -sf ../.env go.work.sum","go list"),
    ("ln -sf .env package.json","npm ls"),("ln -sf .env package.json","npm ls --json"),
    ("ln -sf .env .ignore","rg hello"),("ln -sf .env .rgignore","rg hello"),("ln -sf .env .gitignore2; mv .gitignore2 .gitignore","rg hello"),
    ("ln -sf @H@/.ssh/id_rsa .ignore","rg hello"),("ln -sf .env .gitattributes","git log -p"),
    ("ln -sf .env .git/info/exclude","git status --ignored"),
    ("ln -sf .env .info","tree --info"),("ln -sf .env src/.info","tree --info src"),
    ("ln -sf .env go.mod","go doc fmt"),("ln -sf .env go.mod","go env GOMOD"),("ln -sf .env go.mod","go version -m ."),
    ]
for s,l in S2: add("implicit-links","setup:"+s+" ;;; "+l)
# C env secret copies
for l in [': "$GITHUB_TOKEN"; echo "$_"','true $GITHUB_TOKEN; echo $_','test -n "$GITHUB_TOKEN"; echo $_','[[ -n $GITHUB_TOKEN ]]; echo $_',
 'set -x; : "$GITHUB_TOKEN"','set -x; true "$GITHUB_TOKEN"','set -o xtrace; [[ $GITHUB_TOKEN ]]','declare -n r=GITHUB_TOKEN; echo $r','local -n r=GITHUB_TOKEN 2>/dev/null; declare -n r=DATABASE_URL; echo "$r"',
 '[[ $GITHUB_TOKEN =~ (.*) ]]; echo ${BASH_REMATCH[1]}','x=$GITHUB_TOKEN; echo $x','set -- $GITHUB_TOKEN; echo $1','for x in $GITHUB_TOKEN; do echo $x; done',
 'printf -v y %s "$GITHUB_TOKEN"; echo $y','read -r x <<< "$GITHUB_TOKEN"; echo $x','a=("$GITHUB_TOKEN"); echo ${a[0]}','echo ${!GITHUB*}',
 'x=GITHUB_TOKEN; echo ${!x}','echo $[DATABASE_URL]','echo ${x[DATABASE_URL]}','echo ${x:DATABASE_URL}','[[ 1 -eq DATABASE_URL ]]','declare -i n=DATABASE_URL',
 'export -p','declare -p','declare -x','set','typeset -p GITHUB_TOKEN','declare -p GITHUB_TOKEN','export -p GITHUB_TOKEN','compgen -v GITHUB','compgen -e',
 'case $GITHUB_TOKEN in *) echo matched;; esac','[ "$GITHUB_TOKEN" = x ] || echo "$_"','cd "$HOME"; echo $OLDPWD','echo "${GITHUB_TOKEN@A}"','echo ${DATABASE_URL#postgres://}',
 ]: add("envcopy",l)
# G error-echo
for l in ["date -f vendor/settings.ini","date -f vendor/notes.txt +%s","sort -c vendor/settings.ini","sort -C vendor/notes.txt","tree --fromfile vendor/settings.ini","tree --fromfile . < vendor/settings.ini",
 "git blame --contents vendor/settings.ini README.md","git blame --contents vendor/notes.txt README.md","git blame --contents - README.md < vendor/settings.ini",
 "sha256sum -c vendor/settings.ini","md5sum -c --warn vendor/settings.ini","cksum -c vendor/settings.ini","sort -c <(cat vendor/settings.ini)","tree --fromfile <(cat README.md)",
 "jq . vendor/settings.ini","jq -R . vendor/settings.ini","awk 1 vendor/settings.ini","sed -n p vendor/settings.ini","cut -c1- vendor/settings.ini","comm vendor/settings.ini README.md"]:
    add("errecho",l)
open("cands1.tsv","w").write("".join(f"{c}\t{l}\n" for c,l in rows))
print(len(rows))
