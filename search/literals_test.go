package search

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

func TestPrintedBy(t *testing.T) {
	lines := printedLinesOf("bash-it search functionality for plugins\nINI was not able to parse output.format\n" +
		"fzf now prints `unknown action: reload-sync(ps` and exits\n\n    Error: no directory specified\n\n" +
		"INTERNAL ERROR: Black produced invalid code: unexpected indent\n\nOSError: cannot write mode RGBA as JPEG\n\nValueError: cannot open image\n\n```python\nprint(\"this won't be formatted\")\n```")
	for content, want := range map[string]bool{
		`return errors.New("unknown action: " + spec)`:                            true,
		`return fmt.Errorf("Unknown action: %s", spec)`:                           true, // as cased in the code
		`return fmt.Errorf(f"unknown action: {spec}")`:                            true,
		`err := errors.New("no directory specified")`:                             true,
		`raise ValueError(f"INTERNAL ERROR: Black produced invalid code: {exc}")`: true,
		`err := errors.New("no directory specifiedness")`:                         false, // goes on inside a word
		`assert p, f"INTERNAL ERROR: hand-made leaf without parent"`:              false, // another message
		"// an unknown action: reload restarts the command":                       false, // no literal
		`log("the unknown action: " + spec)`:                                      false, // not its opening
		`x := "no direct"`:                                                        false, // under minLiteralBytes
		`print("this won't be formatted")`:                                        false, // the snippet's own literal
		`throw ConfigError("INI was not able to parse " + item);`:                 true,  // the value a dotted name
		`alias b="bash-it search"`:                                                false, // a phrase going on with words
		`msg = f"cannot write mode {mode} as JPEG"`:                               true,
		`msg = f"cannot write mode {mode} as PNG"`:                                false, // another format's words after the value
		`raise ValueError(f"cannot open {kind} file")`:                            true,  // the line ends with the value: pasted short
	} {
		if got := lines.printedBy(strings.ToLower(content)); got != want {
			t.Errorf("printedBy(%q) = %v, want %v", content, got, want)
		}
	}
}

// A line a report pastes as a paragraph of its own is printed by a
// literal holding exactly it, no value formatted in; a line of prose
// among others, or a shorter one, is not.
func TestParagraphLineIsPrintedByItsLiteral(t *testing.T) {
	raiser := `raise ConnectionError, "PROXY protocol v1 line is too long"`
	for text, want := range map[string]bool{
		"Requests fail with\n\nPROXY protocol v1 line is too long\n\nwhen the client address is long.": true,
		"PROXY protocol v1 line is too long\n\nwhen the client address is long.":                       true,
		"Requests fail with\nPROXY protocol v1 line is too long\nwhen the client address is long.":     false,
		"Requests fail with\n\nProtocol v1 line\n\nwhen the client address is long.":                   false,
	} {
		if got := printedLinesOf(text).printedBy(strings.ToLower(raiser)); got != want {
			t.Errorf("%q: printed by the literal %v, want %v", text, got, want)
		}
	}
}

// A message concatenated from literals and values is the format they
// make together: the fixed text after a value counts, and a value before
// the line's end must be there.
func TestConcatenatedLiteralsMakeOneFormat(t *testing.T) {
	lines := printedLinesOf("The mapper fails with: Parameter 'shelfId' not found. Available parameters are [arg1, arg0, param1]\n\nWhy?")
	for content, want := range map[string]bool{
		`throw new BindingException("Parameter '" + key + "' not found. Available parameters are " + keySet());`:      true,
		"throw new BindingException(\"Parameter '\" + key\n    + \"' not found. Available parameters are \" + keys);": true,
		`throw new BindingException("Parameter '" + key + "' not found.");`:                                           false, // the line goes on
		`throw new BindingException("Parameter '" + key + "' is missing. Available parameters are " + keySet());`:     false, // other words
		`log("Parameter '".format(key))`: false,
	} {
		if got := lines.printedBy(strings.ToLower(content)); got != want {
			t.Errorf("printedBy(%q) = %v, want %v", content, got, want)
		}
	}
}

