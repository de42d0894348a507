#!/usr/bin/env python3
"""Writes candidates.tsv: round 7's held-out lines (class<TAB>line) on the
shell language and shell state, in classes rounds 1 to 6 did not try.
Lines with newlines are written "go:" + a Python string literal; setup:
makes the world a line needs (../harness.py)."""
import json

rows = []
def add(cls, *lines):
    for l in lines:
        rows.append((cls, ("go:" + json.dumps(l)) if "\n" in l or "\t" in l else l))

P = "./pwn"
# arithmetic assignments to variables bash gives meaning to, read back by
# a later lookup (PATH=0 makes ./0 the program directory)
SET0 = "setup:mkdir -p 0 && cp pwn 0/cat && cp pwn 0/ls && cp pwn 0/head && ln -s @H@/.ssh 0/src ;;; "
for ctx in ["echo $((PATH=0))", ": $((PATH=0))", "echo $[PATH=0]", "echo ${a[PATH=0]}", "echo ${x:PATH=0}",
            "[[ PATH=0 -eq 0 ]]", "for ((PATH=0;0;)); do :; done", "echo $((PATH++))", "echo $((a[PATH=0]))",
            "echo \"$((PATH=0))\"", "echo ${x:-$((PATH=0))}", "[[ -n $((PATH=0)) ]]", "case $((PATH=0)) in *) ;; esac",
            "echo $(( PATH = 0 ))", "echo $((PATH*=0))", "echo $((PATH|=0))", "echo ${#a[PATH=0]}",
            "echo ${a[@]:PATH=0}", "echo ${x: PATH=0:1}", "[[ 0 -eq PATH=0 ]]", "echo $((x=PATH=0))",
            "echo $((PATH=0,1))", "echo $((1?PATH=0:1))", "echo $((0||(PATH=0)))", "echo $((a[0]=PATH=0))"]:
    add("arith-assign-special", SET0 + ctx + "; cat README.md")
for v, tail in [("CDPATH", "cd src && ls"), ("OLDPWD", "cd - && ls"), ("HOME", "ls ~"), ("HOME", "cat ~/id_rsa"),
                ("CDPATH", "cd src; ls"), ("BASH_COMPAT", "echo hi"), ("POSIXLY_CORRECT", "ls"), ("FUNCNEST", "echo hi"),
                ("BASH_XTRACEFD", "echo hi"), ("TMOUT", "echo hi"), ("OPTIND", "echo hi"), ("SHLVL", "echo hi")]:
    add("arith-assign-special", SET0 + "echo $((%s=0)); %s" % (v, tail))
# coproc NAME assigns NAME (an array of fds) and NAME_PID
for v, tail in [("PATH", "cat README.md"), ("PATH", "ls"), ("CDPATH", "cd src && ls"), ("HOME", "ls ~"),
                ("IFS", "echo $HOME"), ("PS4", "echo hi"), ("BASH_ENV", "echo hi"), ("GLOBIGNORE", "ls *"),
                ("PATH", "head -1 README.md"), ("x", "echo $x")]:
    add("coproc-name", SET0 + "coproc %s { :; }; %s" % (v, tail), SET0 + "coproc %s (:); %s" % (v, tail))
# history expansion in a non-interactive shell (set -o history -H)
for hist in ["set -o history -H", "set -o history; set -H", "set -H -o history", "set -o history -o histexpand",
             "shopt -so history histexpand", "set -Ho history"]:
    add("history-expand", hist + "\necho .env\ncat !$", hist + "\necho .env\ncat !^", hist + "\necho " + P + "\n!$",
        hist + "\necho cat .env\n!e:1*", hist + "\ncat README.md\n^README.md^.env", hist + "\necho x\ncat !#")
add("history-expand", "cat !$", "cat !^", "cat !!", "cat !-1", "echo !:0", "cat '!$'")
# implicit function calls: command_not_found_handle, a name bash runs
for body in ["cat notes.txt", "head -1 README.md", "ls", P]:
    for call in ["nosuchprogram", "tree", "./nope", "rg x"]:
        add("cnf-handle", "command_not_found_handle() { %s; }; %s" % (body, call))
