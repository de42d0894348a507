//go:build unix

package runtime

import (
	"os"
	"syscall"
)

// HardLinks returns the number of names of the regular file at path.
func (osFS) HardLinks(path string) int {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return 0
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Nlink)
	}
	return 1
}

// SameFile reports whether a and b, links followed, are one file.
func (osFS) SameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
