package oracle

import (
	"strings"
)

// The find class: command lines of GNU find's own grammar (find(1)): the
// leading options (-H, -L, -P, -D with every debug option, -O levels),
// start points (., directories, links, the home directory, .., a start
// point that looks like an option), the positional options (-maxdepth,
// -mindepth, -depth, -d, -xdev, -mount, -noleaf, -regextype, -warn,
// -nowarn, -ignore_readdir_race, -daystart, -follow, -files0-from), every
// test (names, paths, regexes, types, sizes, times, -newer and -newerXY
// with a reference file, -samefile, permissions, owners, links, inodes,
// -readable, -writable, -executable, -empty, -fstype, -context, -true,
// -false), every action (-print, -print0, -printf with its directives,
// -ls, -prune, -quit, -exec and -execdir with ; and +, -ok, -okdir,
// -delete, -fprint, -fprint0, -fprintf, -fls) and the operators (!, -not,
// -a, -and, -o, -or, the comma, parentheses); and what it prints piped to
// xargs, with and without -0, running a reader.

// findLine makes a line of the find class.
func findLine(r *rng) Line {
	p := newProg(r, "find", map[string]int{"action": 60, "option": 25, "start": 15})
	words := []string{"find"}
	words = append(words, findLeading(p)...)
	words = append(words, findStarts(p)...)
	var expr []string
	for k := r.IntN(4); k > 0; k-- {
		expr = append(expr, findPrimary(p))
	}
	if p.reach("option") {
		expr = append([]string{findReachOption(p)}, expr...)
	}
	for p.reach("action") {
		expr = append(expr, findReachAction(p))
	}
	if len(expr) > 1 && p.chance(40) {
		// Operators between the primaries.
		i := 1 + r.IntN(len(expr)-1)
		op := p.one([]form{{"op-or", "-o"}, {"op-or", "-or"}, {"op-and", "-a"}, {"op-and", "-and"}, {"op-comma", ","}})
		expr = append(expr[:i], append([]string{op}, expr[i:]...)...)
	}
	if len(expr) > 0 && p.chance(20) {
		p.tag("op-parens")
		expr = append(append([]string{`\(`}, expr...), `\)`)
		if p.chance(50) {
			p.tag("op-not")
			expr = append([]string{pick(r, []string{"!", `\!`, "-not"})}, expr...)
		}
	}
	if p.chance(30) {
		expr = append(expr, p.one([]form{
			{"print", "-print"}, {"print0", "-print0"}, {"ls", "-ls"}, {"quit", "-quit"},
			{"printf", "-printf " + sq(pick(r, []string{"%p\\n", "%f %s\\n", "%h/%f %m %u %g\\n", "%TY-%Tm-%Td %p\\n", "%l\\n", "%y %Y %d %P %H %i %n %k %b\\n", "%a %c %t\\n", "%M %%\\n", "%p\\0"}))},
		}))
	}
	if n := len(expr); n > 0 && strings.HasPrefix(expr[n-1], "-print") && p.chance(15) {
		// A branch after the action that prints what the tests before
		// it did not pass (policies10).
		p.tag("op-after-print")
		expr = append(expr, pick(r, []string{"-o", "-or", ","}), pick(r, []string{"", "-type f "})+expr[n-1])
	}
	line := strings.Join(append(words, expr...), " ")
	if p.chance(25) {
		// What find prints, made the words of a command by xargs:
		// NUL-separated with -print0 and -0, split at blanks and quotes
		// without (design.md 432).
		p.tag("xargs")
		x := "xargs"
		if strings.Contains(line, "-print0") != p.chance(10) {
			x += " -0"
		}
		line += " | " + x + " " + pick(r, []string{"cat", "grep -c KEY", "grep -l KEY", "wc -l", "head -n 1", "-I{} cat {}", "-r cat", "-n 1 sed -n p"})
	}
	return p.line(line)
}

// findLeading are the options before the start points.
func findLeading(p *prog) []string {
	r := p.r
	if !p.chance(20) {
		return nil
	}
	return []string{p.one([]form{
		{"opt-H", "-H"}, {"opt-L", "-L"}, {"opt-P", "-P"},
		{"opt-D", "-D " + pick(r, []string{"exec", "opt", "rates", "search", "stat", "tree", "all", "help", "exec,search"})},
		{"opt-O", pick(r, []string{"-O0", "-O1", "-O2", "-O3"})},
	})}
}

// findStarts are the start points: project directories, and one outside
// or through a link if the plan puts one here, alone or after a plain one.
func findStarts(p *prog) []string {
	r := p.r
	if p.reach("start") {
		var starts []string
		if p.chance(40) {
			// Beside a plain one: each start point is judged
			// (design.md 436).
			starts = append(starts, pick(r, []string{".", "src", "docs"}))
		}
		return append(starts, p.oneHit([]form{
			{"start-home", pick(r, []string{"~", "/home/user", "$HOME"})},
			{"start-ssh", pick(r, []string{"~/.ssh", "ssh-keys", "home/.ssh"})},
			{"start-link", "home"}, {"start-link-L", "-L home"},
			{"start-parent", ".."}, {"start-root", "/"}, {"start-etc", "/etc"}, {"start-git", ".git"},
			{"start-option-like", "./-delete"}, {"start-dashdash", "-- ."},
		}))
	}
	if p.chance(15) {
		return nil
	}
	starts := []string{pick(r, []string{".", ".", "src", "docs", "./src", "policy", ".claude", "config"})}
	if p.chance(15) {
		starts = append(starts, pick(r, []string{"docs", "src", "main.go"}))
	}
	return starts
}

