package search

import (
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// A program's message is often a few fixed words before a value:
// `errors.New("unknown action: " + spec)`, `fmt.Errorf("invalid listen
// port: %s", s)`, `"no directory specified"`. Too short to be a message
// by its runs of words (minRunWords), it is still in the code as typed:
// a string literal opens with it and ends, or formats in a value, where
// the printed line goes on with the value. A comment or another chunk
// sharing its words has no such literal, and a literal opening with the
// same words but going on with others (`"INTERNAL ERROR: hand-made
// leaf …"` for `INTERNAL ERROR: Black produced …`) printed another
// message. So the query's lines, and the messages it quotes, are
// matched against the literals of the best lexical hits.

// Bounds on the lines read: how many, and how much of each.
const (
	maxLiteralLines = 64
	maxLiteralBytes = 200
)

// The fewest words and bytes of a literal's fixed opening that say more
// than a chance phrase ("error: " says nothing).
const (
	minLiteralWords = 2
	minLiteralBytes = 12
)

// literalKey is how many bytes of a line index it: no match is shorter
// (minLiteralBytes).
const literalKey = 8

// printedLines are the lines a query quotes as printed, by their first
// literalKey bytes and by their first word (templateMatch).
type printedLines struct {
	lines  []printedLine
	byKey  map[string][]int
	byWord map[string][]int
}

// printedLine is a line a query may quote as printed, lower-cased.
type printedLine struct {
	text string
	// whole is an error line's message, which a literal may print whole
	// (`"no directory specified"`) or in part, the rest added by the code
	// reporting it (`die(i, "expected json value")` printing `expected
	// json value got "N" at index 12`). Any other line is a message only
	// where a literal formats a value into it (valueAfter): a phrase in
	// quotes or on a line of its own (`alacritty msg config`) is as
	// likely a command or a name as what a program printed.
	whole bool
	// alone is the whole query or a paragraph of one line, a message
	// pasted by itself, which a literal holding exactly it prints
	// (minWholeLineWords).
	alone bool
}

// printedLinesOf returns the lines of text outside fenced blocks, what
// its prose quotes and its error lines' messages: each may be a line a
// program printed. A fenced block's lines are a snippet's code, whose
// string literals are the snippet's own (`print("This won't be
// formatted")`); an error line in one still counts.
func printedLinesOf(text string) *printedLines {
	pl := &printedLines{byKey: map[string][]int{}, byWord: map[string][]int{}}
	only := strings.ToLower(strings.TrimSpace(text)) // the query, if a line holds all of it
	// A line may open with a value the program quotes (svelte's
	// `` `$state(...)` can only be used as … `` from `\`${rune}(...)\` …`).
	// An error line's message may open with its library's tag in
	// brackets (`[unstorage] Cannot stringify value!`), as its literal does,
	// or with a value its template formats in first (typedoc's
	// `@includeCode tag in comment for Foo …` from `{0} tag in comment …`).
	add := func(s string, whole, alone bool) {
		s = strings.ToLower(strings.TrimSpace(s))
		if len(s) > maxLiteralBytes {
			s = s[:maxLiteralBytes]
		}
		if len(s) < minLiteralBytes || !letterByte(s[0]) && !quoteByte(s[0]) && !(whole && (s[0] == '[' || s[0] == '@')) || len(pl.lines) >= maxLiteralLines {
			return
		}
		if !whole && onlyWords(s) && !(s == only && len(strings.Fields(s)) >= minWholeLineWords) {
			// A line of words has no value a literal visibly formats in,
			// unless it is all the query: a message pasted by itself,
			// its values words too (`cannot attach the audit handler
			// writer to a session scoped pipeline object`).
			return
		}
		k := s[:literalKey]
		for _, i := range pl.byKey[k] {
			if pl.lines[i].text == s {
				pl.lines[i].whole = pl.lines[i].whole || whole
				return
			}
		}
		pl.byKey[k] = append(pl.byKey[k], len(pl.lines))
		if w := firstWord(s); w != "" {
			pl.byWord[w] = append(pl.byWord[w], len(pl.lines))
		}
		pl.lines = append(pl.lines, printedLine{text: s, whole: whole, alone: alone || s == only})
	}
	// A message wrapped by its callers (`token signature is invalid:
	// signing method RS256 is invalid`, Go's `%w`) is printed by the
	// innermost's code from a colon on.
	addWrapped := func(s string, whole, alone bool) {
		add(s, whole, alone)
		for n := 0; n < maxWraps; n++ {
			i := strings.Index(s, ": ")
			if i < 0 {
				return
			}
			s = s[i+2:]
			add(s, whole, false)
		}
	}
	outsideFences(text, func(prose string) string {
		lines := strings.Split(prose, "\n")
		for i, line := range lines {
			alone := paragraphLine(lines, i)
			// An error line's message is read below, past its mark; a
			// paragraph ending with a colon introduces the next, the
			// message its wrapper printed around the cause.
			whole := alone && introduced(lines, i) && !strings.HasSuffix(strings.TrimSpace(line), ":") && !messageLine().MatchString(line)
			addWrapped(line, whole, alone)
		}
		for _, m := range quotedMessage().FindAllStringSubmatch(prose, maxMessageLines) {
			addWrapped(quoted(m), false, false)
		}
		return prose
	})
	for _, m := range messageLine().FindAllStringSubmatch(text, maxMessageLines) {
		addWrapped(m[1], true, false)
	}
	for _, m := range typedQuote().FindAllStringSubmatch(text, maxMessageLines) {
		addWrapped(strings.Join(m[2:], ""), true, false)
	}
	if len(pl.lines) == 0 {
		return nil
	}
	return pl
}

// paragraphLine reports whether lines[i] is a paragraph of its own, a
// blank line or the text's edge on either side: a line a reporter pasted
// between the sentences around it (`Requests fail with` / `PROXY
// protocol v1 line is too long` / `when the client …`).
func paragraphLine(lines []string, i int) bool {
	blank := func(j int) bool { return j < 0 || j >= len(lines) || strings.TrimSpace(lines[j]) == "" }
	return blank(i-1) && blank(i+1) && !blank(i)
}

// introduced reports whether the line before lines[i], past blank
// ones, ends with a colon (`returns an error:`, `fails with:`, `prints:`):
// the paragraph after it is what the program printed, an error line's
// message whole (gorm's `WHERE conditions required`, a sentinel's).
func introduced(lines []string, i int) bool {
	for j := i - 1; j >= 0; j-- {
		if t := strings.TrimSpace(lines[j]); t != "" {
			return strings.HasSuffix(t, ":")
		}
	}
	return false
}

// maxWraps is how many callers' prefixes a wrapped message is read
// without.
const maxWraps = 3

// firstWord is the run of letters s opens with, if a space, a
// placeholder or a colon ends it (a program's name before its message,
// `zstd: %s already exists`).
func firstWord(s string) string {
	n := 0
	for n < len(s) && letterByte(s[n]) {
		n++
	}
	if n < minWordBytes || n == len(s) || s[n] != ' ' && s[n] != ':' && !valueStart(s[n]) {
		return ""
	}
	return s[:n]
}

// minWordBytes is the shortest first word a template is looked up by.
const minWordBytes = 2

// errorText is what the error lines a query quotes print, their messages
// joined, for the lexical lookup of the code printing them
// (printedHits), and after them the paragraphs of one line that quote a
// value (`fails with: Parameter 'customerId' not found. Available
// parameters are […]`): a message with no error mark, whose literal
// the report's other words bury; "" when it quotes none.
func (pl *printedLines) errorText() string {
	if pl == nil {
		return ""
	}
	var msgs []string
	for _, l := range pl.lines {
		if l.whole {
			msgs = append(msgs, l.text)
		}
	}
	for _, l := range pl.lines {
		if !l.whole && l.alone && strings.ContainsAny(l.text, `'"`) {
			msgs = append(msgs, l.text)
		}
	}
	return strings.Join(msgs[:min(len(msgs), maxErrorLookups)], "\n")
}

// maxErrorLookups bounds the error lines looked up by their words alone.
const maxErrorLookups = 2

// onlyWords reports whether s holds letters and spaces alone.
func onlyWords(s string) bool {
	for i := 0; i < len(s); i++ {
		if !letterByte(s[i]) && s[i] != ' ' {
			return false
		}
	}
	return true
}

// letterByte reports an ASCII letter.
func letterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// printedBy reports whether lower, a chunk's text in lower case, holds a
// string literal that prints one of the lines: it opens with the line's
// words and ends, or formats in a value, where the line goes on; or its
// fixed parts are the line's between the values it formats in
// (templateMatch).
func (pl *printedLines) printedBy(lower string) bool { return pl.printedAt(lower) >= 0 }

// printedAt returns where in lower the first literal printing one of the
// lines opens, past its quote; -1 when none does.
func (pl *printedLines) printedAt(lower string) int {
	if pl == nil {
		return -1
	}
	for i := 0; i+1+literalKey <= len(lower); i++ {
		if !quoteByte(lower[i]) {
			continue
		}
		lit := withoutMarkup(lower[i+1:])
		if len(lit) < literalKey {
			continue
		}
		for _, j := range pl.byKey[lit[:literalKey]] {
			if printsLine(lit, pl.lines[j], lower[i]) {
				return i + 1
			}
		}
		if w := firstWord(lit); w != "" {
			for _, j := range pl.byWord[w] {
				if templateMatch(lit, lower[i], pl.lines[j].text) {
					return i + 1
				}
			}
		} else if lit[0] == '{' || lit[0] == '%' || lit[0] == '$' {
			// A template opening with a value (`$"{name} option cannot
			// be combined …"`) is tried on every line: they are few.
			for _, l := range pl.lines {
				if templateMatch(lit, lower[i], l.text) {
					return i + 1
				}
			}
		}
		if lit[0] == ' ' && pl.printsBetween(lit, lower[i]) {
			return i + 1
		}
	}
	return -1
}

// consoleMarkup matches what a literal may open with that the terminal
// does not print: a console library's style tag (Symfony's `<error>`,
// `<fg=red;options=bold>`) or an escape sequence as the source writes it
// (`\033[31m`, `\x1b[1;33m`, `\e[0m`, `\u001b[2m`).
var consoleMarkup = lazyre.New(`^(?:<[a-z][a-z=;,-]{0,30}>|\\(?:033|x1b|e|u001b)\[[0-9;]*m)+`)

// withoutMarkup returns the text of a literal (lower-cased, from after
// its opening quote) past the console markup it opens with.
func withoutMarkup(lit string) string {
	if lit == "" || lit[0] != '<' && lit[0] != '\\' {
		return lit
	}
	return lit[len(consoleMarkup().FindString(lit)):]
}

// printsBetween reports whether lit, a literal opening with a space, is
// the middle of an error line's message, values on both sides: the
// fixed words a concatenation puts between two (`edit.comparator + "
// does not match existing comparator " + name`).
func (pl *printedLines) printsBetween(lit string, quote byte) bool {
	end := strings.IndexByte(lit, quote)
	if end < 0 || end > maxLiteralBytes {
		return false
	}
	mid := lit[:end]
	trimmed := strings.TrimSpace(mid)
	if len(trimmed) < minLiteralBytes || len(strings.Fields(trimmed)) < minBetweenWords || !onlyWords(trimmed) {
		return false
	}
	for _, l := range pl.lines {
		if !l.whole {
			continue
		}
		if i := strings.Index(l.text, mid); i > 0 && (i+len(mid) < len(l.text) || mid[len(mid)-1] != ' ') {
			return true
		}
		// The value after it printed empty, or left out of the report.
		if tail := strings.TrimRight(mid, " "); strings.HasSuffix(l.text, tail) && len(l.text) > len(tail) {
			return true
		}
	}
	return false
}

// minBetweenWords is the fewest words of a message's middle that tell it
// from a phrase: more than an opening's, which the line's start anchors.
const minBetweenWords = 4

// templateMatch reports whether lit, the text after a literal's opening
// quote, is a template of line: its fixed parts, between the values it
// formats in (`f"Both {pkg_dir} and {py_file} exist"`), are the line's in
// order, the first opening it and the last ending it, a value between
// each two, and they hold minLiteralBytes and minLiteralWords together,
// though each alone is as short as "and".
func templateMatch(lit string, quote byte, line string) bool {
	end := literalEnd(lit, quote)
	if end < 0 || end > maxLiteralBytes {
		return false
	}
	line = strings.TrimRight(line, ".!")
	escaped := `\` + string(quote)
	for _, format := range joined(lit, end) {
		format = lineContinuation().ReplaceAllString(strings.ReplaceAll(format, escaped, string(quote)), "")
		if formatMatch(format, line) {
			return true
		}
	}
	return false
}

// lineContinuation matches a backslash ending a line inside a literal
// and the next line's indentation, which the literal does not hold
// (Rust's and C's `"… to a single \` / `ASCII character."`).
var lineContinuation = lazyre.New(`\\\r?\n[ \t]*`)

// literalEnd returns the offset in lit, a literal's text after its
// opening quote, of the quote closing it, past the quotes a backslash
// escapes (`$"… can have \"{property}\" applied …"`, which prints the
// quotes), or -1.
func literalEnd(lit string, quote byte) int {
	for i := 0; i < len(lit); i++ {
		switch lit[i] {
		case '\\':
			i++
		case quote:
			return i
		}
	}
	return -1
}

// formatMatch reports whether line is what format prints, its values
// ({}, %s, …) filled in (templateMatch).
func formatMatch(format, line string) bool {
	// A sentence's full stop the report left out ends no part, nor does
	// the line break a printf format ends with (`%s exists\n`).
	parts := templateParts(strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(format, `\n`), `\r`), ".!"))
	if len(parts) < 2 {
		return false // no value formatted in: the opening rule's
	}
	fixed, words := 0, 0
	at := 0
	for k, p := range parts {
		fixed, words = fixed+len(p), words+len(strings.Fields(p))
		switch {
		case k == 0:
			if !strings.HasPrefix(line, p) {
				return false
			}
			at = len(p)
		case k == len(parts)-1:
			// The last part ends the line, or the line ends in the
			// value the template ends with.
			if len(line)-len(p) <= at || !strings.HasSuffix(line, p) {
				return false
			}
			at = len(line)
		default:
			i := strings.Index(line[at:], p)
			if i < 0 || p == "" || i == 0 && !emptyValue(parts[k-1], p) {
				return false
			}
			at += i + len(p)
		}
	}
	return at == len(line) && fixed >= minLiteralBytes && words >= minLiteralWords
}

// emptyValue reports a value printed empty between two fixed parts, the
// spaces around it both kept (`group {groupName} in class` printing
// `group  in class`).
func emptyValue(before, after string) bool {
	return strings.HasSuffix(before, " ") && strings.HasPrefix(after, " ")
}

// joined returns the formats a literal (its text up to end, the closing
// quote) and what is concatenated after it make: the literals' text, and
// {} for each value between them or after the last (`"Parameter '" + key
// + "' not found. Available parameters are " + keySet()`: `parameter
// '{}' not found. available parameters are {}`), over maxJoinedPieces
// pieces at most, up to the first line break it writes (`\n`), where the
// line it prints ends; and, where a piece is followed by more, the format
// up to it ending in {}, for a line pasted short of the rest (pytest's
// adjacent f-strings). Concatenation is `+` (Java, JavaScript, Python),
// `. $x` (PHP), `..` (Lua), `<<` (C++ streams, Ruby), or adjacent
// literals (Python's and C's, Ruby's `"…" \` continued on the next
// line); a method called on a literal (`.format(`, `.to_string()`)
// appends nothing.
func joined(lit string, end int) []string {
	format, rest := lit[:end], lit[end+1:]
	var formats []string
	for range maxJoinedPieces {
		if line, cut := firstLine(format); cut {
			return append(formats, line) // the printed line ends at the line break
		}
		next, ok := afterConcatenation(rest)
		if !ok {
			break
		}
		if q := next[0]; q == '"' || q == '\'' {
			e := strings.IndexByte(next[1:], q)
			if e < 0 || len(format)+e > maxLiteralBytes {
				break
			}
			if !strings.HasSuffix(format, "{}") {
				formats = append(formats, format+"{}")
			}
			format, rest = format+next[1:1+e], next[2+e:]
			continue
		}
		format += "{}"
		m := literalAfterValue().FindStringIndex(next[:min(len(next), maxLiteralBytes)])
		if m == nil || strings.Contains(next[:m[0]], ";") {
			break // it ends in the value
		}
		rest = next[m[0]:]
	}
	line, _ := firstLine(format)
	return append(formats, line)
}

// firstLine returns format up to the first line break it writes (`\n`),
// and whether it writes one.
func firstLine(format string) (string, bool) {
	if i := strings.Index(format, `\n`); i >= 0 {
		return format[:i], true
	}
	return format, false
}

// maxJoinedPieces bounds the literals and values joined into one format.
const maxJoinedPieces = 6

// afterConcatenation returns the code after the concatenation that rest,
// the code after a literal, opens with (a value's, or a literal's with
// its quote), and whether it opens with one.
func afterConcatenation(rest string) (string, bool) {
	s := strings.TrimLeft(rest, " \t")
	switch {
	case strings.HasPrefix(s, ".."), strings.HasPrefix(s, "<<"):
		s = s[2:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	case strings.HasPrefix(s, ". "), strings.HasPrefix(s, ".$"):
		s = s[1:]
	case strings.HasPrefix(s, "."):
		return "", false // a method called on the literal
	default:
		// Adjacent literals, Ruby's continued on the next line.
		return literalAt(strings.TrimLeft(strings.TrimPrefix(s, "\\"), " \t\r\n"))
	}
	s = strings.TrimLeft(s, " \t\r\n")
	if t, ok := literalAt(s); ok {
		return t, true
	}
	return s, s != ""
}

// literalAt returns s from the quote of the literal it opens with, past
// a prefix of two letters at most (Python's f"…", rb'…'), and whether it
// opens with one.
func literalAt(s string) (string, bool) {
	t := strings.TrimLeft(s, "fFrRbBuU")
	if t == "" || len(s)-len(t) > 2 || t[0] != '"' && t[0] != '\'' {
		return "", false
	}
	return t, true
}

// literalAfterValue matches the concatenation of a literal after a
// value (` + "' not found`), where the value before it ends.
var literalAfterValue = lazyre.New(`[ \t]*(?:\+|\.\.|\.|<<)[ \t\r\n]*[fFrRbBuU]{0,2}["']`)

// templatePlaceholder matches what a format string formats a value in
// with: `{name}`, `{}`, `${…}`, `#{…}`, `%s`, `%-8.2f`.
var templatePlaceholder = lazyre.New(`[$#]?\{[^{}\n]*\}|%[-+ #0-9.]*[a-z]`)

// templateParts returns a format string's fixed parts around its
// placeholders.
func templateParts(format string) []string {
	return templatePlaceholder().Split(format, -1)
}

// printsLine reports whether lit, the text after a literal's opening
// quote, prints line: the two agree, over minLiteralWords words and
// minLiteralBytes bytes, up to where the literal ends or a placeholder
// stands, or up to the end of a line that may be printed whole, at a
// word's end.
func printsLine(lit string, pl printedLine, quote byte) bool {
	line, n := pl.text, 0
	for n < len(lit) && n < len(line) && lit[n] == line[n] {
		n++
	}
	switch {
	case n < len(lit) && n < len(line) && !nextPartAgrees(lit[n:], line[n:], quote):
		return false // the words after the value are another message's (`as PNG` for `as JPEG`)
	case n == len(line):
		if n < len(lit) && letterByte(lit[n]) {
			return false // the literal goes on with the word
		}
		if !pl.whole && !(pl.alone && n < len(lit) && quoteByte(lit[n]) && len(strings.Fields(line)) >= minWholeLineWords) {
			return false // no value printed, and too short a line to be a message whole
		}
	case n == len(lit) || !valueStart(lit[n]):
		return false // the literal prints other words
	case !pl.whole && !valueAfter(line, n):
		return false // the line goes on with words, as a phrase does
	}
	held := line[:n]
	return len(held) >= minLiteralBytes && len(strings.Fields(held)) >= minLiteralWords
}

// nextPartAgrees reports whether the rest of a line, from where a
// literal formats a value in (lit, up to its closing quote), agrees with
// the literal's fixed words after the value: the line holds them, or
// ends with the value (pasted short). Pillow's `cannot write mode {mode}
// as PNG` prints no `cannot write mode RGBA as JPEG`.
func nextPartAgrees(lit, line string, quote byte) bool {
	ph := templatePlaceholder().FindStringIndex(lit)
	if ph == nil || ph[0] != 0 {
		return true // no placeholder here: the other cases judge
	}
	rest := lit[ph[1]:]
	if end := strings.IndexByte(rest, quote); end >= 0 {
		rest = rest[:end]
	}
	if loc := templatePlaceholder().FindStringIndex(rest); loc != nil {
		rest = rest[:loc[0]]
	}
	next := strings.TrimSpace(rest)
	if next == "" || !strings.Contains(strings.TrimSpace(line), " ") {
		return true
	}
	return strings.Contains(line, next)
}

// minWholeLineWords is the fewest words of a query's only line that a
// literal holding exactly it prints, no value formatted in (in a report
// a quoted message is matched by its runs of words, messageMatch, and the
// class holding an error's text is seldom the fix): `msg has more translations
// than num_plurals of catalog`, where a line of three (`alacritty msg
// config`) is as likely a command quoted in a help text.
const minWholeLineWords = 5

// valueAfter reports whether the line, where a literal ends or formats
// in a value at n, has one there: after a colon or another mark that
// introduces it (`unknown action: reload-sync`), or written as no word is
// (a quote, a number, a path, a dotted or joined name: `INI was not able
// to parse output.format`). A phrase that goes on with words
// (`bash-it search functionality` for `"bash-it search"`) quotes nothing
// printed.
func valueAfter(line string, n int) bool {
	held := strings.TrimRight(line[:n], " ")
	if held != "" && !letterByte(held[len(held)-1]) {
		return true
	}
	rest := strings.TrimLeft(line[n:], " ")
	if i := strings.IndexByte(rest, ' '); i >= 0 {
		rest = rest[:i]
	}
	return rest != "" && !onlyWords(rest)
}

// quoteByte reports a character opening a string literal.
func quoteByte(c byte) bool { return c == '"' || c == '\'' || c == '`' }

// valueStart reports a character that, inside a literal, ends it or
// starts a placeholder: a quote, `%s`, `{}`, `${…}`, `#{…}`, `\n`.
func valueStart(c byte) bool {
	return quoteByte(c) || c == '%' || c == '{' || c == '$' || c == '#' || c == '\\'
}
