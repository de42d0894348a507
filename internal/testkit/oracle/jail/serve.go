package jail

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// Serve is the worker: run by command worker as PID 1 of its namespaces,
// it reads the Spec from r, builds the root, and answers line requests
// until r ends.
func Serve(r io.Reader, w io.Writer) error {
	dec, enc := gob.NewDecoder(r), gob.NewEncoder(w)
	var spec Spec
	if err := dec.Decode(&spec); err != nil {
		return err
	}
	// Changing to the namespace's root made the worker undumpable, which
	// hides its /proc/1/environ, a canary the lines may read.
	const prSetDumpable = 4
	syscall.RawSyscall(syscall.SYS_PRCTL, prSetDumpable, 1, 0)
	s := &server{spec: &spec}
	if err := s.build(); err != nil {
		return enc.Encode(reply{Err: err.Error()})
	}
	if err := enc.Encode(reply{}); err != nil {
		return err
	}
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		out, err := s.run(req.Line)
		rep := reply{Outcome: out}
		if err != nil {
			rep.Err = err.Error()
		}
		if err := enc.Encode(rep); err != nil {
			return err
		}
	}
}

type server struct {
	spec *Spec
	snap map[string]*entry // the writable tree as built
	skip []string          // not walked: read-only mounts, /proc, /.oracle
}

// fixedTime is the modification time of every file of the tree: old, so
// that git finds its index clean.
var fixedTime = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)

// build makes the root under spec.Mount and pivots into it.
func (s *server) build() error {
	sp := s.spec
	m := sp.Mount
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("%smaking / private: %v", unsupportedPrefix, err)
	}
	if err := syscall.Mount("oracle", m, "tmpfs", syscall.MS_NOSUID, "size=512m,mode=0755"); err != nil {
		return fmt.Errorf("%smounting a tmpfs on %s: %v", unsupportedPrefix, m, err)
	}
	in := func(p string) string { return filepath.Join(m, p) }
	if err := populate(m, sp); err != nil {
		return err
	}
	if err := s.devices(m); err != nil {
		return err
	}
	if err := syscall.Mount("proc", in("/proc"), "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("%smounting /proc: %v", unsupportedPrefix, err)
	}
	if err := maskProc(in("/proc")); err != nil {
		return err
	}
	// The log stays writable inside the read-only hidden directory.
	if err := syscall.Mount(in(LogDir), in(LogDir), "", syscall.MS_BIND, ""); err != nil {
		return fmt.Errorf("binding the log: %v", err)
	}
	for _, d := range append([]string{HiddenDir}, sp.ReadOnly...) {
		if err := readOnly(in(d)); err != nil {
			return err
		}
	}
	if err := pivot(m, sp.Hostname); err != nil {
		return err
	}
	if err := dropCaps(); err != nil {
		return err
	}
	s.skip = append([]string{"/proc", HiddenDir}, sp.ReadOnly...)
	return s.snapshot()
}

