// Command timer runs programs alternately and reports, for every run, its
// wall time, CPU time and peak RSS. The benchmark (../) builds and runs it
// so that the process that starts the hooks is small: Linux charges a
// vfork child, at exec, with its parent's resident set, so a large parent
// would hide the hooks' own peak RSS.
//
// Usage:
//
//	timer time|rss ROUNDS WARMUP SEED NBIN BIN... PAYLOAD...
//
// Every round runs every binary once on every payload file (as stdin, with
// stdout and stderr to /dev/null), in an order shuffled per payload and
// round. Each timed run prints one line
//
//	round payload binary wall-ns cpu-ns maxrss-KiB
//
// and the last line is "self RSS-KiB", the timer's own resident set.
// The environment of the runs is the timer's, but for TIMER_NICE: if set,
// the timer and its runs take that scheduling priority (nice value). If
// TIMER_REFRESH is set to K, every K rounds, before the round, the timer
// rewrites every binary and renames the copy into place: the
// kernel caches a file so written in large folios, but splits them over
// time, at its own pace, and an exec of a file cached in 4 KiB pages is
// slower (by about 10% for the floor). Rewriting all of them often keeps
// every binary in the same state.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"syscall"
	"time"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "timer:", err)
		os.Exit(1)
	}
}

func run() error {
	a := os.Args[1:]
	if len(a) < 5 || a[0] != "time" && a[0] != "rss" {
		return fmt.Errorf("usage: timer time|rss ROUNDS WARMUP SEED NBIN BIN... PAYLOAD...")
	}
	fork := a[0] == "rss"
	a = a[1:]
	var n [4]int
	for i := range n {
		v, err := strconv.Atoi(a[i])
		if err != nil {
			return err
		}
		n[i] = v
	}
	rounds, warmup, seed, nbin := n[0], n[1], n[2], n[3]
	refresh, err := settings()
	if err != nil {
		return err
	}
	a = a[4:]
	if nbin > len(a) {
		return fmt.Errorf("%d binaries but %d arguments", nbin, len(a))
	}
	bins, payloads := a[:nbin], a[nbin:]
	files, err := openAll(payloads)
	if err != nil {
		return err
	}
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	env := os.Environ()
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	order := make([]int, nbin)
	for i := range order {
		order[i] = i
	}
	line := make([]byte, 0, 128)
	for r := range warmup + rounds {
		if refresh > 0 && r%refresh == 0 {
			for _, b := range bins {
				if err := rewrite(b); err != nil {
					return err
				}
			}
		}
		for pi, f := range files {
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			for _, bi := range order {
				if _, err := f.Seek(0, 0); err != nil {
					return err
				}
				attr := &os.ProcAttr{Env: env, Files: []*os.File{f, devnull, devnull}}
				st, wall, err := start(bins[bi], attr, &fork, out)
				if err != nil {
					return err
				}
				if !st.Success() {
					return fmt.Errorf("%s < %s: %v", bins[bi], payloads[pi], st)
				}
				if r < warmup {
					continue
				}
				line = record(out, line[:0], st, wall, r-warmup, pi, bi)
			}
		}
	}
	fmt.Fprintf(out, "self %d\n", selfRSS())
	return nil
}

// record writes the line of one timed run to out, in buf, and returns buf.
func record(out io.Writer, buf []byte, st *os.ProcessState, wall time.Duration, round, payload, bin int) []byte {
	ru := st.SysUsage().(*syscall.Rusage)
	cpu := ru.Utime.Nano() + ru.Stime.Nano()
	for _, v := range []int64{int64(round), int64(payload), int64(bin), int64(wall), cpu, ru.Maxrss} {
		buf = strconv.AppendInt(buf, v, 10)
		buf = append(buf, ' ')
	}
	buf[len(buf)-1] = '\n'
	out.Write(buf)
	return buf
}

// openAll opens the files named.
func openAll(names []string) ([]*os.File, error) {
	files := make([]*os.File, len(names))
	for i, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		files[i] = f
	}
	return files, nil
}

// settings reads TIMER_REFRESH, and sets the priority TIMER_NICE says.
func settings() (refresh int, err error) {
	if v := os.Getenv("TIMER_REFRESH"); v != "" {
		if refresh, err = strconv.Atoi(v); err != nil {
			return 0, err
		}
	}
	if v := os.Getenv("TIMER_NICE"); v != "" {
		// run (and start the runs) at this scheduling priority
		prio, err := strconv.Atoi(v)
		if err != nil {
			return 0, err
		}
		if err := syscall.Setpriority(syscall.PRIO_PROCESS, 0, prio); err != nil {
			return 0, fmt.Errorf("setting priority %d: %v", prio, err)
		}
	}
	return refresh, nil
}

// start runs bin once with attr and waits for it, timing it. With *fork it
// starts bin in a new user namespace, a real fork; where there are none it
// says "vfork" on out, clears *fork and falls back to vfork.
func start(bin string, attr *os.ProcAttr, fork *bool, out io.Writer) (*os.ProcessState, time.Duration, error) {
	if *fork {
		attr.Sys = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWUSER}
	}
	begin := time.Now()
	p, err := os.StartProcess(bin, []string{bin}, attr)
	if err != nil && *fork {
		// No user namespaces here: fall back to vfork.
		*fork = false
		fmt.Fprintln(out, "vfork")
		attr.Sys = nil
		p, err = os.StartProcess(bin, []string{bin}, attr)
	}
	if err != nil {
		return nil, 0, err
	}
	st, err := p.Wait()
	return st, time.Since(begin), err
}

// selfRSS returns the timer's resident set in KiB, or -1.
func selfRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for line := range bytes.Lines(b) {
		if v, ok := bytes.CutPrefix(line, []byte("VmRSS:")); ok {
			f := bytes.Fields(v)
			if len(f) > 0 {
				n, err := strconv.ParseInt(string(f[0]), 10, 64)
				if err == nil {
					return n
				}
			}
		}
	}
	return -1
}

// rewrite replaces the file at path with a copy of it. The copy is made
// in the kernel (io.Copy between files uses copy_file_range), which writes
// the new file in large folios, as cp does, and leaves the timer's own
// memory alone: a forked run starts with the timer's resident set, so the
// timer must stay small.
func rewrite(path string) error {
	src, err := os.Open(path)
	if err != nil {
		return err
	}
	defer src.Close()
	fi, err := src.Stat()
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	dst, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, fi.Mode())
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	if err := dst.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
