package jail

import (
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Build compiles command stub and command worker into dir, statically, and
// returns their paths. It needs the Go toolchain and this module's source
// (it runs from inside the module, as tests do).
func Build(dir string) (stub, worker string, err error) {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", dir+string(filepath.Separator),
		"hookc.dev/hookc/internal/testkit/oracle/jail/stub", "hookc.dev/hookc/internal/testkit/oracle/jail/worker")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("building the stub and the worker: %v\n%s", err, out)
	}
	return filepath.Join(dir, "stub"), filepath.Join(dir, "worker"), nil
}

// StaticBash returns the path of a static bash (Debian's bash-static), or
// an error wrapping ErrUnsupported that says how to install it.
func StaticBash() (string, error) {
	for _, p := range []string{"/bin/bash-static", "/usr/bin/bash-static"} {
		if f, err := elf.Open(p); err == nil {
			static := interp(f) == ""
			f.Close()
			if static {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("%w: no static bash (/bin/bash-static); install it with apt-get install bash-static", ErrUnsupported)
}

// Real returns the copies that let the root run the host's programs of
// the given names for real (see the package comment): each binary as
// RealBin/NAME, the shared libraries it needs, recursively, in RealLib, and
// the dynamic loader as Loader. Programs not found in the host's /usr/bin or
// /bin, or not dynamically linked against the loader the first one uses,
// are skipped and returned in missing.
func Real(names []string) (copies []Copy, missing []string, err error) {
	libs := map[string]string{} // needed name → host path
	loader := ""
	var need []string
	for _, name := range names {
		host := ""
		for _, d := range []string{"/usr/bin", "/bin"} {
			if fi, err := os.Stat(filepath.Join(d, name)); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
				host = filepath.Join(d, name)
				break
			}
		}
		if host == "" {
			missing = append(missing, name)
			continue
		}
		f, err := elf.Open(host)
		if err != nil {
			missing = append(missing, name)
			continue
		}
		in := interp(f)
		deps, _ := f.ImportedLibraries()
		f.Close()
		if in == "" || (loader != "" && in != loader) {
			missing = append(missing, name)
			continue
		}
		loader = in
		copies = append(copies, Copy{Host: host, Root: filepath.Join(RealBin, name), Mode: 0o755})
		need = append(need, deps...)
	}
	for len(need) > 0 {
		lib := need[0]
		need = need[1:]
		if _, ok := libs[lib]; ok {
			continue
		}
		host, err := findLib(lib)
		if err != nil {
			return nil, nil, err
		}
		libs[lib] = host
		f, err := elf.Open(host)
		if err != nil {
			return nil, nil, err
		}
		deps, _ := f.ImportedLibraries()
		f.Close()
		need = append(need, deps...)
	}
	for lib, host := range libs {
		copies = append(copies, Copy{Host: host, Root: filepath.Join(RealLib, lib), Mode: 0o755})
	}
	if loader != "" {
		copies = append(copies, Copy{Host: loader, Root: Loader, Mode: 0o755})
	}
	return copies, missing, nil
}

// interp returns the ELF file's program interpreter, "" for a static one.
func interp(f *elf.File) string {
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			b := make([]byte, p.Filesz)
			if _, err := p.ReadAt(b, 0); err != nil {
				return ""
			}
			return strings.TrimRight(string(b), "\x00")
		}
	}
	return ""
}

var libDirs = []string{"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib"}

func findLib(name string) (string, error) {
	for _, d := range libDirs {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errors.New("shared library " + name + " not found")
}
