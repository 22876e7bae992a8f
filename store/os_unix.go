//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
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

// adviseRandom tells the kernel that the mapped b is read at random: no
// readahead and (Linux 6.4 and later) no fault-around, so a search that
// reads one vector row or chunk text maps its page, not 64 KB around it.
func adviseRandom(b []byte) { madvise(b, unix.MADV_RANDOM) }

// dropPages takes the mapped b's pages out of this process's page tables
// (the page cache keeps them) once opening has checked them: they count in
// the process's memory again only as searches read them.
func dropPages(b []byte) { madvise(b, unix.MADV_DONTNEED) }

// madvise applies advice to the whole pages inside b. Advice is a hint:
// a kernel that refuses it changes nothing but memory use.
func madvise(b []byte, advice int) {
	if len(b) == 0 {
		return
	}
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(&b[0]))
	lo := (start + page - 1) &^ (page - 1)
	hi := (start + uintptr(len(b))) &^ (page - 1)
	if hi <= lo {
		return
	}
	unix.Madvise(b[lo-start:hi-start], advice)
}
