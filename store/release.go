package store

import "runtime/debug"

// minRelease is the fewest dropped chunks worth a forced collection: below
// a few thousand (a few megabytes) the runtime's own pacing is fine.
const minRelease = 4096

// releaseDropped gives memory back to the operating system when the
// segments old held and idx does not were a large share of old, as after a
// forced re-index: the collection lets the dropped segments' cleanups
// unmap them, and returns the heap the re-index built its segment in. The
// Go runtime would otherwise keep that heap mapped up to its next
// collection goal, and the old mappings until some later collection.
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
