//go:build unix

package runtime

import (
	"errors"
	"os"
	"slices"
	"syscall"
)

// readFile returns up to max bytes of the regular file at path. It reads
// with system calls, not an os.File: the first os.File a process opens
// starts Go's network poller (an epoll set, an event file, and a try to
// add each file to it), which a hook that reads a go.mod would pay for
// on every call (design.md 381).
func readFile(path string, max int) ([]byte, error) {
	fd, st, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	// The size is a hint: files of /proc say 0.
	b := make([]byte, 0, min(max, int(min(st.Size, 1<<20))+512))
	for len(b) < max {
		if len(b) == cap(b) {
			b = slices.Grow(b, min(max-len(b), cap(b)))
		}
		n, err := retry(func() (int, error) { return syscall.Read(fd, b[len(b):min(cap(b), max)]) })
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			break
		}
		b = b[:len(b)+n]
		if int64(len(b)) == st.Size {
			break // all of it: no read to see the end (a size of 0 says nothing)
		}
	}
	return b, nil
}

// openRegular opens the regular file at path for reading.
func openRegular(path string) (int, syscall.Stat_t, error) {
	// O_NONBLOCK: opening a FIFO must not wait for a writer.
	fd, err := openPath(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC)
	var st syscall.Stat_t
	if err != nil {
		return -1, st, &os.PathError{Op: "open", Path: path, Err: err}
	}
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return -1, st, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return -1, st, errors.New("not a regular file")
	}
	return fd, st, nil
}

// readFileAt returns at most n bytes of the regular file at path from off.
func readFileAt(path string, off int64, n int) ([]byte, error) {
	fd, _, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	b := make([]byte, n)
	got := 0
	for got < n {
		m, err := retry(func() (int, error) { return syscall.Pread(fd, b[got:], off+int64(got)) })
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if m == 0 {
			break
		}
		got += m
	}
	return b[:got], nil
}

// retry calls f again while a signal interrupts it.
func retry(f func() (int, error)) (int, error) {
	for {
		n, err := f()
		if err != syscall.EINTR {
			return n, err
		}
	}
}

// readlink is os.Readlink without its allocations where p is no link,
// the common case: resolving a path reads every directory of it, and
// os.Readlink's error for each was most of that cost.
func readlink(p string) (string, error) {
	var small [256]byte
	buf := small[:]
	for {
		n, err := syscall.Readlink(p, buf)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return "", err
		case n < len(buf):
			return string(buf[:n]), nil
		}
		buf = make([]byte, 2*len(buf))
	}
}
