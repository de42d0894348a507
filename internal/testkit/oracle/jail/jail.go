// Package jail runs shell command lines in real bash inside a throw-away
// root, the root of the exec-trace oracle (package oracle; docs/oracle.md).
//
// A worker process (command worker, started by Start) enters new user, mount,
// PID, network, UTS and IPC namespaces, builds the root on a tmpfs and
// pivots into it, so the host's file system is not visible at all; the
// network namespace has no interface but loopback, which is down. The
// root's program directories hold one logging stub binary (command stub)
// under every program name: a stub appends a record of its execution to a
// log and exits 0. Run as bash or sh, the stub logs and then executes a
// static bash from a hidden path; run as one of the Spec's Real programs,
// it logs and then executes that program (copied from the host with its
// shared libraries), which so runs inside the root and sees only its files.
//
// The worker runs one line at a time: bash -c LINE in the working directory,
// with the base environment and stdin from /dev/null, under a timeout and
// resource limits. It returns the combined output (capped), the exec records
// and every change to the writable part of the root, and then puts the root
// back as it was: only what changed is restored.
package jail

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

// The root's hidden layout, shared with command stub (which has its own
// copy of these constants).
const (
	HiddenDir = "/.oracle"
	LogDir    = "/.oracle/log"
	LogFile   = "/.oracle/log/exec"
	BashPath  = "/.oracle/bin/bash"
	StubPath  = "/.oracle/stub"
	RealBin   = "/.oracle/real/bin"
	RealLib   = "/.oracle/real/lib"
	Loader    = "/.oracle/real/ld.so"
)

// A Spec describes a root and how lines run in it.
type Spec struct {
	Mount string // an empty host directory to mount the root on
	Stub  string // host path of the stub binary
	Bash  string // host path of a static bash

	ProgramDirs []string // directories that hold the stub under every name of Programs
	Programs    []string // program names
	ReadOnly    []string // directories mounted read-only once built (they must hold ProgramDirs)

	Copies []Copy // host files copied into the root (real programs, their libraries)
	Tree   []File // the writable files of the root: restored after every line

	Env      []string // bash's environment
	Dir      string   // the working directory of every line
	Setup    string   // a script bash runs once when the root is built, unlogged
	Hostname string

	Timeout   time.Duration // per line
	OutputCap int           // bytes of output kept per line

	// EnvCanary is put in the worker's own environment (as ORACLE_SECRET),
	// which a line can read as /proc/1/environ.
	EnvCanary string
}

// A Copy is a host file copied into the root.
type Copy struct {
	Host, Root string
	Mode       fs.FileMode
}

// A File is one file, directory (Mode has fs.ModeDir) or symbolic link
// (fs.ModeSymlink, Data is the target) of the root.
type File struct {
	Path string
	Mode fs.FileMode
	Data string
}

// An Outcome is what one line did.
type Outcome struct {
	Output    []byte // stdout and stderr, interleaved, up to Spec.OutputCap
	Truncated bool   // the output was longer
	Exit      int    // bash's exit status; -1 if killed
	TimedOut  bool
	Execs     []Exec
	Changes   []Change
	Hostname  string // set if the line changed the host name
	Elapsed   time.Duration
}

// An Exec is one execution of a program of the root, as the stub saw it.
type Exec struct {
	Exe  string   // the file executed (/usr/bin/ls)
	Cwd  string   // its working directory
	Pid  int      // its process ID
	PPid int      // the process that ran it
	Argv []string // its arguments; Argv[0] is the name bash gave it
	Env  []string // its whole environment
}

// A Change is one difference in the writable part of the root after a line.
type Change struct {
	Path string
	Kind string // "created", "deleted", "modified" (contents, link target or type), "mode"
	Data []byte // contents of a created or modified regular file (up to Spec.OutputCap)
}

// request and reply are the worker protocol: the client sends the Spec, the
// worker replies once (Err set if the root could not be built), then one
// reply per request.
type request struct{ Line string }

type reply struct {
	Err     string
	Outcome *Outcome
}

// ErrUnsupported wraps the reason a root cannot be made on this machine.
var ErrUnsupported = errors.New("the machine cannot make the oracle's root")

// A Jail is one worker with its root. Its methods must not be called
// concurrently; run several Jails in parallel instead.
type Jail struct {
	UserNS bool // the root is in its own user namespace (else the worker is the host's root)

	cmd    *exec.Cmd
	enc    *gob.Encoder
	dec    *gob.Decoder
	stdin  io.Closer
	stderr *strings.Builder
}