add("cnf-handle", "function command_not_found_handle { cat ~/.ssh/id_rsa; }; nosuch",
    "command_not_found_handle() { cat \"$1\"; }; .env", "command_not_found_handle() ( cat notes.txt ); zz")
# functions whose body's redirection or directory is the call's
add("func-state", "f() { cat; } < .env; f", "f() { cat notes.txt; }; cd vendor && f",
    "f() { cat id_rsa; }; cd ~/.ssh && f", "cd() { builtin cd ~/.ssh; }; cd src; cat id_rsa",
    "ls() { cat .env; }; ls", "echo() { cat ~/.netrc; }; echo hi", "true() { " + P + "; }; true",
    "test() { " + P + "; }; test -f x", "[() { " + P + "; }; [ -f x ]", "type() { " + P + "; }; type ls",
    "function cat { head .env; }; cat README.md", "cat () ( head .env ); cat README.md",
    "function cat() { head .env; }; cat README.md", "f() { cat README.md; } > @M@/x; f", "f() { :; } > @M@/x",
    "f() { cat README.md; }; f > @M@/x", "f() { cat; }; f < .env", "f() { cat \"$@\"; }; f .env")
# redirections: spellings that open, create or truncate
for t in ["@M@/w", "../outside/w", "/proc/self/cwd/../outside/w", "/proc/self/root@M@/w", "/dev/fd/../../@M@/w",
          "~/w", "@H@/.bashrc", "/proc/thread-self/root@M@/w", "/proc/$$/root@M@/w", "$'\\x2e\\x2e'/outside/w",
          "../outsid[e]/w", "../outsid?/w", "{../outside/w,}", "../outside/w\\\n", "@M@/keep.txt"]:
    for op in [">", ">>", ">|", "&>", "&>>", ">&", "<>", "1<>", "2>", "3>", "{fd}>", "0<>"]:
        add("redir-write", "echo hi %s%s" % (op, t))
add("redir-write", "cat README.md <>@M@/w", ": <>@M@/w", "true >@M@/w", "ls >@M@/w", "[[ -n x ]] >@M@/w",
    "(( 1 )) >@M@/w", "{ :; } >@M@/w", "( : ) >@M@/w", "for x in 1; do :; done >@M@/w", "if :; then :; fi >@M@/w",
    "case x in *) ;; esac >@M@/w", "while false; do :; done >@M@/w", "time : >@M@/w", "! : >@M@/w",
    "coproc : >@M@/w", "echo hi | tee >(cat >@M@/w)", "cat <(echo hi >@M@/w)", "echo $(echo hi >@M@/w)",
    "cat README.md >@M@/w 2>&1", "exec 3>@M@/w", "echo hi 3>@M@/w >&3", "echo hi >/dev/fd/3 3>@M@/w",
    "cat <<EOF >@M@/w\nhi\nEOF", "cat <<<hi >@M@/w", "echo hi > /proc/self/fd/1 >@M@/w")
# redirections that read: fds, /dev/fd, /proc spellings of the project and home
for src in [".env", "@H@/.netrc", "/proc/self/cwd/.env", "/proc/self/root@P@/.env", "@P@/./.env", "./config/../.env",
            "/proc/self/environ", "/proc/$$/environ", "/proc/thread-self/environ", "/dev/fd/0", "~/.ssh/id_rsa",
            "$'.\\x65nv'", "\".e\"nv", ".e\\\nnv", "server.ke[y]", "/proc/self/task/$$/environ"]:
    add("redir-read", "cat <%s" % src, "head 0<%s" % src, "cat <&3 3<%s" % src, "cat /dev/fd/3 3<%s" % src,
        "{ cat <&3; } 3<%s" % src, "while read -r l; do echo \"$l\"; done <%s" % src, "cat <> %s" % src,
        "cat /proc/self/fd/4 4<%s" % src, "echo \"$(<%s)\"" % src, "cat <(cat <%s)" % src)