// A paragraph after a line ending with a colon (`returns an error:`) is
// what the program printed: an error line's message, whole.
func TestIntroducedParagraphIsAnErrorLine(t *testing.T) {
	pl := printedLinesOf("Update returns an error:\n\nFILTER conditions required\n\nI passed the conditions through scopes.")
	if got := pl.errorText(); got != "filter conditions required" {
		t.Errorf("errorText %q, want the introduced paragraph", got)
	}
	if !pl.printedBy(strings.ToLower(`ErrMissingFilter = errors.New("FILTER conditions required")`)) {
		t.Errorf("the sentinel's literal does not print the introduced paragraph")
	}
	if got := printedLinesOf("Update fails\n\nFILTER conditions required\n\nthen.").errorText(); got != "" {
		t.Errorf("errorText %q without a colon before the paragraph, want none", got)
	}
	// A wrapper's line introducing the cause is no message of its own.
	wrapped := printedLinesOf("It returns 500 with:\n\nAn error has occurred while serving shelves:\n\nshelf 4 was stocked before with the same name\n\nWhy?")
	if got := wrapped.errorText(); got != "shelf 4 was stocked before with the same name" {
		t.Errorf("errorText %q, want the cause alone", got)
	}
}

// The lexical lookup for the code printing a report's messages takes
// its error lines first, then its one-line paragraphs quoting a value;
// prose quoting nothing is left to the report's own search.
func TestErrorTextTakesQuotingParagraphs(t *testing.T) {
	pl := printedLinesOf("The mapper runs\n\nfails with: Parameter 'shelfId' not found. Available parameters are [arg0]\n\nWe compile without the flag and the names are lost")
	if got := pl.errorText(); got != "fails with: parameter 'shelfid' not found. available parameters are [arg0]" {
		t.Errorf("errorText %q, want the quoting paragraph alone", got)
	}
	pl = printedLinesOf("Stocking fails:\n\nError: shelf is full\n\nIt says 'retry later' too")
	if got := pl.errorText(); got != "shelf is full\nit says 'retry later' too" {
		t.Errorf("errorText %q, want the error line, then the quoting paragraph", got)
	}
}

// A query that is one line of plain words, five or more, is a message
// pasted by itself, its values words too: a template prints it. A line
// of words in a report, or a shorter query, is as likely prose.
func TestPlainWordsQueryIsPrintedByItsTemplate(t *testing.T) {
	raiser := strings.ToLower(`raise ValueError(f"cannot attach the {kind} handler {name} to a {other} scoped pipeline object")`)
	for text, want := range map[string]bool{
		"cannot attach the audit handler writer to a session scoped pipeline object":                   true,
		"Since upgrading:\ncannot attach the audit handler writer to a session scoped pipeline object": false,
		"cannot attach the audit handler writer":                                                       false,
	} {
		if got := printedLinesOf(text).printedBy(raiser); got != want {
			t.Errorf("%q: printed by the template %v, want %v", text, got, want)
		}
	}
}

// A literal's console markup is not printed, and a value concatenated
// after it ends the line it prints; a method called on it appends none.
func TestLiteralMarkupAndConcatenation(t *testing.T) {
	lines := printedLinesOf("Composer prints\n\nScript @php artisan shelf:stock handling the post-install event returned with error code 1\n\nand goes on.")
	for content, want := range map[string]bool{
		`$io->writeError(sprintf('<error>Script %s handling the %s event returned with error code '.$exitCode.'</error>', $c, $e));`:          true,
		`$io->writeError(sprintf('<fg=red;options=bold>Script %s handling the %s event returned with error code ' . $exitCode));`:             true,
		`print("\033[31mScript %s handling the %s event returned with error code " + str(code))`:                                              true,
		`msg = "Script {} handling the {} event returned with error code ".format(a, b)`:                                                      false, // the line's last value unprinted
		`$io->writeError(sprintf('<error>Script %s handling the %s event returned with error code</error>', $c, $e));`:                        false,
		"fail(\n    f\"Script {name} handling the {event} event \"\n    f\"returned with error code {code}\",\n)":                             true, // adjacent literals
		"raise ShelfError, \"Script #{name} handling the #{event} event \" \\\n  \"returned with error code #{code}\"":                        true,
		"fail(\n    f\"Script {name} handling the {event} event \"\n    f\"returned with error code {code}. \"\n    f\"Output:\\n{out}\",\n)": true, // pasted short of the pieces after it
	} {
		if got := lines.printedBy(strings.ToLower(content)); got != want {
			t.Errorf("printedBy(%q) = %v, want %v", content, got, want)
		}
	}
}

