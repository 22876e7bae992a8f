package search

import "testing"

// An identifier someone types is looked for where it is written: a file
// named by one of its words, not holding it, does not come before its
// uses; when nothing holds it, the file named by its words still does.
func TestIdentifierItsUsesBeforeFilesNamedByItsWords(t *testing.T) {
	ix := newIx()
	uses := func() []*candidate {
		cands := []*candidate{
			cand(ix, "crates/printer/src/path.rs", 1, 0.50, 4),
			cand(ix, "crates/core/flags/parse.rs", 1, 0.50, 4),
			cand(ix, "crates/other.rs", 1, 0.20, 1),
		}
		cands[0].chunk.Content = "/// A configuration for describing how paths should be written.\nstruct Config { separator: Option<u8> }"
		cands[1].chunk.Content = "/// Reads `RIPGREP_CONFIG_PATH` and prepends its arguments.\nfn parse_low() -> ParseResult<LowArgs> {"
		return cands
	}
	r := ranker{q: ParseQuery("RIPGREP_CONFIG_PATH"), mode: Hybrid, w: DefaultWeights}
	wantFirst(t, r, uses(), "crates/core/flags/parse.rs", "with a file holding the name")

	guessed := uses()
	guessed[1].chunk.Content = "fn parse_low() -> ParseResult<LowArgs> {"
	wantFirst(t, r, guessed, "crates/printer/src/path.rs", "with no file holding the name")
}

func TestContainsWord(t *testing.T) {
	for _, tc := range []struct {
		s, name string
		want    bool
	}{
		{"plugins: [VitestProjectResolver(h)]", "vitestproject", false},
		{"new VitestProject(ctx)", "vitestproject", true},
		{"vitestproject", "vitestproject", true},
		{"env::var(\"RIPGREP_CONFIG_PATH\")", "ripgrep_config_path", true},
		{"MY_RIPGREP_CONFIG_PATH", "ripgrep_config_path", false},
	} {
		if got := containsWord(tc.s, tc.name); got != tc.want {
			t.Errorf("containsWord(%q, %q) = %v, want %v", tc.s, tc.name, got, tc.want)
		}
	}
}
