package chunker

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// docChunks describes a document's chunks as "start-end symbol".
func docChunks(path, src string, budget int) []string {
	var out []string
	for _, c := range Split(path, []byte(src), Options{MaxTokens: budget}) {
		out = append(out, fmt.Sprintf("%d-%d %s", c.StartLine, c.EndLine, c.Symbol))
	}
	return out
}

// TestDocFrontMatterTitle checks that a static-site page's front matter
// title heads every section's path, that the front matter joins the first
// section instead of being a chunk of its own, and that the closing "---"
// of YAML front matter is not read as a setext underline.
func TestDocFrontMatterTitle(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"toml", "+++\ntitle = \"TinyGo\"\nweight = 2\n+++\n\n## Introduction\n\nText.\n\n## Concurrency\n\nGoroutines.\n",
			[]string{"1-8 TinyGo > Introduction", "10-12 TinyGo > Concurrency"}},
		{"yaml", "---\nlayout: page\ntitle: 'Getting started'\n---\n\nLead text.\n\n# Install\n\napt\n",
			[]string{"1-6 Getting started", "8-10 Getting started > Install"}},
		{"first heading repeats the title", "---\ntitle: Install\n---\n# Install\n\nText.\n\n## Linux\n\napt\n",
			[]string{"1-6 Install", "8-10 Install > Linux"}},
		{"unclosed, so not front matter", "---\ntitle: x\n\n# Install\n\nText.\n",
			[]string{"1-2 ", "4-6 Install"}},
	}
	for _, tc := range cases {
		if got := docChunks("page.md", tc.src, 400); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: chunks %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestDocSymbolsUnderFrontMatterTitle checks that get_symbols names a
// page's sections under its front matter title, as its chunks are, with
// the title a section of its own unless the first heading repeats it.
func TestDocSymbolsUnderFrontMatterTitle(t *testing.T) {
	src := "---\ntitle: Getting started\n---\n\nLead.\n\n# Install\n\napt\n\n## Linux\n\ndeb\n"
	got := symbolList(Symbols("page.md", []byte(src)))
	want := []string{"section Getting started", "section Getting started.Install", "section Getting started > Install.Linux"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("symbols %q, want %q", got, want)
	}
	if syms := Symbols("page.md", []byte(src)); syms[0].StartLine != 1 || syms[0].EndLine != 13 {
		t.Errorf("title spans %d-%d, want the page 1-13", syms[0].StartLine, syms[0].EndLine)
	}
	repeat := "---\ntitle: Install\n---\n# Install\n\nText.\n\n## Linux\n\napt\n"
	got = symbolList(Symbols("page.md", []byte(repeat)))
	want = []string{"section Install", "section Install.Linux"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("first heading repeating the title: symbols %q, want %q", got, want)
	}
}

// TestDocHTMLHeadings checks that HTML heading elements on a line of their
// own are headings of a Markdown document, with their tags stripped.
func TestDocHTMLHeadings(t *testing.T) {
	src := "<h2>Purpose of <code>docValues</code></h2>\n\n<h3 id=\"bg\">Background</h3>\n\n<p>Why.</p>\n\n<h3>Usage</h3>\n\n<p>How &amp; when.</p>\n\n```html\n<h3>not a heading</h3>\n```\n"
	want := []string{"1-5 Purpose of docValues > Background", "7-13 Purpose of docValues > Usage"}
	if got := docChunks("a.md", src, 400); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("chunks %q, want %q", got, want)
	}
	for _, bad := range []string{"<h2>open", "<h2>a</h3>", "<hr>", "<h7>x</h7>", "<h2></h2>"} {
		if lvl, _ := htmlHeading(bad); lvl != 0 {
			t.Errorf("%q read as a heading", bad)
		}
	}
}

// TestDocHeadingNotAlone checks that a heading before a paragraph too big
// to share a piece with it starts that paragraph's piece rather than
// being a piece of its own.
func TestDocHeadingNotAlone(t *testing.T) {
	para := strings.Repeat("word ", 70) // 350 bytes, about 88 tokens
	src := "# Title\n\nIntro.\n\n## Big\n\n" + para + "\n" + para + "\n\n## Fits\n\n" + strings.Repeat("x", 390) + "\n"
	for _, c := range Split("a.md", []byte(src), Options{MaxTokens: 100}) {
		if body := strings.TrimSpace(strings.TrimLeft(c.Content, "#")); !strings.Contains(body, "\n") && strings.HasPrefix(c.Content, "#") {
			t.Errorf("lines %d-%d: a heading alone in a chunk: %q", c.StartLine, c.EndLine, c.Content)
		}
	}
}

// Markdown under the names its tools give it is documentation, in
// sections by its headings.
func TestMarkdownVariantsAreDocumentation(t *testing.T) {
	for _, p := range []string{"guides/cheatsheets/html-attrs.cheatmd", "guides/forms.livemd", "docs/intro.qmd", "vignettes/usage.Rmd"} {
		if !IsDoc(p) || Language(p, nil) != "markdown" {
			t.Errorf("%s: doc %v, language %q; want Markdown documentation", p, IsDoc(p), Language(p, nil))
		}
	}
	got := docChunks("guides/forms.cheatmd", "# Forms\n\nForms hold inputs.\n\n## Debounce\n\nDelay events.\n", 400)
	if want := []string{"1-3 Forms", "5-7 Forms > Debounce"}; !slices.Equal(got, want) {
		t.Errorf("sections %q, want %q", got, want)
	}
}

