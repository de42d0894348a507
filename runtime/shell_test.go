package runtime

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// render returns a compact form of each command of x, and a last line for
// each of its errors:
//
//	[sudo bash] rm -rf / flags=[-r -f] ops=[/]
//
// A dynamic word is ?{text}, a pattern *{text}; a program-less statement
// has the program <none>.
func render(x *Extraction) []string {
	var out []string
	for _, c := range x.Cmds {
		out = append(out, renderCmd(c))
	}
	if x.ParseError != "" {
		out = append(out, "parse error: "+x.ParseError)
	}
	if x.TooDeep {
		out = append(out, "too deep")
	}
	if x.TooMany {
		out = append(out, "too many")
	}
	return out
}

func renderCmd(c SimpleCommand) string {
	var b strings.Builder
	if len(c.Wrappers) > 0 {
		fmt.Fprintf(&b, "%v ", c.Wrappers)
	}
	switch {
	case c.Program.Text == "" && !c.Program.Dynamic:
		b.WriteString("<none>")
	default:
		b.WriteString(renderWord(c.Program))
	}
	for _, w := range c.Words {
		b.WriteString(" " + renderWord(w))
	}
	list := func(name string, ws []Word) {
		if len(ws) == 0 {
			return
		}
		s := make([]string, len(ws))
		for i, w := range ws {
			s[i] = renderWord(w)
		}
		fmt.Fprintf(&b, " %s=[%s]", name, strings.Join(s, " "))
	}
	list("flags", c.Flags)
	list("ops", c.Operands)
	list("assigns", c.Assigns)
	if len(c.Producers) > 0 {
		fmt.Fprintf(&b, " prod=%v", c.Producers)
	}
	if len(c.FoundNames) > 0 {
		fmt.Fprintf(&b, " found=%q", c.FoundNames)
	}
	if len(c.Redirs) > 0 {
		s := make([]string, len(c.Redirs))
		for i, r := range c.Redirs {
			rw := ""
			if r.Read {
				rw += "r"
			}
			if r.Write {
				rw += "w"
			}
			s[i] = r.Op + renderWord(r.Target) + ":" + rw
		}
		fmt.Fprintf(&b, " redirs=[%s]", strings.Join(s, " "))
	}
	if c.Path != "" && c.Path != c.Program.Text {
		fmt.Fprintf(&b, " path=%s", c.Path)
	}
	if c.Depth > 0 {
		fmt.Fprintf(&b, " depth=%d", c.Depth)
	}
	if c.Sub != "" {
		fmt.Fprintf(&b, " sub=%s", c.Sub)
	}
	if c.Tree {
		b.WriteString(" tree")
	}
	for _, v := range c.Values {
		fmt.Fprintf(&b, " %s:%c=%s", v.Opt, v.Kind, renderWord(v.Value))
	}
	if c.Unknown != "" {
		b.WriteString(" unknown")
	}
	return b.String()
}

func renderWord(w Word) string {
	switch {
	case w.Dynamic:
		return "?{" + w.Text + "}"
	case w.Glob:
		return "*{" + w.Text + "}"
	case w.Tree:
		return "^{" + w.Text + "}"
	}
	return w.Text
}