// findPrimary is a harmless test, positional option or action.
func findPrimary(p *prog) string {
	r := p.r
	return p.one([]form{
		{"name", "-name " + sq(pick(r, []string{"*.go", "*.md", "notes*", "*.json", "[a-m]*", "app.?s"}))},
		{"iname", "-iname " + sq("*.MD")}, {"path", "-path " + sq("./src/*")}, {"ipath", "-ipath " + sq("*DOCS*")},
		{"wholename", "-wholename ./main.go"}, {"regex", "-regex " + sq(".*\\.go")}, {"iregex", "-iregex " + sq(".*README.*")},
		{"regextype", "-regextype posix-extended -regex " + sq(".*(go|md)")},
		{"type", "-type " + pick(r, []string{"f", "d", "l", "f,d"})}, {"xtype", "-xtype l"},
		{"size", "-size " + pick(r, []string{"-10k", "+0", "1c", "-1M"})}, {"empty", "-empty"},
		{"time", pick(r, []string{"-mtime -1", "-mmin +0", "-atime 0", "-amin -5", "-ctime -1", "-cmin 1", "-used 0"})},
		{"newer", pick(r, []string{"-newer", "-anewer", "-cnewer"}) + " " + pick(r, []string{"notes.txt", "main.go"})},
		{"newerXY", pick(r, []string{"-newermt '2020-01-01'", "-neweraa notes.txt", "-newerct '1 hour ago'", "-newerBt '2000-01-01'"})},
		{"samefile", "-samefile main.go"}, {"perm", "-perm " + pick(r, []string{"-644", "/u+x", "755", "-u=r"})},
		{"owner", pick(r, []string{"-user user", "-group user", "-uid 0", "-gid 0", "-nouser", "-nogroup"})},
		{"links", "-links 1"}, {"inum", "-inum 1"}, {"access", pick(r, []string{"-readable", "-writable", "-executable"})},
		{"fstype", "-fstype tmpfs"}, {"lname", pick(r, []string{"-lname '*user*'", "-ilname '*SSH*'"})}, {"truth", pick(r, []string{"-true", "-false"})},
		{"depth", pick(r, []string{"-maxdepth 1", "-mindepth 1", "-depth", "-d", "-maxdepth 2 -mindepth 1"})},
		{"filesystem", pick(r, []string{"-xdev", "-mount", "-noleaf", "-daystart", "-ignore_readdir_race", "-noignore_readdir_race", "-warn", "-nowarn"})},
		{"follow", "-follow"}, {"prune", "-path ./.git -prune -o -print"}, {"context", "-context '*'"},
		{"printf", "-printf " + sq("%p %s\\n")}, {"print", "-print"},
	})
}

// findReachOption is a positional option that reads a file.
func findReachOption(p *prog) string {
	r := p.r
	return p.oneHit([]form{
		{"files0-from", "-files0-from " + pick(r, []string{secretOperand(r), "notes.txt"})},
		{"files0-from-stdin", "-files0-from - < " + secretOperand(r)},
		{"newer-secret", pick(r, []string{"-newer", "-anewer", "-cnewer", "-neweram", "-samefile"}) + " " + secretOperand(r)},
	})
}

// findReachAction is an action that runs a command, deletes or writes a
// file.
func findReachAction(p *prog) string {
	r := p.r
	w := pick(r, []string{writeName(r), writeName(r), "/dev/stdout", "/dev/stderr", "/dev/null"})
	run := pick(r, []string{
		"cat {}", "touch " + marker(r), "sh -c 'cat \"$1\"' _ {}", "rm {}", "grep -l KEY {}", "echo {}", "wc -l {}", "true",
		"ls -l {}", "head -n 1 {}", "cp {} /tmp/", "sh -c 'touch " + marker(r) + "'", "stat {}", "file {}", "id",
		"sed -n p {}", "awk 1 {}", "jq . {}", "sort {}", "git diff {} /dev/null",
	})
	end := pick(r, []string{`\;`, "';'", `";"`, `\;`, "+"})
	if end == "+" && !strings.HasSuffix(run, "{}") {
		end = "{} +"
	}
	return p.oneHit([]form{
		{"exec", "-exec " + run + " " + end}, {"exec", "-exec " + run + " " + end},
		{"execdir", "-execdir " + run + " " + end},
		{"ok", "-ok " + run + ` \;`}, {"okdir", "-okdir " + run + ` \;`},
		{"delete", "-delete"}, {"delete-name", "-name " + sq(pick(r, []string{"*.js", "*.md", "notes.txt", "*.tmp"})) + " -delete"},
		{"fprint", "-fprint " + w}, {"fprint0", "-fprint0 " + w}, {"fprintf", "-fprintf " + w + " " + sq("%p\\n")}, {"fls", "-fls " + w},
		{"exec-secret", "-exec cat " + secretOperand(r) + ` \;`},
		{"exec-quit", "-exec " + run + ` \; -quit`},
	})
}
