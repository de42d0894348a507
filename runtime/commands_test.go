package runtime

import (
	"slices"
	"strings"
)

// testCommands is command knowledge for tests, close to what the programs
// do (GNU coreutils, util-linux, sudo, findutils, git). The real knowledge
// is CUE data compiled into Table.Commands. Sorted by Name.
var testCommands = sortedCommands([]Command{
	{Name: "bash", Wrapper: WrapShell, Opts: opts(map[OptKind][]string{OptScript: {"-c"}, OptValue: {"-o", "-O", "--rcfile", "--init-file"}})},
	{Name: "builtin", Wrapper: WrapExec},
	{Name: "busybox", Wrapper: WrapExec},
	{Name: "cat", Reads: OpAll, Abbrev: true, Opts: opts(map[OptKind][]string{OptFlag: {"--show-all", "--number", "--number-nonblank", "--squeeze-blank"}})},
	{Name: "chroot", Wrapper: WrapExec, SkipOperands: 1, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"--userspec", "--groups"}, OptFlag: {"--skip-chdir"}})},
	// command -v and -V describe the command instead of running it.
	{Name: "command", Wrapper: WrapExec, Opts: opts(map[OptKind][]string{OptNoExec: {"-v", "-V"}})},
	{Name: "cp", Reads: OpAllButLast, Writes: OpLast, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-t", "--target-directory", "-S", "--suffix"}, OptFlag: {"--recursive", "--force", "--archive", "--no-clobber", "--parents"}})},
	{Name: "dash", Wrapper: WrapShell, Opts: opts(map[OptKind][]string{OptScript: {"-c"}, OptValue: {"-o"}})},
	{Name: "dd", NoSplit: true, KeyReads: []string{"if"}, KeyWrites: []string{"of"}},
	{Name: "doas", Wrapper: WrapExec, Opts: opts(map[OptKind][]string{OptValue: {"-u", "-C"}, OptNoExec: {"-L"}})},
	{Name: "env", Wrapper: WrapExec, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-u", "--unset", "-C", "--chdir"}, OptSplit: {"-S", "--split-string"}, OptFlag: {"-i", "-0", "-v", "--ignore-environment", "--null", "--debug"}, OptNoExec: {"--help", "--version"}})},
	{Name: "eval", Wrapper: WrapEval},
	{Name: "exec", Wrapper: WrapExec, Opts: opts(map[OptKind][]string{OptValue: {"-a"}})},
	{Name: "find", Wrapper: WrapFind, NoSplit: true, Opts: opts(map[OptKind][]string{OptValue: {"-name", "-iname", "-path", "-ipath", "-regex", "-iregex",
		"-type", "-xtype", "-maxdepth", "-mindepth", "-newer", "-perm", "-size",
		"-user", "-group", "-uid", "-gid", "-mtime", "-mmin", "-atime", "-amin",
		"-ctime", "-cmin", "-links", "-inum", "-samefile", "-fprint", "-fprintf",
		"-fls", "-printf", "-wholename", "-iwholename", "-lname", "-ilname", "-fstype",
		"-context"}})},
	{Name: "flock", Wrapper: WrapExec, SkipOperands: 1, Abbrev: true, Opts: opts(map[OptKind][]string{OptScript: {"-c", "--command"}, OptValue: {"-w", "--timeout", "-E", "--conflict-exit-code"}, OptFlag: {"--shared", "--exclusive", "--unlock", "--nonblock", "--close"}})},
	{Name: "git", Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-C", "-c", "--git-dir", "--work-tree", "--namespace",
		"--config-env", "--super-prefix", "-m", "--message", "-b", "-o", "--push-option",
		"--repo", "--receive-pack", "--exec"}, OptFlag: {"--force", "--force-with-lease", "--force-if-includes",
		"--hard", "--soft", "--mixed", "--recursive", "--all", "--mirror", "--tags",
		"--delete", "--prune", "--set-upstream", "--no-verify", "--bare", "--no-pager",
		"--paginate", "--dry-run", "--follow-tags", "--atomic", "--quiet", "--verbose"}})},
	{Name: "grep", Reads: OpAfterPattern, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-e", "-f", "-m", "-A", "-B", "-C", "-d", "-D",
		"--regexp", "--file", "--max-count", "--after-context", "--before-context",
		"--context", "--include", "--exclude", "--exclude-dir", "--exclude-from",
		"--label", "--directories", "--devices", "--binary-files"}, OptFlag: {"--recursive", "--dereference-recursive", "--ignore-case",
		"--invert-match", "--count", "--files-with-matches", "--line-number",
		"--extended-regexp", "--fixed-strings", "--perl-regexp", "--quiet", "--silent"}})},
	{Name: "head", Reads: OpAll, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-n", "-c", "--lines", "--bytes"}, OptFlag: {"--quiet", "--silent", "--verbose", "--zero-terminated"}})},
	{Name: "ionice", Wrapper: WrapExec, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-c", "--class", "-n", "--classdata", "-p", "--pid",
		"-P", "--pgid", "-u", "--uid"}, OptFlag: {"--ignore"}})},
	{Name: "ksh", Wrapper: WrapShell, Opts: opts(map[OptKind][]string{OptScript: {"-c"}, OptValue: {"-o"}})},
	{Name: "mksh", Wrapper: WrapShell, Opts: opts(map[OptKind][]string{OptScript: {"-c"}, OptValue: {"-o"}})},
	{Name: "nice", Wrapper: WrapExec, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-n", "--adjustment"}, OptFlag: {"-NUM"}})},
	{Name: "nohup", Wrapper: WrapExec},
	{Name: "parallel", Wrapper: WrapXargs, Opts: opts(map[OptKind][]string{OptValue: {"-j", "--jobs", "-S", "--sshlogin", "--joblog", "-a",
		"--arg-file", "-d", "--delimiter", "-n", "--max-args", "--colsep",
		"--results", "--workdir", "--tmpdir", "-I", "--timeout", "--delay"}})},
	{Name: "rm", Writes: OpAll, Abbrev: true, Opts: opts(map[OptKind][]string{OptFlag: {"--force", "--interactive", "--one-file-system",
		"--no-preserve-root", "--preserve-root", "--recursive", "--dir",
		"--verbose", "--help", "--version"}})},
	{Name: "script", Wrapper: WrapExec, SkipOperands: 1, Abbrev: true, Opts: opts(map[OptKind][]string{OptScript: {"-c", "--command"}, OptValue: {"-E", "--echo", "-I", "--log-in", "-O", "--log-out",
		"-B", "--log-io", "-T", "--log-timing", "-m", "--logging-format"}, OptFlag: {"--append", "--flush", "--force", "--quiet", "--return"}})},
	{Name: "setsid", Wrapper: WrapExec, Abbrev: true, Opts: opts(map[OptKind][]string{OptFlag: {"-c", "-f", "-w", "--ctty", "--fork", "--wait"}})},
	{Name: "sh", Wrapper: WrapShell, Opts: opts(map[OptKind][]string{OptScript: {"-c"}, OptValue: {"-o"}})},
	{Name: "stdbuf", Wrapper: WrapExec, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-i", "-o", "-e", "--input", "--output", "--error"}})},
	// su's operands are a user and the shell's arguments: its commands come
	// only from -c. Options may follow the user (su root -c cmd).
	{Name: "su", Wrapper: WrapExec, SkipOperands: 1 << 16, Abbrev: true, Opts: opts(map[OptKind][]string{OptScript: {"-c", "--command", "--session-command"}, OptValue: {"-s", "--shell", "-g", "--group", "-G", "--supp-group",
		"-w", "--whitelist-environment"}, OptFlag: {"--login", "--preserve-environment", "--pty"}})},
	{Name: "sudo", Wrapper: WrapExec, Opts: opts(map[OptKind][]string{OptValue: {"-u", "-g", "-p", "-C", "-D", "-h", "-r", "-t", "-T", "-U",
		"--user", "--group", "--prompt", "--close-from", "--chdir", "--host",
		"--role", "--type", "--command-timeout", "--other-user", "--chroot"}, OptNoExec: {"-l", "--list", "-v", "--validate", "-K", "--remove-timestamp",
		"-e", "--edit", "-V", "--version"}, OptFlag: {"-E", "-H", "-i", "-s", "-n", "-b", "-k", "-S", "-P"}})},
	{Name: "tail", Reads: OpAll, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-n", "-c", "--lines", "--bytes", "-s", "--sleep-interval",
		"--pid", "--max-unchanged-stats"}, OptFlag: {"--follow", "--retry", "--quiet", "--silent", "--verbose"}})},
	{Name: "tee", Writes: OpAll, Abbrev: true, Opts: opts(map[OptKind][]string{OptFlag: {"--append", "--ignore-interrupts", "--output-error"}})},
	{Name: "time", Wrapper: WrapExec, Opts: opts(map[OptKind][]string{OptValue: {"-f", "--format", "-o", "--output"}})},
	{Name: "timeout", Wrapper: WrapExec, SkipOperands: 1, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-s", "--signal", "-k", "--kill-after"}, OptFlag: {"--preserve-status", "--foreground", "--verbose"}})},
	{Name: "unbuffer", Wrapper: WrapExec},
	{Name: "watch", Wrapper: WrapScript, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-n", "--interval", "-q", "--equexit"}, OptFlag: {"--beep", "--color", "--no-color", "--differences",
		"--errexit", "--chgexit", "--exec", "--precise", "--no-title", "--no-wrap"}})},
	{Name: "xargs", Wrapper: WrapXargs, Abbrev: true, Opts: opts(map[OptKind][]string{OptValue: {"-I", "-d", "-E", "-n", "-L", "-s", "-P", "-a",
		"--arg-file", "--delimiter", "--max-args", "--max-lines", "--max-procs",
		"--max-chars", "--process-slot-var"}, OptFlag: {"-0", "-r", "-t", "-p", "-x", "--null", "--no-run-if-empty", "--interactive", "--verbose",
		"--exit", "--open-tty", "--replace", "--eof"}})},
	{Name: "zsh", Wrapper: WrapShell, Opts: opts(map[OptKind][]string{OptScript: {"-c"}, OptValue: {"-o"}})},
})

