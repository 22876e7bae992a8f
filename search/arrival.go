package search

import (
	"encoding/json"
	"strings"
	"unicode"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// A report does not always arrive as its tracker shows it: a client may
// have escaped it twice, an agent may pass what an API or `gh issue view
// --json` returned, or its own task prompt around the report, and a person
// may copy the issue's whole page. asWritten reads it back as written,
// before anything else reads it.

// asWritten returns a report as its tracker shows it: without the line
// that asked for the search (withoutLeadIn), the agent's prompt around it
// (fromPrompt), a closing request (withoutTrailingAsk) or the labels of
// the page it was copied from (withoutPageLabels); a JSON object's title
// and body (fromJSON), `gh issue view`'s (fromGHView), a twice-escaped
// text unescaped, a quoted one unquoted.
func asWritten(text string) string {
	if r := readBack(text); strings.TrimSpace(r) != "" {
		return r
	}
	return text // nothing but escapes or quote marks: no query becomes empty
}

// readBack is asWritten's reading, which leaves nothing of a text that
// is escapes alone (`\n\n`) or quote marks alone.
func readBack(text string) string {
	text = withoutLeadIn(text)
	if r, ok := fromPrompt(text); ok {
		text = withoutLeadIn(r)
	}
	if r, ok := fromJSON(text); ok {
		return r
	}
	if r, ok := fromGHView(text); ok {
		return r
	}
	if u := unescaped(text); u != text {
		text = withoutLeadIn(u) // an escaped text's lead-in is a line once unescaped
	}
	return withoutTrailingAsk(withoutPageLabels(unquoted(text)))
}

// pageLabel is a line of an issue's page that a copy from the browser
// carries around the report: the sidebar's headings and empty values,
// the timeline's "someone opened this issue on Mar 3, 2024", a reaction's
// count, the participants.
var pageLabel = lazyre.New(`^(?:Open|Closed|Assignees|No one assigned|Labels|No labels|Type|No type|Projects|No projects|None yet|` +
	`Milestone|No milestone|Relationships|Development|No branches or pull requests|Participants|Notifications|` +
	`Customize|Subscribe|Unsubscribe|Issue actions|Activity|Edits|Comments|\d+ participants?|` +
	`@?[A-Za-z0-9][\w-]* (?:opened|commented|closed|reopened|added|removed|mentioned|referenced|edited|linked)\b.*\bon [A-Z][a-z]{2} \d{1,2}(?:, \d{4})?.*|` +
	`(?:👍|👎|😄|🎉|😕|❤️|🚀|👀) ?\d+)$`)

// pageCopy finds what every copy of an issue's page holds at least one
// of: the sidebar's headings, the timeline's lines.
var pageCopy = lazyre.New(`(?m)^[ \t]*(?:Assignees|Milestone|Participants|\d+ participants?)[ \t]*$| opened this issue on | commented on [A-Z][a-z]{2} \d`)

// minPageLabels is how many of the page's lines make a text a copy of
// the page: a report may hold a line "Labels" or "Open" of its own.
const minPageLabels = 4

// issueNumber ends an issue's title on its page ("Crash on empty sets #1234").
var issueNumber = lazyre.New(`[ \t]+#\d+[ \t]*$`)

// withoutPageLabels returns an issue copied from its page in a browser
// without the page's labels (pageLabel) and the number after its title:
// "assignees", "labels", "milestone", "comments" and "participants"
// matched every file that says them.
func withoutPageLabels(text string) string {
	if !strings.Contains(text, "\n") || !pageCopy().MatchString(text) {
		return text // most queries: no line to split
	}
	lines := strings.Split(text, "\n")
	var keep []string
	for _, ln := range lines {
		if !pageLabel().MatchString(strings.TrimSpace(ln)) {
			keep = append(keep, ln)
		}
	}
	if len(lines)-len(keep) < minPageLabels {
		return text
	}
	for i, ln := range keep {
		if strings.TrimSpace(ln) != "" {
			keep[i] = issueNumber().ReplaceAllString(ln, "")
			break
		}
	}
	return strings.Join(keep, "\n")
}

// trailingAsk is a closing request about the search ("Which files need to
// change to fix this?", "Please locate the relevant code."): it opens as
// a request or a question to the reader, names files or code, and asks to
// locate or change them. A reporter's own question ("Where is the code
// that handles retries? I could not find it.") asks for neither.
var (
	trailingAsk     = lazyre.New(`(?i)^(?:please|kindly|can you|could you|would you|help me|find|locate|identify|point|show|list|tell me|which|where|what)\b`)
	trailingObject  = lazyre.New(`(?i)\b(?:files?|code|modules?|functions?|places?|lines?)\b`)
	trailingPurpose = lazyre.New(`(?i)\b(?:chang|modif|edit|fix|locat|relevant|responsib|touch)`)
)

// maxAskWords bounds a closing request: a longer paragraph is the
// reporter's own.
const maxAskWords = 40

// withoutTrailingAsk returns text without its last paragraph when that
// is a request about the search (trailingAsk) and the text goes on before
// it: an agent's or a person's words about what to find, as a lead-in's
// are (withoutLeadIn), and "files", "change" and "fix" matched every file
// that says them.
func withoutTrailingAsk(text string) string {
	body := strings.TrimRight(text, " \t\r\n")
	i := strings.LastIndex(body, "\n\n")
	if i < 0 {
		return text
	}
	last := strings.TrimSpace(body[i:])
	if strings.TrimSpace(body[:i]) == "" || strings.Count(last, "\n") > 2 || len(strings.Fields(last)) > maxAskWords ||
		strings.Contains(last, "`") || !trailingAsk().MatchString(last) ||
		!trailingObject().MatchString(last) || !trailingPurpose().MatchString(last) {
		return text
	}
	return body[:i]
}

// leadIn is a line of prose that introduces the text below it and ends
// in a colon ("Find the code to change for this issue:", "Here is the
// bug report:"): an agent's or a person's words about the search, not
// about the code. A line of code that ends in a colon ("def f(x):",
// "Traceback (most recent call last):") is not one.
var leadIn = lazyre.New(`^[A-Za-z][A-Za-z'’,/-]*(?:[ \t]+[A-Za-z'’,/-]+){2,}[ \t]*:[ \t]*$`)

// withoutLeadIn returns text without its first line when that line is a
// lead-in and text goes on after it. Read as a report's title, the
// lead-in's words weighed most; read at all, "code", "change" and "fix"
// matched every file that says them.
func withoutLeadIn(text string) string {
	first, rest, ok := strings.Cut(strings.TrimLeft(text, " \t\r\n"), "\n")
	if !ok || strings.TrimSpace(rest) == "" || !leadIn().MatchString(strings.TrimSpace(first)) {
		return text
	}
	return rest
}

// promptTag opens a block of a prompt on a line of its own ("<issue>",
// "<pr_description>").
var promptTag = lazyre.New(`(?m)^[ \t]*<([A-Za-z][A-Za-z0-9_-]*)>[ \t]*$`)

// reportTag is the name of a prompt's block that holds a report:
// SWE-bench's <issue>, coding agents' <issue_description>,
// <pr_description>, <problem_statement>, <bug_report>.
var reportTag = lazyre.New(`(?i)issue|problem|bug|report|ticket|description`)

// maxPromptBlocks bounds the blocks fromPrompt looks into: a prompt has
// a few, and each look reads the rest of the text for the block's end.
const maxPromptBlocks = 8

// fromPrompt returns the report a coding agent's task prompt holds
// between tags on lines of their own (`<issue_description>` …
// `</issue_description>`), without the prompt around it: the repository's
// place and what to do with the report ("implement the necessary changes
// to the repository so that the requirements … are met"), whose words
// matched every file about changes, requirements and tests. ok is false
// when no such block holds text, or the tag is in a fenced block (a
// report's XML).
func fromPrompt(text string) (string, bool) {
	if !strings.Contains(text, "</") {
		return "", false // most queries
	}
	var fence byte // the fenced block a tag is in (codeFence), read up to text[read:]
	read, tried := 0, 0
	unclosed := map[string]bool{}
	for _, m := range promptTag().FindAllStringSubmatchIndex(text, -1) {
		fence, read = fenceAfter(fence, text[read:m[0]]), m[0]
		name := text[m[2]:m[3]]
		if !reportTag().MatchString(name) || fence != 0 || unclosed[name] {
			continue
		}
		if tried++; tried > maxPromptBlocks {
			break
		}
		end := strings.Index(text[m[1]:], "</"+name+">")
		if end < 0 {
			unclosed[name] = true // and so is every later tag of the name
			continue
		}
		if inner := strings.TrimSpace(text[m[1] : m[1]+end]); inner != "" {
			return inner, true
		}
	}
	return "", false
}

// unquoted returns a text quoted whole, as an e-mail's reply or a
// Markdown blockquote quotes it (every line that is not blank opens with
// "> "), without its quote marks, one level at a time: its fences,
// checklists and templates are read as the writer wrote them. A text
// that quotes only some lines keeps them.
func unquoted(text string) string {
	if !strings.HasPrefix(strings.TrimLeftFunc(text, unicode.IsSpace), ">") {
		return text // most queries: no line to split
	}
	lines := strings.Split(text, "\n")
	quoted := 0
	for _, ln := range lines {
		switch t := strings.TrimLeft(ln, " "); {
		case strings.TrimSpace(t) == "":
		case strings.HasPrefix(t, ">"):
			quoted++
		default:
			return text
		}
	}
	if quoted < 2 {
		return text
	}
	for i, ln := range lines {
		t := strings.TrimPrefix(strings.TrimLeft(ln, " "), ">")
		lines[i] = strings.TrimPrefix(t, " ")
	}
	return strings.Join(lines, "\n")
}

// ghField is a line of the header `gh issue view` and `gh pr view` print
// over an issue's body ("state:\tOPEN", "assignees:\t").
var ghField = lazyre.New(`^[a-z]+:\t`)

// fromGHView returns the title and body of what `gh issue view` prints:
// a header of fields, one a line, tab after the colon, then "--" and the
// body. Of the header only the title is the report's; its state, author,
// labels and counts are the tracker's.
func fromGHView(text string) (string, bool) {
	text = strings.TrimLeft(text, "\n")
	if !ghField().MatchString(text) {
		return "", false // most queries: no line to split
	}
	lines := strings.Split(text, "\n")
	title := ""
	for i, ln := range lines {
		if ln == "--" && title != "" {
			return title + "\n\n" + strings.Join(lines[i+1:], "\n"), true
		}
		if !ghField().MatchString(ln) {
			return "", false
		}
		if v, ok := strings.CutPrefix(ln, "title:\t"); ok {
			title = v
		}
	}
	return "", false
}

// jsonTitles and jsonBodies are the fields that hold an issue's title and
// its text in the JSON of GitHub's and GitLab's APIs, gh's and glab's
// --json output and Jira's (under "fields").
var (
	jsonTitles = []string{"title", "summary", "subject"}
	jsonBodies = []string{"body", "description", "text", "message"}
)

// fromJSON returns the title and body of a JSON object that holds an
// issue, the title first and the body after a blank line, as a tracker
// shows them; ok is false for any other text.
func fromJSON(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "{") || !strings.HasSuffix(t, "}") {
		return "", false
	}
	var obj map[string]any
	if json.Unmarshal([]byte(t), &obj) != nil {
		return "", false
	}
	if f, ok := obj["fields"].(map[string]any); ok { // Jira
		obj = f
	}
	title, body := firstString(obj, jsonTitles), firstString(obj, jsonBodies)
	if strings.TrimSpace(title+body) == "" {
		return "", false
	}
	return strings.TrimSpace(title + "\n\n" + body), true
}

// firstString returns the first of keys that obj holds as a string.
func firstString(obj map[string]any, keys []string) string {
	for _, k := range keys {
		if s, ok := obj[k].(string); ok {
			return s
		}
	}
	return ""
}

// escapedBreak is a paragraph break written as escapes ("\n\n",
// "\r\n\r\n"), as a report arrives when a client escaped its text twice.
var escapedBreak = lazyre.New(`(?:\\r)?\\n(?:\\r)?\\n`)

// unescaped returns text with the escapes of a twice-escaped report
// turned back into what they stand for: a text with no line break that
// still holds an escaped paragraph break. Its title, its code blocks and
// its traces are lines again. A line of code that writes "\n" once, or a
// string of one paragraph, stays as it is.
func unescaped(text string) string {
	if strings.Contains(text, "\n") || !escapedBreak().MatchString(text) {
		return text
	}
	return strings.NewReplacer(`\r\n`, "\n", `\n`, "\n", `\t`, "\t", `\"`, `"`, `\\`, `\`).Replace(text)
}
