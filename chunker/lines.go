package chunker

import "strings"

// approxTokens estimates the token count of text. Code averages about four
// bytes a token; counting that way keeps the chunker free of the embedder.
func approxTokens(s string) int { return (len(s) + 3) / 4 }

// splitLines cuts text into windows of whole lines that end, where possible,
// at a blank line or a closing brace at column 0, staying within the budget.
func splitLines(lang, text string, opt Options) []Chunk {
	lines := splitKeepLines(text)
	budget := opt.maxTokens()
	var chunks []Chunk
	start, size := 0, 0
	lastBreak := -1 // index of the last line after which a cut is natural
	emit := func(end int) {
		if chunk, ok := makeChunk(lang, lines, start, end); ok {
			chunks = append(chunks, chunk)
		}
		start, size, lastBreak = end+1, 0, -1
	}
	for i := 0; i < len(lines); i++ {
		t := approxTokens(lines[i])
		if size+t > budget && i > start {
			cut := i - 1
			if lastBreak >= start && lastBreak-start >= (i-start)/3 {
				cut = lastBreak
			}
			emit(cut)
			i = cut // loop increments to the first line of the next window
			continue
		}
		size += t
		trimmed := strings.TrimRight(lines[i], "\r\n")
		if strings.TrimSpace(trimmed) == "" || strings.HasPrefix(trimmed, "}") {
			lastBreak = i
		}
	}
	if start < len(lines) {
		emit(len(lines) - 1)
	}
	return chunks
}

// makeChunk builds the chunk for lines[from..to], trimming blank lines at
// both ends. It reports false when only blank lines remain.
func makeChunk(lang string, lines []string, from, to int) (Chunk, bool) {
	for from <= to && strings.TrimSpace(lines[from]) == "" {
		from++
	}
	for to >= from && strings.TrimSpace(lines[to]) == "" {
		to--
	}
	if from > to {
		return Chunk{}, false
	}
	content := strings.TrimRight(strings.Join(lines[from:to+1], ""), "\r\n")
	return Chunk{StartLine: from + 1, EndLine: to + 1, Content: content, Language: lang}, true
}

// splitKeepLines splits text into lines that keep their terminators.
func splitKeepLines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
}
