//go:build !linux

package main

// cgroupMemoryLimit: only Linux has memory cgroups.
func cgroupMemoryLimit() (int64, bool) { return 0, false }
