R = '/work/rt/round53'
P = R + '/proj'
F1 = R + '/fifo1'
CANDS = [
 (F1, "python3 -c \"print(open('f').read())\"", 'open FIFO (guard hang?)'),
 (F1, "bc f", 'bc FIFO'),
 (F1, "go mod edit -json f", 'go mod edit FIFO'),
 (R + '/fifo2', "go mod graph", 'go.mod is FIFO'),
 (R + '/go7', "go mod graph", 'go 1.99 with GOTOOLCHAIN=auto in env', {'GOTOOLCHAIN': 'auto'}),
 (R + '/go5', "go mod graph", 'toolchain go1.99.0 with GOTOOLCHAIN=auto in env', {'GOTOOLCHAIN': 'auto'}),
 (R + '/go5', "go mod verify", 'toolchain go1.99.0 verify GOTOOLCHAIN=auto', {'GOTOOLCHAIN': 'auto'}),
 (R + '/go9', "go mod why -m /etc", 'why operand abs'),
 (R + '/go9', "go mod why ../go2/...", 'why operand ../'),
 (R + '/go9', "go mod edit -json ../gomod/go.mod", 'edit -json ../ file outside project'),
 (P, "python3 -c \"import ast; ast.parse('(', filename='/proc/self/environ')\"", 'environ first var (env order: CANARY_ENV first)', {'CANARY_ENV': 'CANARY_ENV_53'}),
]
