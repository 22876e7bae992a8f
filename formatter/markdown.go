package formatter

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// MarkdownPreviewLimit is the most runes of a chunk shown in the Preview
// column of concise Markdown: one readable line per hit.
const MarkdownPreviewLimit = 120

func markdownSearch(r SearchResponse, d Detail) string {
	var b strings.Builder
	title := r.Title
	if title == "" {
		title = "Search Results"
	}
	fmt.Fprintf(&b, "# %s\n\n", inlineText(title))
	fmt.Fprintf(&b, "**Total**: %s · **Latency**: %d ms", thousands(r.TotalCount), latencyMS(r))
	if r.ProjectID != "" {
		fmt.Fprintf(&b, " · **Project**: %s", inlineText(r.ProjectID))
	}
	if d == Detailed {
		if r.RepositoryID != "" {
			fmt.Fprintf(&b, " · **Repository**: %s", codeSpan(r.RepositoryID))
		}
		if r.DatabaseName != "" {
			fmt.Fprintf(&b, " · **Database**: %s", codeSpan(r.DatabaseName))
		}
	}
	b.WriteString("\n")
	if r.Warning != "" {
		fmt.Fprintf(&b, "\n> **Warning**: %s\n", inlineText(r.Warning))
	}
	if len(r.Results) == 0 {
		b.WriteString("\n_No results._\n")
		return b.String()
	}
	if d == Concise {
		shared := sharedRepository(r.Results)
		if shared != "" {
			fmt.Fprintf(&b, "\n**URI** of a hit (resources/read): %s + file + `#Lstart-Lend`\n", codeSpan(RepositoryURI(shared)))
		}
		b.WriteString("\n| File | Lines | Score | Preview |\n|---|---|---|---|\n")
		for _, x := range r.Results {
			preview := TruncateContent(collapseSpace(x.Content), MarkdownPreviewLimit)
			file := tableCell(x.FilePath)
			if shared == "" {
				file = "[" + file + "](" + tableCell(x.URI()) + ")"
			}
			if len(x.Copies) > 0 {
				file += " (same text in " + tableCell(strings.Join(x.Copies, ", ")) + ")"
			}
			fmt.Fprintf(&b, "| %s | %s | %.2f | %s |\n",
				file, lineRange(x.StartLine, x.EndLine), round(x.Score, 2), codeCell(preview))
		}
		return b.String()
	}
	for i, x := range r.Results {
		fmt.Fprintf(&b, "\n## Result %d\n\n", i+1)
		fmt.Fprintf(&b, "**File**: %s · **Lines**: %s · **Similarity**: %.4f",
			codeSpan(x.FilePath), lineRange(x.StartLine, x.EndLine), finite(x.Score))
		if x.Symbol != "" {
			fmt.Fprintf(&b, " · **Symbol**: %s", codeSpan(x.Symbol))
			if x.SymbolKind != "" {
				fmt.Fprintf(&b, " (%s)", inlineText(x.SymbolKind))
			}
		}
		if x.ChunkID != "" {
			fmt.Fprintf(&b, " · **Chunk ID**: %s", codeSpan(x.ChunkID))
		}
		fmt.Fprintf(&b, " · **URI**: %s\n", codeSpan(x.URI()))
		if len(x.Copies) > 0 {
			spans := make([]string, len(x.Copies))
			for i, c := range x.Copies {
				spans[i] = codeSpan(c)
			}
			fmt.Fprintf(&b, "\n**Same text in**: %s\n", strings.Join(spans, ", "))
		}
		if before := trimEdges(x.ContextBefore); before != "" {
			b.WriteString("\n**Context before**\n\n")
			writeFenced(&b, before, x.Language)
		}
		b.WriteString("\n")
		writeFenced(&b, x.Content, x.Language)
		if after := trimEdges(x.ContextAfter); after != "" {
			b.WriteString("\n**Context after**\n\n")
			writeFenced(&b, after, x.Language)
		}
	}
	return b.String()
}

