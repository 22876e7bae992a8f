package secrets

import (
	"regexp"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// rule finds one kind of secret. The regular expression runs only on text
// containing one of the keywords, which keeps scanning ordinary code at
// memory speed; group is the submatch that is the secret itself (0: the
// whole match), and minEntropy, when set, rejects low-entropy matches
// (placeholders such as "changeme").
type rule struct {
	id         string
	keywords   []string              // case-sensitive literals, one of which every match contains
	re         func() *regexp.Regexp // compiled on first use
	group      int
	minEntropy float64
}

// tokenRules are secrets recognisable by shape alone. Patterns follow
// gitleaks' default configuration (v8.30), trimmed to the services most
// often leaked into source trees.
var tokenRules = []rule{
	{
		id:       "private-key",
		keywords: []string{"PRIVATE KEY"},
		// A whole block, or a block cut short: the header and every
		// following line that carries base64 key material. A block holds
		// key material, headers and, in code, the quotes and pluses of a
		// string split over lines, never a brace, a parenthesis or a `$`:
		// code that writes a block around a value (`-----BEGIN PRIVATE
		// KEY-----\n${encode(der)}\n-----END …`) holds none, and no block
		// reaches past it to the next one's end, nor past another marker
		// (code naming the markers, `#define PEM_BEGIN_PKEY "-----BEGIN
		// PRIVATE KEY-----"` above its END and the next kind's, holds no
		// key between them).
		re: lazyre.New(`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----` +
			`(?:(?:[^{}()$;<>-]|-[^-]){64,}?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|[^\n]*(?:\n[^\n]*[A-Za-z0-9+/=]{40,}[^\n]*)+)`),
	},
	{
		id:       "aws-access-key",
		keywords: []string{"A3T", "AKIA", "ASIA", "ABIA", "ACCA"},
		re:       lazyre.New(`\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b`),
	},
	{
		id:       "gcp-api-key",
		keywords: []string{"AIza"},
		re:       lazyre.New(`\bAIza[\w-]{35}\b`),
	},
	{
		id:       "github-token",
		keywords: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"},
		re:       lazyre.New(`\b(?:gh[pousr]_[0-9a-zA-Z]{36}|github_pat_\w{82})\b`),
	},
	{
		id:       "gitlab-token",
		keywords: []string{"glpat-"},
		re:       lazyre.New(`\bglpat-[\w-]{20,}`),
	},
	{
		id:       "slack-token",
		keywords: []string{"xox", "xapp-"},
		re:       lazyre.New(`\b(?:xox[abeoprs]-[0-9A-Za-z-]{10,}|xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+)`),
	},
	{
		id:       "slack-webhook",
		keywords: []string{"hooks.slack.com"},
		re:       lazyre.New(`hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{20,}`),
	},
	{
		id:       "stripe-key",
		keywords: []string{"_live_", "_test_", "_prod_"},
		re:       lazyre.New(`\b(?:sk|rk)_(?:live|test|prod)_[0-9a-zA-Z]{10,99}\b`),
	},
	{
		id:       "openai-key",
		keywords: []string{"T3BlbkFJ", "sk-proj-", "sk-svcacct-", "sk-admin-"},
		re:       lazyre.New(`\bsk-(?:(?:proj|svcacct|admin)-[\w-]{20,}|[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20})`),
	},
	{
		id:       "anthropic-key",
		keywords: []string{"sk-ant-"},
		re:       lazyre.New(`\bsk-ant-(?:api03|admin01)-[\w-]{80,}`),
	},
	{
		id:       "npm-token",
		keywords: []string{"npm_"},
		re:       lazyre.New(`\bnpm_[a-zA-Z0-9]{36}\b`),
	},
	{
		id:       "pypi-token",
		keywords: []string{"pypi-AgEIcHlwaS5vcmc"},
		re:       lazyre.New(`pypi-AgEIcHlwaS5vcmc[\w-]{50,}`),
	},
	{
		id:       "jwt",
		keywords: []string{"eyJ"},
		re:       lazyre.New(`\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`),
	},
	{
		id:         "url-password",
		keywords:   []string{"://"},
		re:         lazyre.New(`\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://[^\s/:@'"]{1,64}:([^\s/:@'"$%{}<>]{6,128})@[\w.-]+`),
		group:      1,
		minEntropy: 3,
	},
	{
		id:         "bearer-token",
		keywords:   []string{"Bearer ", "bearer "},
		re:         lazyre.New(`\b[Bb]earer ([A-Za-z0-9._~+/-]{20,}=*)`),
		group:      1,
		minEntropy: 3.5,
	},
}

// assignKeywords are the lowercase name parts that make an assignment a
// candidate for assignRule.
var assignKeywords = []string{"pass", "pwd", "secret", "token", "key", "credential", "auth"}

// assignRule, anchored at the start of a name, is a value assigned to a
// password-, secret-, token- or key-like name, in code (`apiKey := "…"`, `"password": "…"`, `token =>
// '…'`) or configuration (`SECRET_KEY=…`, `password: …`). Groups 1 to 3
// are a value in double quotes, single quotes or backticks, each closed
// by its own kind (a quote of another kind is the value's: a pattern's
// `"[…#$%&'*+…]"`), group 4 an unquoted one running to the end of the
// line.
var assignRule = lazyre.New(`(?i)^[\w.-]*?(?:passw(?:or)?d|pwd|secret|token|api[_.-]?key|access[_.-]?key|auth[_.-]?key|private[_.-]?key|signing[_.-]?key|encryption[_.-]?key|credentials?)[\w.-]*["'\x60]?\s*(?::=|=>|\?=|\|\|=|=|:)\s*` +
	`(?:"([^"\s]{8,200})"|'([^'\s]{8,200})'|\x60([^\x60\s]{8,200})\x60|([A-Za-z0-9+/=_.~!@#$%^&*-]{8,200})\s*(?:[,;]\s*)?(?:(?:#|//).*)?$)`)

// Entropy floors of assignRule's values, in bits per byte. A quoted value
// is taken at a lower floor because quoting is deliberate; an unquoted
// one may be code (`token = nextToken2`) and must look random.
const (
	quotedMinEntropy   = 3.0
	unquotedMinEntropy = 3.5
	// namedMaxEntropy: a value containing a keyword is a name below it.
	namedMaxEntropy = 4.0
)
