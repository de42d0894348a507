#!/bin/bash
# Finding 1 by hand: go vet prints a home secret through a cgo #include (fake home).
set -e
W=/work/rt/round18/scratch/cgo-repro; rm -rf $W; mkdir -p $W/home/.ssh $W/home/.aws $W/proj; cd $W
printf '[default]\naws_secret_access_key = CANARY_AWS_5\n' > home/.aws/credentials
printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU+CANARY/IDRSA4=\n-----END OPENSSH PRIVATE KEY-----\n' > home/.ssh/id_rsa
cd proj; printf 'module p\n\ngo 1.22\n' > go.mod
cat > aws.go <<X
package main

// #define default 0
// int a[] = {
// #include "$W/home/.aws/credentials"
// };
import "C"

func main() {}
X
mkdir k; cat > k/k.go <<X
package k

// #define BEGIN
// #define END
// #define OPENSSH
// #define PRIVATE
// #define KEY
// void f(void) {
// #include "$W/home/.ssh/id_rsa"
// ;}
import "C"
X
HOME=$W/home go vet ./... 2>&1 | grep -n CANARY || true
