package main

import (
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// cgroupShare is the part of a memory cgroup's limit an index run may
// plan on: the binary, the page cache of the files it reads and writes,
// and the collector's headroom are charged to the cgroup too.
const cgroupShare = 0.75

// memoryBudget turns --max-memory (or CODESEEK_MAX_MEMORY) into an index
// run's budget in bytes. Unset, a GOMEMLIMIT the user gave is the budget,
// else store.DefaultMemory. A memory cgroup (a container's limit) caps it
// at cgroupShare of its limit, so a run inside one adapts instead of
// being killed; limit is that cgroup limit, or 0. The budget becomes the
// Go runtime's soft memory limit unless GOMEMLIMIT says otherwise, so the
// collector keeps the whole process within it, not only the run's buffers
// (without it the heap grows to twice what is live before a collection).
func memoryBudget(flag, gomemlimit string, limit int64) (int64, error) {
	var budget int64
	switch lim := debug.SetMemoryLimit(-1); {
	case flag != "":
		n, err := parseSize(flag)
		if err != nil {
			return 0, usagef("--max-memory %q: %v (for example 512MiB or 2GiB)", flag, err)
		}
		if n < store.MinMemory {
			return 0, usagef("--max-memory %s is below the smallest budget, %dMiB", flag, store.MinMemory>>20)
		}
		budget = n
	case gomemlimit != "" && lim != math.MaxInt64:
		budget = max(lim, store.MinMemory)
	default:
		budget = store.DefaultMemory
	}
	if limit > 0 {
		avail := int64(float64(limit) * cgroupShare)
		if avail < store.MinMemory {
			return 0, fmt.Errorf("this process's memory cgroup allows %dMiB and an index run needs at least %dMiB: raise the container's or unit's memory limit", limit>>20, int64(math.Ceil(float64(store.MinMemory)/cgroupShare/(1<<20))))
		}
		if flag != "" && budget > limit {
			return 0, usagef("--max-memory %s is more than this process's memory cgroup allows (%dMiB): ask for at most %dMiB", flag, limit>>20, avail>>20)
		}
		budget = min(budget, avail)
	}
	if gomemlimit == "" {
		debug.SetMemoryLimit(budget)
	}
	return budget, nil
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
