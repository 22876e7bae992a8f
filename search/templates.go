package search

import (
	"path"
	"strings"
	"unicode"

	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/store"
)

// A project that asks for reports in a shape keeps the shape in its
// repository: GitHub's issue forms and pull request templates
// (.github/ISSUE_TEMPLATE/bug_report.yml, pull_request_template.md),
// GitLab's (.gitlab/issue_templates). A report pasted from such a project
// repeats the template's headings ("### Describe your changes", "### Bug
// summary") and its fixed sentences ("By submitting this pull request you
// agree …"), in every report alike, and their words then match whichever
// files happen to share them (a setup script's licence, a release
// script's "pull request"). QueryText drops what any template would
// (comments, checklists); this drops what the searched project's own
// templates say, read from the index, so both channels read the
// reporter's words alone.

// shingleWords is how many words in a row a report must share with a
// template for them to count as the template's: fewer, and ordinary
// phrases ("when I run the") would.
const shingleWords = 4

// templateShare is the share of a paragraph's words that the template's
// word runs must cover for the paragraph to be the template's: a
// sentence the report rewrapped, or interrupted with a word of its own.
const templateShare = 0.8

// maxTemplateText bounds what one index's templates contribute, so a
// repository that keeps hundreds of them costs no more.
const maxTemplateText = 1 << 20

// template is what a project's report templates say: their lines, and
// their runs of shingleWords words, each in normalized form.
type template struct {
	lines    map[string]bool
	shingles map[string]bool
}

// yamlKey is an issue form's key before its text ("label: Bug summary",
// "- label: I searched", "description: …").
var yamlKey = lazyre.New(`^\s*-?\s*(?:label|description|value|placeholder|name|title|about)\s*:\s*`)

// isTemplatePath reports whether a repository path holds a report
// template: a file in an ISSUE_TEMPLATE or PULL_REQUEST_TEMPLATE
// directory (GitHub) or issue_templates / merge_request_templates
// (GitLab), or a prose file named for one anywhere
// (pull_request_template.md).
// The chooser's config.yml holds no report text.
func isTemplatePath(p string) bool {
	lower := strings.ToLower(p)
	dirs := strings.Split(path.Dir(lower), "/")
	base := path.Base(lower)
	for _, d := range dirs {
		switch d {
		case "issue_template", "pull_request_template", "issue_templates", "merge_request_templates":
			return base != "config.yml" && base != "config.yaml"
		}
	}
	ext := path.Ext(base)
	switch strings.TrimSuffix(base, ext) {
	case "issue_template", "pull_request_template", "merge_request_template":
		return templateExt[ext]
	}
	return false
}

// templateExt are the extensions a template is written with: prose or an
// issue form, never code.
var templateExt = map[string]bool{"": true, ".md": true, ".markdown": true, ".txt": true, ".rst": true, ".yml": true, ".yaml": true}

// templatesOf returns what the index's report templates say, read once
// per committed index; nil when it keeps none or cannot list a file's
// chunks.
func templatesOf(ix store.Searcher) *template {
	build := func() any { return readTemplates(ix) }
	if m, ok := ix.(interface{ Memo(any, func() any) any }); ok {
		return m.Memo(templateKey{}, build).(*template)
	}
	return build().(*template)
}

type templateKey struct{}

func readTemplates(ix store.Searcher) *template {
	lister, ok := ix.(chunkLister)
	if !ok {
		return nil
	}
	var t *template
	size := 0
	for _, f := range ix.Manifest().Files {
		if !isTemplatePath(f.Path) {
			continue
		}
		if t == nil {
			t = &template{lines: map[string]bool{}, shingles: map[string]bool{}}
		}
		for _, c := range lister.ChunksOf(f.Path) {
			text := c.Full().Content
			if size += len(text); size > maxTemplateText {
				return t
			}
			t.add(text)
		}
	}
	return t
}