// RDoc (Ruby's README.rdoc, doc/*.rdoc) is documentation: search_docs
// answers from it, in sections by its "= Title" / "== Section" headings.
func TestRDocIsDocumentationInSections(t *testing.T) {
	if !IsDoc("doc/rakefile.rdoc") || !IsDoc("History.rdoc") {
		t.Fatal("an .rdoc file is not documentation")
	}
	src := "= Rakefile Format\n\nFirst of all.\n\n== Tasks\n\nTasks are the main unit.\n\n=== Simple Tasks\n\n  task :name\n"
	got := docChunks("doc/rakefile.rdoc", src, 400)
	want := []string{"1-3 Rakefile Format", "5-7 Rakefile Format > Tasks", "9-11 Rakefile Format > Tasks > Simple Tasks"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("chunks %q, want %q", got, want)
	}
}

// CMake's build file ends in .txt but is code: its # comments are no
// headings of documentation.
func TestCMakeListsIsCode(t *testing.T) {
	if IsDoc("absl/strings/CMakeLists.txt") || !IsDoc("notes/design.txt") {
		t.Error("CMakeLists.txt is documentation, or another .txt file is not")
	}
	if l := Language("absl/strings/CMakeLists.txt", nil); l != "cmake" {
		t.Errorf("CMakeLists.txt is %q, want cmake", l)
	}
	if l := Language("cmake/AbseilHelpers.cmake", nil); l != "cmake" {
		t.Errorf(".cmake is %q, want cmake", l)
	}
}

// A man page (roff, by its section's extension) and a README with a
// suffix that names no language are documentation; a README in a code
// language is code.
func TestManPagesAndREADMEsAreDocs(t *testing.T) {
	for p, want := range map[string]bool{
		"crates/core/flags/doc/template.rg.1": true, "man/git-log.1": true, "doc/ls.8": true,
		"benchsuite/runs/README.SETUP": true, "README.linux": true, "tools/README.py": false, "src/main.rs": false,
		"PROTOCOL.mux": true, "INSTALL.unix": true, "NOTES.txt": true, "CMakeLists.txt": false, "BUILD.bazel": false, "SConstruct.local": false, "extend/ENV.rbi": false,
		"documentation-website/Writerside/topics/DAO-Relationships.topic": true,
		"src/site/xdoc/userguide/howto_concurrency.xml":                   true, "src/main/resources/config.xml": false,
	} {
		if got := IsDoc(p); got != want {
			t.Errorf("IsDoc(%q) = %v, want %v", p, got, want)
		}
	}
}

// Sandcastle's MAML topics (Newtonsoft.Json's Doc/*.aml) are
// documentation, which search_docs answers from and search_code leaves.
func TestMAMLIsDocumentation(t *testing.T) {
	if !IsDoc("Doc/SerializingJSON.aml") {
		t.Fatal("a .aml topic is not documentation")
	}
	src := "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<topic id=\"x\">\n  <developerConceptualDocument>\n    <introduction>\n      <para>Dates in JSON are hard.</para>\n    </introduction>\n  </developerConceptualDocument>\n</topic>\n"
	if chunks := docChunks("Doc/DatesInJSON.aml", src, 400); len(chunks) == 0 {
		t.Error("a .aml topic gave no sections")
	}
}

// A commented sample under a documentation directory (a server's
// example configuration, its service unit) is documentation; the same
// file elsewhere is not.
func TestDocDirectorySamplesAreDocumentation(t *testing.T) {
	for p, want := range map[string]bool{"doc/config/shelf.conf": true, "doc/systemd/shelf.service": true, "etc/shelf.conf": false, "doc/conf.py": false,
		"docs/compatible_configs/lint/setup.cfg": false, "docs/make.bat": false} {
		if got := IsDoc(p); got != want {
			t.Errorf("IsDoc(%q) = %v, want %v", p, got, want)
		}
	}
}

// A manual's HTML pages are documentation, split at their headings; a
// page elsewhere (a web app's template) is code.
func TestHTMLManualPages(t *testing.T) {
	if !IsDoc("doc/faq.html") || !IsDoc("site/docs/guide/intro.htm") || IsDoc("web/templates/index.html") {
		t.Fatalf("IsDoc: doc/faq.html %v, site/docs/guide/intro.htm %v, web/templates/index.html %v",
			IsDoc("doc/faq.html"), IsDoc("site/docs/guide/intro.htm"), IsDoc("web/templates/index.html"))
	}
	src := "<html><body>\n<h1>Shelf manual</h1>\n<p>Shelves hold books.</p>\n" + strings.Repeat("<p>More about shelves and what they hold.</p>\n", 60) +
		"  <h2 id=\"lend\">Lending <em>books</em></h2>\n<p>A lent book leaves the shelf.</p>\n</body></html>\n"
	var symbols []string
	for _, c := range Split("doc/manual.html", []byte(src), Options{}) {
		symbols = append(symbols, c.Symbol)
	}
	if last := symbols[len(symbols)-1]; last != "Shelf manual > Lending books" {
		t.Errorf("sections %q, want the last under Shelf manual > Lending books", symbols)
	}
}
