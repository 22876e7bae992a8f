package main

import (
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// memoryBudget turns --max-memory (or CODESEEK_MAX_MEMORY) into an index
// run's budget in bytes. Unset, a GOMEMLIMIT the user gave is the budget,
// else store.DefaultMemory. Set, it also becomes the Go runtime's soft
// memory limit unless GOMEMLIMIT says otherwise, so the collector works
// to keep the whole process within it, not only the run's buffers.
func memoryBudget(flag string, gomemlimit string) (int64, error) {
	if flag == "" {
		if lim := debug.SetMemoryLimit(-1); gomemlimit != "" && lim != math.MaxInt64 {
			return max(lim, store.MinMemory), nil
		}
		return store.DefaultMemory, nil
	}
	n, err := parseSize(flag)
	if err != nil {
		return 0, usagef("--max-memory %q: %v (for example 512MiB or 2GiB)", flag, err)
	}
	if n < store.MinMemory {
		return 0, usagef("--max-memory %s is below the smallest budget, %dMiB", flag, store.MinMemory>>20)
	}
	if gomemlimit == "" {
		debug.SetMemoryLimit(n)
	}
	return n, nil
}

// parseSize reads a byte count with an optional unit: B, K/KB/KiB, M/MB/MiB,
// G/GB/GiB, T/TB/TiB, all powers of 1024 as memory sizes are, case
// insensitive, fractions allowed ("1.5GiB").
func parseSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	num := strings.TrimRight(t, "kmgtib ")
	unit := strings.TrimSpace(t[len(num):])
	scale := map[string]float64{"": 1, "b": 1}
	for i, p := range []string{"k", "m", "g", "t"} {
		f := math.Pow(1024, float64(i+1))
		scale[p], scale[p+"b"], scale[p+"ib"] = f, f, f
	}
	mul, ok := scale[unit]
	if !ok {
		return 0, fmt.Errorf("unknown unit %q", unit)
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || v*mul >= math.MaxInt64 {
		return 0, fmt.Errorf("not a size")
	}
	return int64(v * mul), nil
}
