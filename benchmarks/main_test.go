package benchmarks

import (
	"os"
	"testing"
)

// TestMain removes what a run built in temporary directories: the
// standard library's index is 125 MB, and every `go test -bench` run
// would otherwise leave one behind.
func TestMain(m *testing.M) {
	code := m.Run()
	if stdlib.temp {
		os.RemoveAll(stdlib.dataDir)
	}
	os.Exit(code)
}
