package httpguard

import (
	"strings"
	"testing"
)

func TestListenRefusesOpenAddressWithoutToken(t *testing.T) {
	for _, addr := range []string{":0", "0.0.0.0:0", "[::]:0"} {
		ln, err := Listen("--http", addr, "")
		if err == nil {
			ln.Close()
			t.Errorf("%s without a token: listening, want refused", addr)
		} else if !strings.Contains(err.Error(), "--auth-token") {
			t.Errorf("%s: error %q does not name --auth-token", addr, err)
		}
	}
	ln, err := Listen("--http", "127.0.0.1:0", "")
	if err != nil {
		t.Fatalf("loopback without a token: %v", err)
	}
	ln.Close()
	ln, err = Listen("--http", "0.0.0.0:0", "tok")
	if err != nil {
		t.Fatalf("open address with a token: %v", err)
	}
	ln.Close()
}
