//go:build !unix

package main

import "os"

// pollableInput returns fd as a file; on this system standard input is
// read as it is.
func pollableInput(fd int) (f *os.File, restore func()) {
	return os.Stdin, func() {}
}
