package runtime

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// elf64 returns a little ELF64 executable whose PT_INTERP is interp (none
// if "") and whose dynamic section names runpath (none if "").
func elf64(interp, runpath string) []byte {
	const base = 0x400000
	var b []byte
	le := binary.LittleEndian
	hdr := make([]byte, 64)
	copy(hdr, "\x7fELF\x02\x01\x01")
	le.PutUint16(hdr[0x10:], 2)
	le.PutUint16(hdr[0x12:], 62)
	le.PutUint32(hdr[0x14:], 1)
	le.PutUint64(hdr[0x20:], 64)
	le.PutUint16(hdr[0x36:], 56)
	le.PutUint16(hdr[0x38:], 3)
	b = append(b, hdr...)
	phdrs := len(b)
	b = append(b, make([]byte, 3*56)...)
	interpOff := len(b)
	b = append(b, interp+"\x00"...)
	strOff := len(b)
	b = append(b, "\x00"+runpath+"\x00"...)
	for len(b)%8 != 0 {
		b = append(b, 0)
	}
	dynOff := len(b)
	dyn := make([]byte, 48)
	le.PutUint64(dyn[0:], elfDTStrtab)
	le.PutUint64(dyn[8:], base+uint64(strOff))
	if runpath != "" {
		le.PutUint64(dyn[16:], elfDTRunpath)
		le.PutUint64(dyn[24:], 1)
	}
	b = append(b, dyn...)
	ph := func(i int, typ uint32, off, vaddr, size int) {
		p := b[phdrs+i*56:]
		le.PutUint32(p, typ)
		le.PutUint64(p[8:], uint64(off))
		le.PutUint64(p[16:], uint64(vaddr))
		le.PutUint64(p[32:], uint64(size))
	}
	ph(0, elfPTLoad, 0, base, len(b))
	ph(1, elfPTDynamic, dynOff, base+dynOff, 48)
	if interp != "" {
		ph(2, elfPTInterp, interpOff, base+interpOff, len(interp)+1)
	}
	// Padding past the head hook reads, so that the dynamic section is
	// read apart as in a real program.
	return append(b, make([]byte, 8192)...)
}

// TestELFLoaderPaths checks that a program PATH finds outside the system's
// directories is not known where the loader may take the project's code
// for it: a RUNPATH in the project, relative, or with $ORIGIN in the
// project, or an interpreter there (round 51); and that the ELF reader
// reads this machine's own programs.
func TestELFLoaderPaths(t *testing.T) {
	d := t.TempDir()
	proj, bin := filepath.Join(d, "p"), filepath.Join(d, "h", "bin")
	for _, dir := range []string{filepath.Join(proj, "lib"), bin, filepath.Join(d, "h", "lib")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for _, c := range []struct {
		interp, runpath string
		want            string
	}{
		{"/lib64/ld-linux-x86-64.so.2", "", ""},
		{"/lib64/ld-linux-x86-64.so.2", filepath.Join(d, "h", "lib"), ""},
		{"/lib64/ld-linux-x86-64.so.2", "$ORIGIN/../lib", ""},
		{"/lib64/ld-linux-x86-64.so.2", filepath.Join(proj, "lib"), "among the project's files"},
		{"/lib64/ld-linux-x86-64.so.2", "/usr/lib:" + filepath.Join(proj, "lib"), "among the project's files"},
		{"/lib64/ld-linux-x86-64.so.2", "lib", "the relative"},
		{"/lib64/ld-linux-x86-64.so.2", "", ""},
		{"/lib64/ld-linux-x86-64.so.2", "$LIB/x", "does not expand"},
		{filepath.Join(proj, "ld.so"), "", "interpreter"},
		{"", "", ""},
	} {
		if err := os.WriteFile(filepath.Join(bin, "rg"), elf64(c.interp, c.runpath), 0o755); err != nil {
			t.Fatal(err)
		}
		vars := map[string]string{"PATH": bin + ":/usr/bin:/bin"}
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: proj}, root: proj, cwd: proj, home: filepath.Join(d, "h"),
			env: &Env{FS: osFS{}, Getenv: func(n string) string { return vars[n] }}}
		units := e.commandUnits(Extract("rg TODO", know, Limits{}))
		if got := units[0].known(); c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("interp %q runpath %q: %q, want %q", c.interp, c.runpath, got, c.want)
		}
	}
	// This machine's programs: the reader follows each, and finds the
	// RUNPATH readelf -d shows (/usr/bin/apropos: /usr/lib/man-db).
	for f, want := range map[string]string{"/bin/sh": "", "/usr/bin/env": "", "/bin/ls": "", "/usr/bin/apropos": "/usr/lib/man-db"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		p, ok := readELFPaths(osFS{}, f, string(b[:min(len(b), headSize)]))
		if !ok || !strings.HasPrefix(p.interp, "/") {
			t.Errorf("%s: the ELF reader cannot follow it (%+v)", f, p)
		}
		if want != "" && !slices.Contains(p.dirs, want) {
			t.Errorf("%s: library directories %q, want %s among them", f, p.dirs, want)
		}
	}
}