// populate writes the root's files under m: bash, the stub under every
// program name, the real programs' copies and the tree.
func populate(m string, sp *Spec) error {
	in := func(p string) string { return filepath.Join(m, p) }
	for _, d := range []string{filepath.Dir(BashPath), RealBin, RealLib, LogDir, "/proc", "/dev", "/.oldroot"} {
		if err := os.MkdirAll(in(d), 0o755); err != nil {
			return err
		}
	}
	if err := copyFile(sp.Bash, in(BashPath), 0o755); err != nil {
		return err
	}
	if err := copyFile(sp.Stub, in(StubPath), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(in(LogFile), nil, 0o666); err != nil {
		return err
	}
	for _, d := range sp.ProgramDirs {
		if err := os.MkdirAll(in(d), 0o755); err != nil {
			return err
		}
		for _, name := range sp.Programs {
			if err := os.Link(in(StubPath), filepath.Join(in(d), name)); err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
		}
	}
	for _, c := range sp.Copies {
		if err := os.MkdirAll(filepath.Dir(in(c.Root)), 0o755); err != nil {
			return err
		}
		if err := copyFile(c.Host, in(c.Root), c.Mode); err != nil {
			return err
		}
	}
	for _, f := range sp.Tree {
		if err := writeFile(in(f.Path), f); err != nil {
			return err
		}
	}
	return nil
}

// pivot makes m the root, detaching the host's file system, and names the
// host.
func pivot(m, hostname string) error {
	if err := syscall.PivotRoot(m, filepath.Join(m, "/.oldroot")); err != nil {
		return fmt.Errorf("%spivot_root: %v", unsupportedPrefix, err)
	}
	if err := syscall.Chdir("/"); err != nil {
		return err
	}
	if err := syscall.Unmount("/.oldroot", syscall.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the host's file system: %v", err)
	}
	if err := os.Remove("/.oldroot"); err != nil {
		return err
	}
	if err := syscall.Sethostname([]byte(hostname)); err != nil {
		return err
	}
	return nil
}

// snapshot runs the spec's setup and keeps the tree as it is then, which
// every run starts from.
func (s *server) snapshot() error {
	if s.spec.Setup != "" {
		out, err := s.run(s.spec.Setup)
		if err != nil {
			return fmt.Errorf("setup: %v", err)
		}
		if out.Exit != 0 {
			return fmt.Errorf("setup exited %d: %s", out.Exit, out.Output)
		}
	}
	snap, err := s.walk()
	if err != nil {
		return err
	}
	for p, e := range snap {
		if e.mode.IsRegular() {
			if e.data, err = os.ReadFile(p); err != nil {
				return err
			}
		}
	}
	s.snap = snap
	return nil
}

// devices populates /dev: the harmless character devices, bound from the
// host, and the /proc links bash's process substitution needs.
func (s *server) devices(m string) error {
	for _, d := range []string{"null", "zero", "full", "random", "urandom"} {
		p := filepath.Join(m, "dev", d)
		if err := os.WriteFile(p, nil, 0o666); err != nil {
			return err
		}
		if err := syscall.Mount("/dev/"+d, p, "", syscall.MS_BIND, ""); err != nil {
			return fmt.Errorf("%sbinding /dev/%s: %v", unsupportedPrefix, d, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, filepath.Join(m, "dev", name)); err != nil {
			return err
		}
	}
	return os.Mkdir(filepath.Join(m, "dev", "shm"), 0o1777)
}

// maskProc makes the kernel's settings in /proc read-only and hides the
// files that reach the machine (as container runtimes do): the root's user 0
// is the host's root when there is no user namespace.
func maskProc(proc string) error {
	if err := readOnly(filepath.Join(proc, "sys")); err != nil {
		return err
	}
	for _, d := range []string{"irq", "bus", "fs", "acpi", "scsi", "asound", "driver"} {
		if fi, err := os.Stat(filepath.Join(proc, d)); err == nil && fi.IsDir() {
			if err := readOnly(filepath.Join(proc, d)); err != nil {
				return err
			}
		}
	}
	for _, f := range []string{"sysrq-trigger", "kcore", "keys", "kmsg", "kallsyms", "timer_list", "sched_debug", "latency_stats"} {
		p := filepath.Join(proc, f)
		if _, err := os.Stat(p); err != nil {
			continue
		}
		if err := syscall.Mount("/dev/null", p, "", syscall.MS_BIND, ""); err != nil {
			return fmt.Errorf("masking /proc/%s: %v", f, err)
		}
	}
	return nil
}

// keptCaps are the capabilities the programs of the root keep: those over
// files (the root's own), signals, tracing (of the processes of the PID
// namespace only; it lets a line read the worker's /proc/1/environ, whose
// capabilities are not a subset of the line's) and chroot.
var keptCaps = map[uintptr]bool{
	0:  true, // CAP_CHOWN
	1:  true, // CAP_DAC_OVERRIDE
	2:  true, // CAP_DAC_READ_SEARCH
	3:  true, // CAP_FOWNER
	4:  true, // CAP_FSETID
	5:  true, // CAP_KILL
	18: true, // CAP_SYS_CHROOT
	19: true, // CAP_SYS_PTRACE
}

// dropCaps removes every other capability from the bounding set, so no
// program the worker starts has it (setting the clock, loading modules,
// rebooting, raw I/O, mounting, ...), and sets no_new_privs; on every
// thread, as both are kept per thread.
func dropCaps() error {
	const prCapbsetRead, prCapbsetDrop, prSetNoNewPrivs = 23, 24, 38
	for c := uintptr(0); ; c++ {
		if r, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prCapbsetRead, c, 0); errno != 0 {
			break // past the last capability
		} else if r == 0 || keptCaps[c] {
			continue
		}
		if _, _, errno := syscall.AllThreadsSyscall(syscall.SYS_PRCTL, prCapbsetDrop, c, 0); errno != 0 {
			return fmt.Errorf("dropping capability %d: %v", c, errno)
		}
	}
	if _, _, errno := syscall.AllThreadsSyscall(syscall.SYS_PRCTL, prSetNoNewPrivs, 1, 0); errno != 0 {
		return fmt.Errorf("setting no_new_privs: %v", errno)
	}
	return nil
}

// readOnly makes directory d a read-only mount of itself.
func readOnly(d string) error {
	if err := syscall.Mount(d, d, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
		return fmt.Errorf("binding %s: %v", d, err)
	}
	if err := syscall.Mount(d, d, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY|syscall.MS_NOSUID, ""); err != nil {
		return fmt.Errorf("making %s read-only: %v", d, err)
	}
	return nil
}

func copyFile(from, to string, mode fs.FileMode) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, mode)
}

