package search

import (
	"path"
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
// …`, `fatal: …`, `warning: …`, `[WARN] …` and syslog's levels to
// `[notice]` as nginx writes them, with a place between the
// word and its colon, `jq: error (at <stdin>:1): …`), a Go panic's, a Rust
// panic's (`panicked at '…'`, or the message on the next line in newer
// releases, which matches as an error line only if it says so) and a C++
// exception's as the runtime prints it when nothing catches it (`what():
// …`), a Rust unwrap's of an error (`called `Result::unwrap()` on an
// `Err` value: …`) and a procedural macro's panic as rustc reports it
// (`= help: message: …`), an Elixir exception's as it ends a program (`**
// (Mix) The :fuzzy_threshold option must be …`), and a status's
// (statusCode).
var messageLine = lazyre.New(`(?m)(?:(?:^|[\s(])(?:` + exceptionType + `|[Ee]rror|ERROR|[Ff]atal|FATAL|panic|[Ww]arning|WARNING)(?:\[[\w-]+\]| \([^()\n]{1,60}\))?: |^\s*` + qualifiedType + `: |\[(?i:emerg|alert|crit|critical|err|error|fatal|warn|warning|notice)\] |panicked at '?|what\(\):\s+|on an ` + "`Err`" + ` value: |= help: message: |^\*\* \([\w.]+\) |(?:^|\s)` + statusCode + `: )(.{12,})$`)

// statusCode is the code a status library prints before its message
// where no exception is raised (leveldb's and RocksDB's `Status::
// ToString`, `Invalid argument: …`, `Corruption: …`; abseil's and gRPC's
// `INVALID_ARGUMENT: …`): the codes those libraries share, as each
// spells them, which a report's prose seldom opens a line with.
const statusCode = `(?:Invalid argument|Not found|Not supported|Corruption|IO error|Already exists|Permission denied|Out of range|Failed precondition|Resource exhausted|Deadline exceeded|Unimplemented|Data loss|` +
	`INVALID_ARGUMENT|NOT_FOUND|ALREADY_EXISTS|PERMISSION_DENIED|OUT_OF_RANGE|FAILED_PRECONDITION|RESOURCE_EXHAUSTED|DEADLINE_EXCEEDED|UNIMPLEMENTED|UNAVAILABLE|DATA_LOSS|INTERNAL|ABORTED|UNAUTHENTICATED)`

// quotedMessage matches a run of text a report's prose quotes on one
// line, in double, single or typographic quotes or backticks (`I get
// "Protocol error, got reply type byte"`, `we see 'failed to receive
// whole snapshot'`): a message the reporter copied, when it holds a run
// of plain words, since code in quotes seldom does. A quote opens after
// a space and its text starts and ends with no space, so the prose
// between two quoted names (`array` from `start` up to, but not
// including, `end`) is not read as one; a single quote closes before
// no letter, so a word's apostrophe (isn't) neither opens nor closes one.
// The group that matched is the text.
var quotedMessage = lazyre.New("(?:^|[\\s(:])\"([^\"\\s][^\"\\n]{18,}[^\"\\s])\"|\u201c([^\u201d\\n]{20,})\u201d|(?:^|[\\s(:])`([^`\\s][^`\\n]{18,}[^`\\s])`|" +
	"(?:^|[\\s(:])'([^'\\s][^'\\n]{18,}[^'\\s])'(?:[^\\pL\\d]|$)|\u2018([^\u2019\\n]{20,})\u2019")

// quoted returns the text a quotedMessage match quotes.
func quoted(m []string) string { return strings.Join(m[1:], "") }

// exceptionType is the name of an exception's class as an error line
// prints it, qualified or not (ValueError, errors.ValidationError, PHP's
// Dotenv\Exception\InvalidEncodingException).
const exceptionType = `[A-Za-z_][\w.\\]*(?:Error|Exception|Warning|Failure)`

// qualifiedType is an exception's class named by its module as a trace's
// last line prints it, whatever its name says (`requests.exceptions.
// MissingSchema`, `django.http.Http404`): at a line's start, a class
// qualified by a module is what was raised.
const qualifiedType = `(?:[a-z_][a-z0-9_]*\.)+[A-Z][A-Za-z0-9_]*`

// raisedType matches the exception type an error line prints before its
// message (`loader.ConfigError: missing section …`); group 1 or 2 is its
// name, qualified or not.
var raisedType = lazyre.New(`(?m)(?:(?:^|[\s(])(` + exceptionType + `)|^\s*(` + qualifiedType + `)): \S`)

// typedQuote matches a message quoted right after its exception's type,
// as prose tells what was raised (`I get NotSupportedException
// 'Unprocessable input'`, `throws IllegalStateException("Pool is
// closed")`): the type says the quote is what the program printed, however
// few its words, where a phrase quoted alone may be a name or a command.
// Group 1 is the type; one of the others the message.
var typedQuote = lazyre.New(`(?:^|[\s(])(` + exceptionType + `)(?:: ?|\(|\s+)(?:'([^'\n]{12,200})'|"([^"\n]{12,200})"|` + "`([^`\\n]{12,200})`" + `|\x{2018}([^\x{2019}\n]{12,200})\x{2019}|\x{201c}([^\x{201d}\n]{12,200})\x{201d})`)

// raisedSet holds the names that a text's error lines print as their
// exception's type. A report quoting a message asks where it is raised,
// and the exception's class, declared apart (errors.py,
// TooManyRedirectsException.php), is no answer a name should lift: the
// code raising it names it too.
type raisedSet map[string]bool

// has reports whether name is one of the set's.
func (s raisedSet) has(name string) bool { return s[name] }

// raisedTypes returns the exception types text's error lines print.
func raisedTypes(text string) raisedSet {
	types := raisedSet{}
	for _, m := range raisedType().FindAllStringSubmatch(text, maxMessageLines) {
		types[lastName(m[1]+m[2])] = true
	}
	for _, m := range typedQuote().FindAllStringSubmatch(text, maxMessageLines) {
		types[lastName(m[1])] = true
	}
	return types
}

// raisedFile reports a file named as an exception type the query's error
// lines print (`InvalidEncodingException.php` for `Dotenv\Exception\
// InvalidEncodingException: Illegal character encoding …`): the class's
// declaration, often empty, is no more the answer than its name is; the
// code raising it is.
func (q Query) raisedFile(p string) bool {
	base := path.Base(p)
	return q.raised.has(strings.TrimSuffix(base, path.Ext(base)))
}

// Bounds on what a query's messages cost: the lines read and the
// messages kept, longest first, and a message's bytes.
const (
	maxMessageLines = 8
	maxMessages     = 8
	maxMessageBytes = 400
)

// minRunWords is the fewest words of a message that count, in one run or
// in runs a few of the code's words apart (chainGap): four words ("is in
// use by", "logger with name … already exists") begin to be a message's
// own; fewer are any sentence's.
const minRunWords = 4

// maxValueWords is the most words a run passed over in a chain may have:
// a value's, not a part of the message the chunk lacks.
const maxValueWords = 2

// chainGap is how many words of the code may stand between two runs of a
// message where the program formatted in a value: a placeholder's words
// (`{name!r}` is two, `' + logger_name + '` two, `%(path)s` two).
const chainGap = 4

// A message is what a line the text quotes says, lower-cased, as runs of
// plain words in order, split where the program formatted in a value (a
// quoted name, a number, a path).
type message [][]string

// words counts the message's words.
func (m message) words() int {
	n := 0
	for _, r := range m {
		n += len(r)
	}
	return n
}

// within reports whether every run of m is one of o's: the same message
// read twice (an error line, and the quotes inside it).
func (m message) within(o message) bool {
	return !slices.ContainsFunc(m, func(r []string) bool {
		return !slices.ContainsFunc(o, func(x []string) bool { return slices.Equal(r, x) })
	})
}

// messagesOf returns the error messages text quotes: its error lines
// (messageLine) and what its prose puts in quotes (quotedMessage), those
// of minRunWords words or more, the longest first.
func messagesOf(text string) []message {
	var msgs []message
	add := func(s string) {
		if len(s) > maxMessageBytes {
			s = s[:maxMessageBytes]
		}
		m := message(splitRuns(s))
		if m.words() < minRunWords || slices.ContainsFunc(msgs, m.within) {
			return
		}
		// An error line that repeats one already read with more around
		// it (`error: cannot format -: INTERNAL ERROR: …`) takes its place.
		msgs = append(slices.DeleteFunc(msgs, func(o message) bool { return o.within(m) }), m)
	}
	for _, m := range messageLine().FindAllStringSubmatch(text, maxMessageLines) {
		add(m[1])
	}
	// Quotes in a fenced block are the code's string literals (a
	// snippet's `print("This won't be formatted")`), not what it printed.
	outsideFences(text, func(prose string) string {
		for _, m := range quotedMessage().FindAllStringSubmatch(prose, maxMessageLines) {
			add(quoted(m))
		}
		return prose
	})
	// The longest say the most.
	slices.SortStableFunc(msgs, func(a, b message) int { return b.words() - a.words() })
	return msgs[:min(len(msgs), maxMessages)]
}

// minProseRunWords is the shortest run of a report's prose that counts
// as a message it quotes without saying so: a line that is a message
// alone (`A middleware must be an object/class name referencing …`)
// is held as typed by the code printing it, while six words in a row of
// the reporter's own sentences are in no chunk.
const minProseRunWords = 6

// proseMessages returns the runs of plain words, minProseRunWords or
// more, of a report's lines outside fenced blocks, each a message, up to
// maxMessages of them.
func proseMessages(text string) []message {
	var msgs []message
	outsideFences(text, func(prose string) string {
		for _, line := range strings.Split(prose, "\n") {
			for _, r := range splitRuns(line) {
				if len(r) >= minProseRunWords && len(msgs) < maxMessages {
					msgs = append(msgs, message{r})
				}
			}
		}
		return prose
	})
	return msgs
}

// verbatimMessage returns a one-line query as a message pasted alone: its
// words, at least minRunWords of them, all in runs of plain words but
// where it quotes a value or states a number (`logger with name 'net'
// already exists`); nil for any other. A name in backticks is code a
// description speaks of, not a value a program printed.
func verbatimMessage(text string) message {
	bare := strings.TrimSpace(quotedValue().ReplaceAllString(text, " "))
	if runs := splitRuns(bare); len(runs) != 1 || len(runs[0]) < minRunWords || len(runs[0]) != len(textWords(bare)) {
		return nil
	}
	return message(splitRuns(text))
}

// quotedValue matches what a message quotes or counts: a quoted value,
// a number.
var quotedValue = lazyre.New(`'[^'\s]*'|"[^"\s]*"|\d+`)

// splitRuns splits a message into runs of plain words: letters, joined
// by spaces, hyphens or a sentence's punctuation. Anything else (a quote,
// a colon, a bracket) stands around a value the program formatted in,
// and ends the run; a word with a digit or an underscore in it, a path,
// a URL and a dotted name are such values, and are left out.
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
		if len(cur) > 0 {
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
		case c == '/' || (c == '.' || c == ':') && i+1 < len(msg) && !spaceByte(msg[i+1]):
			// A path, a URL or a dotted name ("/tmp/blk.log",
			// "https://github.com/psf/black", "tornado.web") is a value:
			// all of it, up to the next space.
			word.Reset()
			for i+1 < len(msg) && !spaceByte(msg[i+1]) {
				i++
			}
			endRun()
		case c == ' ' || c == ',' || c == '.' || c == '?' || c == '!' || c == '-' || c == '\t':
			endWord()
		case c >= '0' && c <= '9' || c == '_':
			// A word with a digit or an underscore in it is a value, an
			// identifier or a number ("x1", "on_conflict"): all of it.
			word.Reset()
			for i+1 < len(msg) && identByte(msg, i+1) {
				i++
			}
			endRun()
		default:
			endRun()
		}
	}
	endRun()
	return runs
}

