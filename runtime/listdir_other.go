//go:build !linux

package runtime

import (
	"errors"
	"io/fs"
)

// listDir lists the directory at path, in the order it reads them; ok is
// false where path is not a directory it can read.
func listDir(path string) ([]DirEntry, bool) {
	f, err := openDir(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil && len(ents) == 0 {
		return nil, false
	}
	out := make([]DirEntry, len(ents))
	for i, e := range ents {
		out[i] = DirEntry{Name: e.Name(), Dir: e.IsDir(), Link: e.Type()&fs.ModeSymlink != 0}
	}
	return out, true
}

// readlinkLong and existsLong are not there: a path longer than the
// system takes in one string is looked at on Linux only (design.md 412).
func readlinkLong(string) (string, error) { return "", errors.ErrUnsupported }

func existsLong(string) bool { return false }
