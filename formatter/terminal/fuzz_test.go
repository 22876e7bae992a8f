package terminal

import (
	"strings"
	"testing"

	"github.com/codeseek/codeseek/formatter"
)

// FuzzSearch draws any hit text for any query in every view, where a
// window past the hit's last line once panicked: nothing may panic or
// fail.
func FuzzSearch(f *testing.F) {
	f.Add("func a() {\n\tx := 1\n\ty := 2\n\tz := 3\n\tw := 4\n\n\t// parse the format\n\tparse(format)\n}", "parse format", 3)
	f.Add("\n\n\nretry\n\nretry\n\n", "retry", 1)
	f.Add("a\nb\nc\nd\ne\nf\n\ng", "g", 0)
	f.Fuzz(func(t *testing.T, content, query string, width int) {
		n := strings.Count(content, "\n") + 1
		hit := formatter.SearchResult{FilePath: "f.go", Language: "go", StartLine: 1, EndLine: n, Content: content}
		r := formatter.SearchResponse{Results: []formatter.SearchResult{hit}}
		for _, o := range []Options{{}, {Color: true, Width: width % 200}, {Detail: formatter.Detailed}} {
			if _, err := Search(r, query, o); err != nil {
				t.Fatal(err)
			}
		}
	})
}
