package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// cgroupMemoryLimit returns the memory limit of the cgroup this process
// runs in (a container's, or a systemd unit's MemoryMax), v2 or v1, and
// whether there is one.
func cgroupMemoryLimit() (int64, bool) {
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// hierarchy-ID:controllers:path; v2 is "0::path".
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		var file string
		switch {
		case parts[1] == "":
			file = filepath.Join("/sys/fs/cgroup", parts[2], "memory.max")
			if _, err := os.Stat(file); err != nil {
				file = filepath.Join("/sys/fs/cgroup/unified", parts[2], "memory.max")
			}
		case hasController(parts[1], "memory"):
			file = filepath.Join("/sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes")
		default:
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || n <= 0 || n >= 1<<60 { // "max", or v1's page-rounded MaxInt64
			continue
		}
		return n, true
	}
	return 0, false
}

func hasController(list, name string) bool {
	for _, c := range strings.Split(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}
