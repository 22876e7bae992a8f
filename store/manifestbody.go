package store

import (
	"encoding/binary"
	"errors"
	"time"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/varint"
)

// A manifest's body, after its JSON header (file.go), all integers
// uvarints unless said otherwise:
//
//	segment count | per segment: ID, chunks
//	file count | per file: path length, path, size, modification time
//	  (varint Unix nanoseconds; 0 for none), u64 content hash (little-endian),
//	  flags (bit 0 secret-free, bit 1 kind, bits 5-7 the marks' first
//	  three, bits 2-4 the next three), chunks, segment
//
// Manifests written before marks existed have kinds below 16, so their
// marks read as none; the kinds are two, so bits 2-4 of those written
// before the fourth mark are zero, and their marks read as they were.
//
// Written by hand rather than with encoding/gob, which cost the binary
// 125 KB for one struct.

// Bounds on a body's counts and lengths, so that damage cannot make a
// reader allocate gigabytes.
const (
	maxManifestEntries = 1 << 28
	maxManifestPath    = 1 << 16
)

// The bits of a file's flags byte that its kind and its marks have.
const (
	kindMask  = 0x01
	marksMask = 0x07
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
		flags := byte(f.Kind)&kindMask<<1 | byte(f.Marks)&marksMask<<5 | byte(f.Marks>>3)&marksMask<<2
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
	mr := varint.Reader{B: b}
	count := func() int {
		n := mr.Uint()
		if n > maxManifestEntries {
			mr.B, mr.Bad = nil, true
			return 0
		}
		return n
	}
	n := count()
	for i := 0; i < n && !mr.Bad; i++ {
		m.Segments = append(m.Segments, SegmentInfo{ID: mr.Uint64(), Chunks: mr.Uint()})
	}
	n = count()
	if !mr.Bad {
		m.Files = make([]FileState, 0, min(n, len(mr.B)))
	}
	for i := 0; i < n && !mr.Bad; i++ {
		f := FileState{Path: readPath(&mr), Size: int64(mr.Uint64())}
		if ns := mr.Int64(); ns != 0 {
			f.ModTime = time.Unix(0, ns)
		}
		if h := mr.Next(8); len(h) == 8 {
			f.Hash = binary.LittleEndian.Uint64(h)
		}
		if flags := mr.Next(1); len(flags) == 1 {
			f.SecretFree, f.Kind = flags[0]&1 != 0, Kind(flags[0]>>1&kindMask)
			f.Marks = chunker.Marks(flags[0]>>5&marksMask | (flags[0]>>2&marksMask)<<3)
		}
		f.Chunks, f.Segment = mr.Uint(), mr.Uint64()
		m.Files = append(m.Files, f)
	}
	switch {
	case mr.Bad:
		return errors.New("truncated or out of bounds")
	case len(mr.B) > 0:
		return errors.New("trailing data")
	}
	return nil
}

// readPath reads a file's path, refusing one over maxManifestPath.
func readPath(mr *varint.Reader) string {
	n := mr.Uint()
	if n > maxManifestPath {
		mr.B, mr.Bad = nil, true
		return ""
	}
	return string(mr.Next(n))
}
