package store

import "github.com/codeseek/codeseek/internal/varint"

// A file's symbol graph is stored deflated (the graphs were the largest
// part of a large index after the vectors: 525 of 2,354 MiB on the Linux
// kernel, 203 MiB deflated), behind a head that holds
// the file's package and build constraint uncompressed, so listing the
// files (GraphFiles) inflates nothing:
//
//	uvarint len, package | uvarint len, build | deflated encoded graph
//
// A file without a graph stores nothing.

// packGraph appends blob's stored form to dst; nothing for an empty blob
// or one that does not decode (the index keeps no damaged graph).
func packGraph(dst, blob []byte) []byte {
	d := openBlob(blob)
	if d == nil {
		return dst
	}
	dst = appendString(dst, d.Package())
	dst = appendString(dst, d.Build())
	return deflateGraph(dst, blob)
}

// graphHead reads a stored graph's package and build constraint, as
// views of packed, and returns the deflated graph after them.
func graphHead(packed []byte) (pkg, build string, body []byte, ok bool) {
	r := varint.Reader{B: packed}
	p, b := r.Bytes(), r.Bytes()
	if r.Bad {
		return "", "", nil, false
	}
	return stringOf(p), stringOf(b), r.B, true
}

// unpackGraph returns the encoded graph stored in packed, on the heap;
// nil when there is none or it is damaged.
func unpackGraph(packed []byte) []byte {
	if len(packed) == 0 {
		return nil
	}
	_, _, body, ok := graphHead(packed)
	if !ok {
		return nil
	}
	return inflateBytes(body)
}
