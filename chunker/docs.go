package chunker

import "strings"

// splitDoc cuts a document into sections at Markdown headings ("#", "##",
// ...). Each chunk is named by its heading path ("Install > Linux") and
// sections over the budget are split further at blank lines.
func splitDoc(lang, text string, opt Options) []Chunk {
	lines := splitKeepLines(text)
	var chunks []Chunk
	var path []string // heading path, one entry per level
	start := 0
	heading := ""
	inFence := false
	flush := func(end int) {
		for _, c := range splitLines(lang, strings.Join(lines[start:end+1], ""), opt) {
			c.StartLine += start
			c.EndLine += start
			c.Symbol = heading
			c.SymbolKind = "section"
			chunks = append(chunks, c)
		}
	}
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			inFence = !inFence
		}
		level := headingLevel(trimmed)
		if inFence || level == 0 {
			continue
		}
		if i > start {
			flush(i - 1)
		}
		start = i
		if level > len(path) {
			for len(path) < level-1 {
				path = append(path, "")
			}
			path = append(path, "")
		}
		path = path[:level]
		path[level-1] = strings.TrimSpace(strings.TrimLeft(trimmed, "#"))
		heading = joinHeadings(path)
	}
	if start < len(lines) {
		flush(len(lines) - 1)
	}
	return chunks
}

// headingLevel returns the ATX heading level of a trimmed line, or 0.
func headingLevel(line string) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (len(line) > n && line[n] != ' ') {
		return 0
	}
	return n
}

func joinHeadings(path []string) string {
	var parts []string
	for _, p := range path {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " > ")
}