// spaceByte reports a space, a tab or a line end.
func spaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// messageWords is how many words of the query's messages the chunk's
// text holds: of each message, the runs it holds alone, minRunWords or
// more in a row, or chained, a few words apart, into minRunWords or more,
// as a format string holds them around its placeholders.
func messageWords(msgs []message, content string) int {
	if len(msgs) == 0 {
		return 0
	}
	lower := strings.ToLower(content)
	if !mayHold(msgs, lower) {
		return 0
	}
	words := lowerWords(lower)
	found := 0
	for _, m := range msgs {
		found += heldWords(words, m)
	}
	return found
}

// messageMatch is how much of the query's messages the chunk's text
// holds, 0..1: the words held beyond the shortest that counts, up to 1
// at nine words.
func messageMatch(msgs []message, content string) float64 {
	found := messageWords(msgs, content)
	if found < minRunWords {
		return 0
	}
	return min(1, float64(found-minRunWords+1)/messageFullWords)
}

// heldWords counts the words of m's runs that words holds in chains of
// minRunWords words or more: a run, then the next within chainGap words
// of its end, and so on. A run of a word or two the chunk does not hold
// there is passed over: a value the reporter's program printed (`'net'`,
// `'verbose'`) where the format string has a placeholder.
func heldWords(words []string, m message) int {
	held := make([]bool, len(m))
	for i := range m {
		for at := runAt(words, m[i], 0); at >= 0; at = runAt(words, m[i], at+1) {
			end, n := at+len(m[i]), len(m[i])
			chain := []int{i}
			for j := i + 1; j < len(m); j++ {
				next := runAt(words, m[j], end)
				if next >= 0 && next <= end+chainGap {
					end, n, chain = next+len(m[j]), n+len(m[j]), append(chain, j)
				} else if len(m[j]) > maxValueWords {
					break
				}
			}
			if n >= minRunWords {
				for _, k := range chain {
					held[k] = true
				}
			}
		}
	}
	n := 0
	for i, h := range held {
		if h {
			n += len(m[i])
		}
	}
	return n
}

