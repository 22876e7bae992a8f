package secrets

import (
	"bytes"
	"math"
	"slices"

	"github.com/codeseek/codeseek/internal/ascii"
	"github.com/codeseek/codeseek/internal/lazyre"
)

// Finding is one secret in a text: the rule that found it and its byte
// range, the secret alone (for `password = "x"`, the x).
type Finding struct {
	Rule       string
	Start, End int
}

// Scan returns the secrets in text, ordered by position, overlaps merged
// into the first. It never returns the secret's bytes, only where they are.
func Scan(text []byte) []Finding {
	var out []Finding
	for i := range tokenRules {
		out = tokenRules[i].find(text, out)
	}
	out = findAssignments(text, out)
	return merge(out)
}

func (r *rule) find(text []byte, out []Finding) []Finding {
	if !slices.ContainsFunc(r.keywords, func(k string) bool { return bytes.Contains(text, []byte(k)) }) {
		return out
	}
	for _, m := range r.re().FindAllSubmatchIndex(text, -1) {
		start, end := m[2*r.group], m[2*r.group+1]
		if start < 0 || r.minEntropy > 0 && entropy(text[start:end]) < r.minEntropy {
			continue
		}
		out = append(out, Finding{Rule: r.id, Start: start, End: end})
	}
	return out
}

// findAssignments tries assignRule at the start of every name that holds
// one of its keywords, anchored there: names like "key" and "token" are
// common, but an anchored match fails within a few bytes when no
// assignment follows, where an unanchored one would rescan each line.
func findAssignments(text []byte, out []Finding) []Finding {
	lower := ascii.Lower(text)
	var names []int // start offsets of candidate names
	for _, k := range assignKeywords {
		for off := 0; ; {
			i := bytes.Index(lower[off:], []byte(k))
			if i < 0 {
				break
			}
			i += off
			start := i
			for start > 0 && isNameByte(lower[start-1]) {
				start--
			}
			names = append(names, start)
			off = i + len(k)
		}
	}
	slices.Sort(names)
	for _, start := range slices.Compact(names) {
		line := text[start:lineEnd(text, start)]
		if m := assignRule().FindSubmatchIndex(line); m != nil {
			if f, ok := assignedSecret(line, m); ok {
				f.Start += start
				f.End += start
				out = append(out, f)
			}
		}
	}
	return out
}

