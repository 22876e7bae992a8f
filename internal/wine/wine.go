// Package wine lets the Windows build's tests run under wine, the way the
// Windows build is tested on Linux (scripts/test-windows). A test binary
// imports it for its side effect; product code never does.
//
// Go's os.RemoveAll deletes with NtSetInformationFile's
// FileDispositionInformationEx, which Windows 10 and later have and wine 8
// does not; Go falls back to an older call only for the status codes real
// Windows returns, not for wine's. Under wine, and only there, this package
// makes Go take that fallback, so t.TempDir can clean up after a test.
package wine
