S="rm -rf vendor && printf 'int main(){return 0;}\\n' > "
H="rm -rf vendor && printf 'int f(void);\\n' > "
rows=[]
def r(cls,setup,line): rows.append(f"{cls}\tsetup:{setup} ;;; {line}")
for ln in ["ln -s","ln"]:
    k="sym" if ln=="ln -s" else "hard"
    L=ln+" @H@/.bashrc "
    r(f"B-gcc-xc-S-{k}", S+"x.txt && "+L+"x.s", "gcc -x c -S x.txt")
    r(f"B-gpp-cp-S-{k}", S+"x.cp && "+L+"x.s", "g++ -S x.cp")
    r(f"B-gpp-CPP-S-{k}", S+"x.CPP && "+L+"x.s", "g++ -S x.CPP")
    r(f"B-gcc-xc-S-nosuf-{k}", S+"x && "+L+"x.s", "gcc -x c -S x")
    r(f"B-gcc-xcpphdr-{k}", H+"x.txt && "+L+"x.txt.gch", "g++ -x c++-header x.txt")
    r(f"B-gcc-xchdr-c-{k}", H+"x.inc && "+L+"x.inc.gch", "gcc -x c-header -c x.inc")
    r(f"B-gcc-dr-{k}", S+"x.c && "+L+"x.c.253r.expand", "gcc -dr -c x.c")
    r(f"B-gcc-savetemps2-s-{k}", S+"x.c && "+L+"x.s", "gcc --save-temps -c x.c")
    r(f"B-gcc-savetemps-cwd-{k}", S+"x.c && "+L+"x.i", "gcc --save-temps=cwd -c x.c")
    r(f"B-gcc-optrec-S-{k}", S+"x.c && "+L+"x.c.opt-record.json.gz", "gcc -O2 -fsave-optimization-record -S x.c")
    r(f"B-gcc-da-aout-{k}", S+"x.c && "+L+"a-x.c.253r.expand", "gcc -da x.c")
    r(f"B-gcc-hdr-upper-{k}", H+"x.H && "+L+"x.H.gch", "g++ x.H")
    r(f"B-gcc-hdr-hh-{k}", H+"x.hh && "+L+"x.hh.gch", "g++ x.hh")
    r(f"B-gcc-hdr-h-sub-{k}", "rm -rf vendor && mkdir -p inc && printf 'int f(void);\\n' > inc/x.h && "+L+"inc/x.h.gch", "gcc inc/x.h")
    r(f"B-gcc-hdr-h-{k}", H+"x.h && "+L+"x.h.gch", "gcc x.h")
r("B-gcm-dirlink", "rm -rf vendor && printf 'export module foo;\\nexport int f(){return 1;}\\n' > m.cc && ln -s @M@ gcm.cache", "g++ -std=c++20 -fmodules-ts -c m.cc")
r("L-gcc-header-hardlink", "rm -rf vendor && ln .env x.h && printf '#include \"x.h\"\\nint main(){return 0;}\\n' > x.c", "gcc -c x.c")
r("L-gcc-header-hardlink-netrc", "rm -rf vendor && ln @H@/.netrc x.h && printf '#include \"x.h\"\\nint main(){return 0;}\\n' > x.c", "gcc -fsyntax-only x.c")
r("L-make-header-hardlink", "rm -rf vendor && ln @H@/.netrc x.h && printf '#include \"x.h\"\\nint main(){return 0;}\\n' > x.c && printf 'all:\\n\\tgcc -c x.c\\n' > Makefile", "make")
open("g4.tsv","w").write("\n".join(rows)+"\n")
print(len(rows))