// runAt returns the first index at or after from where words holds run's
// words one after another, or -1.
func runAt(words, run []string, from int) int {
	for i := from; i+len(run) <= len(words); i++ {
		if words[i] != run[0] {
			continue
		}
		j := 1
		for j < len(run) && words[i+j] == run[j] {
			j++
		}
		if j == len(run) {
			return i
		}
	}
	return -1
}

// mayHold reports whether lower, a chunk's text in lower case, holds
// every word of some run of some message (but those of one or two
// letters, which any text holds): every chain holds a whole run, so a
// chunk that does not holds no message, and most candidates are ruled out
// so without splitting their text into words.
func mayHold(msgs []message, lower string) bool {
	return slices.ContainsFunc(msgs, func(m message) bool {
		return slices.ContainsFunc(m, func(r []string) bool {
			return !slices.ContainsFunc(r, func(w string) bool { return len(w) > 2 && !strings.Contains(lower, w) })
		})
	})
}

// messageFullWords is how many words beyond the fourth a full match
// needs: a run of nine words or two of five are a message's.
const messageFullWords = 6

// textWords lists the lower-cased words of letters in s, as splitRuns
// reads a message, so that a message matches its format string across
// the placeholders and quotes between its words.
func textWords(s string) []string {
	return lowerWords(strings.ToLower(s))
}

// lowerWords is textWords of a lower-case text: slices of it.
func lowerWords(s string) []string {
	out := make([]string, 0, len(s)/6)
	start := -1
	for i := 0; i <= len(s); i++ {
		letter := i < len(s) && s[i] >= 'a' && s[i] <= 'z'
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			out = append(out, s[start:i])
			start = -1
		}
	}
	return out
}
