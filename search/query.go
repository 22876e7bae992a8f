package search

import (
	"slices"
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/internal/pathclass"
	"github.com/codeseek/codeseek/store"
)

// QueryKind is what a query looks like, which decides how much each
// ranking signal can be trusted.
type QueryKind int

// Query kinds.
const (
	// NaturalLanguage is a phrase ("gzip response compression middleware").
	NaturalLanguage QueryKind = iota
	// Question is a phrase asking how or why something works ("how are
	// path parameters extracted"); its answer is usually a central file.
	Question
	// Identifier is a bare or qualified name ("ParseDuration",
	// "http.Client", "Sinatra::Base", "parse_args").
	Identifier
	// Description is a sentence saying what one piece of code does, the
	// way its doc comment would ("returns the current term.", "is used
	// to construct a new node"). Its answer is one function, not an
	// area, so file-level evidence and per-file diversity are not used.
	Description
)

// String names the kind, as the ablation report shows it.
func (k QueryKind) String() string {
	switch k {
	case Question:
		return "question"
	case Identifier:
		return "identifier"
	case Description:
		return "description"
	}
	return "natural-language"
}

// identifierQuery matches a bare identifier, possibly qualified with ".",
// "::", "->", "\" or Lua's method ":" ("M:add").
var identifierQuery = lazyre.New(`^[A-Za-z_$][A-Za-z0-9_$]*((\.|::?|->|\\)[A-Za-z_$][A-Za-z0-9_$]*)*$`)

// embeddedIdentifier matches names inside a phrase that can only be code:
// camelCase, PascalCase with an inner capital, snake_case.
var embeddedIdentifier = lazyre.New(`\b([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+)\b`)

// questionWords open a Question.
var questionWords = map[string]bool{"how": true, "why": true, "where": true, "what": true, "which": true, "when": true}

// stopWords carry no meaning for matching paths or terms.
var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "at": true, "be": true, "by": true, "do": true,
	"does": true, "for": true, "from": true, "has": true, "have": true, "how": true, "if": true, "in": true,
	"into": true, "is": true, "it": true, "its": true, "not": true, "of": true, "on": true, "or": true, "the": true,
	"to": true, "was": true, "what": true, "when": true, "where": true, "which": true, "who": true, "why": true,
	"with": true, "that": true, "this": true, "these": true, "there": true, "their": true, "they": true, "them": true,
	"can": true, "get": true, "gets": true, "use": true, "used": true, "using": true, "via": true, "we": true, "i": true,
}

// IsStopWord reports whether a lower-case query word carries no meaning for
// matching, so that views emphasising the query's words (the terminal view)
// skip the same words the ranker does.
func IsStopWord(w string) bool { return stopWords[w] }

// Query is a search query analysed once for every ranking feature.
type Query struct {
	Text string
	Kind QueryKind
	// Name is the identifier an Identifier query names, unqualified
	// ("Client" for "http.Client").
	Name string
	// Names are identifiers a phrase mentions ("beforeAll", "parse_args").
	Names []string
	// Types are capitalized words after a phrase's first word ("how
	// Observable represents …"): likelier type names than Names are
	// sure to be, and often common words of the code too ("String"), so
	// they are only looked for among the candidates, not in the index.
	Types []string
	// Terms are the query's lexical terms without stop words, in order,
	// each once: what paths and chunks are matched against.
	Terms []string
	// Paths are the files the query names ("tornado/web.py"), as path
	// components.
	Paths [][]string
	// pathWeights are what each of Paths counts: less for a stack
	// trace's outer frames.
	pathWeights []float64
	// frames are where stack-trace frames say they were, by mentioned
	// path as mentions writes it.
	frames map[string][]frame
	// repeated are Terms as the text repeats them, each at most
	// maxTermRepeats times: what the lexical channel searches for.
	repeated []string
	// wants are path classes the query itself asks for ("tests",
	// "examples"), which are then not demoted.
	wants pathclass.Class
	// report is a text that reads as a report: a long query
	// (longQueryTerms or more) over several lines, sentences about a
	// behaviour under a title, as an issue or a commit message is
	// written. A docstring's sentences, which describe one piece of
	// code, arrive as one line; so does a report whose line breaks a
	// shell or a client folded, which is longer (flatReportTerms) and
	// does not open as a doc comment does (docOpening).
	report bool
	// frameFunc is the innermost function a backtrace names without its
	// file (gdb's `#1 0x… in sdscatlen (…)`, a Rust release build's `2:
	// hyper::common::time::Time::sleep`), Names[0]; the file declaring it
	// counts as a named file. frameOwner is the type the frame names it
	// a method of (Time), or "".
	frameFunc, frameOwner string
	// raised tells the exception types the text's error lines print:
	// no names of the query (raisedTypes), nor the files named so.
	raised raisedSet
	// messages are the error messages the text quotes (messagesOf).
	messages []message
	// printed are the lines the text may quote as a program printed
	// them (printedLinesOf).
	printed *printedLines
	// oneLine is a query of one line: a message in it was pasted alone.
	oneLine bool
	// verbatim is a query that is one message alone, every word of it
	// a run of plain words (`Cannot override method on final class`):
	// pasted from the output, it is in the code as typed.
	verbatim bool
	// word is a single lower-case word ("squeeze", "response"): the name
	// of a declaration (Python's, Rust's and Go's functions are often
	// one such word) or a topic. Search reads it as an identifier when
	// an index declares it, as a phrase otherwise.
	word bool
}

