package runtime

import (
	"slices"
	"strings"
)

// testCommands is command knowledge for tests, close to what the programs
// do (GNU coreutils, util-linux, sudo, findutils, git). The real knowledge
// is CUE data compiled into Table.Commands. Sorted by Name.
var testCommands = sortedCommands([]Command{
	{Name: "bash", Wrapper: WrapShell, ScriptOpts: []string{"-c"},
		ValueOpts: []string{"-o", "-O", "--rcfile", "--init-file"}},
	{Name: "builtin", Wrapper: WrapExec},
	{Name: "busybox", Wrapper: WrapExec},
	{Name: "cat", Reads: OpAll, Abbrev: true,
		LongOpts: []string{"--show-all", "--number", "--number-nonblank", "--squeeze-blank"}},
	{Name: "chroot", Wrapper: WrapExec, SkipOperands: 1, Abbrev: true,
		ValueOpts: []string{"--userspec", "--groups"}, LongOpts: []string{"--skip-chdir"}},
	// command -v and -V describe the command instead of running it.
	{Name: "command", Wrapper: WrapExec, NoExecOpts: []string{"-v", "-V"}},
	{Name: "cp", Reads: OpAllButLast, Writes: OpLast, Abbrev: true,
		ValueOpts: []string{"-t", "--target-directory", "-S", "--suffix"},
		LongOpts:  []string{"--recursive", "--force", "--archive", "--no-clobber", "--parents"}},
	{Name: "dash", Wrapper: WrapShell, ScriptOpts: []string{"-c"}, ValueOpts: []string{"-o"}},
	{Name: "dd", NoSplit: true, KeyReads: []string{"if"}, KeyWrites: []string{"of"}},
	{Name: "doas", Wrapper: WrapExec, ValueOpts: []string{"-u", "-C"}, NoExecOpts: []string{"-L"}},
	{Name: "env", Wrapper: WrapExec, Abbrev: true,
		ValueOpts:  []string{"-u", "--unset", "-C", "--chdir"},
		SplitOpts:  []string{"-S", "--split-string"},
		LongOpts:   []string{"--ignore-environment", "--null", "--debug"},
		NoExecOpts: []string{"--help", "--version"}},
	{Name: "eval", Wrapper: WrapEval},
	{Name: "exec", Wrapper: WrapExec, ValueOpts: []string{"-a"}},
	{Name: "find", Wrapper: WrapFind, NoSplit: true,
		ValueOpts: []string{"-name", "-iname", "-path", "-ipath", "-regex", "-iregex",
			"-type", "-xtype", "-maxdepth", "-mindepth", "-newer", "-perm", "-size",
			"-user", "-group", "-uid", "-gid", "-mtime", "-mmin", "-atime", "-amin",
			"-ctime", "-cmin", "-links", "-inum", "-samefile", "-fprint", "-fprintf",
			"-fls", "-printf", "-wholename", "-iwholename", "-lname", "-ilname", "-fstype",
			"-context"}},
	{Name: "flock", Wrapper: WrapExec, SkipOperands: 1, Abbrev: true,
		ScriptOpts: []string{"-c", "--command"},
		ValueOpts:  []string{"-w", "--timeout", "-E", "--conflict-exit-code"},
		LongOpts:   []string{"--shared", "--exclusive", "--unlock", "--nonblock", "--close"}},
	{Name: "git", Abbrev: true,
		ValueOpts: []string{"-C", "-c", "--git-dir", "--work-tree", "--namespace",
			"--config-env", "--super-prefix", "-m", "--message", "-b", "-o", "--push-option",
			"--repo", "--receive-pack", "--exec"},
		LongOpts: []string{"--force", "--force-with-lease", "--force-if-includes",
			"--hard", "--soft", "--mixed", "--recursive", "--all", "--mirror", "--tags",
			"--delete", "--prune", "--set-upstream", "--no-verify", "--bare", "--no-pager",
			"--paginate", "--dry-run", "--follow-tags", "--atomic", "--quiet", "--verbose"}},
	{Name: "grep", Reads: OpAfterPattern, Abbrev: true,
		ValueOpts: []string{"-e", "-f", "-m", "-A", "-B", "-C", "-d", "-D",
			"--regexp", "--file", "--max-count", "--after-context", "--before-context",
			"--context", "--include", "--exclude", "--exclude-dir", "--exclude-from",
			"--label", "--directories", "--devices", "--binary-files"},
		LongOpts: []string{"--recursive", "--dereference-recursive", "--ignore-case",
			"--invert-match", "--count", "--files-with-matches", "--line-number",
			"--extended-regexp", "--fixed-strings", "--perl-regexp", "--quiet", "--silent"}},
	{Name: "head", Reads: OpAll, Abbrev: true,
		ValueOpts: []string{"-n", "-c", "--lines", "--bytes"},
		LongOpts:  []string{"--quiet", "--silent", "--verbose", "--zero-terminated"}},
	{Name: "ionice", Wrapper: WrapExec, Abbrev: true,
		ValueOpts: []string{"-c", "--class", "-n", "--classdata", "-p", "--pid",
			"-P", "--pgid", "-u", "--uid"},
		LongOpts: []string{"--ignore"}},
	{Name: "ksh", Wrapper: WrapShell, ScriptOpts: []string{"-c"}, ValueOpts: []string{"-o"}},
	{Name: "mksh", Wrapper: WrapShell, ScriptOpts: []string{"-c"}, ValueOpts: []string{"-o"}},
	{Name: "nice", Wrapper: WrapExec, Abbrev: true,
		ValueOpts: []string{"-n", "--adjustment"}},
	{Name: "nohup", Wrapper: WrapExec},
	{Name: "parallel", Wrapper: WrapXargs,
		ValueOpts: []string{"-j", "--jobs", "-S", "--sshlogin", "--joblog", "-a",
			"--arg-file", "-d", "--delimiter", "-n", "--max-args", "--colsep",
			"--results", "--workdir", "--tmpdir", "-I", "--timeout", "--delay"}},
	{Name: "rm", Writes: OpAll, Abbrev: true,
		LongOpts: []string{"--force", "--interactive", "--one-file-system",
			"--no-preserve-root", "--preserve-root", "--recursive", "--dir",
			"--verbose", "--help", "--version"}},
	{Name: "script", Wrapper: WrapExec, SkipOperands: 1, Abbrev: true,
		ScriptOpts: []string{"-c", "--command"},
		ValueOpts: []string{"-E", "--echo", "-I", "--log-in", "-O", "--log-out",
			"-B", "--log-io", "-T", "--log-timing", "-m", "--logging-format"},
		LongOpts: []string{"--append", "--flush", "--force", "--quiet", "--return"}},
	{Name: "setsid", Wrapper: WrapExec, Abbrev: true,
		LongOpts: []string{"--ctty", "--fork", "--wait"}},
	{Name: "sh", Wrapper: WrapShell, ScriptOpts: []string{"-c"}, ValueOpts: []string{"-o"}},
	{Name: "stdbuf", Wrapper: WrapExec, Abbrev: true,
		ValueOpts: []string{"-i", "-o", "-e", "--input", "--output", "--error"}},
	// su's operands are a user and the shell's arguments: its commands come
	// only from -c. Options may follow the user (su root -c cmd).
	{Name: "su", Wrapper: WrapExec, SkipOperands: 1 << 16, Abbrev: true,
		ScriptOpts: []string{"-c", "--command", "--session-command"},
		ValueOpts: []string{"-s", "--shell", "-g", "--group", "-G", "--supp-group",
			"-w", "--whitelist-environment"},
		LongOpts: []string{"--login", "--preserve-environment", "--pty"}},
	{Name: "sudo", Wrapper: WrapExec,
		ValueOpts: []string{"-u", "-g", "-p", "-C", "-D", "-h", "-r", "-t", "-T", "-U",
			"--user", "--group", "--prompt", "--close-from", "--chdir", "--host",
			"--role", "--type", "--command-timeout", "--other-user", "--chroot"},
		NoExecOpts: []string{"-l", "--list", "-v", "--validate", "-K", "--remove-timestamp",
			"-e", "--edit", "-V", "--version"}},
	{Name: "tail", Reads: OpAll, Abbrev: true,
		ValueOpts: []string{"-n", "-c", "--lines", "--bytes", "-s", "--sleep-interval",
			"--pid", "--max-unchanged-stats"},
		LongOpts: []string{"--follow", "--retry", "--quiet", "--silent", "--verbose"}},
	{Name: "tee", Writes: OpAll, Abbrev: true,
		LongOpts: []string{"--append", "--ignore-interrupts", "--output-error"}},
	{Name: "time", Wrapper: WrapExec,
		ValueOpts: []string{"-f", "--format", "-o", "--output"}},
	{Name: "timeout", Wrapper: WrapExec, SkipOperands: 1, Abbrev: true,
		ValueOpts: []string{"-s", "--signal", "-k", "--kill-after"},
		LongOpts:  []string{"--preserve-status", "--foreground", "--verbose"}},
	{Name: "unbuffer", Wrapper: WrapExec},
	{Name: "watch", Wrapper: WrapScript, Abbrev: true,
		ValueOpts: []string{"-n", "--interval", "-q", "--equexit"},
		LongOpts: []string{"--beep", "--color", "--no-color", "--differences",
			"--errexit", "--chgexit", "--exec", "--precise", "--no-title", "--no-wrap"}},
	{Name: "xargs", Wrapper: WrapXargs, Abbrev: true,
		ValueOpts: []string{"-I", "-d", "-E", "-n", "-L", "-s", "-P", "-a",
			"--arg-file", "--delimiter", "--max-args", "--max-lines", "--max-procs",
			"--max-chars", "--process-slot-var"},
		LongOpts: []string{"--null", "--no-run-if-empty", "--interactive", "--verbose",
			"--exit", "--open-tty", "--replace", "--eof"}},
	{Name: "zsh", Wrapper: WrapShell, ScriptOpts: []string{"-c"}, ValueOpts: []string{"-o"}},
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
