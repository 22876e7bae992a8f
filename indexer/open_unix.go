//go:build unix

package indexer

import "syscall"

// openFlags make opening a file that turned out not to be one harmless:
// O_NONBLOCK so a FIFO without a writer cannot block the open, O_NOFOLLOW
// so a final component swapped for a symlink is refused, O_NOCTTY so a
// terminal never becomes the controlling one.
const openFlags = syscall.O_NONBLOCK | syscall.O_NOFOLLOW | syscall.O_NOCTTY
