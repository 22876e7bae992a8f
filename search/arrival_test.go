package search

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

// An issue passed as the JSON an API or `gh issue view --json` returns,
// or as `gh issue view` prints it, reads as its title over its body.
func TestIssueJSONReadsAsTheReport(t *testing.T) {
	title, body := "Multiselect crashes on empty sets", "Passing an empty set raises a TypeError.\n\n```python\nst.multiselect(\"x\", set())\n```"
	want := title + "\n\n" + body
	gh, _ := json.Marshal(map[string]any{"body": body, "title": title, "number": 12})
	gitlab, _ := json.Marshal(map[string]any{"title": title, "description": body, "iid": 3})
	jira, _ := json.Marshal(map[string]any{"key": "P-1", "fields": map[string]any{"summary": title, "description": body}})
	for name, text := range map[string]string{"gh": string(gh), "gitlab": "  " + string(gitlab) + "\n", "jira": string(jira)} {
		if got := asWritten(text); got != want {
			t.Errorf("%s: read as\n%q\nwant\n%q", name, got, want)
		}
	}
	view := "title:\t" + title + "\nstate:\tOPEN\nauthor:\tsomeone\nlabels:\tbug\ncomments:\t0\nassignees:\t\nnumber:\t12\n--\n" + body
	if got := asWritten(view); got != want {
		t.Errorf("gh issue view: read as\n%q\nwant\n%q", got, want)
	}
	q := ParseQuery(asWritten(string(gh)))
	if !q.report || strings.Contains(q.lexicalText(store.Code), "body") {
		t.Errorf("the JSON issue reads as report %v, terms %q", q.report, q.lexicalText(store.Code))
	}
	keepsAsIs(t, "asWritten", asWritten,
		`{"timeout": 30, "retries": 2}`, // an object that is no issue
		`{"title": "unterminated`,
		"{not json at all}",
		`\n\n`,   // escapes alone: no query becomes empty
		"> \n> ", // quote marks alone
		`[{"title": "a list", "body": "of issues"}]`,
		"state:\tOPEN\n--\nno title above the rule",
		"title:\tA title\nnot a field\n--\nbody",
	)
}

// A report escaped twice by its client reads as the report; code that
// writes an escape stays as written.
func TestTwiceEscapedReportReadsAsWritten(t *testing.T) {
	report := "Multiselect crashes on empty sets\n\n```python\nst.multiselect(\"pick\", set())\n```\n\n" +
		"Traceback:\n\tFile \"widgets/multiselect.py\", line 12\n\nA path C:\\src\\app.py too."
	escaped := strings.NewReplacer("\\", `\\`, "\n", `\n`, "\t", `\t`, `"`, `\"`).Replace(report)
	if got := ReportText(nil, escaped); got != QueryText(report) {
		t.Errorf("the escaped report reads as\n%q\nwant\n%q", got, QueryText(report))
	}
	keepsAsIs(t, "unescaped", unescaped,
		`fmt.Printf("%d\n", n) prints a line`, // one escape, no paragraph break
		"a report with real lines\n\nthat quotes `\"a\\n\\nb\"` in its code",
	)
}

// A report quoted whole reads as the report; a text that quotes some of
// its lines keeps them.
func TestQuotedReportReadsAsWritten(t *testing.T) {
	report := "Multiselect crashes on empty sets\n\n- [x] I searched the issues\n\n```python\nst.multiselect(\"x\", set())\n```"
	quoted := "> " + strings.ReplaceAll(report, "\n", "\n> ")
	if got := asWritten(quoted); got != report {
		t.Errorf("the quoted report reads as\n%q\nwant\n%q", got, report)
	}
	keepsAsIs(t, "asWritten", asWritten,
		"The reply says\n> the widget fails\nand it does.",
		"> one quoted line",
		"a >= b\n> c",
	)
}

// A line that introduces the report ("Find the code … for this issue:")
// is no word of it, and the report's own first line is its title; code
// that ends a line in a colon stays.
func TestLeadInIsNoWordOfTheReport(t *testing.T) {
	report := emptySetTitle + emptySetBody
	for _, lead := range []string{"Find the code that needs to change to fix this issue:", "  Here is the bug report:  "} {
		q := ParseQuery(asWritten(lead + "\n\n" + report))
		terms := strings.Fields(q.lexicalText(store.Code))
		for _, gone := range []string{"find", "change", "fix", "here", "bug"} {
			if slices.Contains(terms, gone) {
				t.Errorf("after %q: the lead-in's %q is a term: %v", lead, gone, terms)
			}
		}
		if n := lexicalCount(q, "multiselect"); n != maxTermRepeats {
			t.Errorf("after %q: the title's word counts %d times, want %d", lead, n, maxTermRepeats)
		}
	}
	issue, _ := json.Marshal(map[string]string{"title": "Multiselect crashes on empty sets", "body": "It raises."})
	if got := asWritten("Find the code for this issue:\n" + string(issue)); got != "Multiselect crashes on empty sets\n\nIt raises." {
		t.Errorf("a lead-in over an issue's JSON reads as %q", got)
	}
	keepsAsIs(t, "asWritten", asWritten,
		"def parse(self, text):\n    return text.split()",
		"Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>",
		"Steps that reproduce it:", // nothing after it: the whole text stays
		"Crash on empty sets: the widget fails\nwhen the options are empty",
	)
}

