package half

import (
	"math"
	"math/rand"
	"testing"
)

// TestRoundTrip checks every half value widens and narrows back to
// itself, and that rounding a float32 lands on the nearest half.
func TestRoundTrip(t *testing.T) {
	for h := 0; h < 1<<16; h++ {
		f := ToFloat32(uint16(h))
		if math.IsNaN(float64(f)) {
			continue
		}
		if got := FromFloat32(f); got != uint16(h) {
			t.Fatalf("FromFloat32(ToFloat32(%#04x)) = %#04x", h, got)
		}
	}
	rng := rand.New(rand.NewSource(1))
	for range 100000 {
		f := float32(rng.NormFloat64() / 16) // the range of a unit vector's values
		got := ToFloat32(FromFloat32(f))
		up, down := ToFloat32(FromFloat32(f)+1), ToFloat32(FromFloat32(f)-1)
		if d := abs32(got - f); d > abs32(up-f) || d > abs32(down-f) {
			t.Fatalf("FromFloat32(%g) = %g, not the nearest half (%g, %g)", f, got, down, up)
		}
		if rel := abs32(got-f) / abs32(f); f != 0 && abs32(f) > 6.2e-5 && rel > 1.0/2048 {
			t.Fatalf("FromFloat32(%g) = %g: relative error %g above 2^-11", f, got, rel)
		}
	}
}

// TestRoundsAndClamps: values within half an ulp, too small ones to zero,
// finite ones too large to the largest finite half.
func TestRoundsAndClamps(t *testing.T) {
	for _, f := range []float32{0, 1, -1, 0.5, 65504, 6.1035156e-05, 5.9604645e-08, 0.0035, -0.0118, 1e-9, 1e9} {
		got := ToFloat32(FromFloat32(f))
		var want float32
		switch {
		case f == 1e-9:
			want = 0 // below the smallest subnormal
		case f == 1e9:
			want = 65504 // clamped to the largest finite value
		default:
			want = f
		}
		if rel := math.Abs(float64(got-want)) / math.Max(math.Abs(float64(want)), 1e-30); got != want && rel > 1.0/2048 {
			t.Errorf("FromFloat32(%g) = %g, want %g within half an ulp", f, got, want)
		}
	}
	// Every finite half value survives the trip through float32 exactly.
	for h := 0; h < 0x7c00; h++ {
		if back := FromFloat32(ToFloat32(uint16(h))); back != uint16(h) {
			t.Fatalf("half %#04x → %g → %#04x", h, ToFloat32(uint16(h)), back)
		}
	}
}

func abs32(f float32) float32 { return float32(math.Abs(float64(f))) }
