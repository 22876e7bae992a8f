//go:build !windows

package wine

// Running reports whether the process runs under wine; never, off Windows.
func Running() bool { return false }
