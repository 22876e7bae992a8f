package search

import (
	"slices"
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// A bug report quotes what its program printed: `thread 'main' panicked
// at 'Command app: Short option names must be unique for each argument,
// but '-v' is in use by both …'`, `ValueError: the on_conflict option
// must be one of …`. The code that printed it holds the message's words
// in the same order, in a string literal between the values it
// formatted in, which no other chunk does; the report's other words
// describe the symptom in the reporter's terms. So the runs of words
// between those values are matched against the candidates' text, and
// a chunk holding a long one is lifted (Messages).

// messageLine matches a line printing an error or a warning and captures
// its message: an exception's (`TypeError: …`, `errors.ValidationError:
// …`), a log's or a compiler's (`error: …`, `ERROR: …`, `error[E0308]:
// …`, `fatal: …`, `warning: …`, `[WARN] …`), a Go panic's, and a Rust
// panic's (`panicked at '…'`, or the message on the next line in newer
// releases, which matches as an error line only if it says so).
var messageLine = lazyre.New(`(?m)(?:(?:^|[\s(])(?:` + exceptionType + `|[Ee]rror|ERROR|[Ff]atal|FATAL|panic|[Ww]arning|WARNING)(?:\[[\w-]+\])?: |\[(?:ERROR|FATAL|WARN|WARNING|CRITICAL|error|fatal|warn|warning)\] |panicked at '?)(.{12,})$`)

// quotedMessage matches a run of text a report's prose quotes on one
// line, in double or typographic quotes or backticks (`I get "Protocol
// error, got reply type byte"`): a message the reporter copied, when it
// holds a run of plain words, since code in quotes seldom does. A quote
// opens after a space and its text starts and ends with no space, so the
// prose between two quoted names (`array` from `start` up to, but not
// including, `end`) is not read as one.
var quotedMessage = lazyre.New("(?:^|[\\s(:])\"([^\"\\s][^\"\\n]{18,}[^\"\\s])\"|\u201c([^\u201d\\n]{20,})\u201d|(?:^|[\\s(:])`([^`\\s][^`\\n]{18,}[^`\\s])`")

// exceptionType is the name of an exception's class as an error line
// prints it, qualified or not (ValueError, errors.ValidationError).
const exceptionType = `[A-Za-z_][\w.]*(?:Error|Exception|Warning|Failure)`

// raisedType matches the exception type an error line prints before its
// message (`loader.ConfigError: missing section …`); group 1 is its
// name, qualified or not.
var raisedType = lazyre.New(`(?m)(?:^|[\s(])(` + exceptionType + `): \S`)

// raisedTypes returns a test of the names that text's error lines print
// as their exception's type. A report quoting a message asks where it is
// raised, and the exception's class, declared apart (errors.py,
// TooManyRedirectsException.php), is no answer a name should lift: the
// code raising it names it too.
func raisedTypes(text string) func(string) bool {
	types := map[string]bool{}
	for _, m := range raisedType().FindAllStringSubmatch(text, maxMessageLines) {
		types[lastName(m[1])] = true
	}
	return func(name string) bool { return types[name] }
}

// Bounds on what a query's messages cost: the lines read, and the runs
// kept, longest first.
const (
	maxMessageLines = 8
	maxMessageRuns  = 8
	maxMessageBytes = 400
)

// minRunWords is the shortest run of a message's words that counts: four
// words ("is in use by") begin to be a message's own; fewer are any
// sentence's.
const minRunWords = 4

// messageRuns returns the runs of words of the error messages text
// quotes, lower-cased, each at least minRunWords long: a message split
// where a formatted value (a quoted name, a number, a path) stood.
func messageRuns(text string) [][]string {
	var runs [][]string
	add := func(msg string) {
		if len(msg) > maxMessageBytes {
			msg = msg[:maxMessageBytes]
		}
		for _, r := range splitRuns(msg) {
			// A quoted error line is read twice: count its runs once.
			if !slices.ContainsFunc(runs, func(o []string) bool { return slices.Equal(o, r) }) {
				runs = append(runs, r)
			}
		}
	}
	for _, m := range messageLine().FindAllStringSubmatch(text, maxMessageLines) {
		add(m[1])
	}
	// Quotes in a fenced block are the code's string literals (a
	// snippet's `print("This won't be formatted")`), not what it printed.
	outsideFences(text, func(prose string) string {
		for _, m := range quotedMessage().FindAllStringSubmatch(prose, maxMessageLines) {
			add(m[1] + m[2] + m[3])
		}
		return prose
	})
	// The longest runs say the most.
	for i := 1; i < len(runs); i++ {
		for j := i; j > 0 && len(runs[j]) > len(runs[j-1]); j-- {
			runs[j], runs[j-1] = runs[j-1], runs[j]
		}
	}
	return runs[:min(len(runs), maxMessageRuns)]
}

// minProseRunWords is the shortest run of a report's prose that counts
// as a message it quotes without saying so: a line that is a message
// alone (`A middleware must be an object/class name referencing …`)
// is held as typed by the code printing it, while six words in a row of
// the reporter's own sentences are in no chunk.
const minProseRunWords = 6

// proseRuns returns the runs of plain words, minProseRunWords or more, of
// a report's lines outside fenced blocks, up to maxMessageRuns of them.
func proseRuns(text string) [][]string {
	var runs [][]string
	outsideFences(text, func(prose string) string {
		for _, line := range strings.Split(prose, "\n") {
			for _, r := range splitRuns(line) {
				if len(r) >= minProseRunWords && len(runs) < maxMessageRuns {
					runs = append(runs, r)
				}
			}
		}
		return prose
	})
	return runs
}

// verbatimRun returns the words of a one-line query that is all one run
// of plain words, at least minRunWords of them; nil for any other.
func verbatimRun(text string) []string {
	runs := splitRuns(text)
	if len(runs) != 1 || len(runs[0]) != len(textWords(text)) {
		return nil
	}
	return runs[0]
}

// splitRuns splits a message into runs of plain words: letters, joined
// by spaces, hyphens or a sentence's punctuation. Anything else (a quote, a
// digit, a colon, a bracket, an underscore, a slash) is, or stands
// around, a value the program formatted in, and ends the run.
func splitRuns(msg string) [][]string {
	var runs [][]string
	var cur []string
	word := strings.Builder{}
	endWord := func() {
		if word.Len() > 0 {
			cur = append(cur, word.String())
			word.Reset()
		}
	}
	endRun := func() {
		endWord()
		if len(cur) >= minRunWords {
			runs = append(runs, cur)
		}
		cur = nil
	}
	for i := 0; i < len(msg); i++ {
		switch c := msg[i]; {
		case c >= 'a' && c <= 'z':
			word.WriteByte(c)
		case c >= 'A' && c <= 'Z':
			word.WriteByte(c + 'a' - 'A')
		case c == ' ' || c == ',' || c == '.' || c == '?' || c == '!' || c == '-' || c == '\t':
			endWord()
		default:
			// A value inside a word ("x1", "don't") ends the run too.
			word.Reset()
			endRun()
		}
	}
	endRun()
	return runs
}

// messageMatch is how much of the query's messages the chunk's text
// holds: the words of the runs found in it, in order, beyond the
// shortest that counts, up to 1 for a run of nine words or more.
func messageMatch(runs [][]string, content string) float64 {
	if len(runs) == 0 || !mayHoldRun(runs, content) {
		return 0
	}
	words := textWords(content)
	found := 0
	for _, r := range runs {
		if holdsRun(words, r) {
			found += len(r)
		}
	}
	if found < minRunWords {
		return 0
	}
	return min(1, float64(found-minRunWords+1)/messageFullWords)
}

// mayHoldRun reports whether content holds, in any case, every word of
// some run (but those of one or two letters, which any text holds): a
// chunk that does not cannot hold the run, and most candidates are ruled
// out so without splitting their text into words.
func mayHoldRun(runs [][]string, content string) bool {
	return slices.ContainsFunc(runs, func(r []string) bool {
		return !slices.ContainsFunc(r, func(w string) bool { return len(w) > 2 && !containsFold(content, w) })
	})
}

// containsFold reports whether s holds lower, a lower-case ASCII word, in
// any case.
func containsFold(s, lower string) bool {
	first, upper := lower[0], lower[0]-'a'+'A'
	for i := 0; i+len(lower) <= len(s); i++ {
		if c := s[i]; (c == first || c == upper) && strings.EqualFold(s[i:i+len(lower)], lower) {
			return true
		}
	}
	return false
}

// messageFullWords is how many words beyond the fourth a full match
// needs: a run of nine words or two of five are a message's.
const messageFullWords = 6

// textWords lists the lower-cased words of letters in s, as splitRuns
// reads a message, so that a message matches its format string across
// the placeholders and quotes between its words.
func textWords(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		letter := i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z')
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			out = append(out, strings.ToLower(s[start:i]))
			start = -1
		}
	}
	return out
}

// holdsRun reports whether words holds run's words one after another.
func holdsRun(words, run []string) bool {
	for i := 0; i+len(run) <= len(words); i++ {
		if words[i] != run[0] {
			continue
		}
		j := 1
		for j < len(run) && words[i+j] == run[j] {
			j++
		}
		if j == len(run) {
			return true
		}
	}
	return false
}
