package formatter

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func manyResults(n int) SearchResponse {
	r := SearchResponse{TotalCount: n, ProjectID: "p"}
	for i := 0; i < n; i++ {
		r.Results = append(r.Results, SearchResult{
			ChunkID: fmt.Sprintf("c%d", i), FilePath: fmt.Sprintf("pkg%d/file.go", i), Language: "go",
			Content:   strings.Repeat(fmt.Sprintf("func F%d() { return compute(%d) }\n", i, i), 8),
			StartLine: 1, EndLine: 8, Score: 1 - float64(i)/100,
		})
	}
	return r
}

func TestCountTokensIsReal(t *testing.T) {
	n, err := CountTokens("hello world")
	if err != nil || n != 2 {
		t.Errorf("CountTokens(hello world) = %d, %v; want 2 (o200k_base)", n, err)
	}
}

func TestMaxTokensKeepsLeadingResultsThatFit(t *testing.T) {
	r := manyResults(20)
	for _, f := range allFormats {
		for _, d := range allDetails {
			o := Options{Format: f, Detail: d}
			full, err := RenderSearch(r, o)
			if err != nil {
				t.Fatal(err)
			}
			fullTokens, _ := CountTokens(full)
			o.MaxTokens = fullTokens / 3
			out, err := RenderSearch(r, o)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := CountTokens(out)
			if got > o.MaxTokens {
				t.Errorf("%s/%s: %d tokens over budget %d", f, d, got, o.MaxTokens)
			}
			kept := 0
			for i := range r.Results {
				if strings.Contains(out, fmt.Sprintf("F%d()", i)) {
					if kept != i {
						t.Errorf("%s/%s: result %d kept after a gap", f, d, i)
					}
					kept++
				}
			}
			if kept == 0 || kept == len(r.Results) {
				t.Errorf("%s/%s: kept %d of %d results under a third of the full budget", f, d, kept, len(r.Results))
			}
			want := fmt.Sprintf("%d of %d results left out", len(r.Results)-kept, len(r.Results))
			if !strings.Contains(out, want) {
				t.Errorf("%s/%s: warning %q missing in\n%s", f, d, want, out)
			}
			// One more result would not have fitted.
			more := r
			more.Results = r.Results[:kept+1]
			more.Warning = budgetWarning("", len(r.Results)-kept-1, len(r.Results), o.MaxTokens)
			bigger, _ := renderSearchUnbounded(more, o)
			if n, _ := CountTokens(bigger); n <= o.MaxTokens {
				t.Errorf("%s/%s: stopped at %d results but %d fit (%d tokens)", f, d, kept, kept+1, n)
			}
			if f != Markdown && !json.Valid([]byte(out)) {
				t.Errorf("%s/%s: budgeted output is not JSON", f, d)
			}
		}
	}
}

func TestMaxTokensLargeBudgetChangesNothing(t *testing.T) {
	r := manyResults(5)
	r.Warning = "stale index"
	for _, f := range allFormats {
		plain, _ := RenderSearch(r, Options{Format: f})
		budget, _ := RenderSearch(r, Options{Format: f, MaxTokens: 1 << 20})
		if plain != budget {
			t.Errorf("%s: generous budget changed the output", f)
		}
	}
}

func TestMaxTokensKeepsSearchWarning(t *testing.T) {
	r := manyResults(5)
	r.Warning = "stale index"
	out, err := RenderSearch(r, Options{Format: Compact, MaxTokens: 30})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "stale index; 5 of 5 results left out") {
		t.Errorf("warnings not combined: %s", out)
	}
}

// TestCountTokensConcurrent lets -race check that one shared codec can
// serve concurrent tool calls.
func TestCountTokensConcurrent(t *testing.T) {
	done := make(chan int)
	for i := 0; i < 4; i++ {
		go func() {
			n, _ := CountTokens(strings.Repeat("func main() { fmt.Println(\"hi\") }\n", 20))
			done <- n
		}()
	}
	first := <-done
	for i := 1; i < 4; i++ {
		if n := <-done; n != first || n == 0 {
			t.Errorf("concurrent counts differ: %d vs %d", n, first)
		}
	}
}