func markdownIndex(r IndexReport, d Detail) string {
	var b strings.Builder
	b.WriteString("# Repository Indexing Results\n\n")
	fmt.Fprintf(&b, "**Status**: %s", inlineText(r.Status))
	switch {
	case r.Progress != nil:
		fmt.Fprintf(&b, " (%s %s/%s)", inlineText(r.Progress.Phase), thousands(r.Progress.Done), thousands(r.Progress.Total))
	case r.Outcome != "":
		fmt.Fprintf(&b, " (%s)", inlineText(r.Outcome))
	}
	if r.RepositoryID != "" {
		fmt.Fprintf(&b, " · **Repository**: %s", codeSpan(r.RepositoryID))
	}
	if r.ProjectID != "" {
		fmt.Fprintf(&b, " · **Project**: %s", inlineText(r.ProjectID))
	}
	if d == Detailed {
		if r.RepoPath != "" {
			fmt.Fprintf(&b, " · **Path**: %s", codeSpan(r.RepoPath))
		}
		if r.DatabaseName != "" {
			fmt.Fprintf(&b, " · **Database**: %s", codeSpan(r.DatabaseName))
		}
	}
	b.WriteString("\n\n## Metrics\n\n")
	metric := func(name string, n int) { fmt.Fprintf(&b, "- **%s**: %s\n", name, thousands(n)) }
	metric("Files indexed", r.FilesIndexed)
	metric("Files unchanged", r.FilesUnchanged)
	metric("Files skipped", r.FilesSkipped)
	metric("Files deleted", r.FilesDeleted)
	metric("Secret files skipped", r.SecretsSkipped)
	metric("Files with secrets redacted", r.SecretsRedacted)
	metric("Chunks created", r.ChunksCreated)
	metric("Chunks deleted", r.ChunksDeleted)
	if r.DryRun || r.EstimatedTokens > 0 {
		metric("Estimated tokens", r.EstimatedTokens)
	}
	if r.DryRun {
		metric("Estimated embedding calls", r.EstimatedEmbedCalls)
	}
	fmt.Fprintf(&b, "- **Duration**: %.1f s\n", finite(r.Duration.Seconds()))
	if r.Rebuilt != "" {
		fmt.Fprintf(&b, "- **Rebuilt from scratch**: %s\n", inlineText(r.Rebuilt))
	}
	if dirs := planDirs(r, d); r.DryRun && len(dirs) > 0 {
		b.WriteString("\n## Biggest directories\n\n| Directory | Files | Chunks |\n|---|---:|---:|\n")
		for _, x := range dirs {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", tableCell(x.Dir), thousands(x.Files), thousands(x.Chunks))
		}
	}
	if d == Detailed && len(r.SkippedReasons) > 0 {
		b.WriteString("\n## Skipped\n\n| Reason | Files |\n|---|---|\n")
		for _, k := range sortedKeys(r.SkippedReasons) {
			fmt.Fprintf(&b, "| %s | %s |\n", tableCell(k), thousands(r.SkippedReasons[k]))
		}
	}
	if len(r.Errors) > 0 {
		fmt.Fprintf(&b, "\n## Errors (%s)\n\n", thousands(len(r.Errors)))
		if d == Detailed {
			for i, e := range r.Errors {
				fmt.Fprintf(&b, "%d. %s\n", i+1, inlineText(e))
			}
		} else {
			fmt.Fprintf(&b, "%s; use detail_level=detailed to list them.\n", plural(len(r.Errors), "error", "errors"))
		}
	}
	return b.String()
}

func markdownRepositories(r RepositoryList, d Detail) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Repositories (%s)\n", thousands(len(r.Repositories)))
	if len(r.Repositories) == 0 {
		b.WriteString("\n_No repositories indexed._\n")
		return b.String()
	}
	if d == Concise {
		b.WriteString("\n| Repository | Project | Path | Files | Chunks | Indexed at | Status |\n|---|---|---|---|---|---|---|\n")
		for _, x := range r.Repositories {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n",
				tableCell(x.ID), tableCell(x.ProjectID), tableCell(x.Path), thousands(x.Files),
				thousands(x.CodeChunks+x.DocChunks), formatTime(x.IndexedAt), tableCell(statusCell(x)))
		}
		return b.String()
	}
	b.WriteString("\n| Repository | Project | Path | Files | Code chunks | Doc chunks | Embedder | Indexed at | Status | Database |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, x := range r.Repositories {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			tableCell(x.ID), tableCell(x.ProjectID), tableCell(x.Path), thousands(x.Files),
			thousands(x.CodeChunks), thousands(x.DocChunks), tableCell(x.Embedder),
			formatTime(x.IndexedAt), tableCell(statusCell(x)), tableCell(x.DatabaseName))
	}
	return b.String()
}

