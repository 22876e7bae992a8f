package formatter

import (
	"strings"
	"testing"
)

// TestDryRunFieldsOnlyForDryRuns: embedding-call estimates and biggest
// directories describe a plan; a real run's answer keeps its shape even if
// the fields happen to be set.
func TestDryRunFieldsOnlyForDryRuns(t *testing.T) {
	r := sampleDryRun()
	r.DryRun, r.Outcome = false, "completed"
	for _, f := range allFormats {
		for _, d := range allDetails {
			out, err := RenderIndex(r, Options{Format: f, Detail: d})
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []string{"embed_calls", "biggest", "Biggest", `"emb"`, `"bd"`, "node_modules/lodash", "embedding calls"} {
				if strings.Contains(out, s) {
					t.Errorf("%s/%s: non-dry-run output contains %q:\n%s", f, d, s, out)
				}
			}
		}
	}
}

// TestRebuildReasonIsShown: a run that re-embedded everything says why in
// every format and detail level, and an incremental run says nothing.
func TestRebuildReasonIsShown(t *testing.T) {
	r := sampleDryRun()
	r.DryRun, r.Outcome = false, "completed"
	for _, reason := range []string{"the previous index used embedder hash-v1-64 (64 dimensions)", ""} {
		r.Rebuilt = reason
		for _, f := range allFormats {
			for _, d := range allDetails {
				out, err := RenderIndex(r, Options{Format: f, Detail: d})
				if err != nil {
					t.Fatal(err)
				}
				shown := strings.Contains(out, "hash-v1-64")
				if shown != (reason != "") {
					t.Errorf("%s/%s, reason %q: shown=%v:\n%s", f, d, reason, shown, out)
				}
			}
		}
	}
}
