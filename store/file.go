package store

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/cespare/xxhash/v2"
)

// The snapshot file layout, all integers little-endian:
//
//	magic "CODESEEK" | u32 schema | u32 header length | header (JSON Meta)
//	| u64 body length | body (gob) | u64 xxhash64 of header and body
//
// The header comes first so that listing repositories reads a few hundred
// bytes per repository, not the whole index.
var magic = []byte("CODESEEK")

// ErrCorrupt marks a snapshot that fails its checks.
var ErrCorrupt = errors.New("index file is corrupt")

// body is the gob-encoded part. Vectors travel as one flat float32 block:
// gob encodes a [][]float32 an element at a time and is many times slower.
type body struct {
	Files   []FileState
	Chunks  []Chunk // Vector fields empty
	Vectors []byte
}

// writeSnapshot encodes s to w.
func writeSnapshot(w io.Writer, s *Snapshot) error {
	header, err := json.Marshal(s.Meta)
	if err != nil {
		return err
	}
	b := body{Files: s.Files, Chunks: make([]Chunk, len(s.Chunks))}
	b.Vectors = make([]byte, 0, len(s.Chunks)*s.Meta.Dimension*4)
	for i, c := range s.Chunks {
		if len(c.Vector) != s.Meta.Dimension {
			return fmt.Errorf("chunk %s has %d dimensions, index has %d", c.ID, len(c.Vector), s.Meta.Dimension)
		}
		for _, f := range c.Vector {
			b.Vectors = binary.LittleEndian.AppendUint32(b.Vectors, math.Float32bits(f))
		}
		c.Vector = nil
		b.Chunks[i] = c
	}
	var enc bytes.Buffer
	if err := gob.NewEncoder(&enc).Encode(&b); err != nil {
		return err
	}
	h := xxhash.New()
	out := io.MultiWriter(w, h)
	var pre []byte
	pre = append(pre, magic...)
	pre = binary.LittleEndian.AppendUint32(pre, SchemaVersion)
	pre = binary.LittleEndian.AppendUint32(pre, uint32(len(header)))
	if _, err := w.Write(pre); err != nil {
		return err
	}
	if _, err := out.Write(header); err != nil {
		return err
	}
	if _, err := w.Write(binary.LittleEndian.AppendUint64(nil, uint64(enc.Len()))); err != nil {
		return err
	}
	if _, err := out.Write(enc.Bytes()); err != nil {
		return err
	}
	_, err = w.Write(binary.LittleEndian.AppendUint64(nil, h.Sum64()))
	return err
}

// readHeader reads the magic, schema and Meta of a snapshot.
func readHeader(r io.Reader) (Meta, []byte, error) {
	var meta Meta
	pre := make([]byte, len(magic)+8)
	if _, err := io.ReadFull(r, pre); err != nil {
		return meta, nil, fmt.Errorf("%w: short header", ErrCorrupt)
	}
	if !bytes.Equal(pre[:len(magic)], magic) {
		return meta, nil, fmt.Errorf("%w: not a codeseek index", ErrCorrupt)
	}
	if v := binary.LittleEndian.Uint32(pre[8:]); v != SchemaVersion {
		return meta, nil, &SchemaError{Found: int(v)}
	}
	n := binary.LittleEndian.Uint32(pre[12:])
	if n > 1<<20 {
		return meta, nil, fmt.Errorf("%w: header too large", ErrCorrupt)
	}
	header := make([]byte, n)
	if _, err := io.ReadFull(r, header); err != nil {
		return meta, nil, fmt.Errorf("%w: short header", ErrCorrupt)
	}
	if err := json.Unmarshal(header, &meta); err != nil {
		return meta, nil, fmt.Errorf("%w: header: %v", ErrCorrupt, err)
	}
	return meta, header, nil
}

// readSnapshot decodes and verifies a whole snapshot.
func readSnapshot(r io.Reader) (*Snapshot, error) {
	meta, header, err := readHeader(r)
	if err != nil {
		return nil, err
	}
	var lenBuf [8]byte
	if _, err := io.ReadFull(r, lenBuf[:]); err != nil {
		return nil, fmt.Errorf("%w: truncated", ErrCorrupt)
	}
	n := binary.LittleEndian.Uint64(lenBuf[:])
	if n > 1<<40 {
		return nil, fmt.Errorf("%w: body length", ErrCorrupt)
	}
	// Decode while hashing, so the body is never held twice in memory.
	h := xxhash.New()
	h.Write(header)
	src := io.TeeReader(io.LimitReader(r, int64(n)), h)
	var b body
	decErr := gob.NewDecoder(bufio.NewReaderSize(src, 1<<16)).Decode(&b)
	if _, err := io.Copy(io.Discard, src); err != nil { // hash any bytes gob left unread
		return nil, fmt.Errorf("%w: truncated", ErrCorrupt)
	}
	var sumBuf [8]byte
	if _, err := io.ReadFull(r, sumBuf[:]); err != nil {
		return nil, fmt.Errorf("%w: truncated", ErrCorrupt)
	}
	if h.Sum64() != binary.LittleEndian.Uint64(sumBuf[:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	if decErr != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, decErr)
	}
	dim := meta.Dimension
	if len(b.Vectors) != len(b.Chunks)*dim*4 {
		return nil, fmt.Errorf("%w: vector block size", ErrCorrupt)
	}
	flat := make([]float32, len(b.Chunks)*dim)
	for i := range flat {
		flat[i] = math.Float32frombits(binary.LittleEndian.Uint32(b.Vectors[i*4:]))
	}
	for i := range b.Chunks {
		b.Chunks[i].Vector = flat[i*dim : (i+1)*dim : (i+1)*dim]
	}
	return &Snapshot{Meta: meta, Files: b.Files, Chunks: b.Chunks}, nil
}

// SchemaError reports a snapshot written by another version of codeseek.
type SchemaError struct{ Found int }

func (e *SchemaError) Error() string {
	return fmt.Sprintf("index format version %d is not supported by this codeseek (version %d)", e.Found, SchemaVersion)
}

// writeFileAtomic writes a file so that readers see either the old or the
// new content, never a mix: temporary file, fsync, rename, directory fsync.
func writeFileAtomic(path string, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-"+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<20)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
