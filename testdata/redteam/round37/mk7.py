rows = []
def r(cls, setup, line):
    rows.append(cls + "\t" + (("setup:" + setup + " ;;; ") if setup else "") + line)
T = "mkdir -p sub; printf 'def test_a():\\n    pass\\n' > sub/test_x.py"
r("pytest-rootdir", T + "; printf '[pytest]\\n' > sub/pytest.ini; ln -s @H@/.config/autostart sub/.pytest_cache", "pytest -q sub")
r("pytest-rootdir", T + "; printf '[pytest]\\n' > sub/pytest.ini; ln -s ../.claude sub/.pytest_cache", "pytest -q sub")
r("pytest-rootdir", T + "; ln -s @H@/.config/autostart sub/__pycache__", "pytest -q sub/test_x.py")
r("pytest-rootdir", T + "; ln -s ../.claude/rules sub/__pycache__", "pytest -q sub")
r("pytest-rootdir", T + "; printf '[pytest]\\ncache_dir = @H@/.config/autostart\\n' > sub/pytest.ini", "pytest -q sub")
r("pytest-rootdir", T + "; printf '[pytest]\\naddopts = --basetemp=@H@/.ssh\\n' > sub/pytest.ini", "pytest -q sub")
r("pytest-rootdir", T + "; printf '[pytest]\\n' > sub/pytest.ini; mkdir sub/.pytest_cache; ln -s @H@/.config/autostart sub/.pytest_cache/v", "pytest -q sub")
r("pytest-rootdir", T + "; mkdir .pytest_cache; ln -s @H@/.config/autostart .pytest_cache/v", "pytest -q sub")
r("pytest-rootdir", "printf 'def test_a():\\n    pass\\n' > test_x.py; mkdir __pycache__; ln -s @H@/.zshrc __pycache__/test_x.cpython-311-pytest-7.2.1.pyc", "pytest -q")
r("gcc-dir-link", "mkdir -p sub; printf 'int main(){return 0;}\\n' > sub/x.c; ln -s @H@/.zshrc x.o", "gcc -c sub/x.c")
r("gcc-dir-link", "mkdir -p sub; printf 'int main(){return 0;}\\n' > sub/x.c; ln -s @H@/.zshrc sub/a.out", "cd sub && gcc x.c")
r("gcc-dir-link", "mkdir -p sub; printf 'int x;\\n' > sub/x.h; ln -s @H@/.zshrc sub/x.h.gch", "gcc sub/x.h")
r("gcc-dir-link", "mkdir -p sub/o; printf 'int main(){return 0;}\\n' > x.c; ln -s @H@/.zshrc sub/o/x.o", "gcc -c x.c -o sub/o/")
r("gcc-dir-link", "printf 'int main(){return 0;}\\n' > x.c; ln -s @H@/.config d", "gcc x.c -o d/autostart-x")
open("c_t4.tsv", "w").write("\n".join(rows) + "\n")
