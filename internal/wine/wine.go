// Package wine lets the Windows build's tests run under wine, the way the
// Windows build is tested on Linux (scripts/test-windows). A test binary
// imports it for its side effect, from a file built only with -tags wine;
// product code never does.
//
// Go's os.RemoveAll deletes with NtSetInformationFile's
// FileDispositionInformationEx, which Windows 10 and later have and wine 8
// does not; Go falls back to an older call only for the status codes real
// Windows returns, not for wine's. Under wine, and only there, this package
// makes Go take that fallback, so t.TempDir can clean up after a test.
//
// That needs a link to a variable inside the standard library, which the
// linker refuses unless told -checklinkname=0. The tag keeps the link out
// of every other build, so `go test` on Windows links as usual.
package wine
