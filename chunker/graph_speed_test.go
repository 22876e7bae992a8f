package chunker

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestGraphSpeed measures what the symbol graph adds to indexing: for
// every file under the directories in $CODESEEK_GRAPH_CORPUS (separated
// by ":"), the time of Analyze against SplitReport, which skips the
// graph, per language. Files alternate between the two so that the
// machine's load weighs on both alike; each is run $CODESEEK_GRAPH_ROUNDS
// times (default 3) and the fastest run counts.
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
	}
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
			var split, analyze time.Duration
			var a Analysis
			for r := 0; r < rounds; r++ {
				start := time.Now()
				SplitReport(path, src, Options{})
				s := time.Since(start)
				start = time.Now()
				a, _ = Analyze(path, src, Options{})
				an := time.Since(start)
				if r == 0 || s < split {
					split = s
				}
				if r == 0 || an < analyze {
					analyze = an
				}
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
		t.Logf("%-10s %5d files %6.1f MB  split %7.0f ms  analyze %7.0f ms  graph +%5.1f%%  %7d defs %8d refs",
			l, tt.files, float64(tt.bytes)/1e6, tt.split.Seconds()*1000, tt.analyze.Seconds()*1000, 100*share, tt.defs, tt.refs)
		if maxShare > 0 && share > maxShare {
			t.Errorf("%s: the graph adds %.1f%% to chunking, over %.0f%%", l, 100*share, 100*maxShare)
		}
	}
}
