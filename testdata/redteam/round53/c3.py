R = '/work/rt/round53'
P = R + '/proj'
G9 = R + '/go9'
CANDS = [
 (G9, "go mod graph", 'go9 plain'),
 (G9, "GOFLAGS=-modfile=other.mod go mod graph", 'GOFLAGS -modfile link'),
 (G9, "GOWORK=other.work go mod graph", 'GOWORK link'),
 (G9, "GOENV=goenv go mod graph", 'GOENV link'),
 (G9, "go mod graph -modfile=other.mod", '-modfile flag'),
 (G9, "go -C ../go2 mod graph", '-C to go.mod link'),
 (G9, "go mod graph -x", '-x'),
 (G9, "GOTOOLCHAIN=go1.99.0 go mod graph", 'GOTOOLCHAIN'),
 (G9, "GOFLAGS=-mod=mod go mod why -m all", 'GOFLAGS -mod=mod'),
 (G9, "go mod why -m all", 'why all'),
 (G9, "go mod verify", 'verify'),
 (G9, "go mod edit -json other.mod", 'edit other.mod link'),
 (G9, "go mod edit -print /dev/stdin < other.mod", 'edit /dev/stdin'),
 (G9, "go mod edit -fmt", 'edit -fmt (write)'),
 (G9, "go mod edit -json -modfile=other.mod", 'edit -json -modfile'),
 (G9, "go mod why -m -vendor all", 'why -vendor'),
 (G9, "go mod graph -go=1.21", 'graph -go'),
 (G9, "GOPROXY=file:///work/rt/round53/home go mod graph", 'GOPROXY'),
 (R + '/py4', "python3 -c \"import json; print(1)\"", 'json dir link -> lib/json with __init__.py'),
 (R + '/py5', "python3 -c \"import json; print(1)\"", 'namespace dir json/decoder.py'),
 (R + '/py6', "python3 -c \"import json; print(1)\"", 're.py link to txt'),
 (P, "python3 -c \"import ast; ast.parse('(', filename='/work/rt/round53/go9/other.mod')\"", 'ast.parse filename link to secret in project'),
 (P, "python3 -c \"import ast; ast.parse('x\\n' * 5 + '(', filename='/etc/passwd')\"", 'ast.parse any line of any file'),
]
