package runtime

import (
	"encoding/binary"
	"path"
	"strings"
	"syscall"
	"unsafe"
)

// listDir lists the directory at path, in the order the kernel reads it,
// with system calls (getdents64), not an os.File: the first os.File a
// process opens starts Go's network poller, which a hook listing a
// directory would pay for on every call, as readFile does not
// (design.md 381, 410). A name whose type the file system does not give
// is looked at with lstat, as os.ReadDir does. ok is false where path is
// not a directory it can read.
func listDir(path string) (ents []DirEntry, ok bool) {
	// O_NONBLOCK: opening a FIFO must not wait for a writer.
	fd, err := openPath(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_DIRECTORY|syscall.O_CLOEXEC)
	if err != nil {
		return nil, false
	}
	defer syscall.Close(fd)
	var buf [2048]byte // on the stack: a larger one costs an allocation
	for {
		n, err := retry(func() (int, error) { return syscall.ReadDirent(fd, buf[:]) })
		if err != nil {
			return ents, len(ents) > 0
		}
		if n <= 0 {
			return ents, true
		}
		// struct linux_dirent64: ino, off (8 bytes each), reclen (2),
		// type (1), the name ending in a NUL.
		for off := 0; off+19 < n; {
			reclen := int(binary.NativeEndian.Uint16(buf[off+16:]))
			if reclen < 20 || off+reclen > n {
				return ents, len(ents) > 0
			}
			typ, name := buf[off+18], buf[off+19:off+reclen]
			off += reclen
			for i, c := range name {
				if c == 0 {
					name = name[:i]
					break
				}
			}
			if string(name) == "." || string(name) == ".." {
				continue
			}
			e := DirEntry{Name: string(name), Dir: typ == syscall.DT_DIR, Link: typ == syscall.DT_LNK}
			if typ == syscall.DT_UNKNOWN {
				var st syscall.Stat_t
				if syscall.Lstat(joinPath(path, e.Name), &st) == nil {
					e.Dir = st.Mode&syscall.S_IFMT == syscall.S_IFDIR
					e.Link = st.Mode&syscall.S_IFMT == syscall.S_IFLNK
				}
			}
			ents = append(ents, e)
		}
	}
}

// openPath opens p as open(2) does, also where p is longer than the
// kernel takes in one string (PATH_MAX, ENAMETOOLONG): as the resolved
// text of a short path through long links, or a deep working directory,
// may be (round 26). The kernel resolves such a path one directory at a
// time for a program that reaches it step by step, so the guard must
// look at it too: it opens p's directories one by one (following links,
// as the kernel does) and p's name relative to the last.
func openPath(p string, flags int) (int, error) {
	fd, err := retry(func() (int, error) { return syscall.Open(p, flags, 0) })
	if err != syscall.ENAMETOOLONG {
		return fd, err
	}
	dir, name, err := openParent(p)
	if err != nil {
		return -1, err
	}
	defer syscall.Close(dir)
	return retry(func() (int, error) { return syscall.Openat(dir, name, flags, 0) })
}

// openParent opens the directory holding the absolute path p, one
// component at a time, and returns it with p's last name.
func openParent(p string) (fd int, name string, err error) {
	dir, name := path.Split(p)
	fd, err = syscall.Open("/", oPath|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return -1, "", err
	}
	for _, c := range strings.Split(dir, "/") {
		if c == "" {
			continue
		}
		next, err := retry(func() (int, error) {
			return syscall.Openat(fd, c, oPath|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		})
		syscall.Close(fd)
		if err != nil {
			return -1, "", err
		}
		fd = next
	}
	return fd, name, nil
}

// readlinkLong reads the link at p where p is longer than PATH_MAX
// (openPath).
func readlinkLong(p string) (string, error) {
	dir, name, err := openParent(p)
	if err != nil {
		return "", err
	}
	defer syscall.Close(dir)
	namep, err := syscall.BytePtrFromString(name)
	if err != nil {
		return "", err
	}
	buf := make([]byte, 4096)
	n, _, errno := syscall.Syscall6(syscall.SYS_READLINKAT, uintptr(dir), uintptr(unsafe.Pointer(namep)), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0, 0)
	if errno != 0 {
		return "", errno
	}
	return string(buf[:n]), nil
}

// existsLong reports whether p, longer than PATH_MAX, exists (openPath).
func existsLong(p string) bool {
	fd, err := openPath(p, oPath|syscall.O_CLOEXEC)
	if err == nil {
		syscall.Close(fd)
	}
	return err == nil
}

// oPath is O_PATH, which package syscall does not name: 010000000 on
// every Linux architecture Go supports (asm-generic/fcntl.h).
const oPath = 0x200000
