// Package pack is the encoding of the hook's packed data: the rules of
// runtime.PackedRules and the built-in command knowledge of
// commands.BaseCommands (design.md 336). It imports only the standard
// library.
//
// Every number (lengths, enums, booleans, indexes) is a varint of
// printable characters: five bits a character, 0x40+bits while more
// follow and 0x20+bits for the last, so that generated source shows the
// data as text. A string is its length and its bytes; a slice its length
// plus one (0 for nil) and its elements; a pointer 0 (nil) or 1 and the
// value; a struct its fields in order.
package pack

import "strings"

// A Writer encodes values one after another.
type Writer struct{ b strings.Builder }

// Len is the number of bytes written.
func (w *Writer) Len() int { return w.b.Len() }

// String returns the bytes written.
func (w *Writer) String() string { return w.b.String() }

// Num writes v.
func (w *Writer) Num(v uint64) {
	for v >= 32 {
		w.b.WriteByte(0x40 + byte(v&31))
		v >>= 5
	}
	w.b.WriteByte(0x20 + byte(v))
}

// Int writes v, zig-zag encoded.
func (w *Writer) Int(v int64) { w.Num(uint64(v<<1) ^ uint64(v>>63)) }

// Bool writes v as 1 or 0.
func (w *Writer) Bool(v bool) {
	if v {
		w.Num(1)
	} else {
		w.Num(0)
	}
}

// Str writes s: its length and its bytes.
func (w *Writer) Str(s string) {
	w.Num(uint64(len(s)))
	w.b.WriteString(s)
}

// Raw writes s as it is: values another Writer wrote.
func (w *Writer) Raw(s string) { w.b.WriteString(s) }

// Count writes the length of a slice, 0 for nil.
func (w *Writer) Count(n int, isNil bool) {
	if isNil {
		w.Num(0)
	} else {
		w.Num(uint64(n) + 1)
	}
}

// A Reader decodes what a Writer wrote: D is the data, I where the next
// value starts.
type Reader struct {
	D string
	I int
}

// Num reads a number.
func (r *Reader) Num() uint64 {
	var v uint64
	for shift := uint(0); ; shift += 5 {
		c := r.D[r.I]
		r.I++
		if c < 0x40 {
			return v | uint64(c-0x20)<<shift
		}
		v |= uint64(c-0x40) << shift
	}
}

// Int reads a number Int wrote.
func (r *Reader) Int() int64 {
	u := r.Num()
	return int64(u>>1) ^ -int64(u&1)
}

// Bool reads a boolean.
func (r *Reader) Bool() bool { return r.Num() != 0 }

// Str returns the next string, a substring of the data: no copy.
func (r *Reader) Str() string {
	n := int(r.Num())
	s := r.D[r.I : r.I+n]
	r.I += n
	return s
}

// Count returns the length of the next slice and whether it is nil.
func (r *Reader) Count() (int, bool) {
	n := r.Num()
	return int(n) - 1, n == 0
}

// StrAt returns the string that starts at off: a record's name, its
// first field.
func StrAt(d string, off uint32) string {
	if n := d[off]; n < 0x40 {
		// A string shorter than 32 bytes: its length is one character.
		return d[off+1 : off+1+uint32(n-0x20)]
	}
	r := Reader{D: d, I: int(off)}
	return r.Str()
}