func isNameByte(c byte) bool {
	return c == '_' || c == '.' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// assignedSecret judges one assignRule match: a placeholder, a word or a
// code expression is not a secret.
func assignedSecret(line []byte, m []int) (Finding, bool) {
	if publicName(line) {
		return Finding{}, false
	}
	for g := 2; g < 8; g += 2 { // a quoted value
		if m[g] < 0 {
			continue
		}
		v := line[m[g]:m[g+1]]
		if placeholder(v) || lowerWords().Match(v) || bracketedWord().Match(v) || namedLike(v) || charClass().Match(v) || joinedWords(v) || routePath().Match(v) || sqlName().Match(v) || relativePath().Match(v) || dottedSubject().Match(v) || entropy(v) < quotedMinEntropy {
			return Finding{}, false
		}
		return Finding{Rule: "assigned-secret", Start: m[g], End: m[g+1]}, true
	}
	v := line[m[8]:m[9]]
	if placeholder(v) || bracketedWord().Match(v) || numberLiteral().Match(v) || identPath().Match(v) || camelName().Match(v) || namedLike(v) || !hasDigitAndLetter(v) || entropy(v) < unquotedMinEntropy {
		return Finding{}, false
	}
	return Finding{Rule: "assigned-secret", Start: m[8], End: m[9]}, true
}

// publicName reports an assignment whose name, at the start of line, says
// its value is public: .NET's `publicKeyToken="96d09a1eb7f44a77"` (the
// hash of an assembly's public key, in every binding redirect), a
// `public_key`, Stripe's `publishableKey`, or a digest of a secret, which
// gives no way to it (a test vector's `sha3_256_hash_of_signing_key`, a
// key's fingerprint).
func publicName(line []byte) bool {
	end := 0
	for end < len(line) && isNameByte(line[end]) {
		end++
	}
	name := bytes.ToLower(line[:end])
	for _, w := range []string{"public", "publishable", "hash", "digest", "fingerprint", "checksum"} {
		if bytes.Contains(name, []byte(w)) {
			return true
		}
	}
	return aboutName().Match(name) || messageName().Match(name)
}

var (
	// aboutName is a name of something about a secret, not of one: its
	// type, name or place (`TOKEN_TYPE_ARGUMENT = 'Argument'`, a
	// lexer's, `secret_name`, `password_field`, `token_url`).
	aboutName = lazyre.New(`(?:token|secret|password|passwd|pwd|key)[_.-]?(?:type|kind|name|id|field|label|header|param|prefix|url|uri|path|file|env|length|len|count|size|pattern|format|mode|ttl|expiry|expires)s?(?:$|[_.-])`)
	// messageName is the name of an error's code or message
	// (`PASSWORD_TOO_SHORT_ERROR = '9ff3fdc4-…'`, Symfony's constraint
	// codes; `invalid_token_message`): a value the program shows.
	messageName = lazyre.New(`[_.-](?:error|errors|code|message|msg|reason|text)$`)
	// sqlName is a value naming something in SQL: a quoted identifier
	// (`first_name`), a system variable (@@CHARACTER_SET_RESULTS), a
	// keyword or constant's name in capitals (SELECT), as a SQL lexer's
	// test fixtures key them by "token".
	sqlName = lazyre.New("^(?:`[^`]*`|@@?[A-Za-z_][\\w.]*|[A-Z]+(?:_[A-Z]+)*)$")
	// relativePath is a file's path from here or home (`./my.creds`,
	// `~/.config/app/token`): where a secret is kept, as an absolute path is.
	relativePath = lazyre.New(`^(?:\.{1,2}|~)/[\w./@+-]+$`)
	// dottedSubject is a name of dotted parts, short words and numbers
	// (a NATS subject, `$JS.ACK.stream.consumer.1.1326…`, a metric's or
	// a setting's name), where a token's parts are long drawn runs.
	dottedSubject = lazyre.New(`^\$?[A-Za-z][\w-]{0,19}(?:\.[\w*>-]{1,20}){3,}$`)
)

var (
	// lowerWords are values like "invalid_password" or "auth-token": names
	// and messages, not secrets.
	lowerWords = lazyre.New(`^[a-z_.-]+$`)
	// bracketedWord is a word of letters in brackets (`[FILTERED]`, a
	// logger's filtered parameter, `<password>`, `{SECRET}`): a stand-in
	// shown where the secret was, which no generator draws.
	bracketedWord = lazyre.New(`^(?:\[[A-Za-z][A-Za-z _-]*\]|<[A-Za-z][A-Za-z _-]*>|\{[A-Za-z][A-Za-z _-]*\}|\([A-Za-z][A-Za-z _-]*\))$`)
	// numberLiteral is a number as code writes it (`0xBE4BA423396CFEB8`,
	// xxHash's published secret constants, `0b1010_1010UL`): a constant
	// of an algorithm, which no one keeps a secret in.
	numberLiteral = lazyre.New(`^(?:0[xX][0-9A-Fa-f_]+|0[bB][01_]+|[0-9][0-9_]*)[uUlLnN]*;?$`)
	// identPath is a dotted expression (cfg.Secret, self.api_key): code.
	identPath = lazyre.New(`^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$`)
	// camelName is a name made of words, a number at most at its end
	// (`withXSRFToken: defaultToConfig2,`): code naming a function or a
	// variable, where a generated secret mixes its digits in.
	camelName = lazyre.New(`^[A-Za-z$][a-z$]*(?:[A-Z][a-z]+)*[0-9]{0,3}$`)
	// charClass is a pattern's character class of ranges (`[a-zA-Z0-9-!#…]`,
	// a token's grammar in MediaType.kt), or another of a regular
	// expression's constructs (a group's `(?=`, a negated class, `\s`, a
	// possessive `*+`: phpdoc-parser's lexer tokens): a pattern, where a
	// secret's characters are drawn from such a class, not written as one.
	charClass = lazyre.New(`\[\^?(?:[^\]]*(?:a-z|A-Z|0-9))|\(\?[=!:<]|\[\^|\\[sdwx]|[*+?]\+`)
	// routePath is a path a server routes or a client requests
	// (`/api/typed/user/:userId/post/firstPost`, nitro's typed routes
	// under an `internalApiKey`), after an address with no credentials
	// and no query or not, each of its segments a word in lower case or
	// camelCase, a parameter or a short number: a place, not a secret,
	// whose segments (a webhook's, a base64 key's) mix their cases at
	// random.
	routePath = lazyre.New(`^(?:[a-z][a-z0-9+.-]*://[\w.-]+(?::\d+)?)?(?:/(?:[:@]?[a-z][a-z_.-]*(?:[A-Z][a-z]+)*\d{0,3}|\{[\w.]*\}|\[[\w.]*\]|\*{1,2}|\d{1,4}|v\d+)?)+$`)
	// interpolation is an expression a string formats in: a name or a
	// call in braces, after Ruby's # or not (an f-string's), or in
	// Swift's \( ); or a value of names after $ alone, joined by
	// separators (Dart's and Kotlin's '$storagePrefix$id').
	interpolation = lazyre.New(`#?\{[A-Za-z_][\w.]*(?:\([^)]*\))?\}|\\\([A-Za-z_][\w.]*(?:\([^)]*\))?\)|^(?:\$[A-Za-z_]\w*|[-.:/@ ])+$`)
)

// namedLike reports values that contain a keyword themselves without
// looking random (testRSA2048PrivateKey, encryptionKey1024,
// X-Fake-Connection-Token): a variable or header name, not a secret.
func namedLike(v []byte) bool {
	lower := bytes.ToLower(v)
	return entropy(v) < namedMaxEntropy &&
		slices.ContainsFunc(assignKeywords, func(k string) bool { return bytes.Contains(lower, []byte(k)) })
}

// joinedWords reports a value of letters alone, most of them in words
// (a capital, then three lower-case letters or more): identifiers run
// together, as Go's stringer writes its name tables (`_tokenType_name =
// "tokenInvalidtokenCommatokenColon…"`), where a generated secret mixes
// in digits and drawn letters.
func joinedWords(v []byte) bool {
	if len(v) < minJoinedBytes {
		return false
	}
	inWords := 0
	for i := 0; i < len(v); {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
		j := i
		if 'A' <= c && c <= 'Z' {
			j++
		}
		k := j
		for k < len(v) && 'a' <= v[k] && v[k] <= 'z' {
			k++
		}
		if k-j >= 3 {
			inWords += k - i
			i = k
			continue
		}
		i = max(k, i+1)
	}
	return inWords*10 >= len(v)*9
}

// minJoinedBytes is the shortest value joinedWords judges: a short one
// may be a word-like password.
const minJoinedBytes = 32

// placeholder reports template references, interpolations and format
// verbs that stand in for a secret supplied elsewhere (${DB_PASSWORD},
// {{ .Token }}, %s, Ruby's #{SecureRandom.hex(64)}, a Python f-string's
// {secrets.token_hex(64)}, Swift's \(basic.password)), URLs (token_uri:
// https://…), whose credentials url-password judges, and a test's
// stand-in of characters in a row (dummyRun).
func placeholder(v []byte) bool {
	if interpolation().Match(v) || dummyRun(v) {
		return true
	}
	lower := bytes.ToLower(v)
	for _, s := range []string{"${", "{{", "%s", "%v", "%(", "<", "://", "process.env", "os.environ", "getenv"} {
		if bytes.Contains(lower, []byte(s)) {
			return true
		}
	}
	return false
}

// dummyRun reports a value of one character repeated or a run of them in
// order (`12345678`, `00000000`, `abcdefgh`): a test's stand-in, which no
// generator draws.
func dummyRun(v []byte) bool {
	if len(v) < 4 {
		return false
	}
	step := int(v[1]) - int(v[0])
	if step < -1 || step > 1 {
		return false
	}
	for i := 1; i < len(v); i++ {
		if int(v[i])-int(v[i-1]) != step {
			return false
		}
	}
	return true
}

func hasDigitAndLetter(v []byte) bool {
	digit, letter := false, false
	for _, c := range v {
		switch {
		case '0' <= c && c <= '9':
			digit = true
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			letter = true
		}
	}
	return digit && letter
}

// entropy is the Shannon entropy of b in bits per byte: about 2.5 for an
// English word, 4 to 6 for random tokens.
func entropy(b []byte) float64 {
	if len(b) == 0 {
		return 0
	}
	var counts [256]int
	for _, c := range b {
		counts[c]++
	}
	h := 0.0
	n := float64(len(b))
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

func lineEnd(text []byte, i int) int {
	if j := bytes.IndexByte(text[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(text)
}

// merge sorts findings and folds overlapping ones into the earlier.
func merge(fs []Finding) []Finding {
	slices.SortFunc(fs, func(a, b Finding) int { return a.Start - b.Start })
	out := fs[:0]
	for _, f := range fs {
		if n := len(out); n > 0 && f.Start < out[n-1].End {
			out[n-1].End = max(out[n-1].End, f.End)
			continue
		}
		out = append(out, f)
	}
	return out
}