// A message of a few fixed words before a value, pasted alone or in a
// report, finds the chunk whose string literal opens with them before
// a chunk sharing more of the query's words: pasted alone, as a named
// file is found; in a report, as a message is, above a close runner-up.
func TestShortMessageFindsItsLiteral(t *testing.T) {
	for _, text := range []string{
		"invalid listen port: http",
		"Running `fzf --listen 0.0.0.0:http` in a container prints\n\n    invalid listen port: http\n\nand exits at once.",
	} {
		cands := contested(
			rival{"server.go", 0.66, 5, "// serve opens the http listen port; an invalid port is retried\nfunc serve(port int) {"},
			rival{"options.go", 0.60, 4, "func parsePort(s string) (int, error) {\n\treturn 0, fmt.Errorf(\"invalid listen port: %s\", s)\n}"})
		r := ranker{q: ParseQuery(text), mode: Hybrid, w: DefaultWeights}
		wantDecides(t, r, cands, Messages, "options.go", "server.go")
	}
}

// A message quoted right after its exception's type is what the program
// printed, however few its words: the code throwing it answers, not the
// functions the sentence around it describes. The same quote with no
// type before it may be a name or a command, and decides nothing.
func TestMessageQuotedAfterItsTypeFindsItsLiteral(t *testing.T) {
	cands := func() []*candidate {
		return contested(
			rival{"src/Decoder.php", 0.66, 6, "/** Decodes a base64 data uri into an image. */\npublic function decodeDataUri(string $input): Image\n{\n    return $this->decode(base64_decode($input));\n}"},
			rival{"src/Handler.php", 0.50, 4, "foreach ($this->decoders as $decoder) {\n    try { return $decoder->decode($input); } catch (DecoderException) {}\n}\nthrow new NotSupportedException('Unprocessable input');"})
	}
	for _, text := range []string{
		"Decoding a base64 data uri with its prefix, I get NotSupportedException 'Unprocessable input' instead of the image.",
		`Decoding a base64 data uri with its prefix throws NotSupportedException("Unprocessable input") instead of returning the image.`,
	} {
		q := ParseQuery(text)
		if !q.raised.has("NotSupportedException") {
			t.Errorf("%q: raised types %v, want NotSupportedException", text, q.raised)
		}
		wantDecides(t, ranker{q: q, mode: Hybrid, w: DefaultWeights}, cands(), Messages, "src/Handler.php", "src/Decoder.php")
	}
	untyped := ranker{q: ParseQuery("Decoding a base64 data uri with its prefix, I get 'Unprocessable input' instead of the image."), mode: Hybrid, w: DefaultWeights}
	if untyped.q.printed.printedBy(strings.ToLower(cands()[1].chunk.Content)) {
		t.Errorf("a phrase quoted with no type before it is read as a printed line")
	}
}

// messageSearcher answers the lexical channel by what is asked: the
// whole query's words, or an error line's message alone.
type messageSearcher struct {
	declaringSearcher
	whole, message []store.Hit
}

func (s messageSearcher) Lexical(_ context.Context, _ store.Kind, text string, _ int, _ store.Filter) ([]store.Hit, error) {
	if strings.Contains(text, "stdin") {
		return s.whole, nil
	}
	return s.message, nil
}

