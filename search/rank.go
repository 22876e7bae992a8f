package search

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/internal/pathclass"
)

// ranker scores the candidates of one query. Each feature is computed
// apart from the others and can be switched off (Options.Off).
type ranker struct {
	q    Query
	mode string
	opt  Options
	w    Weights
	// docs ranks documentation sections (search_docs) rather than code.
	docs bool
	// decls are the declarations of the candidates' files this query
	// has read.
	decls declCache
}

// sectionsAlone reports whether the file-level features that spread a
// page over many files (the per-file decay and cap, file coherence) are
// left out: true for documentation. A page of documentation is about one
// topic, so the sections answering a question and those helping with it
// usually share a page; ranking them by their own evidence kept the
// answer in the top 10 for 0.977 of the documentation dev set's questions
// against 0.895 with the code search's per-file rules (evaluation.md).
func (r ranker) sectionsAlone() bool {
	return r.docs && r.opt.on(SectionsAlone)
}

// score sets every candidate's score and its final, per-file decayed
// order value.
func (r ranker) score(cands []*candidate) {
	if len(cands) == 0 {
		return
	}
	blend := r.blend(cands)
	readMessages := (len(r.q.messages) > 0 || r.q.printed != nil) && r.opt.on(Messages) && !r.docs
	messageFloor := math.Inf(1)
	var lowers []string // the read candidates' text in lower case, for the sole printer and the message lift
	if readMessages {
		messageFloor = lexicalFloor(cands, r.messageReads())
		lowers = readLower(cands, messageFloor)
	}
	// The same blend on fixed scales (cosine, saturated BM25): what a
	// score means from one query to the next.
	absolute := channelBlend{vec: clamp01, lex: saturate, alpha: blend.alpha}
	// A trace whose frames are at none of the candidates (the reporter's
	// own program, `panicked at src/settings.rs:41`) tells nothing of the
	// code on the failure's way.
	traced := r.q.frameFunc != "" || slices.ContainsFunc(cands, func(cd *candidate) bool { return cd.atFrame > 0 })
	var raisers *raiseSites
	sole := "" // the one file printing a line the query quotes, under a trace
	if readMessages {
		raisers = r.raiseSitesOf(cands, messageFloor)
		if traced {
			sole = r.solePrinter(cands, lowers)
		}
	}
	oldVersion := r.olderVersions(cands)
	variant := variantsOf(r.q, cands)
	// What a path says is the same for every chunk of a file: work it
	// out once per file.
	type pathFacts struct {
		lift  float64 // added by the path match
		prior float64 // the path priors' multiplier
		older float64 // the older-version, variant and header demotions' multiplier
		once  float64 // added to the file's best chunk only (reportNamed)
		// mentioned is added for the file's being named (Mentions), to
		// its chunks but its imports: a named file's header is no code
		// the text is about, and took a report's second place.
		mentioned float64
		test      bool // the path prior counted the file as a test
	}
	facts := map[string]pathFacts{}
	reported := false                           // a file has a report's lift for its best chunk
	mult := make([]float64, len(cands))         // what the path facts multiply a candidate's score by
	messageLifts := make([]float64, len(cands)) // what each gained for the query's messages
	paths := newPathMatcher(r.q, cands)
	var headings *headingMatcher
	if r.docs && r.opt.on(HeadingMatch) {
		h := newHeadingMatcher(r.q, cands)
		headings = &h
	}
	names := r.mergedNames(cands)
	for i, cd := range cands {
		p := cd.chunk.FilePath
		f, ok := facts[p]
		if !ok {
			f = pathFacts{prior: 1, older: 1}
			if r.opt.on(PathMatch) {
				f.lift = r.w.Path * paths.match(p) * r.fileEvidence()
			}
			if r.opt.on(FileName) {
				named := r.w.FileName * paths.named(p)
				f.lift += named * r.fileEvidence()
				if r.reportNamed(paths, p) {
					f.once, reported = named*reportNameShare, true
				}
			}
			if r.opt.on(Mentions) {
				f.mentioned = r.w.Mention * cd.mention
			}
			if r.opt.on(FileLexical) && cd.fileLex > 0 {
				f.once, reported = f.once+r.w.FileLex*cd.fileLex, true
			}
			if r.opt.on(PathPrior) {
				in, out := markedClasses(cd.ix, p)
				c := (pathclass.Of(p) | in) &^ out
				if c&pathclass.Vendored != 0 && vendoredNamed(r.q, p) {
					c &^= pathclass.Vendored
				}
				f.prior, f.test = prior(c, r.q.wants), c&pathclass.Test != 0
			}
			if r.opt.on(Versions) && oldVersion(p) {
				f.older = 0.5
			}
			if r.opt.on(Headers) && (r.q.Kind == Question || r.q.report) && !r.docs && (hasSource(cd.ix, p) || implementedElsewhere(cd.ix, p)) {
				f.older *= r.w.Header
			}
			if r.opt.on(Variants) && variant(p) {
				// A file-level judgement, as the path match is: a query
				// describing one function wants that function wherever it is.
				f.older *= 1 - (1-r.w.Variant)*r.fileEvidence()
			}
			facts[p] = f
		}
		cd.abs = absolute.of(cd)
		if cd.decl > 0 {
			cd.abs = 1
		}
		base := blend.of(cd)
		if r.opt.on(NameMatch) {
			base += r.w.Name * nameMatch(r.q, cd.chunk, names[cd])
		}
		if headings != nil {
			base += r.w.Heading * headings.match(cd.chunk)
		}
		if readMessages && cd.readAt(messageFloor) {
			lift := r.messageLift(lowers[i], traced && cd.fileKey() != sole)
			base += lift
			messageLifts[i] = lift
			if raisers != nil {
				raisers.declaring(cd, lift)
			}
		}
		mult[i] = f.prior * f.older
		if r.opt.on(PathPrior) && !r.docs && licenceHeader(cd.chunk) {
			mult[i] *= prior(pathclass.Legal, r.q.wants) // a licence's comment above a package line, as a LICENSE file ranks
		}
		if cd.chunk.SymbolKind == "test" && r.opt.on(PathPrior) && !f.test {
			mult[i] *= prior(pathclass.Test, r.q.wants) // a test block beside the code (Zig's `test "…" {`)
		}
		lift := f.lift
		if cd.chunk.SymbolKind != "imports" {
			lift += f.mentioned
		}
		cd.score = (base+lift)*mult[i] + r.declBoost(cd)
	}
	if raisers != nil {
		raisers.lift(cands, mult, messageLifts)
	}
	if reported {
		liftBest(cands, func(cd *candidate, i int) float64 { return facts[cd.chunk.FilePath].once * mult[i] })
	}
	if r.opt.on(Central) && r.q.Kind != Identifier && !r.docs { // sections declare nothing
		r.central(cands, mult)
	}
	if r.opt.on(Coherence) && !r.sectionsAlone() {
		r.coherence(cands, blend)
	}
	if r.opt.on(Mentions) {
		framesFirst(cands)
	}
	r.decay(cands)
}