// Start starts the worker binary and builds the root of spec in it. It
// returns an error wrapping ErrUnsupported if the machine allows neither
// user namespaces nor, as root, mount namespaces.
func Start(worker string, spec *Spec) (*Jail, error) {
	j, err := startIn(worker, spec, true)
	if errors.Is(err, errNoUserNS) && os.Geteuid() == 0 {
		// Root without user namespaces: the other namespaces hide the
		// host, and the worker drops the capabilities that reach past
		// them (see dropCaps).
		j, err = startIn(worker, spec, false)
	}
	return j, err
}

// errNoUserNS is the error of a worker that could not be started in a new
// user namespace.
var errNoUserNS = fmt.Errorf("%w: no user namespaces", ErrUnsupported)

// startIn starts the worker, in a new user namespace or not.
func startIn(worker string, spec *Spec, userns bool) (*Jail, error) {
	cmd := exec.Command(worker)
	cmd.Env = []string{"ORACLE_SECRET=" + spec.EnvCanary}
	attr := &syscall.SysProcAttr{
		Cloneflags: syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWNET | syscall.CLONE_NEWUTS | syscall.CLONE_NEWIPC,
		Pdeathsig:  syscall.SIGKILL,
	}
	if userns {
		// The root's user 0 is the caller. Its capabilities hold only
		// in the new namespaces; the host's files it could reach are
		// gone once the worker has detached the host's file system,
		// but for the devices bound into /dev (which must be writable:
		// some machines make /dev/null writable by root only).
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}}
		attr.GidMappingsEnableSetgroups = false
		// Become the namespace's root: the process keeps its host
		// user until it changes it.
		attr.Credential = &syscall.Credential{Uid: 0, Gid: 0, NoSetGroups: true}
	}
	cmd.SysProcAttr = attr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	j := &Jail{cmd: cmd, enc: gob.NewEncoder(in), dec: gob.NewDecoder(out), stdin: in, stderr: new(strings.Builder)}
	cmd.Stderr = limitWriter{j.stderr, 64 << 10}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EACCES) {
			if userns {
				return nil, fmt.Errorf("%w (%v)", errNoUserNS, err)
			}
			return nil, fmt.Errorf("%w: starting the worker in new namespaces: %v", ErrUnsupported, err)
		}
		return nil, err
	}
	j.UserNS = userns
	if err := j.enc.Encode(spec); err != nil {
		j.kill()
		return nil, fmt.Errorf("sending the spec: %v%s", err, j.stderrText())
	}
	var r reply
	if err := j.dec.Decode(&r); err != nil {
		j.kill()
		return nil, fmt.Errorf("worker: %v%s", err, j.stderrText())
	}
	if r.Err != "" {
		j.kill()
		if strings.HasPrefix(r.Err, unsupportedPrefix) {
			return nil, fmt.Errorf("%w: %s", ErrUnsupported, strings.TrimPrefix(r.Err, unsupportedPrefix))
		}
		return nil, fmt.Errorf("worker: %s", r.Err)
	}
	return j, nil
}

// unsupportedPrefix marks a worker error that means the machine does not
// allow what the root needs.
const unsupportedPrefix = "unsupported: "

func (j *Jail) stderrText() string {
	if s := strings.TrimSpace(j.stderr.String()); s != "" {
		return "; worker stderr: " + s
	}
	return ""
}

// Run runs one line and returns what it did; the root is restored before
// Run returns.
func (j *Jail) Run(line string) (*Outcome, error) {
	if err := j.enc.Encode(request{Line: line}); err != nil {
		return nil, fmt.Errorf("worker: %v%s", err, j.stderrText())
	}
	var r reply
	if err := j.dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("worker: %v%s", err, j.stderrText())
	}
	if r.Err != "" {
		return nil, fmt.Errorf("worker: %s", r.Err)
	}
	return r.Outcome, nil
}

// Close stops the worker; every process of the root dies with it.
func (j *Jail) Close() error {
	j.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- j.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		j.cmd.Process.Kill()
		<-done
	}
	return nil
}

func (j *Jail) kill() {
	j.cmd.Process.Kill()
	j.cmd.Wait()
}

// limitWriter keeps the first n bytes written to it.
type limitWriter struct {
	b *strings.Builder
	n int
}

func (w limitWriter) Write(p []byte) (int, error) {
	if room := w.n - w.b.Len(); room > 0 {
		w.b.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// Programs returns sorted, deduplicated names, dropping any that cannot be
// a file name.
func Programs(names ...[]string) []string {
	var out []string
	for _, l := range names {
		for _, n := range l {
			if n != "" && n != "." && n != ".." && !strings.ContainsAny(n, "/\x00") {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
