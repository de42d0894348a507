package runtime

import (
	"cmp"
	"encoding/binary"
	"path"
	"strconv"
	"strings"
)

// A RangeReader is a file system that can read part of a file.
type RangeReader interface {
	// ReadAt returns at most n bytes of the regular file at path from
	// offset off.
	ReadAt(path string, off int64, n int) ([]byte, error)
}

// elfPaths are the paths an ELF program names for the loader: the
// interpreter that loads it (PT_INTERP) and the directories its libraries
// are looked for in first (DT_RUNPATH, DT_RPATH), as written.
type elfPaths struct {
	interp string
	dirs   []string
}

// The ELF constants readELFPaths reads.
const (
	elfPTLoad    = 1
	elfPTDynamic = 2
	elfPTInterp  = 3
	elfDTNull    = 0
	elfDTStrtab  = 5
	elfDTRpath   = 15
	elfDTRunpath = 29
)

// readELFPaths returns the loader's paths of the file f, whose first bytes
// are head: none for a file that is no ELF, and ok false for an ELF the
// reader cannot follow (another layout, offsets past the file, a file
// system that cannot read part of a file).
func readELFPaths(fsys FS, f, head string) (p elfPaths, ok bool) {
	if !strings.HasPrefix(head, "\x7fELF") {
		return p, true
	}
	x, ok := newELFReader(fsys, f, head)
	if !ok {
		return p, false
	}
	dynOff, dynSize, loads, ok := x.segments(&p)
	if !ok || dynSize == 0 {
		return p, ok
	}
	strtab, names, ok := x.dynamic(dynOff, dynSize)
	if !ok || len(names) == 0 {
		return p, ok
	}
	// DT_STRTAB is an address: the file offset of the segment that
	// loads it.
	for _, l := range loads {
		if strtab >= l.vaddr && strtab < l.vaddr+l.size {
			return p, x.strings(&p, strtab-l.vaddr+l.off, names)
		}
	}
	return p, false
}

// An elfReader reads the parts of an ELF file the loader's paths are in.
type elfReader struct {
	rr   RangeReader
	f    string
	h    []byte // the file's head
	bo   binary.ByteOrder
	is64 bool
}

// An elfLoad is a segment the loader maps: from offset off of the file,
// size bytes at address vaddr.
type elfLoad struct{ off, vaddr, size uint64 }

// newELFReader returns the reader of f, whose head is an ELF's.
func newELFReader(fsys FS, f, head string) (*elfReader, bool) {
	rr, ok := fsys.(RangeReader)
	if !ok || len(head) < 64 {
		return nil, false
	}
	x := &elfReader{rr: rr, f: f, h: []byte(head), is64: head[4] == 2}
	switch head[5] {
	case 1:
		x.bo = binary.LittleEndian
	case 2:
		x.bo = binary.BigEndian
	default:
		return nil, false
	}
	return x, x.is64 || head[4] == 1
}

// word returns the address-sized number at b[at:].
func (x *elfReader) word(b []byte, at int) uint64 {
	if x.is64 {
		return x.bo.Uint64(b[at:])
	}
	return uint64(x.bo.Uint32(b[at:]))
}

// read returns the n bytes of the file at off, from its head if there.
func (x *elfReader) read(off uint64, n int) ([]byte, bool) {
	if off+uint64(n) <= uint64(len(x.h)) {
		return x.h[off : off+uint64(n)], true
	}
	b, err := x.rr.ReadAt(x.f, int64(off), n)
	return b, err == nil && len(b) == n
}

