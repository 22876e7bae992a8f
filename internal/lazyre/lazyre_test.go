package lazyre

import "testing"

func TestNewCompilesOnce(t *testing.T) {
	re := New(`^a+b$`)
	if !re().MatchString("aab") || re().MatchString("ba") {
		t.Fatal("pattern does not match as compiled")
	}
	if re() != re() {
		t.Fatal("each call compiled the pattern again")
	}
}

func TestNewPanicsOnFirstUse(t *testing.T) {
	re := New(`(`) // no panic yet
	defer func() {
		if recover() == nil {
			t.Fatal("an invalid pattern did not panic when used")
		}
	}()
	re()
}