func sortedCommands(cmds []Command) []Command {
	slices.SortFunc(cmds, func(a, b Command) int { return strings.Compare(a.Name, b.Name) })
	return cmds
}

// testKnowledge looks a program up in testCommands.
func testKnowledge(name string) *Command {
	i, ok := slices.BinarySearchFunc(testCommands, name, func(c Command, name string) int {
		return strings.Compare(c.Name, name)
	})
	if !ok {
		return nil
	}
	return &testCommands[i]
}

// opts encodes options by kind, as the schema's shorthand lists do: an
// option in several lists takes the most specific kind (a flag, then a
// value, then any other).
func opts(byKind map[OptKind][]string) string {
	rank := func(k OptKind) int {
		switch k {
		case OptFlag:
			return 0
		case OptValue:
			return 1
		}
		return 2
	}
	kind := map[string]OptKind{}
	for k, names := range byKind {
		for _, n := range names {
			if old, ok := kind[n]; !ok || rank(k) > rank(old) {
				kind[n] = k
			}
		}
	}
	var specs []OptSpec
	for n, k := range kind {
		specs = append(specs, OptSpec{Name: n, Kind: k})
	}
	slices.SortFunc(specs, func(a, b OptSpec) int { return strings.Compare(a.Name, b.Name) })
	return EncodeOpts(specs)
}
