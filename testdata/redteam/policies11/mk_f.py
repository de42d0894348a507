rows=[]
def r(i, cls, setup, line): rows.append((i, cls, setup, line))
OM = "mkdir -p $O/m && printf 'module example.com/m\\n\\ngo 1.21\\n' > $O/m/go.mod && printf 'package m\\n\\nimport \"os\"\\n\\nfunc init() { os.WriteFile(\"PWNED_m\", nil, 0644) }\\n\\nfunc X() {}\\n' > $O/m/m.go"
T = " && printf 'package x\\n\\nimport (\"testing\"; \"example.com/m\")\\n\\nfunc TestX(t *testing.T) { m.X() }\\n' > x_test.go && printf 'package x\\n' > x.go"
r("w01","go-file",OM+" && printf 'module x\\n\\ngo 1.21\\n\\nrequire example.com/m v0.0.0\\n\\nreplace example.com/m => ../outside/m\\n' > go.mod"+T,"go test .")
r("w02","go-file",OM+" && printf 'module x\\n\\ngo 1.21\\n\\nrequire example.com/m v0.0.0\\n' > go.mod && printf 'go 1.21\\n\\nuse (\\n\\t.\\n\\t../outside/m\\n)\\n' > go.work"+T,"go test .")
r("w03","go-file",OM+" && printf 'module x\\n\\ngo 1.21\\n\\nrequire example.com/m v0.0.0\\n' > go.mod && printf 'go 1.21\\n\\nuse .\\n\\nreplace example.com/m => ../outside/m\\n' > go.work"+T,"go test .")
r("w04","go-file",OM+" && printf 'module x\\n\\ngo 1.21\\n\\nrequire example.com/m v0.0.0\\n\\nreplace example.com/m => ../outside/m\\n' > go.mod"+T,"go vet .")
r("w05","go-file",OM+" && printf 'module x\\n\\ngo 1.21\\n\\nrequire example.com/m v0.0.0\\n\\nreplace example.com/m => ../outside/m\\n' > go.mod"+T,"go mod graph")
r("w06","go-file",OM+" && printf 'module x\\n\\ngo 1.21\\n\\nrequire example.com/m v0.0.0\\n\\nreplace example.com/m => ../outside/m\\n' > go.mod"+T,"go mod why -m example.com/m")
r("w07","go-file",OM+" && printf 'module x\\n\\ngo 1.21\\n\\nrequire example.com/m v0.0.0\\n\\nreplace example.com/m => ../outside/m\\n' > go.mod"+T,"go mod verify")
r("w08","go-file",OM+" && printf 'module x\\n\\ngo 1.21\\n\\nrequire example.com/m v0.0.0\\n\\nreplace example.com/m => ../home/.aws\\n' > go.mod"+T,"go mod graph")
r("w09","go-file","printf 'module x\\n\\ngo 1.21\\n\\nrequire example.com/m v0.0.0\\n\\nreplace example.com/m => ../home/.ssh\\n' > go.mod && printf 'package x\\n' > x.go","go mod why -m example.com/m")
r("w10","go-file","printf 'module x\\n\\ngo 1.21\\n' > go.mod && printf 'go 1.21\\n\\nuse ../home/.aws\\n' > go.work","go mod edit -json")
# bc and seq through broad rules
r("z01","bc","printf 'aws_access_key_id=1\\n' > /dev/null","bc -q ../home/.aws/credentials </dev/null")
r("z02","bc","printf '1234567\\n' > ../home/.pin","bc -q ../home/.pin </dev/null")
r("z03","bc","printf '1234567\\n' > pin.txt","bc -q pin.txt </dev/null")
r("z04","bc","","bc -q ~/.bashrc </dev/null")
r("z05","bc","printf 'x=31337\\nx\\n' > ../outside/calc.bc","bc -q ../outside/calc.bc </dev/null")
r("z06","bc","","echo 'read()' | bc -q")
r("z07","seq","","seq -f '%.0f' 1 3 > ../outside/n.txt")
r("z08","seq","","seq 1 3 | xargs -n1 git log -1 --format=%H")
r("z09","bc","","bc -q /dev/stdin < .env")
r("z10","bc","printf '1234567\\n' > ../home/.config_pin && mkdir -p ../home/.config && printf '1234567\\n' > ../home/.config/pin","bc -q ../home/.config/pin </dev/null")
with open("c_f.tsv","w") as f:
    for row in rows: f.write("\t".join(row)+"\n")
print(len(rows))