// messageLift is what a chunk gains for holding the query's messages. A
// query that is a message pasted alone names the chunk holding it, as a
// named file is named, by the share of its words held; a line one of
// the chunk's string literals prints names it whole. A report with no
// trace at the candidates (traced false) counts its messages more
// (untracedShare): nothing else in it tells the code on the failure's
// way. lower is the chunk's text in lower case.
func (r ranker) messageLift(lower string, traced bool) float64 {
	w := r.w.Message
	if !traced {
		w *= untracedShare
	}
	lift := 0.0
	if r.q.printed.printedBy(lower) {
		lift = w * printedShare
		switch {
		case r.q.oneLine:
			lift = r.w.Mention
		case !traced:
			lift = w // no trace to tell the raise site from its namesakes
		}
	}
	if !r.q.verbatim {
		return max(lift, w*messageMatch(r.q.messages, lower))
	}
	n := messageWords(r.q.messages, lower)
	if n < minRunWords {
		return lift
	}
	return max(lift, r.w.Mention*float64(n)/float64(r.q.messages[0].words()))
}

// solePrinter returns the file of the only candidates read for the
// query's messages that print one of its lines, or "" when none or
// several files do, or the trace has a frame in it. A trace's frames
// tell a raise site from its namesakes, which is why a traced report's
// printed line lifts less; a line one file alone prints has no
// namesakes, and that file gains as under an untraced report
// (messenger's Serializer.php, throwing the message a PHP trace quotes,
// had ranked under the trace's outer frames). lowers holds each read
// candidate's text in lower case, "" for the rest (readLower).
func (r ranker) solePrinter(cands []*candidate, lowers []string) string {
	if r.q.printed == nil {
		return ""
	}
	sole := ""
	for i, cd := range cands {
		if k := cd.fileKey(); k != sole && r.q.printed.printedBy(lowers[i]) {
			if sole != "" {
				return ""
			}
			sole = k
		}
	}
	if slices.ContainsFunc(cands, func(cd *candidate) bool { return cd.atFrame > 0 && cd.fileKey() == sole }) {
		return "" // a frame's file: the trace says so already (black's brackets.py, raising what linegen.py's fix avoids)
	}
	return sole
}