// A report inside a coding agent's task prompt reads as the report alone:
// the prompt's place and instructions are no words of it.
func TestAgentPromptReadsAsTheReport(t *testing.T) {
	report := emptySetTitle + emptySetBody
	openhands := "<uploaded_files>\n/workspace/app\n</uploaded_files>\nI've uploaded a repository. Consider the following issue description:\n\n" +
		"<issue_description>\n" + report + "\n</issue_description>\n\nCan you help me implement the necessary changes to the repository so that the requirements specified in the <issue_description> are met?"
	sweAgent := "Consider the following PR description:\n\n<pr_description>\n" + report + "\n</pr_description>\n\nMake the minimal changes to non-test files."
	sweBench := "<issue>\n" + report + "\n</issue>"
	issue, _ := json.Marshal(map[string]string{"title": "Multiselect crashes", "body": "It raises."})
	for name, text := range map[string]string{"openhands": openhands, "swe-agent": sweAgent, "swe-bench": sweBench} {
		if got := asWritten(text); got != strings.TrimSpace(report) {
			t.Errorf("%s: read as\n%q\nwant\n%q", name, got, strings.TrimSpace(report))
		}
	}
	if got := asWritten("<issue>\n" + string(issue) + "\n</issue>"); got != "Multiselect crashes\n\nIt raises." {
		t.Errorf("an issue's JSON inside a prompt reads as %q", got)
	}
	keepsAsIs(t, "asWritten", asWritten,
		"Loading this config fails\n\n```xml\n<issue>\n  <id>1</id>\n</issue>\n```\nwith a parse error.", // a report's XML
		"Loading this config fails\n\n~~~xml\n<issue>\n  <id>1</id>\n</issue>\n~~~\nwith a parse error.", // fenced with tildes
		"<uploaded_files>\n/workspace/app\n</uploaded_files>\nwhere is the config parsed",                // no report's block
		"<issue>\n</issue>\nempty block",
		"<issue_description>\nnever closed",
	)
}

// A closing request to find the code ("Which files need to change?") is
// no word of the report; a reporter's own last words stay.
func TestClosingAskIsNoWordOfTheReport(t *testing.T) {
	report := emptySetTitle + emptySetBody
	for _, ask := range []string{
		"Which files in the repository need to be changed to fix this issue? Please locate the relevant code.",
		"Where in the code should this be fixed?",
		"Please help me find the functions responsible for this.",
	} {
		if got := asWritten(report + "\n\n" + ask + "\n"); got != report {
			t.Errorf("under %q: read as\n%q", ask, got)
		}
	}
	keepsAsIs(t, "asWritten", asWritten,
		report+"\n\nWhich version fixed this?",                                    // names no code
		report+"\n\nPlease fix.",                                                  // asks for no place
		report+"\n\nWhere is the code that handles retries? I could not find it.", // the reporter's question
		report+"\n\nThe fix is to change the code in `widgets/multi.py`.",         // the reporter's own words
		"Which files need to change to fix this?",                                 // nothing before it
		report+"\n\nWhich files change when the widget updates, and why does the options list not? "+
			"It looks like the serializer assumes a list. "+strings.Repeat("More detail here. ", 8), // long: the reporter's
	)
}

// An issue copied from its page in a browser reads without the page's
// labels and the number after its title; a report's own lines that look
// like them, fewer than a page has, stay.
func TestIssuePageReadsWithoutItsLabels(t *testing.T) {
	page := emptySetTitle + " #1234\nOpen\nsomeone opened this issue on Mar 3, 2024 · 4 comments\nComments\n" +
		"someone commented on Mar 3, 2024\n" + strings.TrimSpace(emptySetBody) + "\n👍 2\nAssignees\nNo one assigned\n" +
		"Labels\nbug\nProjects\nNone yet\nMilestone\nNo milestone\nDevelopment\nNo branches or pull requests\n3 participants\n"
	got := asWritten(page)
	if first, _, _ := strings.Cut(got, "\n"); first != emptySetTitle {
		t.Errorf("the title reads as %q", first)
	}
	for _, gone := range []string{"Assignees", "Milestone", "participants", "opened this issue", "commented on", "No branches"} {
		if strings.Contains(got, gone) {
			t.Errorf("%q is still read:\n%s", gone, got)
		}
	}
	if !strings.Contains(got, strings.TrimSpace(emptySetBody)) {
		t.Errorf("the report's body is not read whole:\n%s", got)
	}
	keepsAsIs(t, "asWritten", asWritten,
		"Overloads crash the checker\n\n@overload\ndef f(x: int) -> int: ...\n@overload\ndef f(x: str) -> str: ...\n@overload\n"+
			"def f(x: bytes) -> bytes: ...\n@overload\ndef f(x: None) -> None: ...",
		"The legend shows the wrong text\n\nLabels\nOpen\nThe plot's labels are cut off when the figure is open.",
	)
}
