package chunker

import (
	"strings"
	"testing"
)

// A C# finalizer is named as written, `~Holder`, apart from its class and
// its constructor.
func TestCSharpFinalizerName(t *testing.T) {
	src := "namespace Demo\n{\n    class Shelf\n    {\n        public Shelf() { }\n\n        ~Shelf()\n        {\n        }\n    }\n}\n"
	got := outlineOf("Shelf.cs", src)
	for _, want := range []string{"class Shelf 3-10", "constructor Shelf.Shelf 5-5", "method Shelf.~Shelf 7-9"} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("outline lacks %q:\n%s", want, got)
		}
	}
}