// ParseQuery analyses text.
func ParseQuery(text string) Query {
	raw := text
	text = strings.TrimSpace(QueryText(text))
	q := Query{Text: text}
	ident := identifierQuery().MatchString(text)
	if ident && plainWord(text) || !ident && suffixedName(text) {
		q.word, q.Name = true, lastName(text)
	}
	if ident && !q.word {
		q.Kind = Identifier
		q.Name = lastName(text)
	} else {
		first := strings.ToLower(strings.Fields(text + " x")[0])
		switch {
		case questionWords[first]:
			q.Kind = Question
		case describes(text):
			q.Kind = Description
		}
		for _, m := range embeddedIdentifier().FindAllString(text, -1) {
			q.Names = appendOnce(q.Names, m)
		}
		if fn, owner := backtraceFunc(text); fn != "" {
			// Asked first, so that its declarations are within the names
			// looked up (maxNamed).
			q.Names = append([]string{fn}, slices.DeleteFunc(q.Names, func(n string) bool { return n == fn })...)
			q.frameFunc, q.frameOwner = fn, owner
		}
		q.Types = typeNames(text)
	}
	seen := map[string]int{}
	store.LexTerms(withoutPlatformRaised(text), func(t []byte) {
		s := string(t)
		if q.Kind != Identifier && !q.word && stopWords[s] {
			return
		}
		seen[s]++
		if seen[s] <= maxTermRepeats {
			q.repeated = append(q.repeated, s)
		}
		if seen[s] == 1 {
			q.Terms = append(q.Terms, s)
		}
	})
	q.wants = classesNamed(text, q.Terms)
	lines := strings.Contains(text, "\n")
	q.report = len(q.Terms) >= longQueryTerms && lines ||
		len(q.Terms) >= flatReportTerms && !docOpening(strings.Fields(text))
	if q.report && lines {
		q.stressTitle(text, seen)
	}
	if len(q.Terms) >= longQueryTerms {
		// A long text that says "test" or "example" is a bug report
		// telling of them ("the test fails", "add a regression test"),
		// not a request for them, which is short ("tests for retries").
		// The platform it names ("the cache is stale on Windows") is
		// where the bug is.
		q.wants &= pathclass.Platform
	}
	q.Paths, q.pathWeights, q.frames = scanMentions(raw)
	q.messages = messagesOf(raw)
	if q.report && lines {
		// A report over lines, as pasted; a docstring's one line quotes
		// nothing.
		q.messages = append(q.messages, proseMessages(raw)...)
	}
	if len(q.messages) == 0 && !lines && q.Kind != Question && q.Kind != Identifier {
		if m := verbatimMessage(text); m != nil {
			q.messages, q.verbatim = []message{m}, true
		}
	}
	if q.Kind != Identifier {
		q.printed, q.oneLine = printedLinesOf(raw), !lines
	}
	q.raised = raisedTypes(raw)
	q.Names = slices.DeleteFunc(q.Names, q.raised.has)
	return q
}

// stressTitle counts a report's title terms as often as any term may
// count (maxTermRepeats), as BM25F weighs a title field: the title states
// the problem in the fewest words, and the body's context, code and logs
// outnumber them. Only the lexical channel reads the counts; weighing the
// title in the embedding too lost answers (docs/evaluation.md).
func (q *Query) stressTitle(text string, seen map[string]int) {
	store.LexTerms(titleOf(text), func(t []byte) {
		s := string(t)
		if stopWords[s] {
			return
		}
		for seen[s] < maxTermRepeats {
			seen[s]++
			q.repeated = append(q.repeated, s)
		}
	})
}

