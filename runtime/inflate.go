package runtime

import "sync"

// A zlib stream is known by decoding its start (RFC 1950, 1951), as
// puff.c, zlib's reference decoder, does it: bit by bit, with canonical
// Huffman codes. compress/zlib would do, but compress/flate builds its
// encoder's tables when the package initialises, in every hook process,
// whether or not a file is ever looked at: 16,000 instructions of the
// 690,000 an MCP call costs (design.md 443).

// inflateBytes is how much of a stream's output zlibInflates decodes:
// what gitStore asked of compress/zlib before (io.ReadFull of 16 bytes),
// which TestInflateOracle holds it to.
const inflateBytes = 16

// zlibInflates reports whether b is a zlib stream: a header with no
// preset dictionary, then deflate data that decodes without an error
// into its first inflateBytes bytes, or into at least one byte before
// the input or the stream ends.
func zlibInflates(b []byte) bool {
	if len(b) < 2 || b[0]&0x0f != 8 || b[0]>>4 > 7 || (uint16(b[0])<<8|uint16(b[1]))%31 != 0 || b[1]&0x20 != 0 {
		return false
	}
	in := bitReader{b: b[2:]}
	out := 0
	for out < inflateBytes {
		final, ok := in.bits(1)
		kind, ok2 := in.bits(2)
		if !ok || !ok2 {
			return out > 0
		}
		var n int
		switch kind {
		case 0:
			n, ok = in.stored()
		case 1:
			f := fixedCodes()
			n, ok = in.codes(&f.lit, &f.dist, out)
		case 2:
			var c blockCodes
			if ok = in.dynamic(&c); ok {
				n, ok = in.codes(&c.lit, &c.dist, out)
			}
		default:
			return false
		}
		out += n
		if !ok {
			return in.short && out > 0
		}
		if final == 1 {
			break
		}
	}
	return out > 0
}

// A bitReader reads deflate's bits, least significant first. short says
// a read went past the end of the input.
type bitReader struct {
	b     []byte
	pos   int
	acc   uint32
	n     uint
	short bool
}

// bits reads the next n bits (n <= 16), ok false past the input's end.
func (r *bitReader) bits(n uint) (int, bool) {
	for r.n < n {
		if r.pos >= len(r.b) {
			r.short = true
			return 0, false
		}
		r.acc |= uint32(r.b[r.pos]) << r.n
		r.pos++
		r.n += 8
	}
	v := int(r.acc & (1<<n - 1))
	r.acc >>= n
	r.n -= n
	return v, true
}

// stored skips a stored block, from the byte after its header, and
// returns its length.
func (r *bitReader) stored() (int, bool) {
	r.acc, r.n = 0, 0 // the rest of the header's byte
	if r.pos+4 > len(r.b) {
		r.short = true
		return 0, false
	}
	size := int(r.b[r.pos]) | int(r.b[r.pos+1])<<8
	if size != ^(int(r.b[r.pos+2])|int(r.b[r.pos+3])<<8)&0xffff {
		return 0, false
	}
	r.pos += 4
	if r.pos+size > len(r.b) {
		r.short = true
		return len(r.b) - r.pos, false
	}
	r.pos += size
	return size, true
}

// A huffman is a canonical Huffman code: how many codes each length has,
// and the symbols in the order of their codes.
type huffman struct {
	count  [16]uint16
	symbol [288]uint16
}

// build makes h the code of lengths (a symbol's code length, 0 for none),
// and reports whether it is one compress/flate and zlib take: complete,
// empty (which no symbol decodes with), or a single code of one bit.
func (h *huffman) build(lengths []uint8) bool {
	h.count = [16]uint16{}
	for _, l := range lengths {
		h.count[l]++
	}
	if int(h.count[0]) == len(lengths) {
		return true
	}
	left := 1
	for l := 1; l < 16; l++ {
		left = left<<1 - int(h.count[l])
		if left < 0 {
			return false
		}
	}
	if left > 0 && !(h.count[1] == 1 && int(h.count[0]) == len(lengths)-1) {
		return false
	}
	var offs [16]uint16
	for l := 1; l < 15; l++ {
		offs[l+1] = offs[l] + h.count[l]
	}
	for sym, l := range lengths {
		if l != 0 {
			h.symbol[offs[l]] = uint16(sym)
			offs[l]++
		}
	}
	return true
}

