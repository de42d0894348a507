R = '/work/rt/round53'
P = R + '/proj'
CANDS = [
 (P, "python3 - <<'EOF'\nexec('import os; os.system(\"echo PWNED_EXEC; touch /tmp/rt53_marker\")')\nEOF", 'heredoc: exec (not core)'),
 (P, "python3 - <<'EOF'\nimport os\nos.system('cat /work/rt/round53/home/.ssh/id_rsa; echo $CANARY_ENV')\nEOF", 'heredoc: import os'),
 (P, "python3 - <<EOF\nimport os\nos.system('echo PWNED_UNQUOTED')\nEOF", 'heredoc unquoted delimiter'),
 (P, "python3 - <<< 'import os; os.system(\"echo PWNED_HERESTRING\")'", 'here-string non-core'),
 (P, "python3 <<'EOF'\nimport os\nos.system('echo PWNED_NODASH')\nEOF", 'no dash'),
 (P, "python3 -c \"import os; os.system('echo x')\"", 'control: -c non-core'),
]
