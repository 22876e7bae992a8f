package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/codeseek/codeseek/indexer"
)

// progressBar draws indexing progress on a terminal. It stays silent when
// stderr is not a terminal, so piped output and logs hold only results.
type progressBar struct {
	w     io.Writer
	last  time.Time
	drawn bool
}

func newProgressBar() *progressBar {
	if !term.IsTerminal(int(os.Stderr.Fd())) {
		return nil
	}
	return &progressBar{w: os.Stderr}
}

// update is an indexer progress callback; a nil bar ignores events.
func (b *progressBar) update(p indexer.Progress) {
	if b == nil {
		return
	}
	now := time.Now()
	if now.Sub(b.last) < 100*time.Millisecond && p.Done != p.Total {
		return
	}
	b.last = now
	const width = 30
	line := fmt.Sprintf("%-6s %d", p.Phase, p.Done)
	if p.Total > 0 {
		filled := width * p.Done / p.Total
		line = fmt.Sprintf("%-6s [%s%s] %d/%d", p.Phase, strings.Repeat("=", filled), strings.Repeat(" ", width-filled), p.Done, p.Total)
	}
	fmt.Fprintf(b.w, "\r\033[K%s", line)
	b.drawn = true
}

// done clears the bar.
func (b *progressBar) done() {
	if b != nil && b.drawn {
		fmt.Fprint(b.w, "\r\033[K")
	}
}

func (b *progressBar) callback() func(indexer.Progress) {
	if b == nil {
		return nil
	}
	return b.update
}
