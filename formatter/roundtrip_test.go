package formatter

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// nasty strings exercise every escape of the compact rows and the
// Markdown tables.
var nasty = []string{
	"",
	"plain",
	"a|b",
	"|leading and trailing|",
	`back\slash`,
	`\`,
	`\|`,
	`\\|\\`,
	"line1\nline2",
	"crlf\r\nend",
	"\n",
	"tab\tseparated",
	"naïve — 日本語 🙂 Ωμέγα",
	`\n is not a newline`,
	"`code` <html> & \"quotes\"",
	"||||",
}

func TestEscapeCellParseRowsRoundTrip(t *testing.T) {
	cols := []string{"a", "b", "c"}
	var rows [][]string
	for i, s := range nasty {
		rows = append(rows, []string{s, nasty[(i+1)%len(nasty)], strconv.Itoa(i)})
	}
	data := EncodeRows(rows)
	gotCols, got, err := ParseRows(strings.Join(cols, "|"), data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gotCols, cols) {
		t.Errorf("columns = %q", gotCols)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("round trip changed rows:\ngot  %q\nwant %q", got, rows)
	}
	if strings.Contains(data, "\r") {
		t.Errorf("escaped data holds a raw carriage return: %q", data)
	}
	if strings.Count(data, "\n") != len(rows)-1 {
		t.Errorf("escaped data has %d raw newlines for %d rows", strings.Count(data, "\n"), len(rows))
	}
}

func TestParseRowsRejectsMalformed(t *testing.T) {
	for _, d := range []string{"a|b", "a|b|c|d", `a|b|c\`, `a|b|c\x`, "a|b|c\nonly|two"} {
		if _, _, err := ParseRows("x|y|z", d); !errors.Is(err, ErrBadRows) {
			t.Errorf("ParseRows(%q) error = %v, want ErrBadRows", d, err)
		}
	}
	if _, rows, err := ParseRows("x|y", ""); err != nil || len(rows) != 0 {
		t.Errorf(`ParseRows("") = %q, %v; want no rows`, rows, err)
	}
}

// compactTableOf decodes a compact answer and parses its h/d table.
func compactTableOf(t *testing.T, s string) (map[string]json.RawMessage, []string, [][]string) {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("invalid JSON %s: %v", s, err)
	}
	var h, d string
	if err := json.Unmarshal(m["h"], &h); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(m["d"], &d); err != nil {
		t.Fatal(err)
	}
	cols, rows, err := ParseRows(h, d)
	if err != nil {
		t.Fatalf("ParseRows: %v (data %q)", err, d)
	}
	return m, cols, rows
}

func TestCompactSymbolsRoundTrip(t *testing.T) {
	var in SymbolList
	in.FilePath = "x|y.go"
	for i, s := range nasty {
		in.Symbols = append(in.Symbols, Symbol{
			Name: s, Kind: nasty[(i+3)%len(nasty)], Parent: nasty[(i+5)%len(nasty)],
			Signature: nasty[(i+7)%len(nasty)], StartLine: i + 1, EndLine: i + 10,
		})
	}
	for _, d := range allDetails {
		out, err := RenderSymbols(in, Options{Format: Compact, Detail: d})
		if err != nil {
			t.Fatal(err)
		}
		_, cols, rows := compactTableOf(t, out)
		if len(rows) != len(in.Symbols) {
			t.Fatalf("%s: %d rows, want %d", d, len(rows), len(in.Symbols))
		}
		for i, r := range rows {
			s := in.Symbols[i]
			want := []string{s.Name, s.Kind, lineRange(s.StartLine, s.EndLine), s.Parent}
			if d == Detailed {
				want = append(want, s.Signature)
			}
			if len(cols) != len(want) || !reflect.DeepEqual(r, want) {
				t.Errorf("%s row %d = %q, want %q (cols %q)", d, i, r, want, cols)
			}
		}
	}
}

func TestCompactRepositoriesRoundTrip(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var in RepositoryList
	for i, s := range nasty {
		in.Repositories = append(in.Repositories, Repository{
			ID: "r" + strconv.Itoa(i), ProjectID: s, Path: nasty[(i+2)%len(nasty)], Files: i, CodeChunks: 2 * i, DocChunks: 1,
			Embedder: nasty[(i+4)%len(nasty)], IndexedAt: at, DatabaseName: nasty[(i+6)%len(nasty)],
		})
	}
	out, err := RenderRepositories(in, Options{Format: Compact})
	if err != nil {
		t.Fatal(err)
	}
	_, cols, rows := compactTableOf(t, out)
	if strings.Join(cols, "|") != CompactRepositoriesHeaderDetailed {
		t.Errorf("cols = %q", cols)
	}
	for i, r := range rows {
		x := in.Repositories[i]
		want := []string{x.ID, x.ProjectID, x.Path, strconv.Itoa(x.Files), strconv.Itoa(x.CodeChunks), "1", x.Embedder, "2026-01-01T00:00:00Z", "done", x.DatabaseName}
		if !reflect.DeepEqual(r, want) {
			t.Errorf("row %d = %q, want %q", i, r, want)
		}
	}
}

func TestCompactIndexErrorsRoundTrip(t *testing.T) {
	errs := []string{}
	for _, s := range nasty {
		if s != "" {
			errs = append(errs, s)
		}
	}
	out, err := RenderIndex(IndexReport{Status: StatusDone, Outcome: "completed_with_errors", Errors: errs}, Options{Format: Compact})
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		EC int `json:"ec"`
		E  struct {
			H string `json:"h"`
			D string `json:"d"`
		} `json:"e"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	_, rows, err := ParseRows(v.E.H, v.E.D)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, r[0])
	}
	if v.EC != len(errs) || !reflect.DeepEqual(got, errs) {
		t.Errorf("errors round trip: ec=%d got %q, want %q", v.EC, got, errs)
	}
}