// extractTests lists command lines and the commands they run, as rendered
// by render.
var extractTests = []struct {
	src  string
	want []string
}{
	// Lists, pipelines and statements.
	{"", nil},
	{"  \n\t# only a comment\n", nil},
	{"git status", []string{"git status ops=[status]"}},
	{"git status && ls -la | grep foo", []string{
		"git status ops=[status]",
		"ls -la flags=[-l -a]",
		"grep foo ops=[foo] prod=[ls]",
	}},
	{"a; b\nc & d || e", []string{"a", "b", "c", "d", "e"}},
	{"! a |& b", []string{"a", "b prod=[a]"}},
	{"a | b && c | d", []string{"a", "b prod=[a]", "c", "d prod=[c]"}},
	{"(cd /tmp && rm x)", []string{"cd /tmp ops=[/tmp]", "rm x ops=[x]"}},
	{"{ a; b; }", []string{"a", "b"}},
	{"echo $(rm x) `id -u`", []string{
		"rm x ops=[x]",
		"id -u flags=[-u]",
		"echo ?{$(rm x)} ?{`id -u`} flags=[?{$(rm x)} ?{`id -u`}] ops=[?{$(rm x)} ?{`id -u`}] prod=[rm id]",
	}},
	{`echo "a $(b "$(c)")"`, []string{
		"c",
		`b ?{"$(c)"} flags=[?{"$(c)"}] ops=[?{"$(c)"}] prod=[c]`,
		`echo ?{"a $(b "$(c)")"} flags=[?{"a $(b "$(c)")"}] ops=[?{"a $(b "$(c)")"}] prod=[c b]`,
	}},
	{"diff <(ls a) <(ls b)", []string{
		"ls a ops=[a]",
		"ls b ops=[b]",
		"diff ?{<(ls a)} ?{<(ls b)} ops=[?{<(ls a)} ?{<(ls b)}] prod=[ls]",
	}},
	{"curl x | tee >(bash)", []string{
		"curl x ops=[x]",
		"bash prod=[curl tee]",
		"tee ?{>(bash)} ops=[?{>(bash)}] prod=[curl bash]",
	}},
	{"if a; then b; elif c; then d; else e; fi", []string{"a", "b", "c", "d", "e"}},
	{"while a; do b; done; until c; do d; done", []string{"a", "b", "c", "d"}},
	{"for f in $(ls); do rm $f; done", []string{
		"ls",
		"<none> assigns=[?{f=}]",
		"rm ?{$f} flags=[?{$f}] ops=[?{$f}]",
	}},
	// A loop variable over known words is each of them (design.md 137).
	{`for f in a 'b c'; do rm "$f"; done`, []string{
		"<none> assigns=[f=a]",
		"<none> assigns=[f=b c]",
		"rm a ops=[a]",
		"rm b c ops=[b c]",
	}},
	{`for f in *.go; do wc -l "$f" $f; done`, []string{
		"<none> assigns=[f=*.go]",
		"wc -l *{*.go} *{*.go} flags=[-l *{*.go} *{*.go}] ops=[*{*.go} *{*.go}]",
	}},
	// A line that names IFS may split $f anywhere (design.md 220).
	{`IFS=x; for f in axb; do cat $f "$f"; done`, []string{
		"<none> assigns=[IFS=x]",
		"<none> assigns=[f=axb]",
		"cat ?{$f} axb flags=[?{$f}] ops=[?{$f} axb]",
	}},
	{`for f in a; do f=b; rm "$f"; done`, []string{
		"<none> assigns=[f=a]",
		"<none> assigns=[f=b]",
		`rm ?{"$f"} flags=[?{"$f"}] ops=[?{"$f"}]`,
	}},
	// Or part of a word: HEAD~$i, "docs/$f.md", unquoted only where
	// splitting and globbing leave the value as it is.
	{`for i in 1 2; do git show HEAD~$i "v$i.txt"; done`, []string{
		"<none> assigns=[i=1]",
		"<none> assigns=[i=2]",
		"git show HEAD~1 v1.txt ops=[show HEAD~1 v1.txt]",
		"git show HEAD~2 v2.txt ops=[show HEAD~2 v2.txt]",
	}},
	{`for f in 'a b' '*'; do cat x$f "y$f"; done`, []string{
		"<none> assigns=[f=a b]",
		"<none> assigns=[f=*]",
		"cat ?{x$f} ya b flags=[?{x$f}] ops=[?{x$f} ya b]",
		"cat ?{x$f} y* flags=[?{x$f}] ops=[?{x$f} y*]",
	}},
	{`IFS=x; for f in a; do cat x$f; done`, []string{
		"<none> assigns=[IFS=x]",
		"<none> assigns=[f=a]",
		"cat ?{x$f} flags=[?{x$f}] ops=[?{x$f}]",
	}},
	// An extended glob in the value, a zsh modifier after the name, IFS
	// named with quotes inside (round 49).
	{`for f in '.e@(nv)'; do cat $f x$f; done`, []string{
		"<none> assigns=[f=.e@(nv)]",
		"cat ?{$f} ?{x$f} flags=[?{$f} ?{x$f}] ops=[?{$f} ?{x$f}]",
	}},
	{`for f in .Qnv; do cat $f:s/Q/e/ "$f:l"; done`, []string{
		"<none> assigns=[f=.Qnv]",
		`cat ?{$f:s/Q/e/} ?{"$f:l"} flags=[?{$f:s/Q/e/} ?{"$f:l"}] ops=[?{$f:s/Q/e/} ?{"$f:l"}]`,
	}},
	{`read IF""S; for f in a; do cat x$f; done`, []string{
		"<none> assigns=[?{IFS=}]",
		"read IFS ops=[IFS]",
		"<none> assigns=[f=a]",
		"cat ?{x$f} flags=[?{x$f}] ops=[?{x$f}]",
	}},
	{`for f in a; do sh -c 'rm "$f"'; done`, []string{
		"<none> assigns=[f=a]",
		`sh -c rm "$f" flags=[-c] ops=[rm "$f"]`,
		`[sh] rm ?{"$f"} flags=[?{"$f"}] ops=[?{"$f"}] depth=1`,
	}},
	{"for ((i=$(a); i<3; i++)); do b; done", []string{
		"<none> assigns=[?{i=}]",
		"a",
		"?{$(a)}",
		"<none> assigns=[?{i=}]",
		"b",
	}},
	{"select x in a b; do c; done", []string{
		"<none> assigns=[?{x=}]",
		"c",
	}},
	{"case $(a) in x) b;; y|$(c)) d;; esac", []string{"a", "b", "c", "d"}},
	{"f() { rm -rf /; }; function g { h; }; f", []string{
		"rm -rf / flags=[-r -f] ops=[/]",
		"h",
		"?{f}",
	}},
	{"time rm x", []string{"rm x ops=[x]"}},
	{"coproc cat", []string{"cat"}},
	{"coproc w { a; }", []string{"a"}},
	{"[[ -f $(a) ]] && (( $(b) > 1 ))", []string{
		"a",
		"b",
		"?{$(b)}",
	}},
	{"let x=$(a)+1 y=2", []string{
		"<none> assigns=[?{x=}]",
		"a",
		"?{$(a)}",
		"<none> assigns=[?{y=}]",
		"let ?{x=$(a)+1} y=2 flags=[?{x=$(a)+1}] ops=[?{x=$(a)+1} y=2] prod=[a]",
	}},
	{"export X=$(curl x) Y=2", []string{
		"curl x ops=[x]",
		"export ?{X=} Y=2 flags=[?{X=}] ops=[?{X=} Y=2] assigns=[?{X=} Y=2] prod=[curl]",
	}},
	{"local -r a=1 b; declare -x c=~/x", []string{
		"local -r a=1 b flags=[-r] ops=[a=1 b] assigns=[a=1]",
		"declare -x c=~/x flags=[-x] ops=[c=~/x] assigns=[c=~/x]",
	}},
	{"cat <<EOF\n$(rm x)\nEOF", []string{"rm x ops=[x]", "cat prod=[rm]"}},
	{"cat <<'EOF'\n$(rm x)\nEOF", []string{"cat"}},
	{"a &", []string{"a"}},

	// Program names.
	{"r''m -rf /", []string{"rm -rf / flags=[-r -f] ops=[/]"}},
	{`"r"m x`, []string{"rm x ops=[x]"}},
	{`\rm x`, []string{"rm x ops=[x]"}},
	{`$'\x72m' x`, []string{"rm x ops=[x]"}},
	{`$'\162'm $'r\0x'm $'\u0072m' $'\cA\e\q'`, []string{
		"rm rm rm \x01\x1b\\q ops=[rm rm \x01\x1b\\q]",
	}},
	{"/bin/rm x", []string{"rm x ops=[x] path=/bin/rm"}},
	{"./rm x", []string{"rm x ops=[x] path=./rm"}},
	{"~/bin/rm x", []string{"rm x ops=[x] path=~/bin/rm"}},
	{"${IFS}rm x", []string{"?{${IFS}rm} x ops=[x]"}},
	{"$CMD x", []string{"?{$CMD} x ops=[x]", "?{$CMD}"}},
	{"{rm,-rf,/}", []string{"rm -rf / flags=[-r -f] ops=[/]"}},
	{"/bin/r? x", []string{"?{/bin/r?} x ops=[x]"}},
	{"'' x", []string{`?{""} x ops=[x]`}},
	{"SUDO rm x", []string{"SUDO rm x ops=[rm x]", "[sudo] rm x ops=[x]"}},

	// Words.
	{`echo ~/x ~ ~root $HOME/a "$HOME" ${HOME}x a$HOME ~+`, []string{
		"echo ~/x ~ ?{~root} ~/a ~ ?{${HOME}x} ?{a$HOME} ?{~+} " +
			"flags=[?{~root} ?{${HOME}x} ?{a$HOME} ?{~+}] " +
			"ops=[~/x ~ ?{~root} ~/a ~ ?{${HOME}x} ?{a$HOME} ?{~+}]",
	}},
	{`echo *.go "*.go" \*.go a[12] [ x ] ? '?'`, []string{
		"echo *{*.go} *.go *.go *{a[12]} [ x ] *{?} ? flags=[*{*.go} *{?}] ops=[*{*.go} *.go *.go *{a[12]} [ x ] *{?} ?]",
	}},
	// Brace expansion as bash 5.2 and 5.3 read it (design.md 434): {1..a}
	// is a sequence bash versions read differently, so not known.
	{`echo {} {x} a{1..3} {a..c} {1..a} {"a,b"} {"a",b} \{a,b} {a,b`, []string{
		"echo {} {x} a1 a2 a3 a b c ?{{1..a}} {a,b} a b {a,b} {a,b " +
			"flags=[?{{1..a}}] " +
			"ops=[{} {x} a1 a2 a3 a b c ?{{1..a}} {a,b} a b {a,b} {a,b]",
	}},
	{`cat {x},.env} a=~/k {.e,}nv`, []string{"cat x} .env ?{a=~/k} .env nv flags=[?{a=~/k}] ops=[x} .env ?{a=~/k} .env nv]"}},
	{`for f in src/{a,b}.go; do wc -l $f; done`, []string{"<none> assigns=[f=src/{a,b}.go]", "wc -l src/a.go flags=[-l] ops=[src/a.go]", "wc -l src/b.go flags=[-l] ops=[src/b.go]"}},
	{`echo "a\"b\$c\x" 'd\e' a\ b x\\nz`, []string{
		`echo a"b$c\x d\e a b x\nz ops=[a"b$c\x d\e a b x\nz]`,
	}},
	{"echo a\\\nb \"c\\\nd\"", []string{"echo ab cd ops=[ab cd]"}},
	{"echo $((1+2)) @(a|b) $[1]", []string{
		"?{@(a|b)}", // zsh runs glob qualifiers: *(e:'cmd':)
		"echo ?{$((1+2))} ?{@(a|b)} ?{$[1]} flags=[?{$((1+2))} ?{@(a|b)} ?{$[1]}] ops=[?{$((1+2))} ?{@(a|b)} ?{$[1]}]",
	}},

	// Options and operands.
	{"rm -r -f /; rm -fr /", []string{
		"rm -r -f / flags=[-r -f] ops=[/]",
		"rm -fr / flags=[-f -r] ops=[/]",
	}},
	{"rm --recursive x; rm --rec x; rm --force=1 x; rm --re x", []string{
		"rm --recursive x flags=[--recursive] ops=[x]",
		"rm --rec x flags=[--recursive] ops=[x]",
		"rm --force=1 x flags=[--force] ops=[x]",
		"rm --re x flags=[--recursive] ops=[x]",
	}},
	{"rm -- -rf; rm - x; rm $X", []string{
		"rm -- -rf ops=[-rf]",
		"rm - x ops=[- x]",
		"rm ?{$X} flags=[?{$X}] ops=[?{$X}]",
		"?{$X}",
	}},
	{"rm -* x", []string{"rm *{-*} x flags=[*{-*}] ops=[*{-*} x]"}},
	{"git push --for origin; git push --force-w", []string{
		"git push --for origin flags=[--force --force-if-includes --force-with-lease] ops=[push origin]",
		"git push --force-w flags=[--force-with-lease] ops=[push]",
	}},
	{"git -C dir push --force; git -c a=b --git-dir=.g push -f", []string{
		"git -C dir push --force flags=[-C --force] ops=[push]",
		"git -c a=b --git-dir=.g push -f flags=[-c --git-dir -f] ops=[push]",
	}},
	{"head -n5 a; head -n 5 b; head -5 c; tail --lines 3 d; tail --li=3 e", []string{
		"head -n5 a flags=[-n] ops=[a]",
		"head -n 5 b flags=[-n] ops=[b]",
		"head -5 c flags=[-5] ops=[c]",
		"tail --lines 3 d flags=[--lines] ops=[d]",
		"tail --li=3 e flags=[--lines] ops=[e]",
	}},
	{"grep -rne pat -A2 dir", []string{"grep -rne pat -A2 dir flags=[-r -n -e -A] ops=[dir]"}},
	{"find . -name '*.go' -delete", []string{"find . -name *.go -delete flags=[-name -delete] ops=[.]"}},
	{"dd if=/dev/zero of=/dev/sda bs=1M", []string{
		"dd if=/dev/zero of=/dev/sda bs=1M ops=[if=/dev/zero of=/dev/sda bs=1M]",
	}},
	{"ls -é", []string{"ls -é flags=[-é]"}},

	// Wrappers.
	{"sudo -u root rm -rf /", []string{
		"sudo -u root rm -rf / flags=[-u] ops=[rm -rf /]",
		"[sudo] rm -rf / flags=[-r -f] ops=[/]",
	}},
	{"sudo --user=root -E -- FOO=1 rm x", []string{
		"sudo --user=root -E -- FOO=1 rm x flags=[--user -E] ops=[FOO=1 rm x]",
		"[sudo] rm x ops=[x] assigns=[FOO=1]",
	}},
	{"sudo -l rm; sudo -s; doas -u x rm y", []string{
		"sudo -l rm flags=[-l] ops=[rm]",
		"sudo -s flags=[-s]",
		"doas -u x rm y flags=[-u] ops=[rm y]",
		"[doas] rm y ops=[y]",
	}},
	{"sudo $OPTS rm x", []string{
		"sudo ?{$OPTS} rm x flags=[?{$OPTS}] ops=[?{$OPTS} rm x]",
		"[sudo] ?{$OPTS} rm x ops=[rm x]",
		"[sudo] rm x ops=[x]",
		"?{$OPTS}",
	}},
	{"env -i A=1 rm x", []string{
		"env -i A=1 rm x flags=[-i] ops=[A=1 rm x]",
		"[env] rm x ops=[x] assigns=[A=1]",
	}},
	{"B=2 env -u X -C /tmp - A=$(id) rm x", []string{
		"id",
		"env -u X -C /tmp - ?{A=$(id)} rm x flags=[-u -C] ops=[- ?{A=$(id)} rm x] assigns=[B=2] prod=[id]",
		"[env] ?{A=$(id)} rm x ops=[rm x] assigns=[B=2] prod=[id]",
		"[env] rm x ops=[x] assigns=[B=2] prod=[id]",
	}},
	{"env -S 'rm -rf \"/a b\"' x; env --split-string=\"A=1 bash -c 'rm y'\"", []string{
		"env -S rm -rf \"/a b\" x flags=[-S] ops=[x] -S:x=rm -rf \"/a b\"",
		"[env] rm -rf /a b x flags=[-r -f] ops=[/a b x] depth=1",
		"env --split-string=A=1 bash -c 'rm y' flags=[--split-string] --split-string:x=A=1 bash -c 'rm y'",
		"[env] bash -c rm y flags=[-c] ops=[rm y] assigns=[A=1] depth=1",
		"[env bash] rm y ops=[y] assigns=[A=1] depth=2",
	}},
	{"timeout -s KILL 10 rm x; timeout 5s", []string{
		"timeout -s KILL 10 rm x flags=[-s] ops=[10 rm x]",
		"[timeout] rm x ops=[x]",
		"timeout 5s ops=[5s]",
	}},
	{"nice -n 5 rm x; nice -5 rm y; nohup rm z &", []string{
		"nice -n 5 rm x flags=[-n] ops=[rm x]",
		"[nice] rm x ops=[x]",
		"nice -5 rm y flags=[-5] ops=[rm y]",
		"[nice] rm y ops=[y]",
		"nohup rm z ops=[rm z]",
		"[nohup] rm z ops=[z]",
	}},
	{"stdbuf -oL -e 0 rm x; setsid -w rm y; ionice -c3 -n 7 rm z; ionice -p 12", []string{
		"stdbuf -oL -e 0 rm x flags=[-o -e] ops=[rm x]",
		"[stdbuf] rm x ops=[x]",
		"setsid -w rm y flags=[-w] ops=[rm y]",
		"[setsid] rm y ops=[y]",
		"ionice -c3 -n 7 rm z flags=[-c -n] ops=[rm z]",
		"[ionice] rm z ops=[z]",
		"ionice -p 12 flags=[-p]",
	}},
	{"command rm x; command -v rm; builtin cd x; exec -a name rm y", []string{
		"command rm x ops=[rm x]",
		"[command] rm x ops=[x]",
		"command -v rm flags=[-v] ops=[rm]",
		"builtin cd x ops=[cd x]",
		"[builtin] cd x ops=[x]",
		"exec -a name rm y flags=[-a] ops=[rm y]",
		"[exec] rm y ops=[y]",
	}},
	{"\\time -o f rm x; unbuffer rm y; chroot --userspec=a:b /r rm z; busybox rm -rf /", []string{
		"time -o f rm x flags=[-o] ops=[rm x]",
		"[time] rm x ops=[x]",
		"unbuffer rm y ops=[rm y]",
		"[unbuffer] rm y ops=[y]",
		"chroot --userspec=a:b /r rm z flags=[--userspec] ops=[/r rm z]",
		"[chroot] rm z ops=[z]",
		"busybox rm -rf / ops=[rm -rf /]",
		"[busybox] rm -rf / flags=[-r -f] ops=[/]",
	}},
	{"flock /tmp/l rm x; flock -w 5 /tmp/l -c 'rm y'", []string{
		"flock /tmp/l rm x ops=[/tmp/l rm x]",
		"[flock] rm x ops=[x]",
		"flock -w 5 /tmp/l -c rm y flags=[-w -c] ops=[/tmp/l] -c:s=rm y",
		"[flock] rm y ops=[y] depth=1",
	}},
	{"su -c 'rm x' root; su - root -c 'rm y'; su root; script -c 'rm z' log; script log", []string{
		"su -c rm x root flags=[-c] ops=[root] -c:s=rm x",
		"[su] rm x ops=[x] depth=1",
		"su - root -c rm y flags=[-c] ops=[- root] -c:s=rm y",
		"[su] rm y ops=[y] depth=1",
		"su root ops=[root]",
		"script -c rm z log flags=[-c] ops=[log] -c:s=rm z",
		"[script] rm z ops=[z] depth=1",
		"script log ops=[log]",
	}},
	{`sudo bash -lc "rm -rf /; echo done"`, []string{
		"sudo bash -lc rm -rf /; echo done ops=[bash -lc rm -rf /; echo done]",
		"[sudo] bash -lc rm -rf /; echo done flags=[-l -c] ops=[rm -rf /; echo done]",
		"[sudo bash] rm -rf / flags=[-r -f] ops=[/] depth=1",
		"[sudo bash] echo done ops=[done] depth=1",
	}},
	{`bash -c 'echo '\''q'\'' && rm x'`, []string{
		"bash -c echo 'q' && rm x flags=[-c] ops=[echo 'q' && rm x]",
		"[bash] echo q ops=[q] depth=1",
		"[bash] rm x ops=[x] depth=1",
	}},
	{`sh -xec 'rm "$1"' _ /etc; zsh -o err_exit -c a; dash +o x -c b`, []string{
		`sh -xec rm "$1" _ /etc flags=[-x -e -c] ops=[rm "$1" _ /etc]`,
		`[sh] rm ?{"$1"} flags=[?{"$1"}] ops=[?{"$1"}] depth=1`,
		"zsh -o err_exit -c a flags=[-o -c] ops=[a]",
		"[zsh] a depth=1",
		"dash +o x -c b flags=[+o -c] ops=[b]",
		"[dash] b depth=1",
	}},
	{`sh -c "$CMD"`, []string{
		`sh -c ?{"$CMD"} flags=[-c ?{"$CMD"}] ops=[?{"$CMD"}]`,
		`[sh] ?{"$CMD"} depth=1`,
		"?{$CMD}",
	}},
	{"bash script.sh; bash; bash -- -x", []string{
		"bash script.sh ops=[script.sh]",
		"bash",
		"bash -- -x ops=[-x]",
	}},
	{"bash <<EOF\nrm -rf /\nEOF", []string{"bash", "[bash] rm -rf / flags=[-r -f] ops=[/] depth=1"}},
	{"sudo sh -s <<'EOF'\nrm \\$x\nEOF", []string{
		"sudo sh -s ops=[sh -s]",
		"[sudo] sh -s flags=[-s]",
		"[sudo sh] rm $x ops=[$x] depth=1",
	}},
	{"bash <<EOF\nrm \\$x $y\nEOF", []string{"bash", "[bash] ?{rm \\$x $y\nEOF} depth=1"}},
	{"bash <<<'rm x'; bash x.sh <<<'rm y'; { sh; } <<<'rm z'", []string{
		"bash",
		"[bash] rm x ops=[x] depth=1",
		"bash x.sh ops=[x.sh]",
		"sh",
		"[sh] rm z ops=[z] depth=1",
	}},
	{`eval "rm -rf /"; eval -- a "$b"`, []string{
		"eval rm -rf / ops=[rm -rf /]",
		"[eval] rm -rf / flags=[-r -f] ops=[/] depth=1",
		`eval -- a ?{"$b"} ops=[a ?{"$b"}]`,
		`[eval] ?{a "$b"} depth=1`,
	}},
	{"watch -n 1 'ls | wc -l'; watch -d rm -rf /tmp/x", []string{
		"watch -n 1 ls | wc -l flags=[-n] ops=[ls | wc -l]",
		"[watch] ls depth=1",
		"[watch] wc -l flags=[-l] prod=[ls] depth=1",
		"watch -d rm -rf /tmp/x flags=[-d] ops=[rm -rf /tmp/x]",
		"[watch] rm -rf /tmp/x flags=[-r -f] ops=[/tmp/x] depth=1",
	}},
	{`find . -name x -exec rm -rf {} \; -o -execdir sh -c 'rm "$0"' {} + -ok a ';'`, []string{
		"find . -name x -exec rm -rf {} ; -o -execdir sh -c rm \"$0\" {} + -ok a ; flags=[-name -exec -o -execdir -ok] ops=[. rm -rf {} ; sh -c rm \"$0\" {} + a ;]",
		`[find] rm -rf ^{.} flags=[-r -f] ops=[^{.}] found=["x"]`,
		"[find] sh -c rm \"$0\" ^{.} flags=[-c] ops=[rm \"$0\" ^{.}]",
		"[find sh] rm ?{\"$0\"} flags=[?{\"$0\"}] ops=[?{\"$0\"}] depth=1",
		"[find] a",
	}},
	{`find -exec {} \; -ok ./{}.sh ';'`, []string{
		"find -exec {} ; -ok ./{}.sh ; flags=[-exec -ok] ops=[{} ; ./{}.sh ;]",
		"[find] ?{{}}",
		"[find] ?{./{}.sh}",
	}},
	{"xargs rm -rf < f", []string{
		"xargs rm -rf ops=[rm -rf] redirs=[<f:r]",
		"[xargs] rm -rf ?{<xargs args>} flags=[-r -f ?{<xargs args>}] ops=[?{<xargs args>}] redirs=[<f:r]",
	}},
	{"ls | xargs -0 -n1 -I{} mv {} {}.bak", []string{
		"ls",
		"xargs -0 -n1 -I{} mv {} {}.bak flags=[-0 -n -I] ops=[mv {} {}.bak] prod=[ls]",
		"[xargs] mv ?{{}} ?{{}.bak} ?{<xargs args>} flags=[?{{}} ?{{}.bak} ?{<xargs args>}] " +
			"ops=[?{{}} ?{{}.bak} ?{<xargs args>}] prod=[ls]",
	}},
	// find -print0 | xargs -0: the paths find prints (design.md 432).
	{"find src -name '*.go' -print0 | xargs -0 -r grep -c x", []string{
		"find src -name *.go -print0 flags=[-name -print0] ops=[src]",
		"xargs -0 -r grep -c x flags=[-0 -r] ops=[grep -c x] prod=[find]",
		`[xargs] grep -c x ^{src} flags=[-c] ops=[x ^{src}] prod=[find] found=["*.go"]`,
	}},
	{"find -P . -iname 'A*' -type f -print0 | xargs -0 -I{} wc -l {}", []string{
		"find -P . -iname A* -type f -print0 flags=[-P -iname -type -print0] ops=[.]",
		"xargs -0 -I{} wc -l {} flags=[-0 -I] ops=[wc -l {}] prod=[find]",
		`[xargs] wc -l ^{.} flags=[-l] ops=[^{.}] prod=[find] found=["(?i)A*"]`,
	}},
	// Several starting points: a path below any of them, one word for
	// each; -I and -exec run a command for each.
	{"find src tests -name '*.ts' | xargs wc -l; find a b -print0 | xargs -0 -I{} cat {}; find a b -exec head {} +", []string{
		"find src tests -name *.ts flags=[-name] ops=[src tests]",
		"xargs wc -l ops=[wc -l] prod=[find]",
		`[xargs] wc -l ^{src} ^{tests} flags=[-l] ops=[^{src} ^{tests}] prod=[find] found=["*.ts"]`,
		"find a b -print0 flags=[-print0] ops=[a b]",
		"xargs -0 -I{} cat {} flags=[-0 -I] ops=[cat {}] prod=[find]",
		"[xargs] cat ^{a} ops=[^{a}] prod=[find]",
		"[xargs] cat ^{b} ops=[^{b}] prod=[find]",
		"find a b -exec head {} + flags=[-exec] ops=[a b head {} +]",
		"[find] head ^{a} ops=[^{a}]",
		"[find] head ^{b} ops=[^{b}]",
	}},
	// A test after -print narrows nothing; find -D help prints its help.
	{"find .claude -print -name '*.go' | xargs head -n 1; find -D help src | xargs cat", []string{
		"find .claude -print -name *.go flags=[-print -name] ops=[.claude]",
		"xargs head -n 1 ops=[head -n 1] prod=[find]",
		"[xargs] head -n 1 ^{.claude} flags=[-n] ops=[^{.claude}] prod=[find]",
		"find -D help src flags=[-D] ops=[help src]",
		"xargs cat ops=[cat] prod=[find]",
		"[xargs] cat ?{<xargs args>} flags=[?{<xargs args>}] ops=[?{<xargs args>}] prod=[find]",
	}},
	// Not the paths find prints: another stage, -print, xargs without -0
	// or reading another input, a stage that is no simple command.
	{"find . -print0 | sort -z | xargs -0 cat; find . -print -print0 | xargs -0 cat; find . -print0 | xargs cat", []string{
		"find . -print0 flags=[-print0] ops=[.]",
		"sort -z flags=[-z] prod=[find]",
		"xargs -0 cat flags=[-0] ops=[cat] prod=[find sort]",
		"[xargs] cat ?{<xargs args>} flags=[?{<xargs args>}] ops=[?{<xargs args>}] prod=[find sort]",
		"find . -print -print0 flags=[-print -print0] ops=[.]",
		"xargs -0 cat flags=[-0] ops=[cat] prod=[find]",
		"[xargs] cat ?{<xargs args>} flags=[?{<xargs args>}] ops=[?{<xargs args>}] prod=[find]",
		"find . -print0 flags=[-print0] ops=[.]",
		"xargs cat ops=[cat] prod=[find]",
		"[xargs] cat ?{<xargs args>} flags=[?{<xargs args>}] ops=[?{<xargs args>}] prod=[find]",
	}},
	{"find . -print0 | xargs -0 -a l cat; find . -print0 | xargs -0 cat < l; find . -print0 | { xargs -0 cat; }", []string{
		"find . -print0 flags=[-print0] ops=[.]",
		"xargs -0 -a l cat flags=[-0 -a] ops=[cat] prod=[find]",
		"[xargs] cat ?{<xargs args>} flags=[?{<xargs args>}] ops=[?{<xargs args>}] prod=[find]",
		"find . -print0 flags=[-print0] ops=[.]",
		"xargs -0 cat flags=[-0] ops=[cat] prod=[find] redirs=[<l:r]",
		"[xargs] cat ?{<xargs args>} flags=[?{<xargs args>}] ops=[?{<xargs args>}] prod=[find] redirs=[<l:r]",
		"find . -print0 flags=[-print0] ops=[.]",
		"xargs -0 cat flags=[-0] ops=[cat] prod=[find]",
		"[xargs] cat ?{<xargs args>} flags=[?{<xargs args>}] ops=[?{<xargs args>}] prod=[find]",
	}},
	// -exec: the -name tests before the action narrow the files; after
	// it, or with -o, they do not. -execdir runs elsewhere.
	{`find src -name '*.go' -exec wc -l {} + -name x; find . -exec cat {} \; -name '*.go'; find . -name a -o -name b -exec cat {} +`, []string{
		"find src -name *.go -exec wc -l {} + -name x flags=[-name -exec -name] ops=[src wc -l {} +]",
		`[find] wc -l ^{src} flags=[-l] ops=[^{src}] found=["*.go"]`,
		"find . -exec cat {} ; -name *.go flags=[-exec -name] ops=[. cat {} ;]",
		"[find] cat ^{.} ops=[^{.}]",
		"find . -name a -o -name b -exec cat {} + flags=[-name -o -name -exec] ops=[. cat {} +]",
		"[find] cat ^{.} ops=[^{.}]",
	}},
	{`find -L /etc -exec cat {} +; find -files0-from l -exec cat {} +; find src -execdir cat ../x {} \;`, []string{
		"find -L /etc -exec cat {} + flags=[-L -exec] ops=[/etc cat {} +]",
		"[find] cat ^{/etc} ops=[^{/etc}]",
		"find -files0-from l -exec cat {} + flags=[-files0-from -exec] ops=[l cat {} +]",
		"[find] cat ?{{}} flags=[?{{}}] ops=[?{{}}]",
		"find src -execdir cat ../x {} ; flags=[-execdir] ops=[src cat ../x {} ;]",
		"[find] cat ../x ^{src} ops=[../x ^{src}]",
	}},
	{"xargs -i sh -c 'rm {}'; xargs --replace=X X", []string{
		"xargs -i sh -c rm {} flags=[-i] ops=[sh -c rm {}]",
		"[xargs] sh -c ?{rm {}} ?{<xargs args>} flags=[-c ?{rm {}}] ops=[?{rm {}} ?{<xargs args>}]",
		"[xargs sh] ?{rm {}} depth=1",
		"xargs --replace=X X flags=[--replace] ops=[X]",
		"[xargs] ?{X} ?{<xargs args>} flags=[?{<xargs args>}] ops=[?{<xargs args>}]",
	}},
	{"parallel -j4 gzip -9 ::: a b", []string{
		"parallel -j4 gzip -9 ::: a b flags=[-j] ops=[gzip -9 ::: a b]",
		"[parallel] gzip -9 ?{<xargs args>} flags=[-9 ?{<xargs args>}] ops=[?{<xargs args>}]",
	}},
	{"sudo env A=1 nice timeout 5 bash -c 'rm x'", []string{
		"sudo env A=1 nice timeout 5 bash -c rm x ops=[env A=1 nice timeout 5 bash -c rm x]",
		"[sudo] env A=1 nice timeout 5 bash -c rm x ops=[A=1 nice timeout 5 bash -c rm x]",
		"[sudo env] nice timeout 5 bash -c rm x ops=[timeout 5 bash -c rm x] assigns=[A=1]",
		"[sudo env nice] timeout 5 bash -c rm x ops=[5 bash -c rm x] assigns=[A=1]",
		"[sudo env nice timeout] bash -c rm x flags=[-c] ops=[rm x] assigns=[A=1]",
		"[sudo env nice timeout bash] rm x ops=[x] assigns=[A=1] depth=1",
	}},

	// Producers.
	{"curl x | tee y | bash", []string{
		"curl x ops=[x]",
		"tee y ops=[y] prod=[curl]",
		"bash prod=[curl tee]",
	}},
	{"curl x | sudo bash", []string{
		"curl x ops=[x]",
		"sudo bash ops=[bash] prod=[curl]",
		"[sudo] bash prod=[curl]",
	}},
	{"bash <(curl x)", []string{
		"curl x ops=[x]",
		"bash ?{<(curl x)} ops=[?{<(curl x)}] prod=[curl]",
	}},
	{`sh -c "$(curl x)"`, []string{
		"curl x ops=[x]",
		`sh -c ?{"$(curl x)"} flags=[-c ?{"$(curl x)"}] ops=[?{"$(curl x)"}] prod=[curl]`,
		`[sh] ?{"$(curl x)"} prod=[curl] depth=1`,
	}},
	{"wget -O- x | (cd /tmp && sh)", []string{
		"wget -O- x flags=[-O --] ops=[x]",
		"cd /tmp ops=[/tmp] prod=[wget]",
		"sh prod=[wget]",
	}},
	{"while read l; do sh -c \"$l\"; done < <(curl x)", []string{
		"curl x ops=[x]",
		"<none> assigns=[?{l=}] prod=[curl]",
		"read l ops=[l] prod=[curl] redirs=[<?{<(curl x)}:r]",
		"sh -c ?{\"$l\"} flags=[-c ?{\"$l\"}] ops=[?{\"$l\"}] prod=[curl] redirs=[<?{<(curl x)}:r]",
		"[sh] ?{\"$l\"} prod=[curl] redirs=[<?{<(curl x)}:r] depth=1",
	}},
	{"a | b | c | b", []string{"a", "b prod=[a]", "c prod=[a b]", "b prod=[a b c]"}},

	// Redirections.
	{"echo hi > /etc/passwd", []string{"echo hi ops=[hi] redirs=[>/etc/passwd:w]"}},
	{"a >>x 2>e &>f &>>g >|h <>i <j", []string{
		"a redirs=[>>x:w >e:w &>f:w &>>g:w >|h:w <>i:rw <j:r]",
	}},
	{"a >&2 2>&1 <&0 >&- 3>&1- >&out", []string{"a redirs=[>&out:w]"}},
	{"a > $(mktemp) 2>\"$LOG\"", []string{
		"mktemp",
		`a prod=[mktemp] redirs=[>?{$(mktemp)}:w >?{"$LOG"}:w]`,
		"?{$LOG}",
	}},
	{"> .env", []string{"<none> redirs=[>.env:w]"}},
	{"{ cat; } < .env", []string{"cat redirs=[<.env:r]"}},
	{"{ a; b > y; } > x", []string{"a redirs=[>x:w]", "b redirs=[>x:w >y:w]"}},
	{"while read l; do echo $l; done < in > out", []string{
		"<none> assigns=[?{l=}]",
		"read l ops=[l] redirs=[<in:r >out:w]",
		"echo ?{$l} flags=[?{$l}] ops=[?{$l}] redirs=[<in:r >out:w]",
	}},
	{"(a) > f; (( 1 )) > g; [[ x ]] 2> h", []string{
		"a redirs=[>f:w]",
		"<none> redirs=[>g:w]",
		"<none> redirs=[>h:w]",
	}},
	{"f() { a; } > out", []string{"a redirs=[>out:w]"}},
	{"cat <<< $(a) <<EOF\nx\nEOF", []string{"a", "cat prod=[a]"}},
	{"echo x > ~/f > $HOME/g > *.txt", []string{
		"echo x ops=[x] redirs=[>~/f:w >~/g:w >*{*.txt}:w]",
	}},

	// Assignments.
	{"FOO=1 cmd", []string{"cmd assigns=[FOO=1]"}},
	{"FOO=1", []string{"<none> assigns=[FOO=1]"}},
	{"a=$(rm x)", []string{"rm x ops=[x]", "<none> assigns=[?{a=}] prod=[rm]"}}, // its name known, its value not
	{"LD_PRELOAD=/x.so A+=b h='i j' k=* l={a,b} m=~/x cmd", []string{
		"cmd assigns=[LD_PRELOAD=/x.so A+=b h=i j k=* l={a,b} m=~/x]",
	}},
	{"c[1]=d c[$i]=e", []string{"<none> assigns=[c[1]=d ?{c[$i]=e}]"}},
	{"e=(f 'g h')", []string{"<none> assigns=[e=(f 'g h')]"}},
	{"x=1; e=(f $(g))", []string{
		"<none> assigns=[x=1]",
		"g",
		"<none> assigns=[?{e=(f $(g))}] prod=[g]",
	}},
	{"a=(x $(b))", []string{"b", "<none> assigns=[?{a=(x $(b))}] prod=[b]"}},
	{"FOO=1 sudo BAR=2 rm x > f", []string{
		"sudo BAR=2 rm x ops=[BAR=2 rm x] assigns=[FOO=1] redirs=[>f:w]",
		"[sudo] rm x ops=[x] assigns=[FOO=1 BAR=2] redirs=[>f:w]",
	}},
}