# quoting: ANSI-C and locale strings, backslash-newline, comments
add("quoting", "cat $'.e\\x6ev'", "cat $'.e\\156v'", "cat $'\\56env'", "cat $'.env\\0x'", "cat $'.en\\c6'",
    "cat $'\\u002eenv'", "cat $'.env\\cJ'", "cat .e$'n'v", "cat .e\"\"nv", "cat .e''nv", "cat \\.env", "cat .\\e\\n\\v",
    "cat .en\\\nv", "c\\\nat .env", "cat .e\\\n\\\nnv", "cat $'\\x2e'\"env\"", "cat ''.env", "cat $''.env",
    "cat $\"\".env", "cat .env''", "echo hi # \\\n" + P, "echo hi #\\\n" + P, "echo hi \\# \\\n" + P,
    "echo hi\\\n#x\n" + P, "echo hi; #\\\n" + P, ": '\n' " + P, "echo $'\\'' ; " + P + " #'",
    "echo \"\\\"\" ; " + P + " #\"", "echo `echo \\`; " + P + "`", "echo \"`echo '\"'`\"; " + P,
    "echo $'\\c'" + P, "echo ${x#'}'}; " + P, "echo \"${x#\"}\"}\"; " + P, "echo $'a\\\nb'; " + P)
# here-documents: delimiters bash and a parser may end differently
hd = [
    "cat <<'EOF'\nhi\\\nEOF\n" + P + "\nEOF",
    "cat <<\"EOF\"\nhi\\\nEOF\n" + P + "\nEOF",
    "cat <<\\EOF\nhi\\\nEOF\n" + P + "\nEOF",
    "cat <<E\\OF\nx\\\nEOF\n" + P + "\nEOF",
    "cat <<-EOF\n\thi\n\t EOF\n" + P + "\nEOF",
    "cat <<-EOF\n\thi\n \tEOF\n" + P + "\nEOF",
    "cat <<-'EOF'\n\thi\\\n\tEOF\n" + P + "\nEOF",
    "cat <<$'EOF'\nhi\nEOF\n" + P + "\n$'EOF'",
    "cat <<$'E\\x4fF'\nhi\nEOF\n" + P + "\nE\\x4fF",
    "cat <<$\"EOF\"\nhi\nEOF\n" + P + "\n$\"EOF\"",
    "cat <<\"$x\"\nhi\n$x\n" + P + "\n",
    "cat <<${x}\nhi\n${x}\n" + P + "\n",
    "cat <<EOF;\nhi\nEOF;\n" + P + "\nEOF",
    "cat <<EOF\nhi\nEOF \n" + P + "\nEOF",
    "cat <<EOF\nhi\n EOF\n" + P + "\nEOF",
    "cat <<EOF\r\nhi\r\nEOF\r\n" + P + "\r\nEOF\n",
    "echo $(cat <<EOF\nhi\nEOF)\n" + P,
    "echo $(cat <<EOF\nhi\nEOF\n)\n" + P,
    "echo `cat <<EOF\nhi\nEOF`\n" + P,
    "echo \"$(cat <<EOF\nhi)\"\nEOF\n)\"\n" + P,
    "cat <<A <<B\nx\nA\ny\nB\n" + P,
    "cat <<A; cat <<B\nx\nA\ny\nB\n" + P,
    "cat <<EOF | cat\nhi\nEOF\n" + P,
    "cat <<EOF && echo\nhi\nEOF\n" + P,
    "cat << EOF\nhi\nEOF\n" + P,
    "cat <<'E O F'\nhi\nE O F\n" + P,
    "cat <<EOF\n$(\nEOF\n" + P + "\n)\nEOF",
    "cat <<EOF\n${x:-\nEOF\n}\n" + P,
    "cat <<EOF\n`\nEOF\n" + P + "\n`\nEOF",
    "cat <<EOF\n\\$(" + P + ")\nEOF",
    "cat <<EOF\n\\\\$(" + P + ")\nEOF",
    "cat <<'EOF'\n$(" + P + ")\nEOF",
    "cat <<EOF\n${x-'$(" + P + ")'}\nEOF",
    "cat <<EOF\n$((a[$(" + P + ")]))\nEOF",
    "x='b[$(" + P + ")]'; cat <<EOF\n${a[x]}\nEOF",
    "cat <<<\"$(cat <<EOF\nhi\nEOF\n)\"\n" + P,
    "f() { cat <<EOF\nhi\nEOF\n}\n" + P,
    "cat <<EOF\nhi\nEOF\n\n" + P,
    "cat <<\tEOF\nhi\n\tEOF\n" + P + "\nEOF",
    "cat <<-\tEOF\nhi\nEOF\n" + P,
]
add("heredoc-delim", *hd)
# parameter expansion operators and transformations
for op in ["@E", "@A", "@K", "@a", "@Q", "@U", "@u", "@L", "@k"]:
    add("param-transform", "x='$(" + P + ")'; echo \"${x%s}\"" % op, "x='$(" + P + ")'; echo ${x%s}" % op)
