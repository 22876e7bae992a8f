//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// mapRegion maps the first size bytes of f shared and read-only, so the
// page cache is the only copy and several processes share it. The region
// owns f.
func mapRegion(f *os.File, size int) (region, error) {
	data, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return region{}, err
	}
	return region{data: data, src: f, release: func() {
		syscall.Munmap(data)
		f.Close()
	}}, nil
}

// lockFile takes an exclusive flock without waiting; the kernel drops it
// when the process dies or the file is closed.
func lockFile(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// openShared opens a file for reading.
func openShared(path string) (*os.File, error) { return os.Open(path) }

// diskFull reports whether err is the file system running out of space
// or of the user's quota.
func diskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// readOnlyFS reports whether err is a write to a read-only file system.
func readOnlyFS(err error) bool { return errors.Is(err, syscall.EROFS) }