func TestExtract(t *testing.T) {
	for _, tt := range extractTests {
		got := render(Extract(tt.src, testKnowledge, Limits{}))
		if !slices.Equal(got, tt.want) {
			t.Errorf("Extract(%q):\n%s\nwant:\n%s", tt.src, lines(got), lines(tt.want))
		}
	}
}

func lines(l []string) string {
	if len(l) == 0 {
		return "\t(none)"
	}
	return "\t" + strings.Join(l, "\n\t")
}

func TestExtractErrors(t *testing.T) {
	tests := []struct {
		src  string
		lim  Limits
		want []string
	}{
		{src: `echo "unclosed`, want: []string{
			"echo unclosed ops=[unclosed]",
			"parse error: 1:6: reached EOF without closing quote `\"`",
		}},
		{src: "echo )", want: []string{
			"parse error: 1:6: a command can only contain words and redirects; encountered `)`",
		}},
		{src: "a; echo )", want: []string{
			"a",
			"parse error: 1:9: a command can only contain words and redirects; encountered `)`",
		}},
		{src: "rm x && (ls |", want: []string{
			"rm x ops=[x]",
			"ls",
			"parse error: 1:13: `|` must be followed by a statement",
		}},
		{src: "if a; then b", want: []string{
			"a",
			"b",
			"parse error: 1:1: `if` statement must end with `fi`",
		}},
		{src: "cat <<EOF\nno end", want: []string{
			"parse error: 1:5: unclosed here-document `EOF`",
		}},
		{src: `bash -c 'echo "x'`, want: []string{
			`bash -c echo "x flags=[-c] ops=[echo "x]`,
			"[bash] echo x ops=[x] depth=1",
			"parse error: 1:6: reached EOF without closing quote `\"`",
		}},
		{src: `eval 'a (' ; b`, want: []string{
			"eval a ( ops=[a (]",
			"b",
			"parse error: 1:1: `foo(` must be followed by `)`",
		}},

		// StmtsSeq yields the error twice here: see parseStmts.
		{src: "a; b&c\xe6", want: []string{
			"a",
			"parse error: 1:7: invalid UTF-8 encoding",
		}},

		// Nesting deeper than the limit.
		{src: `bash -c "bash -c 'bash -c x'"`, lim: Limits{Depth: 2}, want: []string{
			`bash -c bash -c 'bash -c x' flags=[-c] ops=[bash -c 'bash -c x']`,
			"[bash] bash -c bash -c x flags=[-c] ops=[bash -c x] depth=1",
			"[bash bash] bash -c x flags=[-c] ops=[x] depth=2",
			"too deep",
		}},
		{src: `eval eval eval x`, lim: Limits{Depth: 2}, want: []string{
			"eval eval eval x ops=[eval eval x]",
			"[eval] eval eval x ops=[eval x] depth=1",
			"[eval eval] eval x ops=[x] depth=2",
			"too deep",
		}},
		{src: "sudo sudo sudo rm", lim: Limits{Depth: 2}, want: []string{
			"sudo sudo sudo rm ops=[sudo sudo rm]",
			"[sudo] sudo sudo rm ops=[sudo rm]",
			"[sudo sudo] sudo rm ops=[rm]",
			"too deep",
		}},
		{src: `env -S "env -S 'env -S x'"`, lim: Limits{Depth: 2}, want: []string{
			`env -S env -S 'env -S x' flags=[-S] -S:x=env -S 'env -S x'`,
			"[env] env -S env -S x flags=[-S] depth=1 -S:x=env -S x",
			"[env env] env -S x flags=[-S] depth=2 -S:x=x",
			"too deep",
		}},

		// More commands than the limit.
		{src: "a; b | c; d; e", lim: Limits{Commands: 3}, want: []string{"a", "b", "c prod=[b]", "too many"}},
		{src: "sudo rm x", lim: Limits{Commands: 1}, want: []string{"sudo rm x ops=[rm x]", "too many"}},
	}
	for _, tt := range tests {
		got := render(Extract(tt.src, testKnowledge, tt.lim))
		if !slices.Equal(got, tt.want) {
			t.Errorf("Extract(%.40q, %+v):\n%.2000s\nwant:\n%s", tt.src, tt.lim, lines(got), lines(tt.want))
		}
	}
}