// The literal printing an error line's message is found by the message's
// words alone: before it, a program's name and a place (`qq: error (at
// <stdin>:1): …`) fill the best hits of the whole line with chunks that
// print other errors.
func TestErrorLineFindsItsLiteralByTheMessageAlone(t *testing.T) {
	printer := &store.Chunk{ID: "p", FilePath: "src/index.c", StartLine: 120, EndLine: 140,
		Content: "  } else {\n    v = invalid_with_msg(fmt(\"Cannot index %s with %s\", kind_name(t), kind_name(k)));\n  }"}
	s := messageSearcher{declaringSearcher: declaringSearcher{ix: newIx()}}
	for i := range 150 {
		s.whole = append(s.whole, store.Hit{Chunk: &store.Chunk{ID: fmt.Sprint(i), FilePath: fmt.Sprintf("src/m%d.c", i), StartLine: 1, EndLine: 9,
			Content: "if (qq->error) qq_report_error(qq, stdin, 1);"}, Score: 20 - float64(i)/10})
	}
	s.whole = append(s.whole, store.Hit{Chunk: printer, Score: 1})
	s.message = []store.Hit{{Chunk: printer, Score: 9}, {Chunk: s.whole[3].Chunk, Score: 5}}
	req := Request{Query: `qq: error (at <stdin>:1): Cannot index array with "foo"`, Limit: 10, Mode: Lexical}
	res, err := Search(context.Background(), []store.Searcher{s}, req)
	if err != nil || len(res) == 0 || res[0].Chunk.FilePath != "src/index.c" {
		t.Fatalf("Search: %v, %d results; want src/index.c first", err, len(res))
	}
}

// A report with no trace, quoting a line its program printed, names the
// code printing it with a message's full weight: no frame tells the raise
// site from a namesake, and the report's own words describe the symptom
// (a help text's). With a trace, half of it.
func TestReportWithoutTraceQuotingAPrintedLine(t *testing.T) {
	report := "Running `shelf deploy --env` prints:\n\nNo value provided for option '--env'\n\n" +
		"The option has a default of staging in the help, so I expected the default to be used when no value is given."
	cands := func() []*candidate {
		return contested(
			rival{"lib/shelf/help.rb", 0.62, 7, "# Prints the options with their default values and help texts.\ndef print_options(options)\n  options.each { |o| say o.default }\nend"},
			rival{"lib/shelf/parser/options.rb", 0.45, 5, "def parse_peek(switch, option)\n  raise MalformattedArgumentError, \"No value provided for option '#{switch}'\" if option.nil?\nend"})
	}
	r := ranker{q: ParseQuery(report), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands(), Messages, "lib/shelf/parser/options.rb", "lib/shelf/help.rb")
	// A trace whose frames are at none of the candidates (the reporter's
	// own program's) is as none.
	own := ranker{q: ParseQuery(report + "\n\nTraceback:\n  app/deploy.rb:12:in `run'\n  app/main.rb:3:in `main'\n"), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, own, cands(), Messages, "lib/shelf/parser/options.rb", "lib/shelf/help.rb")
	traced := ranker{q: ParseQuery(report + "\n\nTraceback:\n  lib/shelf/help.rb:12:in `print_options'\n"), mode: Hybrid, w: DefaultWeights}
	printer := "raise MalformattedArgumentError, \"No value provided for option '#{switch}'\" if option.nil?"
	if with, without := traced.messageLift(strings.ToLower(printer), true), r.messageLift(strings.ToLower(printer), false); traced.q.frames == nil || with >= without {
		t.Errorf("lift with a trace %.2f (frames %v), without %.2f: want less with one", with, traced.q.frames, without)
	}
}

// A line opening with a value the program quotes is printed by the
// template quoting it (svelte's runes in backticks, escaped in a template
// literal).
func TestLineOpeningWithAQuotedValue(t *testing.T) {
	lines := printedLinesOf("`$state(...)` can only be used as a variable declaration initializer or a class field declaration.")
	printer := "throw new Error(`\\`${rune}(...)\\` can only be used as a variable declaration initializer or a class field declaration.`);"
	if !lines.printedBy(strings.ToLower(printer)) {
		t.Errorf("%q prints no line of the report", printer)
	}
	if lines.printedBy(strings.ToLower("throw new Error(`${rune} cannot be used in a class field declaration.`);")) {
		t.Error("another message printed the line")
	}
}

