#!/bin/sh
# Round 53 red team setup: scratch home and projects.
R=/work/rt/round53
mkdir -p $R/home/.ssh $R/home/.aws $R/proj $R/gomod $R/pyproj
echo "CANARY_SSH_53" > $R/home/.ssh/id_rsa
printf '[default]\naws_secret_access_key = CANARY_AWS_53\n' > $R/home/.aws/credentials
echo "SECRET=CANARY_DOTENV_53" > $R/proj/.env
echo "SECRET=CANARY_DOTENV_53" > $R/gomod/.env
echo "SECRET=CANARY_DOTENV_53" > $R/pyproj/.env
echo 'hello' > $R/proj/data.txt
cat > $R/gomod/go.mod <<'G'
module example.com/m

go 1.21
G
cat > $R/gomod/main.go <<'G'
package main

func main() {}
G
# python: file named <unknown> (ast.parse's default filename) and <string> linked to a secret
mkdir -p $R/proj2 $R/proj3
ln -sfn ../home/.ssh/id_rsa "$R/proj2/<unknown>"
ln -sfn ../home/.ssh/id_rsa "$R/proj3/<string>"
# go: projects with links to secrets
mkdir -p $R/go1/r $R/go2 $R/go3 $R/go4/vendor $R/go5 $R/go6/r $R/go7 $R/go8
printf 'module example.com/m\n\ngo 1.21\n\nrequire example.com/x v0.0.0\n\nreplace example.com/x => ./r\n' > $R/go1/go.mod
ln -sfn ../../home/.ssh/id_rsa $R/go1/r/go.mod
ln -sfn ../home/.ssh/id_rsa $R/go2/go.mod
cp $R/gomod/go.mod $R/go3/go.mod; ln -sfn ../home/.aws/credentials $R/go3/go.sum; ln -sfn ../home/.ssh/id_rsa $R/go3/other.mod
printf 'module example.com/m\n\ngo 1.21\n\nrequire example.com/x v0.0.0\n' > $R/go4/go.mod; ln -sfn ../../home/.ssh/id_rsa $R/go4/vendor/modules.txt
printf 'module example.com/m\n\ngo 1.21\n\ntoolchain go1.99.0\n' > $R/go5/go.mod
printf 'module example.com/m\n\ngo 1.99\n' > $R/go7/go.mod
cp $R/gomod/go.mod $R/go6/go.mod; printf 'go 1.21\n\nuse ./r\n' > $R/go6/go.work; ln -sfn ../../home/.ssh/id_rsa $R/go6/r/go.mod
printf 'module example.com/m\n\ngo 1.21\n\nrequire example.com/x v0.0.0\n\nreplace example.com/x => ../home/.ssh\n' > $R/go8/go.mod
ln -sfn ../home/.ssh/id_rsa $R/proj/key.bc
echo '1+2' > $R/proj/calc.bc
# go9: clean module, other.mod/other.work/goenv linked to a secret
mkdir -p $R/go9; cp $R/gomod/go.mod $R/go9/go.mod
ln -sfn ../home/.ssh/id_rsa $R/go9/other.mod; ln -sfn ../home/.ssh/id_rsa $R/go9/other.work; ln -sfn ../home/.ssh/id_rsa $R/go9/goenv
# py4: a json package reached through a directory link; py5: a namespace dir json; py6 a json/__init__.py in a subdir linked
mkdir -p $R/py4/lib/json $R/py5/json
echo 'print("PWNED_PROJECT_CODE")' > $R/py4/lib/json/__init__.py; ln -sfn lib/json $R/py4/json
echo 'print("PWNED_NS")' > $R/py5/json/decoder.py
mkdir -p $R/py6/lib; echo 'print("PWNED_LINKED_FILE")' > $R/py6/lib/x.txt; ln -sfn lib/x.txt $R/py6/re.py
mkdir -p $R/fifo1 $R/fifo2; cp $R/gomod/go.mod $R/fifo1/; mkfifo $R/fifo1/f $R/fifo2/go.mod 2>/dev/null
mkdir -p $R/proj4; ln -sfn ../home/.ssh/id_rsa "$R/proj4/<stdin>"