// segments reads the program headers: the interpreter into p, where the
// dynamic section is, and the loaded segments.
func (x *elfReader) segments(p *elfPaths) (dynOff, dynSize uint64, loads []elfLoad, ok bool) {
	h, bo := x.h, x.bo
	var phoff uint64
	var phentsize, phnum int
	if x.is64 {
		phoff, phentsize, phnum = bo.Uint64(h[0x20:]), int(bo.Uint16(h[0x36:])), int(bo.Uint16(h[0x38:]))
	} else {
		phoff, phentsize, phnum = uint64(bo.Uint32(h[0x1c:])), int(bo.Uint16(h[0x2a:])), int(bo.Uint16(h[0x2c:]))
	}
	if phentsize < 32 || phnum > 256 {
		return 0, 0, nil, false
	}
	phdrs, ok := x.read(phoff, phnum*phentsize)
	if !ok {
		return 0, 0, nil, false
	}
	for i := range phnum {
		ph := phdrs[i*phentsize:]
		// p_offset, p_vaddr and p_filesz: after p_type and p_flags in
		// ELF64, after p_type in ELF32.
		at := 4
		if x.is64 {
			at = 8
		}
		off, vaddr, size := x.word(ph, at), x.word(ph, 2*at), x.word(ph, 4*at)
		switch bo.Uint32(ph) {
		case elfPTLoad:
			loads = append(loads, elfLoad{off, vaddr, size})
		case elfPTDynamic:
			dynOff, dynSize = off, size
		case elfPTInterp:
			if size == 0 || size > 4096 {
				return 0, 0, nil, false
			}
			b, ok := x.read(off, int(size))
			if !ok {
				return 0, 0, nil, false
			}
			p.interp, _, _ = strings.Cut(string(b), "\x00")
		}
	}
	return dynOff, dynSize, loads, true
}

// dynamic reads the dynamic section: the string table's address and the
// offsets in it of the RUNPATH and RPATH entries.
func (x *elfReader) dynamic(off, size uint64) (strtab uint64, names []uint64, ok bool) {
	ent := 16
	if !x.is64 {
		ent = 8
	}
	if size > 64<<10 {
		return 0, nil, false
	}
	dyn, ok := x.read(off, int(size)/ent*ent)
	if !ok {
		return 0, nil, false
	}
	for i := 0; i+ent <= len(dyn); i += ent {
		tag, val := x.word(dyn, i), x.word(dyn, i+ent/2)
		if tag == elfDTNull {
			break
		}
		switch tag {
		case elfDTStrtab:
			strtab = val
		case elfDTRpath, elfDTRunpath:
			names = append(names, val)
		}
	}
	return strtab, names, true
}

// strings reads into p the directories of the entries at names of the
// string table at off.
func (x *elfReader) strings(p *elfPaths, off uint64, names []uint64) bool {
	for _, n := range names {
		b, err := x.rr.ReadAt(x.f, int64(off+n), 4096)
		if err != nil {
			return false
		}
		s, _, complete := strings.Cut(string(b), "\x00")
		if !complete {
			return false
		}
		p.dirs = append(p.dirs, strings.Split(s, ":")...)
	}
	return true
}

// loaderWhy says why the ELF program file, found outside the system's
// directories, may load the project's code: its interpreter, or a
// directory its libraries are looked for in, is the project's, relative
// (the working directory's), or spelled with a $ the hook does not follow
// (round 51's RUNPATH); "" if none is.
func (e *evaluator) loaderWhy(file string) string {
	p, ok := readELFPaths(e.env.FS, file, e.head(file))
	if !ok {
		return "an ELF program whose loader's paths the hook cannot read"
	}
	if p.interp != "" && (!path.IsAbs(p.interp) || e.inProject(p.interp)) {
		return "an ELF program whose interpreter " + p.interp + " may be the project's file"
	}
	origin := path.Dir(cmp.Or(e.env.FS.Resolve(file), file))
	for _, d := range p.dirs {
		d = strings.ReplaceAll(strings.ReplaceAll(d, "${ORIGIN}", origin), "$ORIGIN", origin)
		switch {
		case strings.Contains(d, "$"):
			return "an ELF program whose libraries are looked for in " + d + ", which the hook does not expand"
		case !path.IsAbs(d):
			return "an ELF program whose libraries are looked for in the relative " + strconv.Quote(d) + ", the working directory's"
		case e.inProject(d):
			return "an ELF program whose libraries are looked for in " + d + ", among the project's files"
		}
	}
	return ""
}
