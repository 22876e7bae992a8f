package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
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
func readManifestBody(r io.ByteReader, m *Manifest) error {
	br := bodyReader{r: r}
	n := br.count()
	for i := 0; i < n && br.err == nil; i++ {
		m.Segments = append(m.Segments, SegmentInfo{ID: br.uint(), Chunks: int(br.uint())})
	}
	n = br.count()
	if br.err == nil {
		m.Files = make([]FileState, 0, min(n, 1<<20))
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
	return br.err
}

// bodyReader reads a manifest body's values, keeping the first error.
type bodyReader struct {
	r   io.ByteReader
	err error
}

func (br *bodyReader) fail(err error) {
	if br.err == nil {
		br.err = err
	}
}

func (br *bodyReader) uint() uint64 {
	v, err := binary.ReadUvarint(br.r)
	br.fail(err)
	return v
}

func (br *bodyReader) int() int64 {
	v, err := binary.ReadVarint(br.r)
	br.fail(err)
	return v
}

func (br *bodyReader) byte() byte {
	b, err := br.r.ReadByte()
	br.fail(err)
	return b
}

func (br *bodyReader) u64() uint64 {
	var b [8]byte
	for i := range b {
		b[i] = br.byte()
	}
	return binary.LittleEndian.Uint64(b[:])
}

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
	b := make([]byte, n)
	for i := range b {
		b[i] = br.byte()
	}
	return string(b)
}
