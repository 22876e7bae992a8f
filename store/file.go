package store

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/cespare/xxhash/v2"

	"github.com/codeseek/codeseek/internal/atomicfile"
)

// Manifests have this layout (segments have their own, see segfile.go),
// all integers little-endian:
//
//	magic "CODESEEK" | u32 schema | u32 header length | header (JSON)
//	| body | u64 xxhash64 of header and body
//
// The header comes first so that listing repositories reads a few hundred
// bytes per repository, not the whole index. The body is the segment list
// and the file list (manifestbody.go).
var magic = []byte("CODESEEK")

// ErrCorrupt marks an index file that fails its checks.
var ErrCorrupt = errors.New("index file is corrupt")

// maxHeader bounds the JSON header, so a damaged length cannot make a
// reader allocate gigabytes.
const maxHeader = 1 << 20

// frameWriter writes one index file: the header first, then the body
// through Write, hashing everything; close appends the checksum.
type frameWriter struct {
	w io.Writer
	h *xxhash.Digest
}

func newFrameWriter(w io.Writer, header any) (*frameWriter, error) {
	hdr, err := json.Marshal(header)
	if err != nil {
		return nil, err
	}
	fw := &frameWriter{w: w, h: xxhash.New()}
	var pre []byte
	pre = append(pre, magic...)
	pre = binary.LittleEndian.AppendUint32(pre, SchemaVersion)
	pre = binary.LittleEndian.AppendUint32(pre, uint32(len(hdr)))
	if _, err := w.Write(pre); err != nil {
		return nil, err
	}
	_, err = fw.Write(hdr)
	return fw, err
}

func (fw *frameWriter) Write(p []byte) (int, error) {
	fw.h.Write(p)
	return fw.w.Write(p)
}

func (fw *frameWriter) close() error {
	_, err := fw.w.Write(binary.LittleEndian.AppendUint64(nil, fw.h.Sum64()))
	return err
}

// frameReader reads one index file written by frameWriter: the header,
// then the body at once (body), whose checksum it verifies.
type frameReader struct {
	r *bufio.Reader
	h *xxhash.Digest
}

// newFrameReader reads the magic, schema and JSON header into header. On
// a SchemaError, header is still filled in when it parses: other versions
// keep this layout up to here, and the header says what to re-index.
func newFrameReader(r *bufio.Reader, header any) (*frameReader, error) {
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
	jsonErr := json.Unmarshal(hdr, header)
	if v := binary.LittleEndian.Uint32(pre[8:]); v != SchemaVersion {
		return nil, &SchemaError{Found: int(v)}
	}
	if jsonErr != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrCorrupt, jsonErr)
	}
	fr := &frameReader{r: r, h: xxhash.New()}
	fr.h.Write(hdr)
	return fr, nil
}

// body reads the rest of the file, checks that it ends with the checksum
// of header and body, and returns the body.
func (fr *frameReader) body() ([]byte, error) {
	rest, err := io.ReadAll(fr.r)
	if err != nil {
		return nil, err
	}
	if len(rest) < 8 {
		return nil, fmt.Errorf("%w: truncated", ErrCorrupt)
	}
	body, sum := rest[:len(rest)-8], rest[len(rest)-8:]
	fr.h.Write(body)
	if fr.h.Sum64() != binary.LittleEndian.Uint64(sum) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	return body, nil
}

// SchemaError reports an index written by another version of codeseek.
type SchemaError struct{ Found int }

func (e *SchemaError) Error() string {
	return fmt.Sprintf("index format version %d is not supported by this codeseek (version %d)", e.Found, SchemaVersion)
}

// writeFileAtomic writes a store file (owner-only) atomically.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	return atomicfile.Write(path, 0o600, write)
}