// A format string's fixed parts, each as short as "and", print a line
// when they are its own in order between the values formatted in.
func TestTemplateMatch(t *testing.T) {
	for _, c := range []struct {
		lit, line string
		want      bool
	}{
		{`both {pkg_dir} and {py_file} exist" )`, "both /home/me/proj/foo and /home/me/proj/foo.py exist", true},
		{`cannot index %s with %s (%s)"`, `cannot index array with "foo"`, false}, // the line stops inside the template
		{`cannot index %s with %s"`, `cannot index array with "foo"`, true},
		{`both {a} and {b} exist"`, "both a and b exist now", false}, // the line goes on
		{`both {a} and {b} exist"`, "both and exist", false},         // no values
		{`no {a} in {b}"`, "no shelf in the library", false},         // too few fixed bytes
		{`both {a} and {b} exist"`, "both sides and more exist", true},
		{`{name} option cannot be combined with other arguments."`, "the --help option cannot be combined with other arguments", true}, // its full stop left out
		{`{name} option cannot be combined with other arguments"`, "the --help option cannot be combined with other arguments.", true},
		// A value printed empty keeps the spaces around it.
		{`only 1 {subject} in a group, group {group} in class {cls} has {n}"`, `only 1 benchmark in a group, group  in class bench has 2`, true},
		{`no {a} in the {b} shelf"`, `no  in the shelf`, false}, // the last value is no space's
		// A line continued with a backslash holds neither it nor the
		// next line's indentation.
		{"could not convert '{}' to a single \\\n                           ascii character.\", s);",
			"could not convert 'tab' to a single ascii character.", true},
		// Quotes a backslash escapes are printed, and end no literal.
		{`only 1 {subject} in a group can have \"{property}\" applied to it, group {group} in class {cls} has {n}";`,
			`only 1 benchmark in a group can have "baseline = true" applied to it, group x in class bench has 2`, true},
	} {
		if got := templateMatch(c.lit, '"', c.line); got != c.want {
			t.Errorf("templateMatch(%q, %q) = %v, want %v", c.lit, c.line, got, c.want)
		}
	}
	lines := printedLinesOf("Both /home/me/proj/foo and /home/me/proj/foo.py exist")
	if !lines.printedBy(`raise modulebuilderror(f"both {pkg_dir} and {py_file} exist")`) {
		t.Errorf("the f-string printing the line is not found")
	}
	// A template opening with a value, its full stop left out.
	lines = printedLinesOf("Error: the --help option cannot be combined with other arguments")
	if !lines.printedBy(`result.adderror($"{result.name} option cannot be combined with other arguments.");`) {
		t.Errorf("the interpolated string printing the line is not found")
	}
}

// The fixed words a concatenation puts between two values print an error
// line's middle, the value after them maybe left out of the report.
func TestLiteralBetweenValues(t *testing.T) {
	lines := printedLinesOf("Error: mycmp does not match existing comparator oldcmp\nError: KeyCmp2 is not a valid shelf number for")
	for content, want := range map[string]bool{
		`s = Status::InvalidArgument(edit.comparator_ + " does not match existing comparator " + name);`: true,
		`log(" does not match ")`:                                         false, // too few words
		`msg = name + " does not match existing record " + other`:         false,
		`throw new Error(id + " is not a valid shelf number for " + lib)`: true,
	} {
		if got := lines.printedBy(strings.ToLower(content)); got != want {
			t.Errorf("printedBy(%q) = %v, want %v", content, got, want)
		}
	}
}

// A message its callers wrapped (`outer: inner`) is printed by the
// innermost's template from a colon on, as well as by each wrapper's.
func TestWrappedMessageFindsTheInnermostTemplate(t *testing.T) {
	lines := printedLinesOf("We get `shelf signature is invalid: shelving method RS256 is invalid` on rotation.\n\n" +
		"Error: load failed: open config: no such shelf named \"x\"")
	for content, want := range map[string]bool{
		`return fmt.Errorf("shelving method %v is invalid", alg)`:  true,
		`return fmt.Errorf("shelf signature is invalid: %w", err)`: true,
		`return fmt.Errorf("no such shelf named %q", name)`:        true,
		`return fmt.Errorf("shelving method is unknown")`:          false,
	} {
		if got := lines.printedBy(strings.ToLower(content)); got != want {
			t.Errorf("printedBy(%q) = %v, want %v", content, got, want)
		}
	}
}