// decode reads one symbol of h's code.
func (r *bitReader) decode(h *huffman) (int, bool) {
	code, first, index := 0, 0, 0
	for l := 1; l < 16; l++ {
		b, ok := r.bits(1)
		if !ok {
			return 0, false
		}
		code |= b
		count := int(h.count[l])
		if code-count < first {
			return int(h.symbol[index+code-first]), true
		}
		index += count
		first = (first + count) << 1
		code <<= 1
	}
	return 0, false
}

// blockCodes are a block's two codes: literals and lengths, distances.
type blockCodes struct{ lit, dist huffman }

// fixedCodes are the codes of a block of fixed codes (RFC 1951, 3.2.6),
// built the first time one is met. The distances' code has 30 symbols of
// five bits; it is taken whole, with the two codes left over, which
// codes rejects as it rejects literals 286 and 287.
var fixedCodes = sync.OnceValue(func() *blockCodes {
	var l [288 + 32]uint8
	for i := range l {
		switch {
		case i < 144:
			l[i] = 8
		case i < 256:
			l[i] = 9
		case i < 280:
			l[i] = 7
		case i < 288:
			l[i] = 8
		default:
			l[i] = 5
		}
	}
	c := new(blockCodes)
	c.lit.build(l[:288])
	c.dist.build(l[288:])
	return c
})

// codeOrder is the order of the code lengths' code lengths.
var codeOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// dynamic reads a block's codes (RFC 1951, 3.2.7), rejecting what
// compress/flate rejects.
func (r *bitReader) dynamic(c *blockCodes) bool {
	nlit, ok1 := r.bits(5)
	ndist, ok2 := r.bits(5)
	nclen, ok3 := r.bits(4)
	nlit, ndist, nclen = nlit+257, ndist+1, nclen+4
	if !ok1 || !ok2 || !ok3 || nlit > 286 || ndist > 30 {
		return false
	}
	var lengths [286 + 30]uint8
	for i := range nclen {
		l, ok := r.bits(3)
		if !ok {
			return false
		}
		lengths[codeOrder[i]] = uint8(l)
	}
	var lens huffman
	if !lens.build(lengths[:19]) {
		return false
	}
	lengths = [286 + 30]uint8{}
	for i, n := 0, nlit+ndist; i < n; {
		sym, ok := r.decode(&lens)
		if !ok {
			return false
		}
		if sym < 16 {
			lengths[i] = uint8(sym)
			i++
			continue
		}
		var rep, prev int
		switch sym {
		case 16:
			if i == 0 {
				return false
			}
			prev = int(lengths[i-1])
			rep, ok = r.bits(2)
			rep += 3
		case 17:
			rep, ok = r.bits(3)
			rep += 3
		default:
			rep, ok = r.bits(7)
			rep += 11
		}
		if !ok || i+rep > n {
			return false
		}
		for ; rep > 0; rep-- {
			lengths[i] = uint8(prev)
			i++
		}
	}
	return c.lit.build(lengths[:nlit]) && c.dist.build(lengths[nlit:nlit+ndist])
}

// The lengths and distances of deflate's length and distance symbols:
// a base and the extra bits added to it.
var (
	lengthBase = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthBits = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase   = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distBits   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// codes decodes a block's symbols with its codes until the block ends or
// the stream's output (out before the block) reaches inflateBytes, and
// returns how many bytes the block gave. A distance further back than the
// output so far is an error.
func (r *bitReader) codes(lit, dist *huffman, out int) (int, bool) {
	n := 0
	for out+n < inflateBytes {
		sym, ok := r.decode(lit)
		switch {
		case !ok || sym > 285:
			return n, false
		case sym < 256:
			n++
			continue
		case sym == 256:
			return n, true
		}
		sym -= 257
		extra, ok := r.bits(uint(lengthBits[sym]))
		length := int(lengthBase[sym]) + extra
		d, ok2 := r.decode(dist)
		if !ok || !ok2 || d > 29 {
			return n, false
		}
		extra, ok = r.bits(uint(distBits[d]))
		if !ok || int(distBase[d])+extra > out+n {
			return n, false
		}
		n += length
	}
	return n, true
}
