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
	"os"
	"path/filepath"

	"github.com/cespare/xxhash/v2"
)

// Manifests and segments share one file layout, all integers
// little-endian:
//
//	magic "CODESEEK" | u32 schema | u32 header length | header (JSON)
//	| u64 body length | body (gob) | u64 xxhash64 of header and body
//
// The header comes first so that listing repositories reads a few hundred
// bytes per repository, not the whole index.
var magic = []byte("CODESEEK")

// ErrCorrupt marks an index file that fails its checks.
var ErrCorrupt = errors.New("index file is corrupt")

// maxHeader bounds the JSON header, so a damaged length cannot make a
// reader allocate gigabytes.
const maxHeader = 1 << 20

// writeFramed encodes header as JSON and body with gob to w.
func writeFramed(w io.Writer, header, body any) error {
	hdr, err := json.Marshal(header)
	if err != nil {
		return err
	}
	var enc bytes.Buffer
	if err := gob.NewEncoder(&enc).Encode(body); err != nil {
		return err
	}
	h := xxhash.New()
	h.Write(hdr)
	h.Write(enc.Bytes())
	var pre []byte
	pre = append(pre, magic...)
	pre = binary.LittleEndian.AppendUint32(pre, SchemaVersion)
	pre = binary.LittleEndian.AppendUint32(pre, uint32(len(hdr)))
	pre = append(pre, hdr...)
	pre = binary.LittleEndian.AppendUint64(pre, uint64(enc.Len()))
	if _, err := w.Write(pre); err != nil {
		return err
	}
	if _, err := w.Write(enc.Bytes()); err != nil {
		return err
	}
	_, err = w.Write(binary.LittleEndian.AppendUint64(nil, h.Sum64()))
	return err
}

// readHeader reads the magic, schema and JSON header of a file into
// header and returns the header's bytes, which the checksum covers. On a
// SchemaError, header is filled in when it parses.
func readHeader(r io.Reader, header any) ([]byte, error) {
	pre := make([]byte, len(magic)+8)
	if _, err := io.ReadFull(r, pre); err != nil {
		return nil, fmt.Errorf("%w: short header", ErrCorrupt)
	}
	if !bytes.Equal(pre[:len(magic)], magic) {
		return nil, fmt.Errorf("%w: not a codeseek index", ErrCorrupt)
	}
	n := binary.LittleEndian.Uint32(pre[12:])
	if n > maxHeader {
		return nil, fmt.Errorf("%w: header too large", ErrCorrupt)
	}
	hdr := make([]byte, n)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return nil, fmt.Errorf("%w: short header", ErrCorrupt)
	}
	// Other versions keep this layout up to here, so their header is
	// still read: it says which repository to re-index.
	jsonErr := json.Unmarshal(hdr, header)
	if v := binary.LittleEndian.Uint32(pre[8:]); v != SchemaVersion {
		return nil, &SchemaError{Found: int(v)}
	}
	if jsonErr != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrCorrupt, jsonErr)
	}
	return hdr, nil
}

// readFramed decodes and verifies a whole file into header and body.
func readFramed(r io.Reader, header, body any) error {
	hdr, err := readHeader(r, header)
	if err != nil {
		return err
	}
	var lenBuf [8]byte
	if _, err := io.ReadFull(r, lenBuf[:]); err != nil {
		return fmt.Errorf("%w: truncated", ErrCorrupt)
	}
	n := binary.LittleEndian.Uint64(lenBuf[:])
	if n > 1<<40 {
		return fmt.Errorf("%w: body length", ErrCorrupt)
	}
	// Decode while hashing, so the body is never held twice in memory.
	h := xxhash.New()
	h.Write(hdr)
	src := io.TeeReader(io.LimitReader(r, int64(n)), h)
	decErr := gob.NewDecoder(bufio.NewReaderSize(src, 1<<16)).Decode(body)
	if _, err := io.Copy(io.Discard, src); err != nil { // hash any bytes gob left unread
		return fmt.Errorf("%w: truncated", ErrCorrupt)
	}
	var sumBuf [8]byte
	if _, err := io.ReadFull(r, sumBuf[:]); err != nil {
		return fmt.Errorf("%w: truncated", ErrCorrupt)
	}
	if h.Sum64() != binary.LittleEndian.Uint64(sumBuf[:]) {
		return fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	if decErr != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, decErr)
	}
	return nil
}

// readFile opens path and decodes it with readFramed.
func readFile(path string, header, body any) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := readFramed(bufio.NewReaderSize(f, 1<<20), header, body); err != nil {
		return fmt.Errorf("read index %s: %w", path, err)
	}
	return nil
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