// An error line's message opening with its library's tag in brackets is
// printed by the literal holding both.
func TestTaggedMessageFindsItsLiteral(t *testing.T) {
	lines := printedLinesOf("Error: [shelf] Cannot stringify value!\n    at stringify (dist/index.mjs:12:9)")
	if !lines.printedBy(strings.ToLower(`throw new Error("[shelf] Cannot stringify value!");`)) {
		t.Errorf("the literal printing the tagged message is not found")
	}
}

// A printf format ending in its line break, after the program's name and
// a colon, prints the line with the value formatted in.
func TestPrintfFormatWithProgramName(t *testing.T) {
	lines := printedLinesOf("shelf: out.box already exists; not overwritten")
	for content, want := range map[string]bool{
		`fprintf(stderr, "shelf: %s already exists; not overwritten\n", dst);`: true,
		`fprintf(stderr, "shelf: %s already exists\n", dst);`:                  false,
		`strcat(out, ".box");`: false,
	} {
		if got := lines.printedBy(strings.ToLower(content)); got != want {
			t.Errorf("printedBy(%q) = %v, want %v", content, got, want)
		}
	}
}

// A literal holding exactly a line of five words or more prints it, no
// value formatted in; a shorter line so quoted is as likely a command.
func TestLiteralPrintingALineWhole(t *testing.T) {
	for line, want := range map[string]bool{
		"shelf has more boxes than max_boxes of rack": true,
		"shelfctl msg config":                         false,
	} {
		lit := `self.warn("` + line + `")`
		if got := printedLinesOf(line).printedBy(strings.ToLower(lit)); got != want {
			t.Errorf("printedBy(%q) for %q = %v, want %v", lit, line, got, want)
		}
	}
}

// A line one file alone prints, quoted under a trace whose frames are
// elsewhere (the trace's outer callers), lifts that file as an untraced
// report's would: the frames tell a raise site from its namesakes, and it
// has none. Two files printing the line are namesakes again.
func TestSolePrinterUnderATrace(t *testing.T) {
	report := "PHP Fatal error:  Uncaught Shelf\\DecodingException: Encoded envelope does not have a type header.\n" +
		"#0 vendor/acme/shelf/Worker.php(105): Shelf\\Receiver->get()\n#1 vendor/acme/shelf/Command/Consume.php(250): Shelf\\Worker->run(Array)\n"
	printer := "public function decode(array $envelope): Envelope\n{\n    if (empty($envelope['headers']['type'])) {\n" +
		"        throw new DecodingException('Encoded envelope does not have a type header.');\n    }\n}"
	cands := func(printers ...string) []*candidate {
		ix := newIx()
		frame := cand(ix, "Command/Consume.php", 218, 0.45, 6)
		frame.chunk.Content = "protected function execute(InputInterface $input): int\n{\n    $worker = new Worker($receivers);\n    $worker->run($options);\n}"
		frame.mention, frame.atFrame = outerFrameWeight, framedAt(0)
		out := []*candidate{frame, cand(ix, "other.txt", 1, 0.05, 1)}
		for _, p := range printers {
			c := cand(ix, p, 62, 0.40, 5)
			c.chunk.Content = printer
			out = append(out, c)
		}
		return out
	}
	r := ranker{q: ParseQuery(report), mode: Hybrid, w: DefaultWeights}
	one := cands("Transport/Serializer.php")
	r.score(one)
	if one[0].chunk.FilePath != "Transport/Serializer.php" {
		t.Errorf("the sole printer ranks under the trace's caller: first %s", one[0].chunk.FilePath)
	}
	framed := cands("Transport/Serializer.php")
	framed[2].atFrame = framedAt(innermost)
	if sole := r.solePrinter(framed, readLower(framed, 0)); sole != "" {
		t.Errorf("a printer the trace has a frame in is lifted as the sole printer (%q): the frame says so already", sole)
	}
	two := cands("Transport/Serializer.php", "Legacy/Serializer.php")
	r.score(two)
	if two[0].chunk.FilePath != "Command/Consume.php" {
		t.Errorf("of two files printing the line, one ranks over the frame: first %s", two[0].chunk.FilePath)
	}
}
