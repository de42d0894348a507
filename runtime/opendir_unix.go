//go:build unix && !linux

package runtime

import (
	"os"
	"syscall"
)

// openDir opens the directory at path to list it. O_NONBLOCK and
// O_DIRECTORY: a FIFO put where a directory is looked for (a project's
// fifo, grep -r foo fifo) must not make the hook wait for a writer
// (round 22, design.md 405).
func openDir(path string) (*os.File, error) {
	fd, err := retry(func() (int, error) {
		return syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	})
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}

// openPath opens p as open(2) does (Linux's also takes a path longer
// than PATH_MAX).
func openPath(p string, flags int) (int, error) {
	return retry(func() (int, error) { return syscall.Open(p, flags, 0) })
}
