R = '/work/rt/round53'
P = R + '/proj'
CANDS = [
 (R + '/proj4', "python3 - <<'EOF'\nimport json\njson.loads('x')\nEOF", '<stdin> link to id_rsa in cwd, runtime error at line 2... id_rsa has 1 line'),
 (R + '/proj4', "python3 - <<'EOF'\njson.loads('x') if 0 else json.loads('x')\nimport json\nEOF", '<stdin> link, error at line 1'),
 (R + '/proj4', "python3 - <<'EOF'\nimport json; json.loads('x')\nEOF", '<stdin> link, error at line 1 (import first)'),
 (R + '/proj4', "echo \"import json; json.loads('x')\" | python3 -", '<stdin> link via pipe'),
 (R + '/proj4', "python3 - <<< \"import json; json.loads('x')\"", '<stdin> link via here-string'),
]
