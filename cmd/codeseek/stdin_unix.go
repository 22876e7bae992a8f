//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// pollableInput returns fd as a file the Go runtime reads through its
// poller, and a function that puts fd back as it was. The MCP stdio
// transport keeps a read of its input pending while a search runs; on a
// blocking descriptor that read holds an OS thread in the kernel and,
// until the runtime's monitor takes it back, one of the processor slots
// a search's scan is split across, so on two cores a search over the
// Linux kernel index ran on one for much of its time (server p50 15.7
// and 17.4 against 14.4 and 11.6 ms through the poller;
// docs/evaluation.md). Only pipes and
// sockets are switched: the non-blocking flag belongs to the open file,
// which a terminal shares with the shell that started the server.
func pollableInput(fd int) (f *os.File, restore func()) {
	restore = func() {}
	if pipeOrSocket(fd) && unix.SetNonblock(fd, true) == nil {
		restore = func() { unix.SetNonblock(fd, false) }
	}
	// NewFile registers a descriptor that is already non-blocking with
	// the poller.
	return os.NewFile(uintptr(fd), "/dev/stdin"), restore
}

func pipeOrSocket(fd int) bool {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return false
	}
	mode := st.Mode & unix.S_IFMT
	return mode == unix.S_IFIFO || mode == unix.S_IFSOCK
}
