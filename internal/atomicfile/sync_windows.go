//go:build windows

package atomicfile

// syncDir does nothing: NTFS makes a rename durable with the file's own
// flush, and a directory handle cannot be flushed (access denied).
func syncDir(string) error { return nil }
