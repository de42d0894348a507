rows=[]
def r(c, s, l): rows.append("%s\tsetup:%s ;;; %s" % (c, s, l))
mk = "printf 'all:\\n\\t@M@/pwn.sh\\n' > @M@/Makefile && cp @M@/Makefile @M@/ext.mk"
r("make-linkfile", mk + " && ln -s @M@/Makefile Makefile", "make")
r("make-linkfile", mk + " && ln -s @M@/Makefile Makefile", "make all")
r("make-linkfile", mk + " && ln -s @M@/Makefile makefile", "make -s")
r("make-linkfile", mk + " && ln -s @M@/Makefile GNUmakefile", "make -j2")
r("make-linkfile", mk + " && mkdir sub && ln -s @M@/Makefile sub/Makefile", "make -C sub")
r("make-linkfile", mk + " && ln -s @M@/Makefile build.mk", "make -f build.mk")
r("make-include-link", mk + " && ln -s @M@/ext.mk ext.mk && printf 'include ext.mk\\n' > Makefile", "make")
r("make-include-link", mk + " && mkdir mk && ln -s @M@/ext.mk mk/ext.mk && printf -- '-include mk/ext.mk\\n' > Makefile", "make")
r("make-include-link", mk + " && ln -s @M@ mk && printf 'include mk/ext.mk\\n' > Makefile", "make")
r("make-include-abs", mk + " && printf 'include @M@/ext.mk\\n' > Makefile", "make")
r("make-include-link", mk + " && ln -s @M@/ext.mk ext.mk && printf 'sinclude ext.mk\\n' > Makefile", "make all")
r("make-include-link", mk + " && ln -s @M@/ext.mk ext.mk && printf 'MAKEFILES=ext.mk\\nall:\\n\\ttrue\\n' > Makefile", "make")
# cmake
cm = "mkdir -p @M@/cm && printf 'execute_process(COMMAND @M@/pwn.sh)\\n' > @M@/cm/CMakeLists.txt && cp @M@/cm/CMakeLists.txt @M@/x.cmake"
r("cmake-linkfile", cm + " && ln -s @M@/cm/CMakeLists.txt CMakeLists.txt", "cmake -S . -B build")
r("cmake-linkfile", cm + " && ln -s @M@/cm/CMakeLists.txt CMakeLists.txt", "cmake .")
r("cmake-include-link", cm + " && ln -s @M@/x.cmake x.cmake && printf 'cmake_minimum_required(VERSION 3.10)\\nproject(p NONE)\\ninclude(x.cmake)\\n' > CMakeLists.txt", "cmake -S . -B build")
r("cmake-include-link", cm + " && ln -s @M@/cm ext && printf 'cmake_minimum_required(VERSION 3.10)\\nproject(p NONE)\\nadd_subdirectory(ext)\\n' > CMakeLists.txt", "cmake -S . -B build")
r("cmake-include-abs", cm + " && printf 'cmake_minimum_required(VERSION 3.10)\\nproject(p NONE)\\ninclude(@M@/x.cmake)\\n' > CMakeLists.txt", "cmake -S . -B build")
# ninja
r("ninja-linkfile", "printf 'rule r\\n  command = @M@/pwn.sh\\nbuild all: r\\n' > @M@/build.ninja && ln -s @M@/build.ninja build.ninja", "ninja")
r("ninja-include-link", "printf 'rule r\\n  command = @M@/pwn.sh\\nbuild all: r\\n' > @M@/x.ninja && ln -s @M@/x.ninja x.ninja && printf 'include x.ninja\\n' > build.ninja", "ninja")
# pytest conftest / init links with file operand
pe = "rm -rf vendor && printf 'import subprocess\\nsubprocess.run([\"@M@/pwn.sh\"])\\n' > @M@/c.py"
r("py-conftest-link", pe + " && ln -s @M@/c.py conftest.py && printf 'def test_a(): pass\\n' > test_a.py", "pytest -q test_a.py")
r("py-conftest-link", pe + " && ln -s @M@/c.py conftest.py && printf 'def test_a(): pass\\n' > test_a.py", "pytest -q")
r("py-conftest-link", pe + " && mkdir tests && ln -s @M@/c.py tests/conftest.py && printf 'def test_a(): pass\\n' > tests/test_a.py", "pytest -q tests/test_a.py")
r("py-conftest-link", pe + " && mkdir tests && ln -s @M@/c.py tests/conftest.py && printf 'def test_a(): pass\\n' > tests/test_a.py", "pytest -q tests/test_a.py::test_a")
r("py-init-link", pe + " && mkdir tests && ln -s @M@/c.py tests/__init__.py && printf 'def test_a(): pass\\n' > tests/test_a.py", "pytest -q tests/test_a.py")
r("py-import-link", pe + " && mkdir tests && ln -s @M@/c.py tests/helpers.py && printf 'from . import helpers\\ndef test_a(): pass\\n' > tests/test_a.py && touch tests/__init__.py", "pytest -q tests/test_a.py")
r("py-import-link", pe + " && ln -s @M@/c.py helpers.py && printf 'import helpers\\ndef test_a(): pass\\n' > test_a.py", "pytest -q test_a.py -k a")
r("py-import-link", pe + " && ln -s @M@/c.py helpers.py && printf 'import helpers\\ndef test_a(): pass\\n' > test_a.py", "pytest test_a.py::test_a")
r("py-import-link", pe + " && mkdir -p src/pkg && ln -s @M@/c.py src/pkg/__init__.py && mkdir tests && printf 'import sys; sys.path.insert(0, \"src\")\\nimport pkg\\ndef test_a(): pass\\n' > tests/test_a.py", "pytest -q tests")
print("\n".join(rows))