// TestExtractNesting checks that constructs nested deeper than the walk
// follows are reported, not followed down the stack.
func TestExtractNesting(t *testing.T) {
	for _, src := range []string{
		strings.Repeat("$(", 5000) + "a" + strings.Repeat(")", 5000),
		strings.Repeat("{ ", 5000) + "a" + strings.Repeat("; }", 5000),
		strings.Repeat("( ", 5000) + "a" + strings.Repeat(" )", 5000),
		strings.Repeat("if a; then ", 5000) + "a" + strings.Repeat("; fi", 5000),
	} {
		x := Extract(src, testKnowledge, Limits{Commands: 1 << 20})
		if !x.TooDeep || x.ParseError != "" {
			t.Errorf("Extract(%.20q...): TooDeep %v, ParseError %q, want TooDeep and no error",
				src, x.TooDeep, x.ParseError)
		}
	}
}

func TestExtractText(t *testing.T) {
	src := "echo a > f; sudo rm -rf /; bash -c 'ls  -l | wc'\n2>/dev/null x=$(id -u) cat <<EOF\nbody\nEOF\n> out"
	want := []string{
		"echo a > f",
		"sudo rm -rf /",
		"sudo rm -rf /",
		"bash -c 'ls  -l | wc'",
		"ls  -l",
		"wc",
		"id -u",
		"2>/dev/null x=$(id -u) cat <<EOF",
		"> out",
	}
	var got []string
	for _, c := range Extract(src, testKnowledge, Limits{}).Cmds {
		got = append(got, c.Text)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Text:\n%s\nwant:\n%s", lines(got), lines(want))
	}
}

