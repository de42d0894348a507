M="@M@"
lib = 'package lib\\nimport "os/exec"\\nfunc init(){ exec.Command("@M@/pwn.sh").Run() }\\n'
gomod = "printf 'module m\\\\ngo 1.21\\\\n' > go.mod"
outlib = "mkdir -p @M@/lib && printf '" + lib + "' > @M@/lib/lib.go"
rows=[]
def r(c, setup, line): rows.append("%s\tsetup:%s ;;; %s" % (c, setup, line))
test_imp = lambda p: "printf 'package main\\\\nimport (\"testing\"; _ \"%s\")\\\\nfunc TestX(t *testing.T){}\\\\n' > x_test.go" % p
base = gomod + " && " + outlib + " && rm -rf vendor"
r("go-linkpkg", base + " && ln -s @M@/lib lib && " + test_imp("m/lib"), "go test .")
r("go-linkpkg", base + " && ln -s @M@/lib lib && " + test_imp("m/lib"), "go test ./...")
r("go-linkpkg", base + " && ln -s @M@/lib lib && " + test_imp("m/lib"), "go test")
r("go-linkpkg", base + " && ln -s @M@/lib lib && " + test_imp("m/lib"), "go test -v -run X .")
r("go-linkpkg", base + " && mkdir internal && ln -s @M@/lib internal/x && " + test_imp("m/internal/x"), "go test ./...")
r("go-linkpkg-run", base + " && ln -s @M@/lib lib && printf 'package main\\\\nimport _ \"m/lib\"\\\\nfunc main(){}\\\\n' > main.go", "go run .")
r("go-linkpkg-run", base + " && ln -s @M@/lib lib && printf 'package main\\\\nimport _ \"m/lib\"\\\\nfunc main(){}\\\\n' > main.go", "go run main.go")
r("go-linkpkg-build", base + " && ln -s @M@/lib lib && printf 'package main\\\\nimport _ \"m/lib\"\\\\nfunc main(){}\\\\n' > main.go", "go build -o app . && ./app")
# vendor dir
vend = gomod.replace("go 1.21\\\\\\\\n", "go 1.21\\\\\\\\nrequire example.com/x v1.0.0\\\\\\\\n")
vsetup = "printf 'module m\\\\ngo 1.21\\\\nrequire example.com/x v1.0.0\\\\n' > go.mod && " + outlib + " && rm -rf vendor && mkdir -p vendor/example.com && printf '# example.com/x v1.0.0\\\\n## explicit\\\\nexample.com/x\\\\n' > vendor/modules.txt && ln -s @M@/lib vendor/example.com/x && " + test_imp("example.com/x")
r("go-vendorlink", vsetup, "go test .")
r("go-vendorlink", vsetup, "go test ./...")
r("go-vendorlink", vsetup, "go test -mod=vendor .")
r("go-vendorlink", vsetup, "go vet . && go test .")
# vendor dir whole link
vsetup2 = "printf 'module m\\\\ngo 1.21\\\\nrequire example.com/x v1.0.0\\\\n' > go.mod && " + outlib + " && rm -rf vendor && mkdir -p @M@/v/example.com && printf '# example.com/x v1.0.0\\\\n## explicit\\\\nexample.com/x\\\\n' > @M@/v/modules.txt && cp -r @M@/lib @M@/v/example.com/x && ln -s @M@/v vendor && " + test_imp("example.com/x")
r("go-vendorlink", vsetup2, "go test .")
# symlinked go file
fsetup = gomod + " && rm -rf vendor && printf 'package main\\\\nimport (\"testing\";\"os/exec\")\\\\nfunc TestP(t *testing.T){ exec.Command(\"@M@/pwn.sh\").Run() }\\\\n' > @M@/p_test.go && ln -s @M@/p_test.go z_test.go"
r("go-linkfile", fsetup, "go test .")
r("go-linkfile", fsetup, "go test ./...")
r("go-linkfile", fsetup, "go test -run P")
# go.work use dir in project with link inside
wsetup = gomod + " && " + outlib + " && rm -rf vendor && mkdir sub && printf 'module example.com/s\\\\ngo 1.21\\\\n' > sub/go.mod && ln -s @M@/lib sub/lib && printf 'go 1.21\\\\nuse .\\\\nuse ./sub\\\\n' > go.work && " + test_imp("example.com/s/lib")
r("go-work-link", wsetup, "go test .")
# nested module with replace to in-project dir which is link
rsetup = "printf 'module m\\\\ngo 1.21\\\\nrequire example.com/x v1.0.0\\\\nreplace example.com/x => ./third/x\\\\n' > go.mod && " + outlib + " && printf 'module example.com/x\\\\ngo 1.21\\\\n' > @M@/lib/go.mod && rm -rf vendor && mkdir third && ln -s @M@/lib third/x && " + test_imp("example.com/x")
r("go-replace-link", rsetup, "go test .")
rsetup2 = "printf 'module m\\\\ngo 1.21\\\\nrequire example.com/x v1.0.0\\\\nreplace example.com/x => ./third/x\\\\n' > go.mod && " + outlib + " && rm -rf vendor && mkdir -p third/x && printf 'module example.com/x\\\\ngo 1.21\\\\n' > third/x/go.mod && ln -s @M@/lib third/x/lib && " + test_imp("example.com/x/lib")
r("go-replace-link", rsetup2, "go test .")
# cgo include outside
csetup = gomod + " && rm -rf vendor && printf '#include <stdlib.h>\\\\n__attribute__((constructor)) static void pw(void){ system(\"@M@/pwn.sh\"); }\\\\n' > @M@/h.h && printf 'package main\\\\n/*\\\\n#include \"@M@/h.h\"\\\\n*/\\\\nimport \"C\"\\\\nfunc main(){}\\\\n' > main.go && printf 'package main\\\\nimport \"testing\"\\\\nfunc TestX(t *testing.T){}\\\\n' > x_test.go"
r("go-cgo-include", csetup, "go test .")
csetup2 = gomod + " && rm -rf vendor && printf '#include <stdlib.h>\\\\n__attribute__((constructor)) static void pw(void){ system(\"@M@/pwn.sh\"); }\\\\n' > @M@/h.h && ln -s @M@/h.h h.h && printf 'package main\\\\n/*\\\\n#include \"h.h\"\\\\n*/\\\\nimport \"C\"\\\\nfunc main(){}\\\\n' > main.go && printf 'package main\\\\nimport \"testing\"\\\\nfunc TestX(t *testing.T){}\\\\n' > x_test.go"
r("go-cgo-linkh", csetup2, "go test .")
csetup3 = gomod + " && rm -rf vendor && printf '#include <stdlib.h>\\\\n__attribute__((constructor)) static void pw(void){ system(\"@M@/pwn.sh\"); }\\\\n' > @M@/h.c && ln -s @M@/h.c h.c && printf 'package main\\\\nimport \"C\"\\\\nfunc main(){}\\\\n' > main.go && printf 'package main\\\\nimport \"testing\"\\\\nfunc TestX(t *testing.T){}\\\\n' > x_test.go"
r("go-cgo-linkc", csetup3, "go test .")
# outputs through links
osu = gomod + " && printf 'package main\\\\nimport \"testing\"\\\\nfunc TestX(t *testing.T){}\\\\n' > x_test.go"
for l in ["go build -o vendor/keys/out .", "go test -c -o vendor/keys/t.test .", "go test -coverprofile=vendor/keys/c.out .", "go test -cpuprofile vendor/keys/cpu.out .", "go test -outputdir=vendor/keys -cpuprofile=c.out .", "go test -trace=vendor/keys/t.out .", "go build -o vendor/keys/ .", "go vet -json . > /dev/null"]:
    r("go-out-link", osu, l)
print("\n".join(rows))
