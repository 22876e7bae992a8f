//go:build unix

package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestPollableInputPipe: a pipe is read through the poller (a read
// deadline works, which it does only there), and restore makes it
// blocking again for whoever shares it.
func TestPollableInputPipe(t *testing.T) {
	var fds [2]int
	if err := unix.Pipe(fds[:]); err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fds[1])
	f, restore := pollableInput(fds[0])
	defer f.Close()
	if err := f.SetReadDeadline(time.Now().Add(20 * time.Millisecond)); err != nil {
		t.Fatalf("read deadline on the pipe: %v (not read through the poller)", err)
	}
	if _, err := f.Read(make([]byte, 1)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read of an empty pipe: %v, want the deadline to end it", err)
	}
	restore()
	if flags, err := unix.FcntlInt(uintptr(fds[0]), unix.F_GETFL, 0); err != nil || flags&unix.O_NONBLOCK != 0 {
		t.Errorf("after restore: flags %#x, %v; want O_NONBLOCK cleared", flags, err)
	}
}

// TestPollableInputFileLeftAlone: a regular file (or a terminal) keeps
// its flags: they belong to an open file others may share.
func TestPollableInputFileLeftAlone(t *testing.T) {
	p := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fd, err := unix.Open(p, unix.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, restore := pollableInput(fd)
	defer f.Close()
	defer restore()
	if flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0); err != nil || flags&unix.O_NONBLOCK != 0 {
		t.Errorf("regular file: flags %#x, %v; want it left blocking", flags, err)
	}
	b := make([]byte, 8)
	if n, err := f.Read(b); err != nil || string(b[:n]) != "{}\n" {
		t.Errorf("read through the returned file: %q, %v", b[:n], err)
	}
}