// gfmCells splits a GFM table row the way GitHub does: a pipe preceded by
// a backslash is part of the cell, any other pipe is a delimiter.
func gfmCells(row string) int {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	n := 1
	for i := 0; i < len(row); i++ {
		if row[i] == '|' && (i == 0 || row[i-1] != '\\') {
			if i == len(row)-1 {
				break // closing pipe
			}
			n++
		}
	}
	return n
}

// checkTables asserts that every table in md keeps its header's column
// count on every row.
func checkTables(t *testing.T, name, md string) (tables int) {
	t.Helper()
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "|") || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "|---") {
			continue
		}
		tables++
		want := gfmCells(lines[i])
		for j := i + 1; j < len(lines) && strings.HasPrefix(lines[j], "|"); j++ {
			if got := gfmCells(lines[j]); got != want {
				t.Errorf("%s: table row %q has %d cells, header has %d", name, lines[j], got, want)
			}
			i = j
		}
	}
	return tables
}

func TestMarkdownTablesKeepColumnCount(t *testing.T) {
	var sr SearchResponse
	var syms SymbolList
	var repos RepositoryList
	ix := IndexReport{SkippedReasons: map[string]int{}}
	for i, s := range nasty {
		sr.Results = append(sr.Results, SearchResult{FilePath: s + ".go", Content: nasty[(i+1)%len(nasty)] + " " + s, StartLine: 1, EndLine: 2})
		syms.Symbols = append(syms.Symbols, Symbol{Name: s, Kind: nasty[(i+1)%len(nasty)], Parent: nasty[(i+2)%len(nasty)], Signature: nasty[(i+3)%len(nasty)]})
		repos.Repositories = append(repos.Repositories, Repository{ID: s, ProjectID: s, Path: s, Embedder: s, DatabaseName: s})
		ix.SkippedReasons[s+strconv.Itoa(i)] = i
	}
	for _, d := range allDetails {
		o := Options{Format: Markdown, Detail: d}
		outputs := map[string]func() (string, error){
			"symbols":      func() (string, error) { return RenderSymbols(syms, o) },
			"repositories": func() (string, error) { return RenderRepositories(repos, o) },
		}
		if d == Concise {
			outputs["search"] = func() (string, error) { return RenderSearch(sr, o) }
		} else {
			outputs["index"] = func() (string, error) { return RenderIndex(ix, o) }
		}
		for name, render := range outputs {
			md, err := render()
			if err != nil {
				t.Fatal(err)
			}
			if checkTables(t, name+"/"+string(d), md) != 1 {
				t.Errorf("%s/%s: want exactly one table in\n%s", name, d, md)
			}
		}
	}
}

// TestGFMCellsCanFail guards the checker itself: an unescaped pipe must
// change the count.
func TestGFMCellsCanFail(t *testing.T) {
	if gfmCells("| a | b |") != 2 || gfmCells(`| a\|b | c |`) != 2 || gfmCells("| a|b | c |") != 3 {
		t.Fatal("gfmCells miscounts")
	}
}
