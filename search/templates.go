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

// template is what a project's report templates say: their lines, their
// runs of shingleWords words, and the labels of the fields a reporter
// answers on the label's line ("- Mypy version used:"), each in
// normalized form.
type template struct {
	lines    map[string]bool
	shingles map[string]bool
	fields   map[string]bool
}

// yamlKey is an issue form's key before its text ("label: Bug summary",
// "- label: I searched", "description: …").
var yamlKey = lazyre.New(`^\s*-?\s*(?:label|description|value|placeholder|name|title|about)\s*:\s*`)

// isTemplatePath reports whether a repository path holds a report
// template: a file in an ISSUE_TEMPLATE or PULL_REQUEST_TEMPLATE
// directory (GitHub) or issue_templates / merge_request_templates
// (GitLab), or a prose file named for one anywhere
// (pull_request_template.md). The chooser's config.yml holds no report
// text.
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
			t = newTemplate()
		}
		for _, c := range lister.ChunksOf(f.Path) {
			text := c.Full().Content
			if size += len(text); size > maxTemplateText {
				return t
			}
			t.add(text, isForm(f.Path))
		}
	}
	return t
}

// isForm reports an issue form (YAML), whose keys structure the form and
// whose text values are what the rendered issue shows.
func isForm(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	return ext == ".yml" || ext == ".yaml"
}

// formKey is a YAML key line of an issue form that holds no text a report
// shows ("type: textarea", "attributes:", "required: true").
var formKey = lazyre.New(`^\s*-?\s*[A-Za-z_][\w-]*\s*:(?:\s|$)`)

func newTemplate() *template {
	return &template{lines: map[string]bool{}, shingles: map[string]bool{}, fields: map[string]bool{}}
}

// add records a template text's lines, word runs and field labels. An
// issue form (form) contributes its text values only (its labels, which
// become the report's headings, and the text a field is prefilled with,
// "- Streamlit version:"), never its keys ("attributes:", "type:").
func (t *template) add(text string, form bool) {
	var words []string
	for _, ln := range strings.Split(text, "\n") {
		if codeFence(ln) != 0 {
			continue
		}
		if form {
			if v := yamlKey().ReplaceAllString(ln, ""); v != ln {
				ln = v
			} else if formKey().MatchString(ln) {
				continue
			}
		}
		ln = htmlComment().ReplaceAllString(ln, "")
		w := templateWords(ln)
		if len(w) > 0 {
			t.lines[strings.Join(w, " ")] = true
		}
		if label, ok := strings.CutSuffix(strings.TrimRight(ln, " \t*"), ":"); ok {
			if lw := templateWords(label); len(lw) > 0 {
				t.fields[strings.Join(lw, " ")] = true
			}
		}
		words = append(words, w...)
	}
	for i := 0; i+shingleWords <= len(words); i++ {
		t.shingles[strings.Join(words[i:i+shingleWords], " ")] = true
	}
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
	out := outsideFences(text, t.paragraphs)
	if strings.TrimSpace(out) == "" {
		return text
	}
	return out
}

// paragraphs returns prose (text between fenced blocks) with each of its
// paragraphs read by paragraph; blank lines stay.
func (t *template) paragraphs(prose string) string {
	lines := strings.Split(prose, "\n")
	kept := make([]string, 0, len(lines))
	for start := 0; start < len(lines); {
		if strings.TrimSpace(lines[start]) == "" {
			kept = append(kept, lines[start])
			start++
			continue
		}
		end := start
		for end < len(lines) && strings.TrimSpace(lines[end]) != "" {
			end++
		}
		kept = append(kept, t.paragraph(lines[start:end])...)
		start = end
	}
	return strings.Join(kept, "\n")
}

// paragraph returns the lines of a paragraph that are the report's own:
// none when the template's word runs cover it, else those that are
// neither a template line nor a template's field with its answer (the
// version, the OS and the flags an environment section asks for, whose
// words name no code at fault).
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
		if answer, ok := t.answer(ln); ok {
			if letterWords(answer) <= maxFieldAnswer {
				continue
			}
			ln = answer
		}
		kept = append(kept, ln)
	}
	return kept
}

// maxFieldAnswer is the most words (numbers aside) a field's answer has
// for the whole line to be left out: a version, an OS, a flag ("1.11.0",
// "Debian 12.11", "Linux/Python 3.11.7", "--show-traceback"). A longer
// answer is the reporter's description ("Description: the parser drops
// empty lines"), and only its label goes.
const maxFieldAnswer = 3

// letterWords counts the words of s that hold a letter.
func letterWords(s string) int {
	n := 0
	for _, w := range templateWords(s) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n
}

// answer returns what a line answers to one of the template's fields
// (the label, a colon, the reporter's answer), and whether it is one.
func (t *template) answer(ln string) (string, bool) {
	label, answer, ok := strings.Cut(ln, ":")
	if !ok {
		return "", false
	}
	w := templateWords(label)
	return answer, len(w) > 0 && t.fields[strings.Join(w, " ")]
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

// asReported returns a query read back as its writer wrote it
// (asWritten) and without what the common templates and the searched
// projects' own report templates say: what both channels read of it,
// the lexical through ParseQuery and the vector through ReportText.
func asReported(indexes []store.Searcher, text string) string {
	text = commonTemplate().strip(asWritten(text))
	for _, ix := range indexes {
		text = templatesOf(ix).strip(text)
	}
	return text
}

// ReportText returns what of a query's text describes the code when it
// searches indexes: QueryText, read as written and without what the
// report templates say (asReported). The query's embedding is of this
// text.
func ReportText(indexes []store.Searcher, text string) string {
	return QueryText(asReported(indexes, text))
}
