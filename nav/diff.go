package nav

import (
	"strconv"
	"strings"
)

// FileDiff is one file of a unified diff: its paths on both sides ("" for
// a side where it does not exist) and the lines each hunk covers.
type FileDiff struct {
	OldPath, NewPath string
	OldChanged       []LineRange
	NewChanged       []LineRange
}

// ParseUnifiedDiff reads the output of `git diff` (any context size):
// which files changed and which lines on each side the hunks cover.
// Lines it does not understand are skipped, so it never fails.
func ParseUnifiedDiff(text string) []FileDiff {
	var out []FileDiff
	var cur *FileDiff
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "diff --git "):
			out = append(out, FileDiff{})
			cur = &out[len(out)-1]
		case cur == nil:
		case strings.HasPrefix(line, "--- "):
			cur.OldPath = diffPath(line[4:], "a/")
		case strings.HasPrefix(line, "+++ "):
			cur.NewPath = diffPath(line[4:], "b/")
		case strings.HasPrefix(line, "@@ "):
			oldR, newR, ok := parseHunk(line)
			if !ok {
				continue
			}
			if oldR.End >= oldR.Start {
				cur.OldChanged = append(cur.OldChanged, oldR)
			}
			if newR.End >= newR.Start {
				cur.NewChanged = append(cur.NewChanged, newR)
			} else if newR.Start > 0 {
				// Lines removed after line Start: the empty range
				// between Start and Start+1, which changes whatever
				// encloses that place.
				cur.NewChanged = append(cur.NewChanged, LineRange{newR.Start + 1, newR.Start})
			}
		}
	}
	kept := out[:0]
	for _, f := range out {
		if f.OldPath != "" || f.NewPath != "" {
			kept = append(kept, f)
		}
	}
	return kept
}

// diffPath reads a "--- a/path" or "+++ b/path" name: "" for /dev/null.
func diffPath(s, prefix string) string {
	s = strings.TrimRight(s, "\t\r")
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			s = u
		}
	}
	if s == "/dev/null" {
		return ""
	}
	return strings.TrimPrefix(s, prefix)
}

// parseHunk reads "@@ -a,b +c,d @@": the old and new ranges (End <
// Start when a side has no lines).
func parseHunk(line string) (LineRange, LineRange, bool) {
	f := strings.Fields(line)
	if len(f) < 3 || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") {
		return LineRange{}, LineRange{}, false
	}
	oldR, ok1 := hunkRange(f[1][1:])
	newR, ok2 := hunkRange(f[2][1:])
	return oldR, newR, ok1 && ok2
}

func hunkRange(s string) (LineRange, bool) {
	start, count := s, "1"
	if i := strings.IndexByte(s, ','); i >= 0 {
		start, count = s[:i], s[i+1:]
	}
	a, err1 := strconv.Atoi(start)
	n, err2 := strconv.Atoi(count)
	if err1 != nil || err2 != nil || a < 0 || n < 0 {
		return LineRange{}, false
	}
	return LineRange{Start: a, End: a + n - 1}, true
}
