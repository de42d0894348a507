// Command stub is the program the exec-trace oracle puts under every program
// name in its root (see package jail). Run under any name, it appends one
// record of its execution (the file executed, its working directory, argv and
// environment) to the log and exits 0, reading nothing and writing nothing
// else. Run as a shell, or as a program the root runs for real, it logs and
// then executes the real one.
package main

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// These paths are the root's layout; package jail creates them.
const (
	logFile = "/.oracle/log/exec"
	shell   = "/.oracle/bin/bash"
	realDir = "/.oracle/real/bin/"
	loader  = "/.oracle/real/ld.so"
	libDir  = "/.oracle/real/lib"
)

func main() {
	exe, err := os.Readlink("/proc/self/exe")
	if err != nil {
		exe = os.Args[0]
	}
	cwd, err := syscall.Getwd()
	if err != nil {
		cwd = "?"
	}
	env := os.Environ()
	if f, err := os.OpenFile(logFile, os.O_WRONLY|os.O_APPEND, 0); err == nil {
		f.Write(record(exe, cwd, os.Getpid(), os.Getppid(), os.Args, env)) // one write: appends do not interleave
		f.Close()
	}
	name := filepath.Base(exe)
	switch name {
	case "bash", "sh", "rbash":
		syscall.Exec(shell, os.Args, env)
	default:
		bin := realDir + name
		if _, err := os.Stat(bin); err == nil {
			args := append([]string{loader, "--library-path", libDir, "--argv0", os.Args[0], bin}, os.Args[1:]...)
			syscall.Exec(loader, args, env)
		}
	}
	os.Exit(0)
}

// record encodes one execution as NUL-terminated fields: exe, cwd, the
// process and parent process IDs, the number of arguments, the arguments,
// the number of variables, the variables; then a newline.
func record(exe, cwd string, pid, ppid int, argv, env []string) []byte {
	b := make([]byte, 0, 512)
	field := func(s string) { b = append(append(b, s...), 0) }
	field(exe)
	field(cwd)
	field(strconv.Itoa(pid))
	field(strconv.Itoa(ppid))
	field(strconv.Itoa(len(argv)))
	for _, a := range argv {
		field(a)
	}
	field(strconv.Itoa(len(env)))
	for _, e := range env {
		field(e)
	}
	return append(b, '\n')
}