// TestExtractWhole checks one extraction field by field, for what render
// leaves out.
func TestExtractWhole(t *testing.T) {
	got := Extract(`curl -s x | FOO=1 sudo "/usr/bin/env" bash -c 'rm -rf ~/a' > log`, testKnowledge, Limits{})
	redirs := []Redir{{Op: ">", Target: Word{Text: "log"}, Write: true}}
	text := `FOO=1 sudo "/usr/bin/env" bash -c 'rm -rf ~/a' > log`
	want := &Extraction{Cmds: []SimpleCommand{{
		Program:  Word{Text: "curl"},
		Path:     "curl",
		Words:    []Word{{Text: "-s"}, {Text: "x"}},
		Flags:    []Word{{Text: "-s"}},
		Operands: []Word{{Text: "x"}},
		Shell:    1, // a stage that pipes into another: a child shell
		Text:     "curl -s x",
	}, {
		Program:   Word{Text: "sudo"},
		Path:      "sudo",
		Words:     []Word{{Text: "/usr/bin/env"}, {Text: "bash"}, {Text: "-c"}, {Text: "rm -rf ~/a"}},
		Operands:  []Word{{Text: "/usr/bin/env"}, {Text: "bash"}, {Text: "-c"}, {Text: "rm -rf ~/a"}},
		Assigns:   []Word{{Text: "FOO=1"}},
		Producers: []string{"curl"},
		Redirs:    redirs,
		Text:      text,
	}, {
		Program:   Word{Text: "env"},
		Path:      "/usr/bin/env",
		Words:     []Word{{Text: "bash"}, {Text: "-c"}, {Text: "rm -rf ~/a"}},
		Operands:  []Word{{Text: "bash"}, {Text: "-c"}, {Text: "rm -rf ~/a"}},
		Wrappers:  []string{"sudo"},
		Assigns:   []Word{{Text: "FOO=1"}},
		Producers: []string{"curl"},
		Redirs:    redirs,
		Shell:     2, // what a program runs: another process
		Text:      text,
	}, {
		Program:   Word{Text: "bash"},
		Path:      "bash",
		Words:     []Word{{Text: "-c"}, {Text: "rm -rf ~/a"}},
		Flags:     []Word{{Text: "-c"}},
		Operands:  []Word{{Text: "rm -rf ~/a"}},
		Wrappers:  []string{"sudo", "env"},
		Assigns:   []Word{{Text: "FOO=1"}},
		Producers: []string{"curl"},
		Redirs:    redirs,
		Shell:     3,
		Text:      text,
	}, {
		Program:   Word{Text: "rm"},
		Path:      "rm",
		Words:     []Word{{Text: "-rf"}, {Text: "~/a"}},
		Flags:     []Word{{Text: "-r"}, {Text: "-f"}},
		Operands:  []Word{{Text: "~/a"}},
		Wrappers:  []string{"sudo", "env", "bash"},
		Assigns:   []Word{{Text: "FOO=1"}},
		Producers: []string{"curl"},
		Redirs:    redirs,
		Depth:     1,
		Shell:     4,
		Text:      "rm -rf ~/a",
	}}, Shells: []int{0, 0, 2, 3}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got:\n%+v\nwant:\n%+v", got, want)
	}
}