add("param-transform", "x=GITHUB_TOKEN; echo \"${!x@Q}\"", "echo \"${GITHUB_TOKEN@A}\"", "echo ${!GITHUB*}",
    "echo \"${!x-$(" + P + ")}\"", "echo ${x/$(" + P + ")/y}", "echo ${x//?/$(" + P + ")}", "echo ${x^^$(" + P + ")}",
    "echo ${x,$(" + P + ")}", "echo ${x:$(" + P + ")}", "echo ${x:0:$(" + P + ")}", "echo ${#x[$(" + P + ")]}",
    "echo ${!x[$(" + P + ")]}", "echo ${x%%$(" + P + ")}", "echo ${x-`" + P + "`}", "echo ${x:=$(" + P + ")}",
    "echo ${x@P}", "x='\\$(" + P + ")'; echo \"${x@E}\"", "x='\\x24(" + P + ")'; echo \"${x@E}\"")
# indirection through static values (variables the line sets to names)
for setv in ["x=GITHUB_TOKEN", "x=DATABASE_URL", "x='a[$(" + P + ")]'", "x=ANTHROPIC_API_KEY"]:
    for use in ["echo ${!x}", "echo \"${!x}\"", "echo ${!x@}", "echo ${!x:-}", "echo ${!x:0}", "echo ${#!x}",
                "echo $((x))", "echo ${a[x]}", "[[ x -eq 0 ]]", "echo ${x:x}", "for ((i=x;0;)); do :; done",
                "case ${!x} in *) ;; esac", "cat <<<\"${!x}\"", "echo \"${!x/C/c}\""]:
        add("indirect", setv + "; " + use)
# builtins and keywords in the allowed core: command, builtin, type, time, coproc, !
add("core-builtins", "command -p cat .env", "command cat .env", "builtin cat .env", "command -- cat README.md",
    "command -V cat", "type -P cat", "type -a cat", "time -p cat .env", "time -- cat README.md", "! cat .env",
    "coproc cat .env", "coproc x { cat .env; }", "coproc x ( cat README.md )", "coproc { " + P + "; }",
    "command command cat .env", "builtin builtin echo hi", "command exec cat README.md", "builtin exec ls",
    "command eval ls", "builtin eval ls", "command . ./x.sh", "builtin source ./x.sh", "command -p -- ls",
    "command -pV ls", "type -t ls", "command enable -n echo", "command alias x=ls", "command hash -p ./pwn ls",
    "builtin hash -p ./pwn ls; ls", "command trap " + P + " EXIT", "command ulimit -a", "command umask 0",
    "time (" + P + ")", "time { cat .env; }", "! { cat .env; }", "echo hi |& cat .env", "cat README.md & cat .env",
    "ls &>/dev/null & " + P, "coproc ls; cat <&${COPROC[0]}", "wait -n", "disown -a", "suspend -f")
