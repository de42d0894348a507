package settings

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/diff"
)

// A File is a settings file read from disk, to be edited through Doc and
// written back with Save.
type File struct {
	Path   string // as given
	Doc    *Doc
	Exists bool // whether the file existed when it was read

	real string      // Path with its symlinks resolved: where the bytes live
	orig []byte      // the contents read
	mode fs.FileMode // the file's permissions
}

// ErrChanged is returned by Save when the file changed on disk after it
// was read.
var ErrChanged = errors.New("changed on disk while hookc was editing it; nothing was written: run the command again")

// Open reads the settings file at path. A missing file is an empty
// document (Exists false). A file that cannot be read, or is not JSON, is
// an error; JSON errors are an *Error with the position.
func Open(path string) (*File, error) {
	f := &File{Path: path, real: path, mode: 0o644}
	if r, err := filepath.EvalSymlinks(path); err == nil {
		f.real = r
	}
	b, err := os.ReadFile(f.real)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if _, lerr := os.Lstat(path); lerr == nil {
			return nil, fmt.Errorf("%s: a symbolic link to a missing file; hookc will not create its target", path)
		}
		b = nil
	case err != nil:
		return nil, fmt.Errorf("%s: cannot read: %v", path, unwrap(err))
	default:
		f.Exists = true
		if fi, err := os.Stat(f.real); err == nil {
			f.mode = fi.Mode().Perm()
		}
	}
	f.orig = b
	d, err := Parse(path, b)
	if err != nil {
		return nil, err
	}
	f.Doc = d
	return f, nil
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Changed reports whether the document differs from the file as read.
func (f *File) Changed() bool { return !bytes.Equal(f.orig, f.Doc.Bytes()) }

// Diff returns the change as a unified diff, or nil when there is none.
func (f *File) Diff() []byte {
	return diff.Diff(f.Path, f.orig, f.Path, f.Doc.Bytes())
}

// Writable reports why the file cannot be written, or nil. A file whose
// permissions allow no one to write it is read-only to hookc even for a
// user (root) the system would let write it: someone made it so.
func (f *File) Writable() error {
	if !f.Exists {
		return nil
	}
	if f.mode&0o222 == 0 {
		return fmt.Errorf("%s is read-only (mode %04o); hookc leaves it as it is: make it writable first", f.Path, f.mode)
	}
	w, err := os.OpenFile(f.real, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("%s cannot be written: %v", f.Path, unwrap(err))
	}
	w.Close()
	return nil
}

// Save writes the document back, if it changed. It refuses when the file
// changed on disk since it was read (ErrChanged) or cannot be written. The
// old contents are kept first in one backup, PATH.bak beside the file
// (replacing an older one), whose name it returns. The new
// contents replace the file atomically (a temporary file renamed over it),
// through symbolic links, with the file's permissions.
func (f *File) Save() (backup string, err error) {
	if !f.Changed() {
		return "", nil
	}
	if err := f.Writable(); err != nil {
		return "", err
	}
	if err := f.unchanged(); err != nil {
		return "", err
	}
	dir := filepath.Dir(f.real)
	if !f.Exists {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("%s: %v", f.Path, unwrap(err))
		}
	} else if backup, err = f.backup(); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(f.real)+".hookc-*")
	if err != nil {
		return backup, fmt.Errorf("%s: %v", f.Path, unwrap(err))
	}
	defer os.Remove(tmp.Name()) // after a successful rename, there is nothing to remove
	if _, err := tmp.Write(f.Doc.Bytes()); err != nil {
		tmp.Close()
		return backup, fmt.Errorf("%s: writing: %v", f.Path, unwrap(err))
	}
	if err := tmp.Chmod(f.mode); err != nil {
		tmp.Close()
		return backup, fmt.Errorf("%s: %v", f.Path, unwrap(err))
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return backup, fmt.Errorf("%s: writing: %v", f.Path, unwrap(err))
	}
	if err := tmp.Close(); err != nil {
		return backup, fmt.Errorf("%s: writing: %v", f.Path, unwrap(err))
	}
	// The last look before the rename: a change made since the first is
	// not overwritten.
	if err := f.unchanged(); err != nil {
		return backup, err
	}
	if err := os.Rename(tmp.Name(), f.real); err != nil {
		return backup, fmt.Errorf("%s: %v", f.Path, unwrap(err))
	}
	f.orig = bytes.Clone(f.Doc.Bytes())
	f.Exists = true
	return backup, nil
}

// beforeCheck, if set, runs before Save looks at the file on disk again;
// tests use it to change the file at that moment.
var beforeCheck func()

// unchanged checks that the file on disk is still what was read.
func (f *File) unchanged() error {
	if beforeCheck != nil {
		beforeCheck()
	}
	b, err := os.ReadFile(f.real)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !f.Exists:
		return nil
	case err != nil && f.Exists:
		return fmt.Errorf("%s: %w", f.Path, ErrChanged)
	case err == nil && (!f.Exists || !bytes.Equal(b, f.orig)):
		return fmt.Errorf("%s: %w", f.Path, ErrChanged)
	}
	return nil
}

// BackupSuffix names the one backup Save keeps beside a file.
const BackupSuffix = ".bak"

// backup copies the file as read to PATH.bak, replacing an older backup:
// one backup, of the file before the last change, not one per change
// piling up in .claude/ (design.md 191). It is written to a temporary file
// renamed over the old backup, so a failed write leaves the old one.
func (f *File) backup() (string, error) {
	name := f.Path + BackupSuffix
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	w, err := os.CreateTemp(dir, "."+base+".hookc-*")
	if err != nil {
		return "", fmt.Errorf("backing up %s: %v", f.Path, unwrap(err))
	}
	defer os.Remove(w.Name()) // after a successful rename, there is nothing to remove
	_, werr := w.Write(f.orig)
	cerr := w.Chmod(f.mode | 0o200)
	if err := w.Close(); cerr == nil {
		cerr = err
	}
	if werr != nil || cerr != nil {
		return "", fmt.Errorf("backing up %s: %v", f.Path, errors.Join(werr, cerr))
	}
	if err := os.Rename(w.Name(), name); err != nil {
		return "", fmt.Errorf("backing up %s: %v", f.Path, unwrap(err))
	}
	return name, nil
}
