package search

import (
	"context"
	"regexp"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/internal/ascii"
	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/store"
)

// A report quoting an exception's message (`NotAWidgetException: Widget
// extension methods … can only be called on objects created using …`)
// finds the message where it is written, often in the exception's class,
// whose constructor holds it. The fix is where the exception is thrown,
// which names the class and holds no message. So the code constructing
// a type the report raises (`throw new NotAWidgetException()`, `raise
// ConfigError(…)`) gains the message lift of that type's declaration,
// when the type is the repository's own (a candidate declares it; not a
// ValueError) and few files construct it. A sentinel value holding the
// message (Go's `ErrQuotaExceeded = errors.New("storage quota
// exceeded")`, declared among the package's errors) is the same: the
// code returning it gains the lift of its declaration.

// A message may also be written in a factory that makes the exception
// (doctrine's `QueryException::tooFewParameters` returning `new
// self('Too few parameters: …')`), and the fix is where the factory's
// product is thrown (`throw QueryException::tooFewParameters($a, $b)`):
// that code gains the factory's lift, as a sentinel's user does.

// raiseSites are the candidates raising what a query raises (throwing a
// type, returning a sentinel, throwing a factory's exception), and the
// message lifts of its declarations.
type raiseSites struct {
	decl      map[*candidate]string // the candidates declaring a raised type, a sentinel or a factory, by its name
	sites     map[*candidate]string // the candidates constructing the type, using the sentinel or throwing the factory's
	lifts     map[string]float64    // the best message lift of a declaration of each name
	factories map[string]bool       // the names that are factories, whose sites throw what they return
	keys      map[string]bool       // the names that are a catalog's keys, whose sites show the message
}

// maxRaiseFiles is the most files that may construct a raised type (or
// use a sentinel) for each to gain its declaration's lift: an exception
// thrown everywhere tells no place.
const maxRaiseFiles = 3

// raiseSitesOf finds the candidates declaring and constructing the
// query's raised types among the lexical hits (the type's name is a
// query term), and its sentinels (sentinelSites), or nil when there are
// none.
func (r ranker) raiseSitesOf(cands []*candidate, floor float64) *raiseSites {
	names := make([]string, 0, len(r.q.raised))
	for n := range r.q.raised {
		names = append(names, n)
	}
	slices.Sort(names)
	rs := &raiseSites{decl: map[*candidate]string{}, sites: map[*candidate]string{}, lifts: map[string]float64{}, factories: map[string]bool{}, keys: map[string]bool{}}
	for _, name := range names {
		constructs := regexp.MustCompile(`(?:\bnew|\braise|\bthrow)\s+(?:[\w$]+[.\\])*` + regexp.QuoteMeta(name) + `\b`)
		declared := false
		var sites []*candidate
		for _, cd := range cands {
			if cd.lex <= 0 {
				continue
			}
			text := cd.chunk.Full().Content
			switch {
			case !strings.Contains(text, name):
			case store.DeclTier(cd.chunk, name) > 0:
				rs.decl[cd], declared = name, true
			case constructs.MatchString(text):
				sites = append(sites, cd)
			}
		}
		if declared {
			rs.mark(name, sites)
		}
	}
	r.sentinelSites(cands, floor, rs)
	if len(rs.sites) == 0 {
		return nil
	}
	return rs
}

// sentinelAssignment matches a line assigning a value to a name (Go's
// `ErrQuotaExceeded = errors.New(`, `var ErrX = …`, a constant's `X =
// "…"`), or keying it in a catalog of messages, up to the value's quote
// (lazygit's `CantRebaseOntoSelf: "You cannot rebase…"`, a JSON or
// Python `"cant_rebase": "…"`, whose users name the key); group 1 or 2
// is the name.
var sentinelAssignment = lazyre.New(`^\s*(?:(?:(?:var|const|static|final|public|private|readonly)\s+)*([A-Za-z_]\w*)(?:\s+[\w.*\[\]]+)?\s*:?=[^=]|["']?([A-Za-z_]\w*)["']?\s*:\s*["'\x60]$)`)

