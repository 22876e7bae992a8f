//go:build wine

package wine

import (
	_ "unsafe" // for go:linkname

	"golang.org/x/sys/windows"
)

// deleteatFallback is Go's switch for the older delete path, which its own
// tests set. Linking to it needs -ldflags=-checklinkname=0, which
// scripts/test-windows passes with -tags wine.
//
//go:linkname deleteatFallback internal/syscall/windows.TestDeleteatFallback
var deleteatFallback bool

// running reports whether the process runs under wine: wine's ntdll
// exports wine_get_version, Windows' does not.
func running() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}

func init() {
	if running() {
		deleteatFallback = true
	}
}
