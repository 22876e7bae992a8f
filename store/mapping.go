package store

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"unsafe"
)

// mapping is a segment file mapped read-only and shared, so that the
// kernel's page cache is the only copy of an index: several servers on one
// index share it, and pages a search never touches are never read. Parts
// point into data; every part holds its mapping, so the file stays mapped
// while anything that can reach a part is alive, and is unmapped by a
// cleanup once nothing can. Nothing outside the store ever sees mapped
// memory: chunks handed out are copies (part.chunk), and one whose text
// waits for Full holds its part, so its segment stays mapped until the
// text is read or the chunk is gone. On Windows the file is
// read into memory instead (os_windows.go says why).
type mapping struct {
	region
}

// region is what the cleanup releases; it must not point back at the
// mapping, or the mapping would never become unreachable.
type region struct {
	data []byte
	// src reads the file for the background checksum: on Unix the open
	// file, with pread, so checking does not fault every page in.
	src     io.ReaderAt
	release func()
}

// mapFile maps the whole file f, taking ownership of f.
func mapFile(f *os.File, size int64) (*mapping, error) {
	if size <= 0 || int64(int(size)) != size {
		f.Close()
		return nil, fmt.Errorf("%w: segment size %d", ErrCorrupt, size)
	}
	r, err := mapRegion(f, int(size))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("map segment: %w", err)
	}
	m := &mapping{r}
	runtime.AddCleanup(m, func(r region) { r.release() }, m.region)
	return m, nil
}

// copyOut returns the mapped bytes b read from the file with pread into
// *buf (grown when short), or b itself if the read fails. Rows and chunk
// texts are read this way rather than through the mapping: touching a
// mapped page maps the pages around it too (the kernel's fault-around,
// 64 KB), so on a large index every row a search rescored grew the
// process's resident memory by 64 KB, and a server's RSS came to be
// mostly rows and texts it read once.
func (m *mapping) copyOut(buf *[]byte, b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	off := int64(uintptr(unsafe.Pointer(&b[0])) - uintptr(unsafe.Pointer(&m.data[0])))
	if cap(*buf) < len(b) {
		*buf = make([]byte, len(b))
	}
	dst := (*buf)[:len(b)]
	if n, err := m.src.ReadAt(dst, off); n != len(b) || (err != nil && err != io.EOF) {
		return b
	}
	return dst
}

// scratch holds buffers for copyOut.
var scratch = sync.Pool{New: func() any { return new([]byte) }}

// littleEndian is whether this CPU stores integers as the format does, so
// sections can be used in place.
var littleEndian = func() bool { x := uint16(1); return *(*byte)(unsafe.Pointer(&x)) == 1 }()

// viewOf returns b as a []T without copying. b must be aligned for T
// (sections start at multiples of sectionAlign) and its length a multiple
// of T's size; the caller checked both.
func viewOf[T any](b []byte) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if len(b) < size {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/size)
}

// bytesOf returns s's memory as bytes, for writing sections.
func bytesOf[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(zero)))
}

// stringOf returns b as a string without copying, for comparisons and
// scans that do not outlive the call that holds the mapping.
func stringOf(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
