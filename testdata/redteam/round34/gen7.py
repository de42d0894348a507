rows=[]
def r(cls,setup,line): rows.append(f"{cls}\tsetup:{setup} ;;; {line}")
CM="rm -rf vendor && printf 'cmake_minimum_required(VERSION 3.10)\\nproject(p C)\\nadd_executable(x x.c)\\n' > CMakeLists.txt && printf 'int main(){return 0;}\\n' > x.c"
for ln,k in [("ln -s","sym"),("ln","hard")]:
    L=ln+" @H@/.bashrc "
    r(f"B-cmake-configurelog-{k}", CM+" && mkdir -p build/CMakeFiles && "+L+"build/CMakeFiles/CMakeConfigureLog.yaml", "cmake -S . -B build")
    r(f"B-cmake-output-log-{k}", CM+" && mkdir -p build/CMakeFiles && "+L+"build/CMakeFiles/CMakeOutput.log", "cmake -S . -B build")
    r(f"B-cmake-compdb-{k}", CM+" && mkdir -p build && "+L+"build/compile_commands.json", "cmake -S . -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON")
    r(f"B-ninja-log-{k}", "rm -rf vendor && printf 'int main(){return 0;}\\n' > x.c && printf 'rule cc\\n  command = gcc -c $in -o $out\\nbuild x.o: cc x.c\\n' > build.ninja && printf '# ninja log v5\\n' >> @H@/.bashrc && "+L+".ninja_log", "ninja")
    r(f"B-ninja-deps-{k}", "rm -rf vendor && printf 'int main(){return 0;}\\n' > x.c && printf 'rule cc\\n  command = gcc -MD -MF x.d -c $in -o $out\\n  deps = gcc\\n  depfile = x.d\\nbuild x.o: cc x.c\\n' > build.ninja && "+L+".ninja_deps", "ninja")
    r(f"B-gcc-savetemps-obj-{k}", "rm -rf vendor && printf 'int main(){return 0;}\\n' > x.c && mkdir -p o && "+L+"o/x.i", "gcc --save-temps -c x.c -o o/x.o")
    r(f"B-gcc-optrec-o-{k}", "rm -rf vendor && printf 'int main(){return 0;}\\n' > x.c && mkdir -p o && "+L+"o/x.c.opt-record.json.gz", "gcc -fsave-optimization-record -c x.c -o o/x.o")
# git fetch: loose objects into a linked fan-out directory (tp)
r("G-fetch-loose-fanout", "mkdir -p @M@/r && git -C @M@/r init -q && echo hi > @M@/r/f && git -C @M@/r add . && git -C @M@/r -c user.email=a@b -c user.name=a commit -qm x && git remote add o @M@/r && for o in $(git -C @M@/r rev-list --objects --all | cut -c1-2); do [ -e .git/objects/$o ] || ln -s @M@ .git/objects/$o; done", "git fetch o")
r("G-fetch-loose-fanout-objdir", "mkdir -p @M@/r && git -C @M@/r init -q && echo hi > @M@/r/f && git -C @M@/r add . && git -C @M@/r -c user.email=a@b -c user.name=a commit -qm x && git remote add o @M@/r && mkdir -p .git/objects/zz && for o in $(git -C @M@/r rev-list --objects --all | cut -c1-2); do [ -e .git/objects/$o ] || { mkdir -p @M@/fo/$o; ln -s ../../.git/objects/zz .git/objects/$o 2>/dev/null; }; done", "git fetch o")
open("g7.tsv","w").write("\n".join(rows)+"\n")
print(len(rows))
