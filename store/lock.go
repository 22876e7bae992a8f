package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// WriteLock is an exclusive, advisory lock on a data directory, held while
// an index is written. The kernel drops it when the process dies, so a
// killed writer never leaves a stale lock behind.
type WriteLock struct{ f *os.File }

// ErrLocked is returned when another process is writing the data directory.
var ErrLocked = errors.New("data directory is locked by another codeseek process")

// LockWrites takes the write lock of dir without waiting.
func LockWrites(dir string) (*WriteLock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create data directory %s: %w", dir, explainWrite(err, dir))
	}
	path := filepath.Join(dir, "write.lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open lock %s: %w", path, explainWrite(err, dir))
	}
	if err := lockFile(f); err != nil {
		owner, _ := os.ReadFile(path)
		f.Close()
		pid := strings.TrimSpace(string(owner))
		if pid == "" {
			pid = "unknown"
		}
		return nil, fmt.Errorf("%w (pid %s): wait for it to finish or use another --data-dir", ErrLocked, pid)
	}
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return &WriteLock{f: f}, nil
}

// Unlock releases the lock.
func (l *WriteLock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	l.f.Truncate(0)
	err := l.f.Close() // closing drops the lock
	l.f = nil
	return err
}
