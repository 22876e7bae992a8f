package main

import (
	"math"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{
		"512MiB": 512 << 20, "512mb": 512 << 20, "512M": 512 << 20, "2GiB": 2 << 30, "1.5g": 3 << 29,
		"100000000": 100000000, "64 KiB": 64 << 10,
	} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "lots", "12XB", "-1GiB", "1e400"} {
		if _, err := parseSize(bad); err == nil {
			t.Errorf("parseSize(%q) accepted", bad)
		}
	}
}

func TestMemoryBudget(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	cases := []struct {
		flag, gomemlimit string
		cgroup           int64
		want             int64
		err              string
	}{
		{"", "", 0, store.DefaultMemory, ""},
		{"1GiB", "", 0, 1 << 30, ""},
		{"", "", 256 << 20, 192 << 20, ""}, // a container's limit caps the default
		{"1GiB", "", 256 << 20, 0, "more than this process's memory cgroup allows"},
		{"", "", 48 << 20, 0, "memory cgroup allows 48MiB"},
		{"10MiB", "", 0, 0, "below the smallest budget"},
		{"plenty", "", 0, 0, "--max-memory"},
	}
	for _, tc := range cases {
		debug.SetMemoryLimit(math.MaxInt64)
		got, err := memoryBudget(tc.flag, tc.gomemlimit, tc.cgroup)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("memoryBudget(%q, cgroup %d) error %v, want one saying %q", tc.flag, tc.cgroup, err, tc.err)
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("memoryBudget(%q, cgroup %d) = %d, %v; want %d", tc.flag, tc.cgroup, got, err, tc.want)
		case tc.err == "" && debug.SetMemoryLimit(-1) != got:
			t.Errorf("memoryBudget(%q, cgroup %d) left the runtime's limit at %d, want the budget", tc.flag, tc.cgroup, debug.SetMemoryLimit(-1))
		}
	}
	// GOMEMLIMIT is the user's word: it sets the budget and is kept.
	debug.SetMemoryLimit(300 << 20)
	if got, err := memoryBudget("", "300MiB", 0); err != nil || got != 300<<20 || debug.SetMemoryLimit(-1) != 300<<20 {
		t.Errorf("with GOMEMLIMIT=300MiB: budget %d, %v, runtime limit %d", got, err, debug.SetMemoryLimit(-1))
	}
}