func markdownSymbols(r SymbolList, d Detail) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Symbols: %s", codeSpan(r.FilePath))
	if r.Language != "" {
		fmt.Fprintf(&b, " (%s)", inlineText(r.Language))
	}
	fmt.Fprintf(&b, "\n\n**Total**: %s", thousands(len(r.Symbols)))
	if d == Detailed && r.RepositoryID != "" {
		fmt.Fprintf(&b, " · **Repository**: %s", codeSpan(r.RepositoryID))
	}
	b.WriteString("\n")
	if len(r.Symbols) == 0 {
		b.WriteString("\n_No symbols._\n")
		return b.String()
	}
	if d == Concise {
		b.WriteString("\n| Name | Kind | Lines | Parent |\n|---|---|---|---|\n")
		for _, s := range r.Symbols {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n",
				codeCell(s.Name), tableCell(s.Kind), lineRange(s.StartLine, s.EndLine), codeCell(s.Parent))
		}
		return b.String()
	}
	b.WriteString("\n| Name | Kind | Lines | Parent | Signature |\n|---|---|---|---|---|\n")
	for _, s := range r.Symbols {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n",
			codeCell(s.Name), tableCell(s.Kind), lineRange(s.StartLine, s.EndLine), codeCell(s.Parent),
			codeCell(collapseSpace(s.Signature)))
	}
	return b.String()
}

// lineRange is the "start-end" form used by every format.
func lineRange(start, end int) string {
	return strconv.Itoa(start) + "-" + strconv.Itoa(end)
}

// thousands writes n with comma separators, as people read metrics.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// collapseSpace folds every run of whitespace (newlines included) into one
// space, so multi-line text fits a table cell or a single line.
func collapseSpace(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// inlineText makes s safe for one line of Markdown prose: whitespace runs
// become one space so a newline cannot start a heading or list.
func inlineText(s string) string {
	return collapseSpace(s)
}

// tableCell makes s safe for a GFM table cell: one line, backslashes
// doubled and pipes escaped so the column count never changes.
func tableCell(s string) string {
	s = collapseSpace(s)
	s = strings.ReplaceAll(s, `\`, `\\`)
	return strings.ReplaceAll(s, "|", `\|`)
}

// codeCell is a code span inside a table cell; GFM strips the backslash of
// \| before parsing code spans, so escaping pipes keeps the text exact.
func codeCell(s string) string {
	if s == "" {
		return ""
	}
	return strings.ReplaceAll(codeSpan(collapseSpace(s)), "|", `\|`)
}

// codeSpan wraps s in enough backticks that backticks inside it cannot end
// the span early.
func codeSpan(s string) string {
	s = collapseSpace(s)
	if s == "" {
		return "``"
	}
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return ticks + " " + s + " " + ticks
	}
	return ticks + s + ticks
}

// writeFenced writes s as a fenced code block whose fence is longer than
// any backtick run in s, tagged with a sanitised language name.
func writeFenced(b *strings.Builder, s, lang string) {
	fence := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	b.WriteString(fence)
	b.WriteString(fenceLang(lang))
	b.WriteString("\n")
	b.WriteString(strings.TrimRight(strings.ReplaceAll(s, "\r\n", "\n"), "\r\n"))
	b.WriteString("\n")
	b.WriteString(fence)
	b.WriteString("\n")
}

// fenceLang keeps only characters that are valid in an info string tag.
func fenceLang(lang string) string {
	return strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("+#_.-", r)) {
			return unicode.ToLower(r)
		}
		return -1
	}, lang)
}

func longestRun(s string, c byte) int {
	best, cur := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			cur++
			best = max(best, cur)
		} else {
			cur = 0
		}
	}
	return best
}

func itoa(n int) string { return strconv.Itoa(n) }

// plural writes a count with the right noun form.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return thousands(n) + " " + many
}

// trimEdges drops blank lines at both ends of s (CRLF normalised): context
// blocks often start or end on a blank line that only costs tokens.
func trimEdges(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}