// add records a template text's lines and word runs.
func (t *template) add(text string) {
	var words []string
	for _, ln := range strings.Split(text, "\n") {
		if codeFence(ln) {
			continue
		}
		w := templateWords(yamlKey().ReplaceAllString(ln, ""))
		if len(w) > 0 {
			t.lines[strings.Join(w, " ")] = true
		}
		words = append(words, w...)
	}
	for i := 0; i+shingleWords <= len(words); i++ {
		t.shingles[strings.Join(words[i:i+shingleWords], " ")] = true
	}
}

// codeFence reports a Markdown fence line ("```python"): a template and a
// report both open code with it, which says nothing of either.
func codeFence(ln string) bool {
	s := strings.TrimSpace(ln)
	return strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~")
}

// templateWords splits text into its lower-case words, so that
// Markdown's marks ("### ", "**", "- ") and a rewrapped line compare
// equal.
func templateWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// strip returns text without the lines the template holds and the
// paragraphs its word runs cover; fenced code is the reporter's, even
// where a template's placeholder showed the same line. A text that is
// nothing else is returned whole, so that no query becomes empty.
func (t *template) strip(text string) string {
	if t == nil || !strings.Contains(text, "\n") {
		return text
	}
	lines := strings.Split(text, "\n")
	kept := make([]string, 0, len(lines))
	own := 0 // the lines kept, besides blank ones
	for start := 0; start < len(lines); {
		if strings.TrimSpace(lines[start]) == "" {
			kept = append(kept, lines[start])
			start++
			continue
		}
		if codeFence(lines[start]) {
			end := fenceEnd(lines, start)
			kept = append(kept, lines[start:end]...)
			own += end - start
			start = end
			continue
		}
		end := start
		for end < len(lines) && strings.TrimSpace(lines[end]) != "" && !codeFence(lines[end]) {
			end++
		}
		para := t.paragraph(lines[start:end])
		kept = append(kept, para...)
		own += len(para)
		start = end
	}
	if own == 0 {
		return text
	}
	return strings.Join(kept, "\n")
}

// fenceEnd returns the index past the fenced block that opens at start
// (the text's end when it is never closed).
func fenceEnd(lines []string, start int) int {
	for i := start + 1; i < len(lines); i++ {
		if codeFence(lines[i]) {
			return i + 1
		}
	}
	return len(lines)
}

// paragraph returns the lines of a paragraph that are the report's own:
// none when the template's word runs cover it, else those that are not a
// template line.
func (t *template) paragraph(lines []string) []string {
	var words []string
	for _, ln := range lines {
		words = append(words, templateWords(ln)...)
	}
	if t.covers(words) {
		return nil
	}
	kept := lines[:0:0]
	for _, ln := range lines {
		w := templateWords(ln)
		if len(w) > 0 && t.lines[strings.Join(w, " ")] {
			continue
		}
		kept = append(kept, ln)
	}
	return kept
}

// covers reports whether the template's word runs cover templateShare of
// words.
func (t *template) covers(words []string) bool {
	if len(words) < shingleWords {
		return false
	}
	covered := make([]bool, len(words))
	for i := 0; i+shingleWords <= len(words); i++ {
		if t.shingles[strings.Join(words[i:i+shingleWords], " ")] {
			for j := i; j < i+shingleWords; j++ {
				covered[j] = true
			}
		}
	}
	n := 0
	for _, c := range covered {
		if c {
			n++
		}
	}
	return float64(n) >= templateShare*float64(len(words))
}

// withoutTemplates returns text without what the searched projects'
// report templates say.
func withoutTemplates(indexes []store.Searcher, text string) string {
	for _, ix := range indexes {
		text = templatesOf(ix).strip(text)
	}
	return text
}

// ReportText returns what of a query's text describes the code when it
// searches indexes: QueryText, and without what the projects' own report
// templates say. The query's embedding is of this text.
func ReportText(indexes []store.Searcher, text string) string {
	return QueryText(withoutTemplates(indexes, text))
}
