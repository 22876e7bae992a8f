package embedding

import (
	"maps"
	"testing"
)

// TestHashFeaturesMatchFrozen proves that the hash embedder's features, and
// so the vectors of indexes built with it, did not change when it moved to
// internal/ident.
func TestHashFeaturesMatchFrozen(t *testing.T) {
	for _, text := range []string{
		"parseHTTPRequest2 x_y __init__ ID HTTPServer getURLPath v2Beta",
		"func (s *Server) ListenAndServeTLS(certFile string) error { return nil }",
		"naïveCafé größeΣίσυφος 日本語Text snake_Case_ID", "", "___ _a_", "ǅemalǈudi İK x٣y ΣΑΣ a\u0301b \xffabc",
	} {
		got, want := hashFeatures(text), frozenHashFeatures(text)
		if !maps.Equal(got, want) {
			t.Errorf("hashFeatures(%q) = %v, frozen tokenizer gives %v", text, got, want)
		}
	}
}
