package chunker

import (
	"strings"
	"testing"
)

// A Java enum's constructor and methods follow its constants in a node
// of their own; however few, they are the enum's members.
func TestJavaEnumMembers(t *testing.T) {
	src := `package colors;

enum Color {
    RED("r"),
    GREEN("g");

    private final String code;

    Color(String code) {
        this.code = code;
    }

    String code() {
        return code;
    }
}
`
	got := outlineOf("colors/Color.java", src)
	for _, want := range []string{"enum Color 3-16", "constructor Color.Color 9-11", "method Color.code 13-15"} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("outline lacks %q:\n%s", want, got)
		}
	}
}