// sentinelSites adds to rs the sentinel values a candidate read for the
// query's messages (its lexical score at floor or above, or a hit of the
// printed lines) declares on the line quoting one, and the candidates
// using them.
func (r ranker) sentinelSites(cands []*candidate, floor float64, rs *raiseSites) {
	quoted := r.q.quotedLines()
	if len(quoted) == 0 {
		return
	}
	for _, cd := range cands {
		if !cd.readAt(floor) || rs.decl[cd] != "" {
			continue
		}
		text := cd.chunk.Full().Content
		at, line := quotingLine(text, quoted, r.q.printed)
		if at < 0 {
			continue
		}
		if name, key := declaredSentinel(text, at, line); name != "" {
			rs.decl[cd], rs.keys[name] = name, key
		} else if name := r.factoryAt(cd, text, at, line); name != "" {
			rs.decl[cd], rs.factories[name] = name, true
		}
	}
	declared := map[string]bool{}
	for _, name := range rs.decl {
		declared[name] = true
	}
	for name := range declared {
		if r.q.raised.has(name) {
			continue // a raised type's sites are found as constructions
		}
		var usedAs *regexp.Regexp
		switch {
		case rs.factories[name]:
			usedAs = regexp.MustCompile(`\b(?:throw|raise)\s+(?:[\w$]+(?:\.|::|->))*` + regexp.QuoteMeta(name) + `\s*\(`)
		case rs.keys[name]:
			// A catalog's key is used as a member (`Tr.CantRebaseOntoSelf`,
			// `Error::SealedWidget`) or looked up by name (`t("cant_rebase")`);
			// the other catalogs and the type declaring the keys name it
			// otherwise.
			usedAs = regexp.MustCompile(`(?:\.|::|\(\s*["'])` + regexp.QuoteMeta(name) + `\b`)
		}
		var sites []*candidate
		for _, cd := range cands {
			text := cd.chunk.Full().Content
			if rs.decl[cd] != name && containsIdent(text, name) && (usedAs == nil || usedAs.MatchString(text)) {
				sites = append(sites, cd)
			}
		}
		rs.mark(name, sites)
	}
}

