package nav

import "testing"

func TestPlatformBuilds(t *testing.T) {
	linux := platform{goos: "linux", goarch: "amd64", cgo: true}
	cases := []struct {
		file, build string
		want        bool
	}{
		{"syscall/syscall_linux.go", "", true},
		{"syscall/syscall_windows.go", "", false},
		{"syscall/zsyscall_linux_amd64.go", "", true},
		{"syscall/zsyscall_linux_arm64.go", "", false},
		{"internal/runtime/atomic/atomic_amd64.go", "", true},
		{"os/file_unix.go", "unix || (js && wasm)", true},
		{"os/file_plan9.go", "", false},
		{"net/cgo_unix.go", "!netgo && ((cgo && unix) || darwin)", true},
		{"crypto/internal/boring/notboring.go", "!(boringcrypto && linux && (amd64 || arm64) && !android && !msan && cgo)", true},
		{"crypto/internal/boring/boring.go", "boringcrypto && linux && (amd64 || arm64) && !android && !msan && cgo", false},
		{"encoding/json/v2/arshal.go", "goexperiment.jsonv2", false},
		{"go/doc/headscan.go", "ignore", false},
		{"strings/strings_test.go", "go1.21", true},
		{"a/linux.go", "", true}, // a file named after a platform, without a prefix, is not constrained
	}
	for _, c := range cases {
		if got := linux.builds(c.file, c.build); got != c.want {
			t.Errorf("builds(%s, %q) = %v, want %v", c.file, c.build, got, c.want)
		}
	}
}
