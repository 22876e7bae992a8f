package store

import (
	"math"
	"math/rand"
	"testing"
)

// TestHalfRoundTrip checks every half value widens and narrows back to
// itself, and that rounding a float32 lands on the nearest half.
func TestHalfRoundTrip(t *testing.T) {
	for h := 0; h < 1<<16; h++ {
		f := fromHalf(uint16(h))
		if math.IsNaN(float64(f)) {
			continue
		}
		if got := toHalf(f); got != uint16(h) {
			t.Fatalf("toHalf(fromHalf(%#04x)) = %#04x", h, got)
		}
	}
	rng := rand.New(rand.NewSource(1))
	for range 100000 {
		f := float32(rng.NormFloat64() / 16) // the range of a unit vector's values
		got := fromHalf(toHalf(f))
		up, down := fromHalf(toHalf(f)+1), fromHalf(toHalf(f)-1)
		if d := abs32(got - f); d > abs32(up-f) || d > abs32(down-f) {
			t.Fatalf("toHalf(%g) = %g, not the nearest half (%g, %g)", f, got, down, up)
		}
		if rel := abs32(got-f) / abs32(f); f != 0 && abs32(f) > 6.2e-5 && rel > 1.0/2048 {
			t.Fatalf("toHalf(%g) = %g: relative error %g above 2^-11", f, got, rel)
		}
	}
}

func abs32(f float32) float32 { return float32(math.Abs(float64(f))) }