// titleOf returns a report's title: its first line that says something
// of its own, past an address on a line by itself (the link
// pasted before it) and a statement of code (the call a report pastes
// first, `$conn->executeQuery(…);`), and without a label ("Title: …").
func titleOf(text string) string {
	for _, ln := range strings.Split(text, "\n") {
		t := strings.TrimSpace(ln)
		if t == "" || bareLink().MatchString(t) || statementLine(t) {
			continue
		}
		return titleLabel().ReplaceAllString(t, "")
	}
	return ""
}

// statementLine reports a line of code as no prose ends or opens one: a
// statement's semicolon or a block's brace at its end, a shell's or a
// REPL's prompt, a variable's sigil at its start.
func statementLine(t string) bool {
	return strings.HasSuffix(t, ";") || strings.HasSuffix(t, "{") ||
		strings.HasPrefix(t, "$") || strings.HasPrefix(t, ">>> ") || strings.HasPrefix(t, "iex> ")
}

// bareLink is a line that is only an address.
var bareLink = lazyre.New(`^<?https?://\S+>?$`)

// titleLabel is the label a title is pasted under ("Title: …").
var titleLabel = lazyre.New(`(?i)^(?:title|subject|issue|summary)\s*:\s*`)

// auxiliaries open a description whose subject is the code itself ("is
// used to …", "will add …", "should only be called …").
var auxiliaries = map[string]bool{
	"is": true, "are": true, "will": true, "should": true, "can": true, "may": true, "must": true,
	"was": true, "does": true, "has": true, "would": true, "could": true,
}

// objectWords follow a third-person verb at the start of a description
// ("returns the …", "creates a new …", "tries to …"); a plural noun
// opening a topic ("routes registration …") is not followed by them.
var objectWords = map[string]bool{
	"the": true, "a": true, "an": true, "any": true, "all": true, "each": true, "every": true, "this": true,
	"that": true, "its": true, "our": true, "their": true, "new": true, "whether": true, "if": true,
	"to": true, "some": true, "no": true, "up": true, "out": true, "in": true, "on": true, "for": true,
	"from": true, "with": true, "as": true, "it": true, "them": true, "given": true, "only": true,
	"back": true, "true": true, "false": true, "nil": true, "none": true, "zero": true,
}

// sentenceEnd is a full stop that ends a sentence rather than a name
// ("term.", "term. The", not "os.Open").
var sentenceEnd = lazyre.New(`\.(\s|$)`)

// determiners open the object of an imperative ("choose the …", "decide
// whether …").
var determiners = map[string]bool{
	"the": true, "a": true, "an": true, "whether": true, "all": true, "any": true, "each": true,
	"every": true, "its": true, "our": true, "their": true, "some": true, "new": true,
}

// particles follow a subject and its verb ("leader steps down", "follower
// times out", "follower receives a …").
var particles = map[string]bool{"the": true, "a": true, "an": true, "out": true, "down": true, "off": true, "up": true}

// describes reports text that reads like a sentence about what one piece
// of code does, the way a doc comment or a behaviour note is written: it
// opens with an auxiliary ("is used to …"), a third-person verb and its
// object ("returns the …"), an imperative and its object ("choose the
// …"), or a subject and its verb ("leader steps down …"); or it is a
// sentence of four or more words ending in a full stop. Topic phrases
// ("gzip response compression", "reading data from a stream") open with
// nouns and gerunds instead.
func describes(text string) bool {
	w := strings.Fields(text)
	if len(w) < 3 {
		return false
	}
	if len(w) >= 4 && sentenceEnd().MatchString(text) {
		return true
	}
	return opensDescription(w)
}

// opensDescription reports words that open as a description of code
// does: an auxiliary, a third-person verb and its object, an imperative
// and its object, or a subject and its verb.
func opensDescription(w []string) bool {
	if len(w) < 3 {
		return false
	}
	first, second := w[0], strings.ToLower(strings.Trim(w[1], `"'(),`))
	if !plainWord(first) || strings.HasSuffix(first, "ing") {
		return false
	}
	switch {
	case auxiliaries[first]:
		return true
	case verbS(first) && objectWords[second]:
		return true
	case determiners[second]:
		return true
	}
	return plainWord(w[1]) && verbS(w[1]) && particles[strings.ToLower(w[2])]
}

// verbS reports a word that may be a verb in the third person
// ("returns", "waits"), not a word ending in a double s ("process").
func verbS(s string) bool {
	return len(s) > 3 && strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss")
}