// writeFile creates f at path p (the root's path f.Path, under wherever the
// root is).
func writeFile(p string, f File) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	switch {
	case f.Mode&fs.ModeDir != 0:
		if err := os.MkdirAll(p, 0o755); err != nil {
			return err
		}
	case f.Mode&fs.ModeSymlink != 0:
		return os.Symlink(f.Data, p)
	default:
		if err := os.WriteFile(p, []byte(f.Data), 0o644); err != nil {
			return err
		}
	}
	if err := os.Chmod(p, f.Mode&fs.ModePerm|f.Mode&fs.ModeSticky); err != nil {
		return err
	}
	return os.Chtimes(p, fixedTime, fixedTime)
}

// run runs one line and restores the root.
func (s *server) run(line string) (*Outcome, error) {
	sp := s.spec
	if err := os.Truncate(LogFile, 0); err != nil {
		return nil, err
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	devnull, err := os.Open("/dev/null")
	if err != nil {
		return nil, err
	}
	start := time.Now()
	// Claude Code's Bash tool runs lines in a non-interactive bash with
	// aliases expanded.
	argv := []string{"bash", "--norc", "--noprofile", "-O", "expand_aliases", "-c", line}
	p, err := os.StartProcess(BashPath, argv, &os.ProcAttr{
		Dir:   sp.Dir,
		Env:   sp.Env,
		Files: []*os.File{devnull, pw, pw},
		Sys:   &syscall.SysProcAttr{Setpgid: true},
	})
	devnull.Close()
	pw.Close()
	if err != nil {
		pr.Close()
		return nil, err
	}
	limit(p.Pid)
	out := &Outcome{}
	read := make(chan struct{})
	go func() {
		out.Output, out.Truncated = readCapped(pr, sp.OutputCap)
		pr.Close()
		close(read)
	}()
	timer := time.AfterFunc(sp.Timeout, func() {
		out.TimedOut = true
		syscall.Kill(-p.Pid, syscall.SIGKILL)
	})
	st, err := p.Wait()
	timer.Stop()
	if err != nil {
		return nil, err
	}
	out.Exit = st.ExitCode()
	// What the line started in the background (process substitutions,
	// coprocesses, jobs) may finish within the line's time; then it is
	// killed.
	if out.TimedOut {
		killAll()
	} else {
		settle(start.Add(sp.Timeout))
	}
	<-read
	out.Elapsed = time.Since(start)

	log, err := os.ReadFile(LogFile)
	if err != nil {
		return nil, err
	}
	out.Execs = parseLog(log)
	if h, err := os.Hostname(); err == nil && h != sp.Hostname {
		out.Hostname = h
		syscall.Sethostname([]byte(sp.Hostname))
	}
	if s.snap != nil {
		changes, err := s.restore()
		if err != nil {
			return nil, fmt.Errorf("restoring the root: %v", err)
		}
		out.Changes = changes
	}
	return out, nil
}

// limit bounds what one line can take: processes, memory, CPU, file size.
func limit(pid int) {
	for _, l := range []struct {
		res int
		max uint64
	}{
		// Go programs (the stub) reserve much address space: under 1 GiB
		// the stub sometimes failed to start.
		{syscall.RLIMIT_AS, 4 << 30},
		{syscall.RLIMIT_CPU, 10},
		{syscall.RLIMIT_FSIZE, 64 << 20},
		{rlimitNproc, 256},
	} {
		lim := syscall.Rlimit{Cur: l.max, Max: l.max}
		syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), uintptr(l.res), uintptr(unsafe.Pointer(&lim)), 0, 0, 0)
	}
}

