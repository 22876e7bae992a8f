package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// readmeMaxLines keeps the README a front door: what codeseek is, how to
// install and connect it, the tools; everything else belongs in docs/.
const readmeMaxLines = 150

var (
	mdLink     = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)\)`)
	inlineCode = regexp.MustCompile("`[^`]*`")
)

// TestDocsLinksResolve checks that every relative link in README.md and
// docs/*.md names a file that exists and, for a Markdown page, a heading
// that exists, so moving or renaming a page cannot leave the front door
// pointing nowhere.
func TestDocsLinksResolve(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join(root, "README.md"))
	checked := 0
	for _, page := range pages {
		rel, _ := filepath.Rel(root, page)
		for _, l := range markdownLinks(t, page) {
			if strings.Contains(l.target, "://") || strings.HasPrefix(l.target, "mailto:") {
				continue
			}
			checked++
			file, anchor, _ := strings.Cut(l.target, "#")
			target := page
			if file != "" {
				target = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
			}
			targetRel, _ := filepath.Rel(root, target)
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s:%d: link %q: %s does not exist", rel, l.line, l.target, targetRel)
				continue
			}
			if anchor != "" && strings.HasSuffix(target, ".md") && !headingAnchors(t, target)[anchor] {
				t.Errorf("%s:%d: link %q: %s has no heading #%s", rel, l.line, l.target, targetRel, anchor)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d relative links found in README.md and docs/: is the link pattern broken?", checked)
	}
}

func TestReadmeIsShort(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, more than %d: move the detail into docs/", n, readmeMaxLines)
	}
}

type mdLinkAt struct {
	target string
	line   int
}

// markdownLinks lists the [text](target) links of a page outside code
// blocks and code spans.
func markdownLinks(t *testing.T, path string) []mdLinkAt {
	t.Helper()
	var out []mdLinkAt
	eachTextLine(t, path, func(n int, line string) {
		for _, m := range mdLink.FindAllStringSubmatch(inlineCode.ReplaceAllString(line, ""), -1) {
			out = append(out, mdLinkAt{m[1], n})
		}
	})
	return out
}

// headingAnchors returns the anchors GitHub gives the headings of a page:
// lower case, punctuation dropped, spaces as hyphens, -1, -2 … for repeats.
func headingAnchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	anchors := map[string]bool{}
	seen := map[string]int{}
	eachTextLine(t, path, func(_ int, line string) {
		if !strings.HasPrefix(line, "#") {
			return
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			anchors[a+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	})
	return anchors
}

// eachTextLine calls f with every line of path outside fenced code blocks.
func eachTextLine(t *testing.T, path string, f func(n int, line string)) {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	fenced := false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			f(n, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}