// sentinelUses adds to the candidates, through get, the chunks naming a
// sentinel, a catalog's key or an error variant that hits declare with a
// message the query quotes: the code returning `Err(Error::SealedWidget)`
// quotes nothing of the report, and the channels need not find it
// (gitui's sync/commit.rs under its error.rs). One lexical look-up of
// sentinelUseHits a name, for maxSentinelNames names at most.
func sentinelUses(ctx context.Context, ix store.Searcher, req Request, q Query, hits []store.Hit, get func(*store.Chunk) *candidate) error {
	quoted := q.quotedLines()
	if len(quoted) == 0 {
		return nil
	}
	var names []string
	for _, h := range hits {
		text := h.Chunk.Full().Content
		at, line := quotingLine(text, quoted, q.printed)
		if at < 0 {
			continue
		}
		if name, _ := declaredSentinel(text, at, line); name != "" && !q.raised.has(name) && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	for _, name := range names[:min(len(names), maxSentinelNames)] {
		uses, err := ix.Lexical(ctx, req.Kind, name, sentinelUseHits, req.Filter)
		if err != nil {
			return err
		}
		for _, h := range uses {
			if containsIdent(h.Chunk.Full().Content, name) {
				get(h.Chunk)
			}
		}
	}
	return nil
}

// Bounds on sentinelUses: the best lexical hits read for declarations,
// the names looked up, the chunks each brings.
const (
	sentinelReads    = 20
	maxSentinelNames = 3
	sentinelUseHits  = 20
)

// quotedLines returns what the query quotes as printed, lower case: each
// message's first words, each error line's message whole.
func (q Query) quotedLines() []string {
	var quoted []string
	for _, m := range q.messages {
		if len(m) > 0 {
			quoted = append(quoted, strings.Join(m[0][:min(len(m[0]), minRunWords)], " "))
		}
	}
	if q.printed != nil {
		for _, l := range q.printed.lines {
			if l.whole {
				quoted = append(quoted, l.text)
			}
		}
	}
	return quoted
}

// quotingLine returns where text first holds one of quoted, or else a
// literal printing one of the printed lines (a template, typedoc's
// `"{0}, defined in {1}, is referenced by {2} but not included …"`), and
// its line up to there; -1 when it holds none.
func quotingLine(text string, quoted []string, printed *printedLines) (int, string) {
	lower := ascii.LowerString(text) // its offsets are text's
	at := -1
	for _, q := range quoted {
		if at = strings.Index(lower, q); at >= 0 {
			break
		}
	}
	if at < 0 {
		at = printed.printedAt(lower)
	}
	if at < 0 {
		return -1, ""
	}
	return at, text[strings.LastIndexByte(text[:at], '\n')+1 : at]
}

// declaredSentinel returns the name text declares with the message it
// quotes at offset at, on line (text up to at on its line): a sentinel's
// or a constant's, a catalog's key (key true), an attributed variant's;
// "" for none.
func declaredSentinel(text string, at int, line string) (name string, key bool) {
	if strings.TrimLeft(line, " \t") != "" && strings.Trim(line, " \t\"'`") == "" {
		// The value alone on its line, its key on the line above
		// (typedoc's `type_0_defined_in_1_…:` / `` `{0}, defined in {1} …` ``).
		start := len(text[:at]) - len(line)
		prev := strings.TrimRight(text[:max(0, start-1)], "\r")
		line = prev[strings.LastIndexByte(prev, '\n')+1:] + strings.TrimLeft(line, " \t")
	}
	if m := sentinelAssignment().FindStringSubmatch(line); m != nil && len(m[1]+m[2]) >= minSentinelBytes {
		return m[1] + m[2], m[2] != ""
	}
	name = attributedVariant(text, at, line)
	return name, name != "" // an error enum is a catalog of its messages
}

// messageAttribute matches a line opening an attribute that gives the
// declaration below it its message, up to a place in the message (Rust's
// thiserror `#[error("amend error: …")]`, displaydoc's `#[display("…")]`).
var messageAttribute = lazyre.New(`^\s*#\[(?:error|display)\(\s*"[^"]*$`)

// attributedVariant returns the name an attribute on line (text up to at,
// the quoted message) gives its message, the first name after it closes
// (`#[error("cannot frobnicate a sealed widget")]` / `SealedWidget,`), or
// "": an error enum's variant, which the code returning it names
// (`Err(Error::SealedWidget)`) and quotes nothing.
func attributedVariant(text string, at int, line string) string {
	if !messageAttribute().MatchString(line) {
		return ""
	}
	end := strings.Index(text[at:], ")]")
	if end < 0 {
		return ""
	}
	rest := text[at+end+2:]
	m := variantName().FindStringSubmatch(rest[:min(len(rest), 200)])
	if m == nil || len(m[1]) < minSentinelBytes {
		return ""
	}
	return m[1]
}

// variantName matches the name opening what follows an attribute, past
// blanks and further attributes.
var variantName = lazyre.New(`^(?:\s|#\[[^\]\n]*\])*([A-Z]\w*)`)

// factoryReturn matches the opening of a line returning what it makes
// (`return new self(`, `return new QueryException(`, `return cls(`).
var factoryReturn = lazyre.New(`^\s*return\s+(?:new\s+)?[\w$\\.]+\s*\(`)

// factoryAt returns the name of the function or method of cd's file
// whose body returns, on the line before offset at of text (cd's
// content), what it makes with the message there, or "".
func (r ranker) factoryAt(cd *candidate, text string, at int, line string) string {
	if !factoryReturn().MatchString(line) {
		return ""
	}
	g := r.decls.of(cd)
	if g == nil {
		return ""
	}
	n := cd.chunk.StartLine + strings.Count(text[:at], "\n")
	best := -1
	for i, d := range g.Defs {
		if callableKinds[d.Kind] && d.StartLine <= n && n <= d.EndLine && (best < 0 || d.StartLine >= g.Defs[best].StartLine) {
			best = i
		}
	}
	if best < 0 || len(g.Defs[best].Name) < minSentinelBytes {
		return ""
	}
	return g.Defs[best].Name
}

// mark records sites as raising name, when they are in one file to
// maxRaiseFiles.
func (rs *raiseSites) mark(name string, sites []*candidate) {
	files := map[string]bool{}
	for _, cd := range sites {
		files[cd.fileKey()] = true
	}
	if len(files) == 0 || len(files) > maxRaiseFiles {
		return
	}
	for _, cd := range sites {
		rs.sites[cd] = name
	}
}

// minSentinelBytes is the shortest name taken for a sentinel: a message
// assigned to `s` or `msg` is a local's, used by no other code.
const minSentinelBytes = 5

// declaring records the message lift of cd, if it declares a raised type.
func (rs *raiseSites) declaring(cd *candidate, lift float64) {
	if name, ok := rs.decl[cd]; ok {
		rs.lifts[name] = max(rs.lifts[name], lift)
	}
}

// lift adds to each candidate constructing a raised type the message
// lift of the type's declaration, as its path facts multiply it. A
// catalog's entry hands its lift to the code showing the message by the
// entry's key: a table of messages is no place a report is about.
func (rs *raiseSites) lift(cands []*candidate, mult []float64, lifts []float64) {
	used := map[string]bool{}
	for i, cd := range cands {
		if name, ok := rs.sites[cd]; ok {
			cd.score += rs.lifts[name] * mult[i]
			used[name] = true
		}
	}
	for i, cd := range cands {
		if name, ok := rs.decl[cd]; ok && rs.keys[name] && used[name] {
			cd.score -= lifts[i] * mult[i]
		}
	}
}
