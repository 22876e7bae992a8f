package store

import (
	"errors"
	"math"
	"testing"
)

func TestEndsAreNarrowWhenTheyFit(t *testing.T) {
	offs := []uint64{3, 3, 10, math.MaxUint32}
	b := endBytes(offs)
	if len(b) != 4*len(offs) {
		t.Fatalf("%d bytes for %d ends that fit 32 bits, want 4 each", len(b), len(offs))
	}
	e, err := mapEnds(b, len(offs), math.MaxUint32)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range offs {
		if e.at(i) != want {
			t.Fatalf("end %d = %d, want %d", i, e.at(i), want)
		}
	}
	if lo, hi := e.span(2); lo != 3 || hi != 10 {
		t.Fatalf("span(2) = [%d, %d), want [3, 10)", lo, hi)
	}
}

func TestEndsPastFourGiBAreWide(t *testing.T) {
	offs := []uint64{5, math.MaxUint32 + 1}
	b := endBytes(offs)
	if len(b) != 8*len(offs) {
		t.Fatalf("%d bytes for ends past 4 GiB, want 8 each", len(b))
	}
	e, err := mapEnds(b, len(offs), math.MaxUint32+1)
	if err != nil {
		t.Fatal(err)
	}
	if e.at(1) != math.MaxUint32+1 || e.len() != 2 {
		t.Fatalf("wide ends read back as %d (%d of them)", e.at(1), e.len())
	}
	var built ends
	for _, v := range offs {
		built.add(v)
	}
	if string(built.bytes()) != string(b) {
		t.Fatal("ends built in memory encode differently from endBytes")
	}
}

func TestDamagedEndsAreRefused(t *testing.T) {
	for name, tc := range map[string]struct {
		b     []byte
		n     int
		limit int
	}{
		"descending":     {endBytes([]uint64{5, 4}), 2, 10},
		"past the limit": {endBytes([]uint64{5, 11}), 2, 10},
		"wrong length":   {endBytes([]uint64{5, 6, 7}), 2, 10},
	} {
		if _, err := mapEnds(tc.b, tc.n, tc.limit); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
}
