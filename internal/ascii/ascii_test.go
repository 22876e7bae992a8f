package ascii

import "testing"

func TestLowerKeepsOffsets(t *testing.T) {
	for in, want := range map[string]string{
		"CantRebaseOntoSelf":  "cantrebaseontoself",
		"İstanbul \u212a KEY": "İstanbul \u212a key", // non-ASCII letters stay as they are
		"":                    "",
	} {
		got := LowerString(in)
		if got != want || len(got) != len(in) {
			t.Errorf("LowerString(%q) = %q, want %q of the same length", in, got, want)
		}
	}
}