// readLower returns the text in lower case of each candidate read for
// the query's messages (readAt), "" for the rest: the sole printer and
// the message lift both read it.
func readLower(cands []*candidate, floor float64) []string {
	lowers := make([]string, len(cands))
	for i, cd := range cands {
		if cd.readAt(floor) {
			lowers[i] = strings.ToLower(cd.chunk.Full().Content)
		}
	}
	return lowers
}

// readAt reports whether a candidate is read for the query's messages:
// its lexical score is at floor or above, or it is a hit of the
// printed lines.
func (cd *candidate) readAt(floor float64) bool { return cd.lex >= floor || cd.printedHit }

// untracedShare multiplies the message lift of a report holding no
// trace: a chunk printing its line gains more than the declaration lift
// of a name its snippet calls (DeclReport), which had put
// `WidgetFactory.newWidget` above the `check` printing "Widget can only
// be started once".
const untracedShare = 2

// printedShare is how much of a report's message lift a chunk printing
// one of its lines gains, however few its words: as much as six words of
// a message held in a row (messageMatch), whose raise site the frames of
// the report's trace, when it has one, still tell from its namesakes.
const printedShare = 0.5

// messageReads is how many of the best lexical hits are read for the
// query's messages: a chunk holding a message's words is among them, as
// they are the query's words, and reading every candidate's text cost a
// plain phrase's search a fifth more time (a query pasted whole, or a
// line only a literal may print), a report's half as much again (its
// prose's runs). A line quoting a message among other words reads as
// many as a report: Newtonsoft's JPath.cs, throwing the message, is not
// among the 20 best hits of the words around it.
func (r ranker) messageReads() int {
	if r.q.verbatim || r.q.oneLine && len(r.q.messages) == 0 {
		return 20
	}
	return 100
}

// lexicalFloor returns the lexical score of the n-th best lexical hit
// among cands, above 0: the hits at or above it are the n best.
func lexicalFloor(cands []*candidate, n int) float64 {
	var lex []float64
	for _, cd := range cands {
		if cd.lex > 0 {
			lex = append(lex, cd.lex)
		}
	}
	if len(lex) == 0 {
		return math.Inf(1)
	}
	slices.Sort(lex)
	return lex[max(0, len(lex)-n)]
}

// framesFirst puts, of a file a stack trace names, the chunks holding a
// line a frame is at first among the file's chunks, level with its best
// one, the innermost frame's first: the trace failed there (monolog's
// StreamHandler.php(168) is in its write method, not in the class head a
// report's words match; devise's raise_no_secret_key, not devise_for
// calling it), while the file ranks among the others as its evidence
// says.
func framesFirst(cands []*candidate) {
	best := map[string]float64{}
	framed := false
	for _, cd := range cands {
		k := cd.fileKey()
		best[k] = max(best[k], cd.score)
		framed = framed || cd.atFrame > 0
	}
	if !framed {
		return
	}
	for _, cd := range cands {
		if cd.atFrame > 0 {
			cd.score = best[cd.fileKey()] + frameStep*cd.atFrame
		}
	}
}

// frameStep is what a frame's depth adds to its chunk's score above its
// file's best: enough to order the file's frames, too little to move the
// file among the others.
const frameStep = 1e-9

// vectorShare is the vector channel's weight in the blend for this query.
func (r ranker) vectorShare() float64 {
	switch r.mode {
	case Vector:
		return 1
	case Lexical:
		return 0
	}
	if !r.opt.on(KindWeights) {
		return r.w.VectorNL
	}
	switch {
	case r.q.Kind == Identifier, r.q.word:
		// One word that names no declaration is still the user's word
		// ("difflib", "squeeze"): the model may not know it, and the
		// chunks that say it are the evidence.
		return r.w.VectorIdent
	case r.q.Kind == Question:
		return r.w.VectorQuestion
	}
	return r.w.VectorNL
}