// TestExtractShared checks that commands do not share the arrays of their
// lists: appending to one command's list leaves the others alone.
func TestExtractShared(t *testing.T) {
	x := Extract("A=1 sudo env B=2 rm x > f", testKnowledge, Limits{})
	for i := range x.Cmds {
		c := &x.Cmds[i]
		c.Assigns = append(c.Assigns, Word{Text: "Z=9"})
		c.Redirs = append(c.Redirs, Redir{Op: "<"})
		c.Wrappers = append(c.Wrappers, "z")
	}
	want := []string{
		"[z] sudo env B=2 rm x ops=[env B=2 rm x] assigns=[A=1 Z=9] redirs=[>f:w <:]",
		"[sudo z] env B=2 rm x ops=[B=2 rm x] assigns=[A=1 Z=9] redirs=[>f:w <:]",
		"[sudo env z] rm x ops=[x] assigns=[A=1 B=2 Z=9] redirs=[>f:w <:]",
	}
	if got := render(x); !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", lines(got), lines(want))
	}
}

func TestExtractNoKnowledge(t *testing.T) {
	got := render(Extract("sudo rm -rf / | bash", nil, Limits{}))
	want := []string{"sudo rm -rf / flags=[-r -f] ops=[rm /]", "bash prod=[sudo]"}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", lines(got), lines(want))
	}
}

