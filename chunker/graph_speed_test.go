//go:build unix

package chunker

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestGraphSpeed measures what the symbol graph adds to indexing: for
// every file under the directories in $CODESEEK_GRAPH_CORPUS (separated
// by ":"), the time of Analyze against SplitReport, which skips the
// graph, per language. Each file is run $CODESEEK_GRAPH_ROUNDS times
// (default 3) one way then the other, so that the machine's load weighs
// on both alike, and the fastest run counts. Both the wall time and the
// CPU time of the measuring thread are reported (as bench.Compare
// measures): on a machine shared with other work the CPU time is the
// steadier, leaving out the time the thread waits for a core and the
// garbage collector's background work. Comparing whole corpora one way
// then the other (bench.Compare) was tried: a run of a corpus takes
// seconds, and two such runs on this shared machine differed by 20%.
//
//	CODESEEK_GRAPH_CORPUS=/usr/lib/python3.11:/usr/include go test ./chunker -run TestGraphSpeed -v
//
// $CODESEEK_GRAPH_MAX_SHARE (a fraction, such as 0.25) makes a language
// whose graph costs more than that share of its chunking time fail.
func TestGraphSpeed(t *testing.T) {
	corpus := os.Getenv("CODESEEK_GRAPH_CORPUS")
	if corpus == "" {
		t.Skip("set CODESEEK_GRAPH_CORPUS=dir[:dir...] to measure the graph's share of indexing time")
	}
	rounds := 3
	fmt.Sscan(os.Getenv("CODESEEK_GRAPH_ROUNDS"), &rounds)
	maxShare := 0.0
	fmt.Sscan(os.Getenv("CODESEEK_GRAPH_MAX_SHARE"), &maxShare)
	type total struct {
		files, bytes, defs, refs int
		split, analyze           time.Duration
		splitCPU, analyzeCPU     time.Duration
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	totals := map[string]*total{}
	for _, dir := range strings.Split(corpus, ":") {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || IsDoc(path) {
				return nil
			}
			info, err := d.Info()
			if err != nil || !info.Mode().IsRegular() || info.Size() > 1<<20 {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return nil
			}
			lang := Language(path, src)
			if graphLangs[lang] == nil {
				return nil
			}
			var split, analyze, splitCPU, analyzeCPU time.Duration
			var a Analysis
			for r := 0; r < rounds; r++ {
				start, cpu := time.Now(), threadCPU()
				SplitReport(path, src, Options{})
				s, sc := time.Since(start), threadCPU()-cpu
				start, cpu = time.Now(), threadCPU()
				a, _ = Analyze(path, src, Options{})
				an, ac := time.Since(start), threadCPU()-cpu
				if r == 0 {
					split, analyze, splitCPU, analyzeCPU = s, an, sc, ac
				}
				split, analyze = min(split, s), min(analyze, an)
				splitCPU, analyzeCPU = min(splitCPU, sc), min(analyzeCPU, ac)
			}
			tt := totals[lang]
			if tt == nil {
				tt = &total{}
				totals[lang] = tt
			}
			tt.files++
			tt.bytes += len(src)
			tt.split += split
			tt.analyze += analyze
			tt.splitCPU += splitCPU
			tt.analyzeCPU += analyzeCPU
			if a.Graph != nil {
				tt.defs += len(a.Graph.Defs)
				tt.refs += len(a.Graph.Refs)
			}
			return nil
		})
	}
	langs := make([]string, 0, len(totals))
	for l := range totals {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	for _, l := range langs {
		tt := totals[l]
		share := float64(tt.analyze-tt.split) / float64(tt.split)
		cpuShare := float64(tt.analyzeCPU-tt.splitCPU) / float64(tt.splitCPU)
		t.Logf("%-10s %5d files %5.1f MB  wall: split %6.0f ms analyze %6.0f ms graph +%5.1f%%  cpu: split %6.0f ms analyze %6.0f ms graph +%5.1f%%  %6d defs %7d refs",
			l, tt.files, float64(tt.bytes)/1e6, ms(tt.split), ms(tt.analyze), 100*share,
			ms(tt.splitCPU), ms(tt.analyzeCPU), 100*cpuShare, tt.defs, tt.refs)
		if maxShare > 0 && cpuShare > maxShare {
			t.Errorf("%s: the graph adds %.1f%% to chunking's CPU time, over %.0f%%", l, 100*cpuShare, 100*maxShare)
		}
	}
}

func ms(d time.Duration) float64 { return d.Seconds() * 1000 }

// threadCPU is the CPU time of the calling thread (the test locks its
// goroutine to one).
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
