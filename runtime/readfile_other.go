//go:build !unix

package runtime

import (
	"errors"
	"io"
	"os"
)

// readFile returns up to max bytes of the regular file at path.
func readFile(path string, max int) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, int64(max)))
}

// openRegular opens the regular file at path.
func openRegular(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = errors.New("not a regular file")
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readFileAt returns at most n bytes of the regular file at path from off.
func readFileAt(path string, off int64, n int) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	m, err := f.ReadAt(b, off)
	if err != nil && err != io.EOF {
		return nil, err
	}
	return b[:m], nil
}

// openDir opens the directory at path to list it.
func openDir(path string) (*os.File, error) { return os.Open(path) }

func readlink(p string) (string, error) { return os.Readlink(p) }