const rlimitNproc = 6 // RLIMIT_NPROC on Linux

// settle reaps the processes left in the namespace as they finish, and
// kills those still running at the deadline. Every process of the
// namespace descends from the worker, so when it has no child left, none is
// left.
func settle(deadline time.Time) {
	for time.Now().Before(deadline) {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if err != nil {
			return // ECHILD: none left
		}
		if pid == 0 {
			time.Sleep(time.Millisecond)
		}
	}
	killAll()
}

// killAll kills every process of the namespace but the worker, and reaps
// them.
func killAll() {
	for {
		ents, _ := os.ReadDir("/proc")
		n := 0
		for _, e := range ents {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == 1 {
				continue
			}
			syscall.Kill(pid, syscall.SIGKILL)
			n++
		}
		for {
			var ws syscall.WaitStatus
			if _, err := syscall.Wait4(-1, &ws, 0, nil); err != nil {
				break
			}
		}
		if n == 0 {
			return
		}
	}
}

// readCapped reads r to its end and returns its first n bytes.
func readCapped(r io.Reader, n int) ([]byte, bool) {
	var b bytes.Buffer
	buf := make([]byte, 32<<10)
	trunc := false
	for {
		k, err := r.Read(buf)
		if room := n - b.Len(); room > 0 {
			b.Write(buf[:min(k, room)])
			trunc = trunc || k > room
		} else if k > 0 {
			trunc = true
		}
		if err != nil {
			return b.Bytes(), trunc
		}
	}
}

// parseLog decodes the stub's records (see command stub); a record cut
// short by a kill is dropped.
func parseLog(b []byte) []Exec {
	var out []Exec
	for len(b) > 0 {
		var e Exec
		var ok bool
		if e, b, ok = parseRecord(b); !ok {
			break
		}
		out = append(out, e)
	}
	return out
}

func parseRecord(b []byte) (Exec, []byte, bool) {
	var e Exec
	next := func() (string, bool) {
		i := bytes.IndexByte(b, 0)
		if i < 0 {
			return "", false
		}
		s := string(b[:i])
		b = b[i+1:]
		return s, true
	}
	num := func() (int, bool) {
		s, ok := next()
		n, err := strconv.Atoi(s)
		return n, ok && err == nil
	}
	list := func() ([]string, bool) {
		n, ok := num()
		if !ok || n < 0 {
			return nil, false
		}
		l := make([]string, n)
		for i := range l {
			if l[i], ok = next(); !ok {
				return nil, false
			}
		}
		return l, true
	}
	var ok1, ok2, ok3, ok4, ok5, ok6 bool
	e.Exe, ok1 = next()
	e.Cwd, ok2 = next()
	e.Pid, ok3 = num()
	e.PPid, ok4 = num()
	e.Argv, ok5 = list()
	e.Env, ok6 = list()
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 || len(b) == 0 || b[0] != '\n' {
		return e, nil, false
	}
	return e, b[1:], true
}

// An entry is one file of the writable tree.
type entry struct {
	mode  fs.FileMode
	size  int64
	ino   uint64
	mtime int64
	ctime int64
	rdev  uint64
	data  []byte // contents of a regular file, in the snapshot only
	link  string
}

// walk lists the writable tree: every file except under s.skip, and
// except the bound devices of /dev.
func (s *server) walk() (map[string]*entry, error) {
	m := map[string]*entry{}
	err := filepath.WalkDir("/", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		for _, sk := range s.skip {
			if p == sk {
				return filepath.SkipDir
			}
		}
		if p == "/" {
			return nil
		}
		var st syscall.Stat_t
		if err := syscall.Lstat(p, &st); err != nil {
			return nil
		}
		e := &entry{
			mode:  fileMode(st.Mode),
			size:  st.Size,
			ino:   st.Ino,
			mtime: st.Mtim.Nano(),
			ctime: st.Ctim.Nano(),
			rdev:  st.Rdev,
		}
		if e.mode&fs.ModeSymlink != 0 {
			e.link, _ = os.Readlink(p)
		}
		m[p] = e
		return nil
	})
	return m, err
}

