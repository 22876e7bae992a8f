package store

import "runtime/debug"

// minRelease is the fewest dropped chunks worth a forced collection: below
// a few thousand (a few megabytes) the runtime's own pacing is fine.
const minRelease = 4096

// releaseDropped hands the memory of the segments old held and idx does
// not back to the operating system when they were a large share of old,
// as after a forced re-index. The Go runtime would otherwise keep the freed
// heap mapped up to its next collection goal, twice the live heap, so a
// server's resident memory would stay doubled for as long as it runs.
// Small re-indexes (a one-file edit) drop little and skip the cost of a
// full collection.
func releaseDropped(old, idx *Index) {
	if old == nil {
		return
	}
	kept := reusable(idx)
	dropped, total := 0, 0
	for _, seg := range old.segs {
		n := seg.parts[Code].n + seg.parts[Doc].n
		total += n
		if kept[seg.id] == nil {
			dropped += n
		}
	}
	if dropped >= minRelease && 4*dropped >= total {
		debug.FreeOSMemory()
	}
}
