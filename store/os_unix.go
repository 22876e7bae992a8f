//go:build unix

package store

import (
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

// syncDir makes a rename in dir durable: on Unix the new directory entry
// is only on disk once the directory itself is synced.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// openShared opens a file for reading.
func openShared(path string) (*os.File, error) { return os.Open(path) }
