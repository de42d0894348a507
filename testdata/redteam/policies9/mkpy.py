rows=[]
def r(c, s, l): rows.append("%s\tsetup:%s ;;; %s" % (c, s, l))
ev = "mkdir -p @M@/pl && printf 'import subprocess\\nsubprocess.run([\"@M@/pwn.sh\"])\\n' > @M@/pl/x.py && printf 'import subprocess\\nsubprocess.run([\"@M@/pwn.sh\"])\\n' > @M@/helpers.py && rm -rf vendor"
for d in ["build", "dist", "venv", "node_modules", "CVS", "_darcs"]:
    s = ev + " && ln -s @M@/pl %s && printf 'import %s.x\\ndef test_a(): pass\\n' > test_a.py" % (d, d)
    r("py-import-skipped-link", s, "pytest -q")
    r("py-import-skipped-link", s, "pytest -q test_a.py")
# pythonpath setting through link
for d in ["build", ".lib", "dist"]:
    s = ev + " && ln -s @M@/pl %s && printf '[pytest]\\npythonpath = %s\\n' > pytest.ini && printf 'import x\\ndef test_a(): pass\\n' > test_a.py" % (d, d)
    r("py-pythonpath-link", s, "pytest -q")
s = ev + " && mkdir .lib && ln -s @M@/helpers.py .lib/helpers.py && printf '[pytest]\\npythonpath = .lib\\n' > pytest.ini && printf 'import helpers\\ndef test_a(): pass\\n' > test_a.py"
r("py-pythonpath-link", s, "pytest -q")
s = ev + " && mkdir build && ln -s @M@/helpers.py build/helpers.py && printf '[pytest]\\npythonpath = build\\n' > pytest.ini && printf 'import helpers\\ndef test_a(): pass\\n' > test_a.py"
r("py-pythonpath-link", s, "pytest -q test_a.py")
# control: direct link module at root (walk sees)
s = ev + " && ln -s @M@/helpers.py helpers.py && printf 'import helpers\\ndef test_a(): pass\\n' > test_a.py"
r("py-control-rootlink", s, "pytest -q test_a.py")
print("\n".join(rows))
