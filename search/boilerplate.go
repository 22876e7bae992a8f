package search

import (
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// A pasted issue or pull request carries text its author did not write
// about the code: the template's instructions in HTML comments, which the
// rendered page hides ("<!-- Provide a general summary … -->"), and the
// template's checklist ("- [ ] I have searched existing issues", "- [x] A
// short code fix"). Their words can outnumber a short report's own, so
// both channels read the report without them, and without the markup of
// its rendering (<details>, <sup>) and its screenshots' addresses. Links
// stay: a documentation
// link's words name the topic ("asyncio-eventloop.html#asyncio.loop.close"),
// and dropping them cost the issue dev set as much as dropping an issue
// link's host and number gained. Named files are read from the whole text.

// htmlComment is an HTML comment, over lines.
var htmlComment = lazyre.New(`(?s)<!--.*?-->`)

// image is a picture pasted into a report: an HTML img tag or Markdown's
// ![alt](url). Its words are a screenshot's address and size ("width",
// "alt", "image", "user-attachments", "assets"), which name stylesheets
// and asset code.
var image = lazyre.New(`(?i)<img\b[^>]*>|!\[[^\]\n]*\]\([^)\s]*\)`)

// htmlTag is the markup of an HTML element a rendered report uses
// (<details>, <sup>, <div type='discussions-op-text'>); the text between
// its tags stays.
var htmlTag = lazyre.New(`(?i)</?(?:a|b|i|p|br|hr|em|h[1-6]|li|ol|ul|td|th|tr|sub|sup|div|kbd|pre|code|span|table|tbody|thead|strong|details|summary|picture|source|video|blockquote)\b[^>\n]*>`)

// memoryAddress is an address a debugger or a crash prints
// (0x00007ffff7fb51e0): ten hex digits or more, a run no code holds, whose
// pieces match hex tables.
var memoryAddress = lazyre.New(`\b0x[0-9a-fA-F]{10,}\b`)

// goFrameValues are what a Go panic's frame prints of its call: the
// argument words (`(0xc0001b6008, {0xc00001c0f0, 0x1, 0x1}, 0x0)`) and the
// offset in the function (` +0x6a5`). They are runtime values, and their
// short pieces (`0x1`, `0xa`) match every hex constant of the code: three
// such frames made a large repository's lexical hits its tables of
// constants.
var goFrameValues = lazyre.New(`(?m)\((?:0x[0-9a-fA-F]+|[{}, ]|\.\.\.)+\)$| \+0x[0-9a-fA-F]+$`)

// QueryText returns what of a query's text describes the code: the text
// with frames' compiler-written methods read as their source methods
// (withSourceMethods), without memory addresses, a Go frame's values, environment listings, HTML comments, checklist items, and,
// outside fenced code, images and HTML markup. A text that
// is nothing else is returned whole, so that no query becomes empty.
func QueryText(text string) string {
	out := withSourceMethods(withoutEnvironment(text))
	if strings.Contains(out, "> ") {
		out = buildProgress().ReplaceAllString(out, "")
	}
	if strings.Contains(out, ":") {
		out = logPrefix().ReplaceAllString(out, "${1}") // the line's first letter stays
	}
	if strings.Contains(out, "0x") {
		out = memoryAddress().ReplaceAllString(out, "")
		out = goFrameValues().ReplaceAllStringFunc(out, func(v string) string {
			if strings.HasPrefix(v, "(") {
				return "()"
			}
			return ""
		})
	}
	if strings.Contains(out, "<") || strings.Contains(out, "[") {
		out = htmlComment().ReplaceAllString(out, "")
		out = withoutChecklists(out)
		out = outsideFences(out, func(s string) string {
			return htmlTag().ReplaceAllString(image().ReplaceAllString(s, ""), "")
		})
	}
	if strings.TrimSpace(out) == "" {
		return text
	}
	return out
}

// logPrefix matches the time a log line opens with, with the process's
// tag or the date before it and the level mark after it (redis's `1:M 05
// May 2024 02:00:00.012 # `, `2024-05-05T02:00:00Z `, syslog's `Mar 12
// 10:21:33 `, nginx's `2024/05/01 10:00:00 `), when the line goes on: its
// numbers and month match numeric tables (redis's ziplist tests came
// before the code printing the message), and the message after it is
// what the code holds.
var logPrefix = lazyre.New(`(?m)^[ \t]*\[?(?:\d+:[A-Z] )?(?:\d{4}[-/]\d{2}[-/]\d{2}[T ]|\d{1,2} [A-Z][a-z]{2} \d{4} |[A-Z][a-z]{2} +\d{1,2} )?\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?(?:[ \t]+[#*.-])?[ \t]+([^\s\d])`)

// buildProgress matches the lines a build tool prints as it goes, which
// a pasted log carries around its error: Gradle's `> Task
// :app:generateMainProtos FAILED` and `> Configure project :app`, whose
// task name led wire's report to the plugin declaring it rather than to
// the code printing the error below it.
var buildProgress = lazyre.New(`(?m)^[ \t]*> (?:Task|Configure project) :[\w:.-]*(?: [A-Z-]+)?[ \t]*\r?$`)

// outsideFences applies edit to the text between fenced code blocks,
// leaving the blocks (a report's HTML or JSX code) as they are.
func outsideFences(text string, edit func(string) string) string {
	lines := strings.Split(text, "\n")
	var out, prose []string
	flush := func() {
		if len(prose) > 0 {
			out = append(out, edit(strings.Join(prose, "\n")))
			prose = prose[:0]
		}
	}
	for i := 0; i < len(lines); {
		if codeFence(lines[i]) == 0 {
			prose = append(prose, lines[i])
			i++
			continue
		}
		flush()
		end := fenceEnd(lines, i)
		out = append(out, lines[i:end]...)
		i = end
	}
	flush()
	return strings.Join(out, "\n")
}

// fenceEnd returns the index past the fenced block that opens at start
// (the text's end when it is never closed).
func fenceEnd(lines []string, start int) int {
	open := codeFence(lines[start])
	for i := start + 1; i < len(lines); i++ {
		if codeFence(lines[i]) == open {
			return i + 1
		}
	}
	return len(lines)
}

// fenceAfter returns the fence character of the block that text leaves
// open when it starts inside open's block (0: outside any), its lines
// read as fenceEnd reads them.
func fenceAfter(open byte, text string) byte {
	for _, ln := range strings.Split(text, "\n") {
		switch c := codeFence(ln); {
		case c == 0:
		case open == 0:
			open = c
		case c == open:
			open = 0
		}
	}
	return open
}

// codeFence reports a Markdown fence line ("```python"): a template and a
// report both open code with it, which says nothing of either. It returns
// the fence's character; a line indented four spaces or more is code
// (Python's "~~~~^^^^" under a traceback's line), no fence.
func codeFence(ln string) byte {
	s := strings.TrimLeft(ln, " ")
	if len(ln)-len(s) > 3 {
		return 0
	}
	switch {
	case strings.HasPrefix(s, "```"):
		return '`'
	case strings.HasPrefix(s, "~~~"):
		return '~'
	}
	return 0
}

// withoutChecklists drops Markdown task-list items ("- [ ] …", "* [x] …")
// and the lines indented under them.
func withoutChecklists(text string) string {
	if !strings.Contains(text, "[") {
		return text
	}
	lines := strings.Split(text, "\n")
	kept := lines[:0]
	item := -1 // the indentation of the checklist item being dropped
	for _, ln := range lines {
		ind := indentation(ln)
		body := ln[ind:]
		switch {
		case taskItem(body):
			item = ind
			continue
		case item >= 0 && strings.TrimSpace(ln) != "" && ind > item:
			continue
		}
		item = -1
		kept = append(kept, ln)
	}
	return strings.Join(kept, "\n")
}

// taskItem reports a line that opens a task-list item.
func taskItem(s string) bool {
	if len(s) < 6 || (s[0] != '-' && s[0] != '*' && s[0] != '+') || s[1] != ' ' || s[2] != '[' || s[4] != ']' {
		return false
	}
	switch s[3] {
	case ' ', 'x', 'X':
		return true
	}
	return false
}

// indentation counts a line's leading spaces and tabs.
func indentation(s string) int {
	return len(s) - len(strings.TrimLeft(s, " \t"))
}