func fileMode(m uint32) fs.FileMode {
	mode := fs.FileMode(m & 0o777)
	if m&syscall.S_ISVTX != 0 {
		mode |= fs.ModeSticky
	}
	if m&syscall.S_ISUID != 0 {
		mode |= fs.ModeSetuid
	}
	if m&syscall.S_ISGID != 0 {
		mode |= fs.ModeSetgid
	}
	switch m & syscall.S_IFMT {
	case syscall.S_IFDIR:
		mode |= fs.ModeDir
	case syscall.S_IFLNK:
		mode |= fs.ModeSymlink
	case syscall.S_IFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFBLK:
		mode |= fs.ModeDevice
	case syscall.S_IFIFO:
		mode |= fs.ModeNamedPipe
	case syscall.S_IFSOCK:
		mode |= fs.ModeSocket
	}
	return mode
}

// restore compares the tree with the snapshot, returns the changes and puts
// the snapshot back.
func (s *server) restore() ([]Change, error) {
	cur, err := s.walk()
	if err != nil {
		return nil, err
	}
	changes, fix := s.changes(cur)
	if len(changes) == 0 && len(fix) == 0 {
		return nil, nil
	}
	if err := s.putBack(cur, changes, fix); err != nil {
		return nil, err
	}
	slices.SortFunc(changes, func(a, b Change) int { return strings.Compare(a.Path, b.Path) })
	return changes, nil
}

// changes compares the tree cur with the snapshot: it returns the changes
// and the snapshot's paths to put back.
func (s *server) changes(cur map[string]*entry) ([]Change, []string) {
	var changes []Change
	capData := func(b []byte) []byte { return b[:min(len(b), s.spec.OutputCap)] }
	var fix []string // snapshot paths to put back
	for p, c := range cur {
		if _, ok := s.snap[p]; ok {
			continue
		}
		ch := Change{Path: p, Kind: "created"}
		if c.mode.IsRegular() {
			data, _ := os.ReadFile(p)
			ch.Data = capData(data)
		}
		changes = append(changes, ch)
	}
	for p, e := range s.snap {
		c, ok := cur[p]
		switch {
		case !ok:
			changes = append(changes, Change{Path: p, Kind: "deleted"})
			fix = append(fix, p)
		case c.mode.Type() != e.mode.Type():
			changes = append(changes, Change{Path: p, Kind: "modified"})
			fix = append(fix, p)
		case e.mode&fs.ModeDevice != 0:
			// A bound device: writing to it is not a change.
		case e.mode.IsRegular() && (c.ino != e.ino || c.size != e.size || c.mtime != e.mtime || c.ctime != e.ctime):
			data, _ := os.ReadFile(p)
			if !bytes.Equal(data, e.data) {
				changes = append(changes, Change{Path: p, Kind: "modified", Data: capData(data)})
			} else if c.mode != e.mode {
				changes = append(changes, Change{Path: p, Kind: "mode"})
			}
			fix = append(fix, p)
		case e.mode&fs.ModeSymlink != 0 && c.link != e.link:
			changes = append(changes, Change{Path: p, Kind: "modified", Data: []byte(c.link)})
			fix = append(fix, p)
		case c.mode != e.mode:
			changes = append(changes, Change{Path: p, Kind: "mode"})
			fix = append(fix, p)
		}
	}
	return changes, fix
}

// putBack removes what was created and writes back the snapshot's paths
// fix, then takes the new times and inodes of what it wrote into the
// snapshot.
func (s *server) putBack(cur map[string]*entry, changes []Change, fix []string) error {
	for _, ch := range changes {
		if ch.Kind == "created" {
			os.RemoveAll(ch.Path)
		}
	}
	// A directory before what is in it.
	slices.SortFunc(fix, func(a, b string) int {
		if c := strings.Count(a, "/") - strings.Count(b, "/"); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	for _, p := range fix {
		e := s.snap[p]
		if cur[p] != nil && (cur[p].mode.Type() != e.mode.Type() || !e.mode.IsDir()) {
			os.RemoveAll(p)
		}
		f := File{Path: p, Mode: e.mode}
		switch {
		case e.mode.IsRegular():
			f.Data = string(e.data)
		case e.mode&fs.ModeSymlink != 0:
			f.Data = e.link
		}
		if err := writeFile(p, f); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		if e.mode.IsRegular() {
			os.Chtimes(p, time.Unix(0, e.mtime), time.Unix(0, e.mtime))
		}
	}
	// The times and inodes of what was put back are new.
	now, err := s.walk()
	if err != nil {
		return err
	}
	for p, e := range s.snap {
		if n, ok := now[p]; ok {
			e.ino, e.mtime, e.ctime, e.size = n.ino, n.mtime, n.ctime, n.size
		}
	}
	return nil
}
