//go:build windows

package store

import (
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"
)

// mapReadOnly maps the first size bytes of f read-only. The view keeps the
// file's section alive on its own, so the mapping handle is closed at once.
func mapReadOnly(f *os.File, size int) ([]byte, error) {
	h, err := windows.CreateFileMapping(windows.Handle(f.Fd()), nil, windows.PAGE_READONLY, uint32(uint64(size)>>32), uint32(size), nil)
	if err != nil {
		return nil, fmt.Errorf("CreateFileMapping: %w", err)
	}
	defer windows.CloseHandle(h)
	addr, err := windows.MapViewOfFile(h, windows.FILE_MAP_READ, 0, 0, uintptr(size))
	if err != nil {
		return nil, fmt.Errorf("MapViewOfFile: %w", err)
	}
	// The view is not Go memory; converting through a pointer-sized word
	// keeps vet's uintptr rule satisfied without a copy.
	return unsafe.Slice(*(**byte)(unsafe.Pointer(&addr)), size), nil
}

func unmap(data []byte) {
	if len(data) > 0 {
		windows.UnmapViewOfFile(uintptr(unsafe.Pointer(&data[0])))
	}
}

// lockFile takes an exclusive lock without waiting; Windows drops it when
// the handle closes or the process dies, as flock does on Unix. Windows
// locks are mandatory, so the locked byte lies far past the pid the file
// holds, which another process reads to say who is writing.
func lockFile(f *os.File) error {
	ol := windows.Overlapped{OffsetHigh: 0x7fffffff}
	return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
}

// syncDir does nothing: NTFS makes a rename durable with the file's own
// flush, and a directory handle cannot be flushed (access denied).
func syncDir(string) error { return nil }
