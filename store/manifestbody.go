package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"
)

// A manifest's body, after its JSON header (file.go), all integers
// uvarints unless said otherwise:
//
//	segment count | per segment: ID, chunks
//	file count | per file: path length, path, size, modification time
//	  (varint Unix nanoseconds; 0 for none), u64 content hash (little-endian),
//	  flags (bit 0 secret-free, bits 1-7 kind), chunks, segment
//
// Written by hand rather than with encoding/gob, which cost the binary
// 125 KB for one struct.

// Bounds on a body's counts and lengths, so that damage cannot make a
// reader allocate gigabytes.
const (
	maxManifestEntries = 1 << 28
	maxManifestPath    = 1 << 16
)

// appendManifestBody appends m's segment and file lists.
func appendManifestBody(b []byte, m *Manifest) []byte {
	b = binary.AppendUvarint(b, uint64(len(m.Segments)))
	for _, s := range m.Segments {
		b = binary.AppendUvarint(binary.AppendUvarint(b, s.ID), uint64(s.Chunks))
	}
	b = binary.AppendUvarint(b, uint64(len(m.Files)))
	for i := range m.Files {
		f := &m.Files[i]
		b = appendString(b, f.Path)
		b = binary.AppendUvarint(b, uint64(max(f.Size, 0)))
		mtime := int64(0)
		if !f.ModTime.IsZero() {
			mtime = f.ModTime.UnixNano()
		}
		b = binary.AppendVarint(b, mtime)
		b = binary.LittleEndian.AppendUint64(b, f.Hash)
		flags := byte(f.Kind) << 1
		if f.SecretFree {
			flags |= 1
		}
		b = append(b, flags)
		b = binary.AppendUvarint(binary.AppendUvarint(b, uint64(max(f.Chunks, 0))), f.Segment)
	}
	return b
}

// readManifestBody reads what appendManifestBody wrote into m.
func readManifestBody(b []byte, m *Manifest) error {
	br := bodyReader{b: b}
	n := br.count()
	for i := 0; i < n && br.err == nil; i++ {
		m.Segments = append(m.Segments, SegmentInfo{ID: br.uint(), Chunks: int(br.uint())})
	}
	n = br.count()
	if br.err == nil {
		m.Files = make([]FileState, 0, min(n, len(br.b)))
	}
	for i := 0; i < n && br.err == nil; i++ {
		f := FileState{Path: br.path(), Size: int64(br.uint())}
		if ns := br.int(); ns != 0 {
			f.ModTime = time.Unix(0, ns)
		}
		f.Hash = br.u64()
		flags := br.byte()
		f.SecretFree, f.Kind = flags&1 != 0, Kind(flags>>1)
		f.Chunks, f.Segment = int(br.uint()), br.uint()
		m.Files = append(m.Files, f)
	}
	if br.err == nil && len(br.b) > 0 {
		br.err = errors.New("trailing data")
	}
	return br.err
}

// bodyReader reads a manifest body's values from b, keeping the first
// error.
type bodyReader struct {
	b   []byte
	err error
}

var errShortBody = errors.New("truncated")

func (br *bodyReader) fail(err error) {
	if br.err == nil {
		br.err = err
	}
	br.b = nil
}

func (br *bodyReader) uint() uint64 {
	v, n := binary.Uvarint(br.b)
	if n <= 0 {
		br.fail(errShortBody)
		return 0
	}
	br.b = br.b[n:]
	return v
}

func (br *bodyReader) int() int64 {
	v, n := binary.Varint(br.b)
	if n <= 0 {
		br.fail(errShortBody)
		return 0
	}
	br.b = br.b[n:]
	return v
}

func (br *bodyReader) next(n int) []byte {
	if n > len(br.b) {
		br.fail(errShortBody)
		return make([]byte, n)
	}
	out := br.b[:n]
	br.b = br.b[n:]
	return out
}

func (br *bodyReader) byte() byte { return br.next(1)[0] }

func (br *bodyReader) u64() uint64 { return binary.LittleEndian.Uint64(br.next(8)) }

func (br *bodyReader) count() int {
	n := br.uint()
	if n > maxManifestEntries {
		br.fail(fmt.Errorf("manifest lists %d entries", n))
		return 0
	}
	return int(n)
}

func (br *bodyReader) path() string {
	n := br.uint()
	if n > maxManifestPath {
		br.fail(errors.New("manifest path too long"))
		return ""
	}
	return string(br.next(int(n)))
}