// flatReportTerms is how many content terms a one-line text needs to
// read as a report: a pasted issue whose line breaks were folded (a
// shell's word splitting, a client's single-line field) lost the break
// that tells it from a docstring, and read as a description it loses a
// report's reading (issue sets flattened: real issue texts Acc@1 0.505 →
// 0.584, the dev set 0.602 → 0.632). Docstrings of 30 terms or more are
// one in twenty of the docstring suite's, and most open as a doc comment
// does (docOpening).
const flatReportTerms = 30

// docOpening reports a text that opens as a doc comment does: as a
// description ("Returns the …", "will add …"), or with the declaration's
// name and its verb ("cmdFirstKey returns the …"), as Go's and many
// projects' comments do. A report opens with its title.
func docOpening(w []string) bool {
	if len(w) < 3 {
		return false
	}
	lower := append([]string{strings.ToLower(w[0])}, w[1:]...)
	if opensDescription(lower) {
		return true
	}
	third := strings.ToLower(w[2])
	return !plainWord(lower[0]) && identifierQuery().MatchString(w[0]) &&
		plainWord(w[1]) && verbS(w[1]) && (objectWords[third] || particles[third])
}

// capitalized matches a word written with a leading capital and lower
// case after it ("Observable", "Monad").
var capitalized = lazyre.New(`^[A-Z][a-z0-9]{2,}$`)

// typeNames returns the capitalized words of a phrase that do not open a
// sentence or a line: written mid-sentence with a capital, "how
// Observable represents …" or "how Monad composes …" names a type, whose
// declaration is a likely answer. A sentence's first word ("We were
// failing … . Close with NO_ERROR", a bug report's next line) is
// capitalized by grammar, not naming.
func typeNames(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		start := true
		for _, w := range strings.Fields(line) {
			t := qualifier(strings.Trim(w, `"'(),.:;?!`+"`"))
			if !start && capitalized().MatchString(t) {
				out = append(out, t)
			}
			start = strings.ContainsAny(w[len(w)-1:], ".!?:")
		}
	}
	return out
}

// qualifier is the type a member is named through ("Input" for
// "Input::new", "Parameters" for "Parameters.__init__"), or w itself.
func qualifier(w string) string {
	if i := strings.IndexAny(w, ".:(<["); i > 0 {
		return w[:i]
	}
	return w
}

// maxTermRepeats caps how often a term counts in the lexical channel's
// query. A word a bug report repeats is what it is about, as BM25's query
// term frequency has it (mypy's "overload" three times in a report about
// overloads); past a few repeats a pasted log or snippet would drown the
// rest of the text. In a short query a repeat is phrasing ("request id of
// the request"), and counts once.
const maxTermRepeats = 3

// lexicalText is what the lexical channel searches for: the query's terms
// for a phrase (stop words would only add noise), for a long one as often
// as the text repeats them up to maxTermRepeats; the text itself for an
// identifier. A phrase about code also asks for the short forms
// identifiers write for its words (withAbbreviations); documentation is
// prose, which writes them out.
func (q Query) lexicalText(k store.Kind) string {
	if q.Kind == Identifier || len(q.Terms) == 0 {
		return q.Text
	}
	if len(q.Terms) < longQueryTerms {
		if k == store.Code {
			return strings.Join(withAbbreviations(q.Terms), " ")
		}
		return strings.Join(q.Terms, " ")
	}
	return strings.Join(q.repeated, " ")
}

// asName reads a single word that an index declares as an identifier.
func (q *Query) asName() {
	q.Kind, q.word = Identifier, false
}

// plainWord reports a single lower-case word ("response", "squeeze"),
// which may name a topic or a declaration (Query.word).
func plainWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// suffixedName reports an identifier that ends as Ruby's and Elixir's
// names may ("empty?", "Repo.insert!") or Haskell's ("foldl'"). Like a
// plain word it is a name only where an index declares it: "why?" is a
// question.
func suffixedName(s string) bool {
	base := strings.TrimRight(s, "'")
	if base == s {
		base = strings.TrimSuffix(strings.TrimSuffix(s, "?"), "!")
	}
	return base != s && identifierQuery().MatchString(base)
}

// lastName strips qualifiers: "http.Client" → "Client".
func lastName(s string) string {
	for _, sep := range []string{"::", "->", "\\", ".", ":"} {
		if i := strings.LastIndex(s, sep); i >= 0 {
			s = s[i+len(sep):]
		}
	}
	return s
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
