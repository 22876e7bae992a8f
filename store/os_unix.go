//go:build unix

package store

import (
	"os"
	"syscall"
)

// mapReadOnly maps the first size bytes of f shared and read-only, so the
// page cache is the only copy and several processes share it.
func mapReadOnly(f *os.File, size int) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
}

func unmap(data []byte) { syscall.Munmap(data) }

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