// TestExtractBareShell checks that a shell known only as a shell still
// runs the script of -c, and that lower-case knowledge serves upper-case
// names.
func TestExtractBareShell(t *testing.T) {
	know := func(name string) *Command {
		if name == "fish" {
			return &Command{Name: "fish", Wrapper: WrapShell, Opts: opts(map[OptKind][]string{OptScript: {"--command"}})}
		}
		return nil
	}
	got := render(Extract("fish -c 'rm x'; fish --command 'rm y'; FISH -ic 'rm z'", know, Limits{}))
	want := []string{
		"fish -c rm x flags=[-c] ops=[rm x]",
		"[fish] rm x ops=[x] depth=1",
		"fish --command rm y flags=[--command] ops=[rm y]",
		"[fish] rm y ops=[y] depth=1",
		"FISH -ic rm z flags=[-i -c] ops=[rm z]",
		"[fish] rm z ops=[z] depth=1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", lines(got), lines(want))
	}
}

func TestExtractHuge(t *testing.T) {
	if testing.Short() {
		t.Skip("parses lines of megabytes")
	}
	for _, src := range []string{
		strings.Repeat("a && ", 200000) + "a",
		strings.Repeat("a | ", 200000) + "a",
		strings.Repeat("echo x; ", 200000),
		"echo " + strings.Repeat("x", 1<<20),
		"echo " + strings.Repeat("{a,", 10000) + strings.Repeat("}", 10000),
	} {
		x := Extract(src, testKnowledge, Limits{})
		if x.ParseError != "" || x.TooDeep {
			t.Errorf("Extract(%.20q...): %+v", src, render(&Extraction{ParseError: x.ParseError, TooDeep: x.TooDeep}))
		}
		if n := len(x.Cmds); n > DefaultLimits.Commands {
			t.Errorf("Extract(%.20q...): %d commands", src, n)
		}
	}
}

func TestExtractConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for _, tt := range extractTests {
				got := render(Extract(tt.src, testKnowledge, Limits{}))
				if !slices.Equal(got, tt.want) {
					t.Errorf("Extract(%q) differs when run concurrently", tt.src)
				}
			}
		})
	}
	wg.Wait()
}

func BenchmarkExtract(b *testing.B) {
	benchmarks := []struct{ name, src string }{
		{"simple", "git status"},
		{"typical", "git status && ls -la | grep foo"},
		{"test", "cd /repo && go test ./... 2>&1 | tail -20"},
		{"find", `find . -name '*.go' -exec gofmt -l {} \; | xargs -r rm -f`},
		{"wrapped", `sudo -u root env A=1 bash -lc "rm -rf /tmp/x; echo done" > log`},
		{"script", "set -e\nfor f in $(ls *.txt); do\n\tif [ -s \"$f\" ]; then\n\t\tcat \"$f\" | sort -u >> out.txt\n\tfi\ndone\ncat <<EOF > notes\n$(date) done\nEOF\ngit add -A && git commit -m \"update $(date +%F)\"\n"},
		{"worst", strings.Repeat(`bash -c "eval 'sudo sh -c \"rm -rf {a,b} \$(curl x | sh)\"'" | `, 20) + "a"},
	}
	for _, bm := range benchmarks {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Extract(bm.src, testKnowledge, Limits{})
			}
		})
	}
}
