//go:build windows

package store

import (
	"bytes"
	"errors"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"
)

// mapRegion reads the file into memory and closes it instead of mapping
// it. Windows refuses to delete or truncate a file while a view of it is
// mapped, and the store's commits delete the segments a reader may still
// hold, so a mapped index would keep every replaced segment on disk (and a
// data directory undeletable) until the reader let go. The cost is one
// copy of the index in memory per process instead of the shared page cache.
func mapRegion(f *os.File, size int) (region, error) {
	defer f.Close()
	// Sections are used in place as []uint64 and []float32: align the
	// buffer as a mapping would be.
	buf := make([]byte, size+sectionAlign)
	off := (sectionAlign - int(uintptr(unsafe.Pointer(&buf[0]))%sectionAlign)) % sectionAlign
	data := buf[off : off+size : off+size]
	if _, err := f.ReadAt(data, 0); err != nil {
		return region{}, err
	}
	return region{data: data, src: bytes.NewReader(data), release: func() {}}, nil
}

// lockFile takes an exclusive lock without waiting; Windows drops it when
// the handle closes or the process dies, as flock does on Unix. Windows
// locks are mandatory, so the locked byte lies far past the pid the file
// holds, which another process reads to say who is writing.
func lockFile(f *os.File) error {
	ol := windows.Overlapped{OffsetHigh: 0x7fffffff}
	return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
}

// openShared opens a file for reading so that it can still be renamed over
// or deleted while open, as on Unix: a writer replaces the manifest and
// deletes segments a reader may hold. os.Open does not share deletion.
func openShared(path string) (*os.File, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// diskFull reports whether err is the disk running out of space or of the
// user's quota.
func diskFull(err error) bool {
	return errors.Is(err, windows.ERROR_DISK_FULL) || errors.Is(err, windows.ERROR_HANDLE_DISK_FULL) || errors.Is(err, windows.ERROR_DISK_QUOTA_EXCEEDED)
}

// readOnlyFS reports whether err is a write to write-protected media.
func readOnlyFS(err error) bool { return errors.Is(err, windows.ERROR_WRITE_PROTECT) }

// adviseRandom: segments are read into memory on Windows (mapRegion), so
// there are no mapped pages to advise about.
func adviseRandom([]byte) {}

// dropPages: as adviseRandom; the bytes are the index's only copy here.
func dropPages([]byte) {}
