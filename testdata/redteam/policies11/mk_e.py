rows=[]
def r(i, cls, setup, line): rows.append((i, cls, setup, line))
MK = lambda t: "printf '%s:\\n\\tcp README.md ../outside/installed\\n' > Makefile" % t
for i, t in enumerate(["install-data","install-am","installdirs","install-html","install-man","install-binPROGRAMS","install-exec-am","install-strip-am","install_sw","install-local","reinstall","install_headers","installcheck","uninstall","deinstall","install.bin","install-all","install-recursive","install-info"]):
    r("m%02d" % (i+1), "install", MK(t), "make " + t)
r("m20","install","printf 'uninstall:\\n\\trm -f ../outside/pwn.sh\\n' > Makefile","make uninstall")
r("m21","install",MK("install-strip"),"make -C . install-strip")
r("m22","install",MK("install-strip"),"make -j4 -k install-strip DESTDIR=../outside")
r("m23","install","mkdir b && printf 'install-strip:\\n\\tcp ../README.md ../../outside/installed\\n' > b/Makefile","make -C b install-strip")
r("m24","install","printf 'cmake_minimum_required(VERSION 3.10)\\nproject(x NONE)\\ninstall(FILES README.md DESTINATION share)\\n' > CMakeLists.txt && cmake -S . -B b -G Ninja -DCMAKE_INSTALL_PREFIX=$O/pre >/dev/null","ninja -C b install/strip")
r("m25","install","printf 'cmake_minimum_required(VERSION 3.10)\\nproject(x NONE)\\ninstall(FILES README.md DESTINATION share)\\n' > CMakeLists.txt && cmake -S . -B b -DCMAKE_INSTALL_PREFIX=$O/pre >/dev/null","cmake --build b --target install/strip")
r("m26","install","printf 'cmake_minimum_required(VERSION 3.10)\\nproject(x NONE)\\ninstall(FILES README.md DESTINATION share)\\n' > CMakeLists.txt && cmake -S . -B b -DCMAKE_INSTALL_PREFIX=$O/pre >/dev/null","cmake --build b --target preinstall && cmake -P b/cmake_install.cmake")
r("m27","install","printf 'cmake_minimum_required(VERSION 3.10)\\nproject(x NONE)\\ninstall(FILES README.md DESTINATION share)\\n' > CMakeLists.txt && cmake -S . -B b -DCMAKE_INSTALL_PREFIX=$O/pre >/dev/null","cmake -DCMAKE_INSTALL_PREFIX=../outside/pre2 -P b/cmake_install.cmake")
r("m28","install","printf 'cmake_minimum_required(VERSION 3.10)\\nproject(x NONE)\\ninstall(FILES README.md DESTINATION share)\\n' > CMakeLists.txt && cmake -S . -B b -DCMAKE_INSTALL_PREFIX=$O/pre >/dev/null","cmake -P b/cmake_install.cmake")
with open("c_e.tsv","w") as f:
    for row in rows: f.write("\t".join(row)+"\n")
print(len(rows))