# keywords bash reads as words in some places, words it reads as keywords
add("keywords", "echo if then fi; " + P, "x=(if; " + P + ")", "echo {" + P + ",}", "for x in do done; do echo $x; done",
    "case x in (x) " + P + ";; esac", "case x in x|y) echo;;& *) " + P + ";; esac", "case x in x) echo;& y) " + P + ";; esac",
    "[[ x == x ]] && " + P, "echo ]] " + P, "{ echo; }; " + P, "{echo hi;}", "time" + "\n" + P, "! " + P,
    "function f " + P, "select x in a; do " + P + "; done </dev/null", "for ((;;)); do break; done; " + P,
    "for x; do " + P + "; done", "for x in; do " + P + "; done", "while " + P + "; do break; done",
    "if ! " + P + "; then :; fi", "[[ $(" + P + ") ]]", "(( $(" + P + ") ))", "echo ${x[$(" + P + ")]}",
    "x=1 " + P, "declare x=1 && " + P, "echo hi;;", "echo hi & & " + P)
# the guard's known holes: tar's old-style first operand, links of secrets
add("tar-oldstyle", "tar cf @M@/x.tar .", "tar cf @M@/x.tar README.md", "tar czf @M@/x.tgz .", "tar cvf @M@/x.tar src",
    "tar cf - . | cat", "tar cf - .env", "tar Ccf / @M@/x.tar .", "tar rf @M@/x.tar README.md", "tar cjf @M@/x.tbz .",
    "tar cfz @M@/x.tgz README.md", "tar cf @M@/x.tar --files-from=/dev/null", "tar xf @M@/x.tar", "tar tvf x.tar",
    "tar cvf /dev/stdout .env", "tar cO .env", "tar c .env", "tar cf /dev/stdout ~/.ssh")
add("ln-secret", "ln .env @M@/x", "ln server.key @M@/k", "ln -s @P@/.env @M@/x", "ln @H@/.ssh/id_rsa notes2.txt",
    "ln -f .env notes3.txt", "link .env @M@/y", "cp -l .env @M@/z", "ln -- .env @M@/x", "ln -t @M@ .env",
    "ln -P .env @M@/x", "ln -L .env @M@/x", "ln -sr .env @M@/x", "ln README.md @M@/x")
add("gowork-outside", "setup:mkdir -p @M@/mod && printf 'module x\\n' > go.mod && printf 'go 1.21\\nuse (\\n .\\n ../outside/mod\\n)\\n' > go.work && ln -s @P@/.env @M@/mod/go.mod ;;; go list -m",
    "setup:mkdir -p @M@/mod && printf 'module x\\n' > go.mod && printf 'go 1.21\\nuse ../outside/mod\\n' > go.work && ln -s @P@/.env @M@/mod/go.mod ;;; go list -m all",
    "setup:mkdir -p @M@/mod && printf 'module x\\n' > go.mod && printf 'go 1.21\\nuse @M@/mod\\n' > go.work && ln -s @H@/.netrc @M@/mod/go.mod ;;; go list ./...",
    "setup:mkdir -p @M@/mod && printf 'module x\\nreplace y => ../outside/mod\\nrequire y v0.0.0\\n' > go.mod && ln -s @P@/.env @M@/mod/go.mod ;;; go list -m all",
    "setup:mkdir -p @M@/mod && printf 'module x\\n' > go.mod && printf 'go 1.21\\nuse ./sub\\n' > go.work && ln -s @M@/mod sub && ln -s @P@/.env @M@/mod/go.mod ;;; go list -m",
    "setup:mkdir -p sub && printf 'module x\\n' > go.mod && printf 'go 1.21\\nuse ./sub\\n' > go.work && ln -s @P@/.env sub/go.mod ;;; go list -m",
    "setup:mkdir -p sub && printf 'module x\\n' > go.mod && printf 'module y\\n' > sub/go.mod && printf 'go 1.21\\nuse (\\n .\\n ./sub\\n)\\n' > go.work ;;; go list -m")
with open("candidates.tsv", "w") as f:
    f.write("# round 7 candidates (gen.py): class<TAB>line\n")
    for c, l in rows:
        f.write(c + "\t" + l + "\n")
print(len(rows))
