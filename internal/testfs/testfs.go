// Package testfs tells tests what the file system here can do, so a test
// skips where the operating system, not codeseek, is the limit, and only
// there: on Linux and macOS a missing capability fails the test instead.
package testfs

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// SymlinksResolve reports whether this system makes symbolic links that
// filepath.EvalSymlinks follows. Linux and macOS do; Windows does for an
// account allowed to create them (the privilege, or developer mode); wine
// 8's CreateSymbolicLinkW reports success and makes nothing. Off Windows a
// failure to make one fails the test.
func SymlinksResolve(t testing.TB) bool {
	t.Helper()
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	err := os.Symlink(target, link)
	var got, want string
	if err == nil {
		got, err = filepath.EvalSymlinks(link)
		want, _ = filepath.EvalSymlinks(target)
	}
	if err == nil && got == want {
		return true
	}
	if runtime.GOOS != "windows" {
		t.Fatalf("cannot make a symbolic link that resolves: %v (%s resolves to %q)", err, link, got)
	}
	return false
}
