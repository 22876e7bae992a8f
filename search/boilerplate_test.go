package search

import (
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

const templatedReport = `Add Range.__contains__

<!-- Provide a general summary of your proposed changes in the Title field above -->

### Description
Containment checks on a range fail for bounds.

### Checklist
<!-- go over following points. check them with an ` + "`x`" + ` if they do apply

-->
This pull request is:

- [ ] A documentation / typographical / small typing error fix
	- Good to go, no issue or tests are needed
- [x] A short code fix
	- please include the issue number
* [X] I have searched existing issues
See https://github.com/o/r/blob/main/lib/ranges.py#L12 for where.`

func TestQueryTextDropsTemplate(t *testing.T) {
	got := QueryText(templatedReport)
	for _, gone := range []string{"<!--", "summary", "typographical", "Good to go", "please include", "searched existing"} {
		if strings.Contains(got, gone) {
			t.Errorf("QueryText kept %q:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"Add Range.__contains__", "Containment checks on a range fail for bounds.",
		"This pull request is:", "https://github.com/o/r/blob/main/lib/ranges.py#L12"} {
		if !strings.Contains(got, kept) {
			t.Errorf("QueryText dropped %q:\n%s", kept, got)
		}
	}
}

func TestQueryTextKeepsOrdinaryText(t *testing.T) {
	keepsAsIs(t, "QueryText", QueryText,
		"how are files chunked",
		"a[0] - [x] y",                 // brackets inside a line
		"- [ ] only a checklist item",  // nothing else: the whole text stays
		"<!-- only a comment -->",      // likewise
		"parse `- [x]` list items\nok", // an item quoted inside a line
		"unterminated <!-- comment",
	)
}

// A report's template leaves neither channel a word, while the files it
// names, links included, are still read from the whole text.
func TestParseQueryReadsReportWithoutTemplate(t *testing.T) {
	q := ParseQuery(templatedReport)
	for _, gone := range []string{"typographical", "summary", "searched"} {
		if slices.Contains(q.Terms, gone) {
			t.Errorf("terms keep the template's %q: %q", gone, q.Terms)
		}
	}
	if !slices.Contains(q.Terms, "containment") {
		t.Errorf("terms lost the report's own words: %q", q.Terms)
	}
	var paths []string
	for _, p := range q.Paths {
		paths = append(paths, strings.Join(p, "/"))
	}
	if !slices.ContainsFunc(paths, func(p string) bool { return strings.HasSuffix(p, "lib/ranges.py") }) {
		t.Errorf("the linked file is not named: %q", paths)
	}
}

// A rendered report's markup and screenshots are no words of it; the
// same markup inside fenced code is the report's code.
func TestQueryTextDropsMarkupOutsideCode(t *testing.T) {
	report := "Chat input loses focus\n\n<details><summary>Steps</summary>\nType and press enter.\n</details>\n\n" +
		`<img width="773" alt="image" src="https://github.com/user-attachments/assets/7dbb9154">` + "\n" +
		"![screenshot](https://user-images.githubusercontent.com/1/2.png)\n\n" +
		"```html\n<div class=\"chat-input\"><img src=\"send.svg\"></div>\n```\n"
	got := QueryText(report)
	for _, gone := range []string{"<details>", "<summary>", "</details>", "width", "user-attachments", "screenshot", "githubusercontent"} {
		if strings.Contains(got, gone) {
			t.Errorf("QueryText kept %q:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"Chat input loses focus", "Steps", "Type and press enter.",
		"```html\n<div class=\"chat-input\"><img src=\"send.svg\"></div>\n```"} {
		if !strings.Contains(got, kept) {
			t.Errorf("QueryText dropped %q:\n%s", kept, got)
		}
	}
	keepsAsIs(t, "QueryText", QueryText, "parse List<String> and Vec<u8>", "File \"x.py\", line 1, in <module>")
}

// A report's title says what is wrong in the fewest words, and the
// lexical channel counts its terms as often as any term may count; a
// word of the body counts as often as the body says it.
func TestReportTitleCountsMost(t *testing.T) {
	q := ParseQuery(emptySetTitle + emptySetBody)
	if !q.report {
		t.Fatal("not read as a report")
	}
	if n := lexicalCount(q, "multiselect"); n != maxTermRepeats {
		t.Errorf("the title's word counts %d times, want %d: %q", n, maxTermRepeats, q.lexicalText(store.Code))
	}
	if n := lexicalCount(q, "serializer"); n != 1 {
		t.Errorf("a word the body says once counts %d times, want 1", n)
	}
	short := ParseQuery("multiselect crashes on empty sets")
	if n := strings.Count(short.lexicalText(store.Code), "multiselect"); n != 1 {
		t.Errorf("a short query's word counts %d times, want 1", n)
	}
}

// emptySetTitle and emptySetBody are a short report's title and body.
const (
	emptySetTitle = "Multiselect crashes on empty sets"
	emptySetBody  = "\n\nPassing an empty set as the options raises a TypeError inside the widget, while an " +
		"empty list works; the traceback ends in the serializer."
)

// lexicalCount counts term in what the lexical channel searches for q.
func lexicalCount(q Query, term string) int {
	n := 0
	for _, w := range strings.Fields(q.lexicalText(store.Code)) {
		if w == term {
			n++
		}
	}
	return n
}

// A report whose line breaks were folded is still a report, and a long
// doc comment, which opens as one, is still not.
func TestFoldedReportReadsAsReport(t *testing.T) {
	report := "Multiselect crashes on empty sets\n\nPassing an empty set as the options raises a TypeError " +
		"inside the widget while an empty list works. The traceback ends in the serializer, which " +
		"iterates the options twice and indexes the first one; frozen sets and dictionary views fail " +
		"the same way, and the widget's default value is lost after the rerun."
	folded := ParseQuery(strings.Join(strings.Fields(report), " "))
	if !folded.report {
		t.Errorf("a report folded onto one line (%d terms) is not read as a report", len(folded.Terms))
	}
	if len(folded.Terms) < flatReportTerms {
		t.Fatalf("the folded report has %d terms, the test needs %d", len(folded.Terms), flatReportTerms)
	}
	docs := []string{
		"Returns the options of the widget as a list, iterating a set, a frozen set or a dictionary view once, " +
			"indexing the first option for the default value, and keeping the value across reruns of the script " +
			"when the serializer has already seen the same options in the session state, and raising a " +
			"TypeError naming the offending element when an option cannot be hashed or compared.",
		"serializeOptions returns the options of the widget as a list, iterating a set, a frozen set or a " +
			"dictionary view once, indexing the first option for the default value, and keeping the value " +
			"across reruns of the script when the serializer has already seen the same options in the session " +
			"state, and raising a TypeError naming the offending element when an option cannot be hashed.",
	}
	for _, d := range docs {
		q := ParseQuery(d)
		if len(q.Terms) < flatReportTerms {
			t.Fatalf("%q has %d terms, the test needs %d", d[:20], len(q.Terms), flatReportTerms)
		}
		if q.report {
			t.Errorf("a doc comment %q… is read as a report", d[:30])
		}
	}
}

// A report's title is its first line of its own: past the address
// pasted above it, without a "Title:" label.
func TestReportTitleSkipsLinkAndLabel(t *testing.T) {
	for _, tc := range []struct{ text, label string }{
		{"https://github.com/example/project/issues/1234\n\n" + emptySetTitle + emptySetBody, "github"},
		{"Title: " + emptySetTitle + emptySetBody, "title"},
	} {
		q := ParseQuery(tc.text)
		if n, l := lexicalCount(q, "multiselect"), lexicalCount(q, tc.label); n != maxTermRepeats || l != 1 {
			t.Errorf("%q…: the title's word counts %d times (want %d), %q %d times (want 1)",
				tc.text[:20], n, maxTermRepeats, tc.label, l)
		}
	}
}

// keepsAsIs checks that f returns each of texts as it is.
func keepsAsIs(t *testing.T, name string, f func(string) string, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if got := f(text); got != text {
			t.Errorf("%s(%q) = %q, want it unchanged", name, text, got)
		}
	}
}

// A Go panic's frames print their arguments and offsets as hex words,
// runtime values whose pieces match every hex constant: they leave the
// text, the frames' functions and files stay, and a hex constant a query
// asks about is no frame's.
func TestQueryTextDropsGoFrameValues(t *testing.T) {
	frame := "goroutine 1 [running]:\n" +
		"github.com/gofiber/fiber/v3.(*App).register(0xc0001b6008, {0xc00001c0f0, 0x1, 0x1}, 0x0)\n" +
		"\t/home/dev/go/pkg/mod/github.com/gofiber/fiber/v3@v3.0.0/router.go:1022 +0x6a5\n" +
		"github.com/gofiber/fiber/v3.(*App).Add(...)\n"
	got := QueryText(frame)
	for _, gone := range []string{"0x1", "0x0", "+0x6a5", "0xc00001c0f0"} {
		if strings.Contains(got, gone) {
			t.Errorf("QueryText kept %q:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"(*App).register()", "router.go:1022", "(*App).Add()"} {
		if !strings.Contains(got, kept) {
			t.Errorf("QueryText dropped %q:\n%s", kept, got)
		}
	}
	keepsAsIs(t, "QueryText", QueryText, "why is the mask 0x1f in lookup(0x1f)?")
}

// A build tool's progress lines around a pasted error name its tasks,
// not the code printing the error.
func TestQueryTextDropsBuildProgress(t *testing.T) {
	log := "Running the build fails:\n\n> Configure project :app\n> Task :app:generateMainProtos FAILED\n" +
		"imports form a cycle:\n  shelf.proto:\n    import \"books.proto\";\n"
	got := QueryText(log)
	for _, gone := range []string{"generateMainProtos", "Configure project"} {
		if strings.Contains(got, gone) {
			t.Errorf("QueryText kept %q:\n%s", gone, got)
		}
	}
	if !strings.Contains(got, "imports form a cycle:") {
		t.Errorf("QueryText dropped the error:\n%s", got)
	}
	keepsAsIs(t, "QueryText", QueryText, "> Task is what Gradle calls a unit of work")
}

// A log line's time, with the process's tag or the date before it and
// its level mark after, leaves the text; the message stays, and so does
// a time a query asks about.
func TestQueryTextDropsLogPrefixes(t *testing.T) {
	for line, want := range map[string]string{
		"1:M 05 May 2024 02:00:00.012 # Can't save in background: fork: Cannot allocate memory": "Can't save in background: fork: Cannot allocate memory",
		"2024-05-05T02:00:00Z shelf refused the write":                                          "shelf refused the write",
		"Mar 12 10:21:33 shelfd[412]: worker exited":                                            "shelfd[412]: worker exited",
		"2024/05/01 10:00:00 [emerg] 1234#0: could not build the hash":                          "[emerg] 1234#0: could not build the hash",
	} {
		if got := QueryText("The log says\n" + line); got != "The log says\n"+want {
			t.Errorf("QueryText(%q) = %q, want the line %q", line, got, want)
		}
	}
	keepsAsIs(t, "QueryText", QueryText, "why does 10:21:33 parse as 10:21")
	keepsAsIs(t, "QueryText", QueryText, "at 10:21:33 the job ran twice")
}