// channelBlend mixes a query's two channels: each channel's scores mapped
// to 0..1, then weighed by the query kind's vector share.
type channelBlend struct {
	vec, lex func(float64) float64 // a raw channel score to 0..1
	alpha    float64               // the vector channel's share
}

// of is a candidate's evidence before any other feature.
func (b channelBlend) of(cd *candidate) float64 { return b.mix(b.vec(cd.vec), b.lex(cd.lex)) }

// mix blends two scores already mapped to 0..1.
func (b channelBlend) mix(vec, lex float64) float64 { return b.alpha*vec + (1-b.alpha)*lex }

// blend returns the channels' blend for this query, calibrated over its
// candidates.
func (r ranker) blend(cands []*candidate) channelBlend {
	vecN, lexN := r.calibration(cands)
	return channelBlend{vec: vecN, lex: lexN, alpha: r.vectorShare()}
}

// calibration returns the functions that map raw channel scores to 0..1
// for this query: min-max over the candidates' scores, so that "best
// vector hit" and "best lexical hit" mean the same whatever the query's
// length or the corpus. Switched off, cosine is clamped and BM25
// saturated, as absolute scales.
func (r ranker) calibration(cands []*candidate) (vec, lex func(float64) float64) {
	if !r.opt.on(Calibrate) {
		return clamp01, saturate
	}
	vlo, vhi, lhi := 2.0, -2.0, 0.0
	for _, cd := range cands {
		vlo, vhi = min(vlo, cd.vec), max(vhi, cd.vec)
		lhi = max(lhi, cd.lex)
	}
	vec = func(x float64) float64 {
		if vhi <= vlo {
			return 0
		}
		return (x - vlo) / (vhi - vlo)
	}
	lex = func(x float64) float64 {
		if lhi == 0 {
			return 0
		}
		return x / lhi
	}
	return vec, lex
}

// reexportStrength places a re-export of the queried name below its
// declarations (strength 1 at top level, 0.85 nested) and above its uses.
const reexportStrength = 0.6

// declBoost lifts a declaration of the queried name above every use of
// it; a declaration of a name a phrase mentions gets a smaller lift.
func (r ranker) declBoost(cd *candidate) float64 {
	if !r.opt.on(Declaration) {
		return 0
	}
	strength := func(tier int) float64 { // store tiers: 3 top-level, 2 nested, 1 test or vendored
		return [...]float64{0, 0.5, 0.85, 1}[min(tier, 3)]
	}
	b := r.w.Decl * strength(cd.decl)
	// A re-export has the name's words, so only lexical hits are read
	// for one (reading a chunk's text is what a candidate costs).
	if cd.decl == 0 && r.q.Kind == Identifier && cd.lex > 0 && reexports(cd.chunk, r.q.Name) {
		b = r.w.Decl * reexportStrength
	}
	// A description names the types its function takes and returns
	// ("returns LogType as a string"); their declarations are not the
	// answer. A report names the code it is about.
	if cd.embedded > 0 && (r.q.Kind != Description || r.q.report) {
		w := r.w.DeclEmbedded
		if r.q.report {
			w = r.w.DeclReport
		}
		b = max(b, w*strength(cd.embedded))
	}
	return b
}

// coherence lifts each file's best chunk by the evidence of the file's
// other candidates. For a short query, which names an area, by their
// summed evidence relative to the best file's: a file with many good
// chunks is likelier the answer than one lucky chunk. For a long one, by
// the file's best evidence in each channel, blended as one chunk's would
// be: a bug report's words match one function of the file it is about
// and its meaning another, and neither chunk alone has both.
func (r ranker) coherence(cands []*candidate, blend channelBlend) {
	type file struct {
		sum      float64
		vec, lex float64 // the best of the file's candidates in each channel
		best     *candidate
	}
	files := map[string]*file{}
	top, most := 0.0, 0.0
	for _, cd := range cands {
		key := cd.fileKey()
		f := files[key]
		if f == nil {
			f = &file{} // calibrated scores are 0..1, so 0 starts each best
			files[key] = f
		}
		f.sum += max(0, cd.score)
		f.vec, f.lex = max(f.vec, blend.vec(cd.vec)), max(f.lex, blend.lex(cd.lex))
		if f.best == nil || cd.score > f.best.score {
			f.best = cd
		}
		top = max(top, cd.score)
	}
	for _, f := range files {
		most = max(most, f.sum)
	}
	for _, f := range files {
		if most > 0 {
			f.best.score += r.w.Coherence * r.fileEvidence() * top * f.sum / most
		}
		joint := blend.mix(f.vec, f.lex)
		f.best.score += r.w.Channels * r.lengthFocus() * max(0, joint-blend.of(f.best))
	}
}

