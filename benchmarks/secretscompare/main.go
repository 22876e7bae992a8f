// Command secretscompare measures codeseek's secret scanner (package
// secrets) against gitleaks' detector with its default rules on the same
// files: scan speed per MB of CPU time and which files each flags. It is a
// separate module so that gitleaks never enters codeseek's go.mod; the
// README beside it gives the commands for the binary-size, dependency and
// build-time figures.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/zricethezav/gitleaks/v8/detect"

	"github.com/codeseek/codeseek/secrets"
)

func main() {
	corpus := flag.String("corpus", "", "directory to scan (every .go, .py and .js file under 1 MiB)")
	passes := flag.Int("passes", 3, "timed passes per scanner; the median is reported")
	list := flag.Bool("list", false, "print the files only one scanner flags")
	flag.Parse()
	if *corpus == "" {
		log.Fatal("pass -corpus DIR, e.g. -corpus $(go env GOROOT)/src")
	}
	names, texts, total := load(*corpus)
	fmt.Printf("corpus: %d files, %.1f MB\n", len(names), float64(total)/1e6)

	start := time.Now()
	det, err := detect.NewDetectorDefaultConfig()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("gitleaks: %d rules, set-up %v\n", len(det.Config.Rules), time.Since(start).Round(time.Millisecond))

	ours := run("codeseek secrets", *passes, total, texts, func(b []byte) int { return len(secrets.Scan(b)) })
	theirs := run("gitleaks detect", *passes, total, texts, func(b []byte) int { return len(det.DetectString(string(b))) })
	onlyOurs, onlyTheirs := 0, 0
	for i := range names {
		switch {
		case ours[i] > 0 && theirs[i] == 0:
			onlyOurs++
			if *list {
				fmt.Println("  only codeseek:", names[i])
			}
		case theirs[i] > 0 && ours[i] == 0:
			onlyTheirs++
			if *list {
				fmt.Println("  only gitleaks:", names[i])
			}
		}
	}
	fmt.Printf("files flagged by codeseek only: %d, by gitleaks only: %d\n", onlyOurs, onlyTheirs)
}

func load(root string) (names []string, texts [][]byte, total int) {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		if ext := filepath.Ext(p); ext != ".go" && ext != ".py" && ext != ".js" {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil || len(b) >= 1<<20 {
			return nil
		}
		names = append(names, strings.TrimPrefix(p, root+"/"))
		texts = append(texts, b)
		total += len(b)
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	return names, texts, total
}

// run scans every text passes times and prints the median throughput per
// second of CPU time (user + system), which a busy machine disturbs less
// than wall time. It returns the findings per file of the first pass.
func run(name string, passes, total int, texts [][]byte, scan func([]byte) int) []int {
	found := make([]int, len(texts))
	var rates []float64
	for p := 0; p < passes; p++ {
		c := cpu()
		for i, b := range texts {
			found[i] = scan(b)
		}
		rates = append(rates, float64(total)/1e6/(cpu()-c).Seconds())
	}
	slices.Sort(rates)
	files, n := 0, 0
	for _, f := range found {
		n += f
		if f > 0 {
			files++
		}
	}
	fmt.Printf("%s: %.1f MB/s per CPU second (median of %d; %.1f..%.1f), %d findings in %d files\n",
		name, rates[len(rates)/2], passes, rates[0], rates[len(rates)-1], n, files)
	return found
}

func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		log.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
