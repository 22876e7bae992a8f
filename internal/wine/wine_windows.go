//go:build windows

package wine

import (
	_ "unsafe" // for go:linkname

	"golang.org/x/sys/windows"
)

// deleteatFallback is Go's switch for the older delete path, which its own
// tests set. Linking to it needs -ldflags=-checklinkname=0, which only
// scripts/test-windows passes.
//
//go:linkname deleteatFallback internal/syscall/windows.TestDeleteatFallback
var deleteatFallback bool

// Running reports whether the process runs under wine: wine's ntdll
// exports wine_get_version, Windows' does not.
func Running() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}

func init() {
	if Running() {
		deleteatFallback = true
	}
}
