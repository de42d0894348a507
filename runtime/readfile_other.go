//go:build !unix

package runtime

import (
	"errors"
	"io"
	"os"
)

// readFile returns up to max bytes of the regular file at path.
func readFile(path string, max int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	return io.ReadAll(io.LimitReader(f, int64(max)))
}

// openDir opens the directory at path to list it.
func openDir(path string) (*os.File, error) { return os.Open(path) }

func readlink(p string) (string, error) { return os.Readlink(p) }
