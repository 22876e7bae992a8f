package model

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/internal/bench"
)

// featureCases are the inputs on which the featurizer must agree with the
// frozen one: acronyms, digits, underscores, non-ASCII letters and digits,
// mixed scripts, title case, combining marks, invalid UTF-8, long
// identifiers (the whole-identifier feature stops at 48 bytes) and text cut at MaxTextBytes inside a rune.
var featureCases = []string{
	"parseHTTPRequest2 x_y __init__ ID HTTPServer getURLPath v2Beta",
	"func (s *Server) ListenAndServeTLS(certFile string) error { return nil }",
	"naïveCafé größeΣίσυφος 日本語Text snake_Case_ID größeBerechnen",
	"", "___", "a1b2C3", "ABC", "aBC", "ABc", "HTTPRequest2", "_x_", "x__y", "A_B", "2fa 9lives",
	"ǅemalǈudi ǲwon", "İstanbulİÇ KelvinK", "ﬁnalﬂow", "ΣΑΣ σας", "x٣y ९९problems", "a\u0301b", "e\u0301Tag",
	"ÀBCdé ÉTATCivil", "\xffabc\xfe日本\xc3", "ＡＢＣｄｅ１２", "Ⅻroman ⅻ", "ªºⅠ", "𝐀𝐁𝐜 𝟏𝟐", "日本語の関数名",
	"AbstractSingletonProxyFactoryBeanConfigurationManagerImpl thisIsAVeryLongIdentifierNameThatGoesOnAndOn",
	strings.Repeat("Abcdefgh", 6) + " " + strings.Repeat("Abcdefgh", 6) + "Z " + strings.Repeat("Größe_", 6) + " " + strings.Repeat("ÄbcdefG", 6),
	strings.Repeat("abcdefgHijk_", MaxTextBytes/12) + "日本語",
	strings.Repeat("a", MaxTextBytes-1) + "é tail",
}

// featureConfigs cover the prefix feature off, the shipped length and
// another, and a bucket count small enough for collisions to merge.
var featureConfigs = []FeatureConfig{
	{Buckets: 1 << 20, PrefixLen: 4}, {Buckets: 1 << 18}, {Buckets: 64, PrefixLen: 3},
}

func randomFeatureText(rng *rand.Rand) string {
	alphabet := []rune("aAbBzZ09_ .(é日ÉǅΣσ٣ⅻ\u0301-İK")
	var b strings.Builder
	for j := rng.IntN(40); j > 0; j-- {
		b.WriteRune(alphabet[rng.IntN(len(alphabet))])
	}
	return b.String()
}

// checkFeaturesFrozen compares Features and a reused featurizer, as
// Model.Embed uses one, with the frozen featurizer, bit for bit.
func checkFeaturesFrozen(t *testing.T, reused *featurizer, text string) {
	t.Helper()
	for _, cfg := range featureConfigs {
		want := frozenFeatures(cfg, text, nil)
		if got := Features(cfg, text, nil); !slices.Equal(got, want) {
			t.Fatalf("Features(%+v, %q) = %v, frozen featurizer gives %v", cfg, text, got, want)
		}
		reused.cfg, reused.mask = cfg, uint64(cfg.Buckets-1)
		reused.featBuf = reused.features(text, reused.featBuf)
		if !slices.Equal(reused.featBuf, want) {
			t.Fatalf("reused featurizer on %+v, %q = %v, frozen featurizer gives %v", cfg, text, reused.featBuf, want)
		}
	}
}

func TestFeaturesMatchFrozen(t *testing.T) {
	var reused featurizer
	for _, text := range featureCases {
		checkFeaturesFrozen(t, &reused, text)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 3000; i++ {
		checkFeaturesFrozen(t, &reused, randomFeatureText(rng))
	}
}

// FuzzFeaturesMatchFrozen guards the trained weights: any change to the
// features of any text is a failure.
func FuzzFeaturesMatchFrozen(f *testing.F) {
	for _, text := range featureCases[:len(featureCases)-2] {
		f.Add(text)
	}
	var reused featurizer
	f.Fuzz(func(t *testing.T, text string) { checkFeaturesFrozen(t, &reused, text) })
}

// BenchmarkFeatures compares Features with the frozen featurizer, pass by
// pass over chunk-sized pieces of Go sources (metric new/old: below 1 is
// faster).
func BenchmarkFeatures(b *testing.B) {
	texts := bench.GoSourceChunks(b)
	cfg := FeatureConfig{Buckets: 1 << 20, PrefixLen: 4}
	var dst []Feature
	pass := func(features func(FeatureConfig, string, []Feature) []Feature) func() {
		return func() {
			for _, text := range texts {
				dst = features(cfg, text, dst)
			}
		}
	}
	bench.Compare(b, pass(frozenFeatures), pass(Features))
}

// BenchmarkFeaturizerReused is BenchmarkFeatures with each featurizer
// reused, as Model.Embed pools it: no allocation, so no garbage collector
// in the comparison.
func BenchmarkFeaturizerReused(b *testing.B) {
	texts := bench.GoSourceChunks(b)
	cfg := FeatureConfig{Buckets: 1 << 20, PrefixLen: 4}
	frozen := frozenFeaturizer{cfg: cfg, mask: uint64(cfg.Buckets - 1)}
	f := featurizer{cfg: cfg, mask: uint64(cfg.Buckets - 1)}
	bench.Compare(b, func() {
		for _, text := range texts {
			frozen.featBuf = frozen.features(text, frozen.featBuf)
		}
	}, func() {
		for _, text := range texts {
			f.featBuf = f.features(text, f.featBuf)
		}
	})
}
