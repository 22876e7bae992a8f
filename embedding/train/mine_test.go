package main

import (
	"strings"
	"testing"
)

func TestCleanQuery(t *testing.T) {
	for _, c := range []struct{ doc, name, want string }{
		{"Close closes the listener and frees the port.\n\nMore detail.", "Close", "closes the listener and frees the port."},
		{"The reader returns bytes from a buffered stream.", "", "reader returns bytes from a buffered stream."},
		{"An error\nspanning lines here.", "", "error spanning lines here."},
		{"Too short.", "", ""},
		{"Deprecated: use Other which does everything.", "", ""},
		{"TODO fix this thing properly soon.", "", ""},
	} {
		if got := cleanQuery(c.doc, c.name); got != c.want {
			t.Errorf("cleanQuery(%q, %q) = %q, want %q", c.doc, c.name, got, c.want)
		}
	}
}

func TestMineGo(t *testing.T) {
	src := `package p

// Sum adds all the numbers in xs together.
func Sum(xs []int) int {
	t := 0
	for _, x := range xs { t += x }
	return t
}

// Len is short.
func (s *Stack[T]) Len() int {
	return len(s.items)
}

func undocumented() {
	println()
}
`
	ps, negs := mineGo("p.go", []byte(src), false)
	if len(negs) != 1 || negs[0].Symbol != "undocumented" {
		t.Errorf("negatives = %+v, want the undocumented function", negs)
	}
	if len(ps) != 1 {
		t.Fatalf("got %d pairs, want 1: %+v", len(ps), ps)
	}
	if ps[0].Query != "adds all the numbers in xs together." || ps[0].Symbol != "Sum" {
		t.Errorf("pair = %+v", ps[0])
	}
	if strings.Contains(ps[0].Code, "//") || !strings.HasPrefix(ps[0].Code, "func Sum") {
		t.Errorf("code side should be the function without its doc: %q", ps[0].Code)
	}
}

func TestMinePython(t *testing.T) {
	src := `class A:
    def read_all(self, path,
                 mode="r"):
        """Read the whole file and return its text.

        Longer description.
        """
        with open(path, mode) as f:
            return f.read()

def tiny():
    """Too short doc."""
    return 1
`
	ps, _ := minePython(src)
	if len(ps) != 1 {
		t.Fatalf("got %d pairs, want 1: %+v", len(ps), ps)
	}
	p := ps[0]
	if p.Query != "Read the whole file and return its text." || p.Symbol != "read_all" {
		t.Errorf("pair = %+v", p)
	}
	if strings.Contains(p.Code, "Longer description") || !strings.Contains(p.Code, "return f.read()") {
		t.Errorf("code side = %q", p.Code)
	}
}

func TestMineJS(t *testing.T) {
	src := `/**
 * Clamps a number between the lower and upper bounds.
 *
 * @param {number} n The number.
 * @returns {number} Returns the clamped number.
 */
function clamp(n, lo, hi) {
  var s = "}";
  return Math.min(Math.max(n, lo), hi);
}

/**
 * @name addDays
 * @summary Add the specified number of days to the given date.
 */
export function addDays(date, amount) {
  const d = new Date(date);
  d.setDate(d.getDate() + amount);
  return d;
}
`
	ps := mineJS(src)
	if len(ps) != 2 {
		t.Fatalf("got %d pairs, want 2: %+v", len(ps), ps)
	}
	if ps[0].Query != "Clamps a number between the lower and upper bounds." || ps[0].Symbol != "clamp" {
		t.Errorf("pair 0 = %+v", ps[0])
	}
	if !strings.HasSuffix(ps[0].Code, "hi);\n}") {
		t.Errorf("brace matching ended at the wrong place: %q", ps[0].Code)
	}
	if ps[1].Query != "Add the specified number of days to the given date." || ps[1].Symbol != "addDays" {
		t.Errorf("pair 1 = %+v", ps[1])
	}
}

func TestChunkViewsBlankDocsAndFindTheChunk(t *testing.T) {
	src := `package p

// Sum adds all the numbers in xs together.
func Sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func helper() int {
	a := 1
	b := 2
	return a + b
}
`
	ps, _ := mineGo("p.go", []byte(src), false)
	if len(ps) != 1 {
		t.Fatalf("got %d pairs", len(ps))
	}
	negs, _ := chunkViews("src", "p.go", []byte(src), ps, false)
	view := ps[0].ChunkCode
	if view == "" {
		view = ps[0].Code
	}
	if strings.Contains(view, "adds all the numbers") {
		t.Errorf("the chunk view still holds the doc: %q", view)
	}
	if !strings.HasPrefix(view, "p.go\n") || !strings.Contains(view, "func Sum") {
		t.Errorf("chunk view = %q, want the path line and the function", view)
	}
	for _, n := range negs {
		if strings.Contains(n.Code, "func Sum") {
			t.Errorf("the chunk holding the answer is also a negative: %q", n.Code)
		}
	}
	if _, testNegs := mineGo("p_test.go", []byte(src), true); len(testNegs) != 2 {
		t.Errorf("a test file gives %d negatives, want both functions", len(testNegs))
	}
}