// decay sets each candidate's final value: its score, times Decay for
// every better chunk of the same file before it, so a second chunk of a
// file must be much better than another file's best to come before it.
func (r ranker) decay(cands []*candidate) {
	for _, cd := range cands {
		cd.eff = cd.score
	}
	sortCandidates(cands)
	if !r.opt.on(Diversity) || r.sectionsAlone() {
		return
	}
	decay := r.decayFactor()
	seen := map[string]int{}
	for _, cd := range cands {
		key := cd.fileKey()
		for i := int(r.w.DecayAfter); i <= seen[key]; i++ {
			cd.eff *= decay
		}
		seen[key]++
	}
	sortCandidates(cands)
}

// Query lengths, in content terms, between which the per-file decay fades
// out. A short query names an area, and its answer is often several
// files: the first page should cover them. A long one describes one
// piece of code, and the best file's second chunk is as likely its
// answer as another file's first.
const (
	shortQueryTerms = 6
	longQueryTerms  = 12
)

// unitFocus says how surely the query asks for one piece of code rather
// than an area: 1 for a Description, else its lengthFocus.
func (r ranker) unitFocus() float64 {
	if r.q.Kind == Description {
		return 1
	}
	return r.lengthFocus()
}

// lengthFocus is 0 for a short query, 1 for a long one, linear between.
func (r ranker) lengthFocus() float64 {
	n := float64(len(r.q.Terms))
	return max(0, min(1, (n-shortQueryTerms)/(longQueryTerms-shortQueryTerms)))
}

// decayFactor is the per-file decay for this query: Weights.Decay for a
// short query, fading to none for a long one.
func (r ranker) decayFactor() float64 {
	return r.w.Decay + (1-r.w.Decay)*r.unitFocus()
}

// fileEvidence scales the file-level features (path match, coherence):
// whole for a short query, which names an area, and none for one that
// asks for one piece of code wherever it lives.
func (r ranker) fileEvidence() float64 {
	return 1 - r.unitFocus()
}

// reportNameShare is how much of the file-name lift a report keeps.
const reportNameShare = 0.25

// reportNamed reports a file a report names by words it repeats: a report
// tells of the component it is about again and again, by the word its
// file is named for ("the window … the window's size", window.rs), where a
// description of one function names a file's word once, by chance. Only
// the file's best chunk gains, so that the file ranks, not all its chunks
// before every other file's.
func (r ranker) reportNamed(paths pathMatcher, p string) bool {
	return r.q.report && paths.repeated(p)
}

// liftBest adds lift(cd, i) to the best-scored candidate of each file.
func liftBest(cands []*candidate, lift func(cd *candidate, i int) float64) {
	best := map[string]int{}
	for i, cd := range cands {
		k := cd.fileKey()
		if j, ok := best[k]; !ok || cd.score > cands[j].score {
			best[k] = i
		}
	}
	for _, i := range best {
		cands[i].score += lift(cands[i], i)
	}
}

// versionDir matches a major-version directory ("v2", "v10").
var versionDir = lazyre.New(`^v(\d{1,3})$`)

// olderVersions returns a test for paths inside a major-version directory
// older than another one among the candidates, at the same place in the
// tree (v3/ when v4/ exists beside it).
func (r ranker) olderVersions(cands []*candidate) func(string) bool {
	newest := map[string]int{} // the path up to the version directory → newest version seen
	versionOf := func(p string) (string, int, bool) {
		parts := strings.Split(p, "/")
		for i, d := range parts[:len(parts)-1] {
			if m := versionDir().FindStringSubmatch(d); m != nil {
				v, _ := strconv.Atoi(m[1])
				return strings.Join(parts[:i], "/"), v, true
			}
		}
		return "", 0, false
	}
	for _, cd := range cands {
		if at, v, ok := versionOf(cd.chunk.FilePath); ok && v > newest[at] {
			newest[at] = v
		}
	}
	return func(p string) bool {
		at, v, ok := versionOf(p)
		return ok && v < newest[at]
	}
}

func clamp01(x float64) float64 { return max(0, min(1, x)) }

// saturate maps BM25 to 0..1 on a fixed scale, so a lexical score means the
// same from one query to the next.
func saturate(bm25 float64) float64 { return bm25 / (bm25 + 4) }
