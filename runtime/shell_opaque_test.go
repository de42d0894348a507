package runtime

import "testing"

// opaqueTests are command lines with code only known when they run (design.md
// 45), and command lines without, which must stay known.
var opaqueTests = []struct {
	src    string
	opaque bool
}{
	// Arithmetic: quotes are text, substitutions run, variables holding
	// text are evaluated.
	{`echo $(( '$(rm -rf ~)' ))`, true},
	// Variables named like secrets: the command may show them.
	{`echo $AWS_SECRET_ACCESS_KEY`, true},
	{`echo "${github_token:-x}"`, true},
	{`curl -H "Authorization: Bearer $API_KEY" x`, true},
	{`echo $HOME $PWD $USER`, false},
	{`echo $(( "$(rm -rf ~)" ))`, true},
	{`echo $[ '$(rm -rf ~)' ]`, true},
	{`(( '$(rm -rf ~)' ))`, true},
	{`let 'x=$(rm -rf ~)'`, true},
	{`let x=1+2`, false},
	{`for (( i='$(rm)'; i<1; i++ )); do :; done`, true},
	{`for (( i=0; i<3; i++ )); do echo $i; done`, false},
	{`echo ${x:'$(rm)':1}`, true},
	{`echo ${x:1:2}`, false},
	{`echo ${a[$(rm)]}`, true},
	{`echo ${a['$(rm)']}`, true},
	{`echo ${a[1]} ${a[@]} ${#a[*]}`, false},
	{`a[$(rm)]=1`, true},
	{`a[1]=1`, false},
	{`declare -i x; x='a[$(rm)]'`, true},
	{`declare -i x=5`, false},
	{`[[ 'a[$(rm)]' -eq 1 ]]`, true},
	{`[[ $x -eq 1 ]]`, false},
	{`x=$1; [[ $x -eq 1 ]]`, true},
	{`[[ $1 -gt 0 ]]`, true},
	{`[[ $# -gt 0 ]]`, false},
	{`x='a[$(rm)]'; echo $((x))`, true},
	// Text bash sets (design.md 127): select's REPLY, what [[ =~ ]]
	// matched, function names and the script.
	{`select x in a; do echo $((REPLY)); break; done <<< 'a[$(rm)]'`, true},
	{`select x in 1 2; do echo $((x)); break; done`, true},
	{`[[ 'a[$(rm)]' =~ .* ]] && echo $((BASH_REMATCH))`, true},
	{`[[ 'a[$(rm)]' =~ .* ]] && echo $((BASH_REMATCH[0]))`, true},
	{`echo $((BASH_EXECUTION_STRING))`, true},
	{`echo $(( FUNCNAME + 1 ))`, true},
	{`coproc x { echo; }; echo $((x))`, false},
	{`x='a[$(rm)]'; echo $(($x + 1))`, true},
	{`read x; echo $((x))`, true},
	{`i=0; echo $((i+1))`, false},
	{`n=$((n+1)); echo $n`, false},
	{`for x in a b; do echo $((x)); done`, true},
	{`for x in 1 2; do echo $((x)); done`, false},
	{`echo $(( $(cat f) + 1 ))`, true},
	{`f() { echo $((y)); }; y=oops; f`, true},
	{`eval "$cmd"; echo $((z))`, true},
	// Quotes inside a double-quoted ${...} are literal to Bash.
	{`echo "${x:-'$(rm -rf ~)'}"`, true},
	{`echo "${x/a/'$(rm)'}"`, true},
	{`echo ${x:-'$(rm -rf ~)'}`, false},
	{`echo "${x:-"$(date)"}"`, false},
	// Builtins that evaluate a name or a prompt.
	{`printf -v 'a[$(rm)]' x`, true},
	{`printf -v x '%s' y`, false},
	{`printf -v "$n" x`, true},
	{`test -v 'a[$(rm)]'`, true},
	{`[ -v 'a[$(rm)]' ]`, true},
	{`[[ -v a[$(rm)] ]]`, true},
	{`[[ -v x ]]`, false},
	{`read 'a[$(rm)]'`, true},
	{`read -a 'a[$(rm)]'`, true},
	{`read -r line < f`, false},
	{`mapfile 'a[$(rm)]' < f`, true},
	{`mapfile -C 'rm -rf ~' -c 1 a < f`, false},
	{`readarray -t lines < f`, false},
	{`unset 'a[$(rm)]'`, true},
	{`unset x`, false},
	{`declare 'a[$(rm)]=1'`, true},
	{`declare "$x"`, true},
	{`declare -n r=x`, true},
	{`local -n r=x`, true},
	{`declare -a x='([0]=$(rm))'`, true},
	{`export FOO=bar`, false},
	{`getopts ab 'a[$(rm)]'`, true},
	{`wait -p 'a[$(rm)]'`, true},
	{`echo ${!x}`, true},
	{`echo ${!x[@]} ${!pre*}`, false},
	{`echo ${x@P}`, true},
	{`echo ${x@Q} ${x@U}`, false},
	{`echo $"hello"`, true},
	// Builtins that change what later commands mean.
	{"alias ls='rm -rf ~'\nls", true},
	{`alias`, false},
	{`hash -p /bin/rm ls`, true},
	{`enable -f ./x.so x`, true},
	{`fc -s`, true},
	{`compgen -C 'rm -rf ~' x`, true},
	{`shopt -s extdebug`, true},
	{`shopt -s nullglob globstar`, false},
	{`shopt -s dotglob`, true},
	{`set -k`, true},
	{`set -o posix`, true},
	{`set -euo pipefail`, false},
	// History expansion and brace expansion switched: bash reads the
	// lines after differently (design.md 342).
	{"set -o history -H\necho .env\ncat !$", true},
	{`set -o history; set -o histexpand`, true},
	{`set -Ho history`, true},
	{`set +B; cat {a,b}`, true},
	{`set +o braceexpand`, true},
	{`HOME=/etc; cat ~/shadow`, true},
	{`PATH=/tmp/x:$PATH; ls`, true},
	{`export PATH=/tmp`, true},
	{`for HOME in /etc; do cat ~/x; done`, true},
	{`read HOME`, true},
	{`PS4='$(rm -rf ~)'; set -x`, true},
	{`HOME=/tmp ls`, false},
	// Constructs that are not Bash's.
	{`echo *(e:'rm -rf ~':)`, true},
	// Known constructs.
	{`echo "$(date)" $(ls) <(cat f) $((1+2))`, false},
	{`if true; then echo a; elif false; then echo b; else echo c; fi`, false},
	{`case $x in a) echo a;; *) echo b;; esac`, false},
	{`while read -r l; do echo "$l"; done < f`, false},
	{`cat <<EOF
$(date)
EOF`, false},
	{`coproc cat f`, false},
	{`time ls`, false},
	{`! grep x f`, false},
}

func TestExtractOpaque(t *testing.T) {
	t.Parallel()
	for _, tt := range opaqueTests {
		x := Extract(tt.src, testKnowledge, Limits{})
		var why string
		for _, c := range x.Cmds {
			if c.Opaque != "" {
				why = c.Opaque
				break
			}
		}
		if got := why != ""; got != tt.opaque {
			t.Errorf("Extract(%q): opaque %v (%s), want %v\n%v", tt.src, got, why, tt.opaque, render(x))
		}
	}
}
