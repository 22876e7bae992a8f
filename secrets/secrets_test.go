package secrets

import (
	"bytes"
	"strings"
	"testing"
)

func TestFileRule(t *testing.T) {
	secret := []string{
		".env", ".env.local", ".env.production", "config/.envrc", "certs/server.pem", "tls/server.key",
		"id_rsa", "home/.ssh/id_rsa.pub", "id_ed25519", "id_ecdsa", "store.p12", "store.PFX", "release.keystore",
		"app.jks", ".netrc", ".npmrc", ".pypirc", ".git-credentials", "credentials.json", "credentials-prod.json",
		"client_secret_123.apps.json", "kubeconfig", "kubeconfig-prod.yaml", "prod.kubeconfig", ".kube/config",
		".aws/credentials", ".docker/config.json", "terraform.tfstate", ".htpasswd", ".pgpass",
	}
	for _, p := range secret {
		if FileRule(p) == "" {
			t.Errorf("FileRule(%q) = \"\", want a rule", p)
		}
	}
	ordinary := []string{
		"main.go", "env.go", "environment.md", "keys.go", "key.go.txt", "credentials.go", "kubeconfig.go",
		"config.json", "aws/credentials.go", ".kube/config.go", "pem/decode.go", "secret_test.go", "tokenizer.py",
		".env.example", "samples/.env.sample", ".env.template", ".env.dist", ".env.local.example",
	}
	for _, p := range ordinary {
		if rule := FileRule(p); rule != "" {
			t.Errorf("FileRule(%q) = %q, want \"\"", p, rule)
		}
	}
}

// Test secrets are assembled at run time so that the source holds no
// string a secret scanner (ours or a code host's) would flag.
var (
	awsKey      = "AKIA" + "QX7Z2KJ4M5N6P3RT"
	awsSecret   = "tY8kq2Lm" + "Zp9Vx4Rb7Nc1Wd6Hs3Jf0Ga5Ue2Io8Pk"
	githubToken = "ghp_" + strings.Repeat("a1B2c3D4e5F6", 3)
	slackToken  = "xoxb-" + "1234567890-0987654321-" + "AbCdEfGhIjKlMnOpQrStUv"
	stripeKey   = "sk_" + "live_" + "4eC39HqLyjWDarjtT1zdp7dc"
	gcpKey      = "AIza" + "SyD3x9Fh2Kq8Lm4Np7Rs1Tv6Wx0Yz5Ab3Cd"
	jwt         = "eyJ" + "hbGciOiJIUzI1NiJ9.eyJ" + "zdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
	dbPassword  = "s3cr3t-" + "P4ssw0rd!x9Q"
	keyBody     = strings.Repeat("MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n", 4)
	keyBlock    = "-----BEGIN RSA " + "PRIVATE KEY-----\n" + keyBody + "-----END RSA " + "PRIVATE KEY-----"
)

func TestScanFindsSecrets(t *testing.T) {
	cases := []struct{ rule, text, secret string }{
		{"private-key", "const key = `" + keyBlock + "`\n", keyBlock},
		{"private-key", `{"private_key": "` + strings.ReplaceAll(keyBlock, "\n", `\n`) + `"}`, strings.ReplaceAll(keyBlock, "\n", `\n`)},
		{"aws-access-key", `awsAccessKeyID := "` + awsKey + `"`, awsKey},
		{"assigned-secret", `awsSecretAccessKey := "` + awsSecret + `"`, awsSecret},
		{"assigned-secret", "AWS_SECRET_ACCESS_KEY=" + awsSecret + "\n", awsSecret},
		{"assigned-secret", `db_password = '` + dbPassword + `'`, dbPassword},
		{"assigned-secret", strings.Repeat("// \u212a (a Kelvin sign, whose lower case is shorter)\n", 8) + `db_password = '` + dbPassword + `'`, dbPassword},
		{"assigned-secret", `  password: ` + dbPassword + "  # prod\n", dbPassword},
		{"assigned-secret", `"apiKey": "` + awsSecret + `",`, awsSecret},
		{"assigned-secret", `password = "` + dbPassword + `'` + dbPassword + `"`, dbPassword + `'` + dbPassword},           // a quote of another kind is the secret's
		{"assigned-secret", `api_secret = "xKqPzLmWvTrBnHcDyJgFsQaWeRtYuIoPlKjH"`, "xKqPzLmWvTrBnHcDyJgFsQaWeRtYuIoPlKjH"}, // letters drawn, not words
		{"github-token", `token := "` + githubToken + `"`, githubToken},
		{"slack-token", "SLACK=" + slackToken, slackToken},
		{"stripe-key", `Stripe.api_key = "` + stripeKey + `"`, stripeKey},
		{"gcp-api-key", `key: "` + gcpKey + `"`, gcpKey},
		{"jwt", `Authorization: ` + jwt, jwt},
		{"url-password", `dsn := "postgres://app:` + dbPassword + `@db.internal:5432/app"`, dbPassword},
		{"assigned-secret", `api_key = "/` + awsSecret + `"`, awsSecret},                                             // a path of a random segment is no route
		{"assigned-secret", `aws_secret = "/KqMDENGbPxRfiCY/wJalrXUtnFEMIkey"`, "/KqMDENGbPxRfiCY/wJalrXUtnFEMIkey"}, // base64's slashes, letters of mixed case
	}
	for _, c := range cases {
		found := Scan([]byte(c.text))
		if len(found) == 0 {
			t.Errorf("%s: nothing found in %q", c.rule, c.text)
			continue
		}
		got := c.text[found[0].Start:found[0].End]
		if !strings.Contains(got, c.secret) {
			t.Errorf("%s: found %q (rule %s), want it to cover %q", c.rule, got, found[0].Rule, c.secret)
		}
	}
}

func TestScanLeavesOrdinaryCodeAlone(t *testing.T) {
	ordinary := []string{
		`token := tokenizer.Next()`,
		`password := os.Getenv("DB_PASSWORD")`,
		`PrivateKey:  testP256PrivateKey,`,
		`config.Certificates[0].PrivateKey = testRSA2048PrivateKey`,
		`const errBadPassword = "invalid_password"`,
		`const fakeConnectionToken = "X-Fake-Connection-Token"`,
		`key = "user_id"`,
		`password: ${DB_PASSWORD}`,
		`secret: "{{ .Values.secret }}"`,
		`url := "postgres://user:password@localhost/db"`,
		`const pemType = "-----BEGIN RSA PRIVATE KEY-----"`,
		// Code naming the markers of several kinds, no key between them.
		"#define PEM_BEGIN_PKEY     \"-----BEGIN PRIVATE KEY-----\"\n#define PEM_END_PKEY       \"-----END PRIVATE KEY-----\"\n" +
			"#define PEM_BEGIN_EC_PKEY  \"-----BEGIN EC PRIVATE KEY-----\"\n#define PEM_END_EC_PKEY    \"-----END EC PRIVATE KEY-----\"\n",
		`self::TOKEN_OPEN_PHPDOC => '/\\*\\*(?=\\s)\\x20?+',`, // a lexer's patterns
		`self::TOKEN_DOUBLE_QUOTED_STRING => '"(?:""|[^"])*+"',`,
		// Code writing a block around a value, and the code after it up to
		// the next block's end.
		"const pem = `-----BEGIN PRIVATE KEY-----\\n${encodeBase64(exported)}\\n-----END PRIVATE KEY-----`\n" +
			"function total(lines) {\n  let sum = 0\n  for (const l of lines) {\n    sum += l.price * l.qty\n  }\n  return sum\n}\n" +
			"const wrap = (k) => `-----BEGIN PRIVATE KEY-----\\n${k}\\n-----END PRIVATE KEY-----`\n",
		`"token_uri": "https://oauth2.googleapis.com/token",`,
		`apiKey := fmt.Sprintf("%s-%s", prefix, id)`,
		`func (t *Token) Secret() string { return t.secret }`,
		`if passwd == "" {`,
		`  withXSRFToken: defaultToConfig2,`,
		`  cancelToken: mergeDeepProperties3;`,
		`<assemblyIdentity name="AutoMapper" publicKeyToken="96d09a1eb7f44a77" culture="neutral" />`,
		`stripe_publishable_key = "pk_live_51H8xQ2KjsL0a9Zb"`,
		// An error's code, named so (Symfony's constraint codes).
		`    public const PASSWORD_STRENGTH_ERROR = '4234df00-45dd-49a4-b303-a75dbf8b10d8';`,
		// Where a credential is kept, and a subject named so.
		`		{URL: "nats://127.0.0.1:7422", Credentials: "./my.creds"},`,
		`	ackToken := "$JS.ACK.stream.consumer.1.13266774.12547470.1708328638063395796.1"`,
		// A lexer's token types and a SQL lexer's fixtures: names.
		`    const TOKEN_TYPE_SUBEXPRESSION = 'Subexpression';`,
		"        {\"token\": \"`first_name`\", \"value\": \"first_name\", \"type\": 2},",
		`        {"token": "@@CHARACTER_SET_RESULTS", "value": "@@CHARACTER_SET_RESULTS", "type": 8},`,
		`secret_name = "ProdDatabaseCredentials"`,
		// A digest of a key, a test vector's: no key.
		`  "sha3_256_hash_of_signing_key": "4f0d8e3c2b1a9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706",`,
		`api_key_fingerprint = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"`,
		"private const val TOKEN = \"([a-zA-Z0-9-!#$%&'*+.^_`{|}~]+)\"", // a pattern's character class
		`puts "  config.secret_key = '#{SecureRandom.hex(64)}'"`,        // interpolations
		`api_token = "#{ENV.fetch('PREFIX')}-#{SecureRandom.uuid}"`,
		`return f"config.secret_key = '{secrets.token_hex(64)}'"`,
		`let credentials = "\(basic.username):\(basic.password)"`,
		`const _tokenType_name = "tokenInvalidtokenCommatokenColontokenEqualstokenKeywordtokenNumber"`, // a stringer's name table
		`  internalApiKey: "/api/typed/user/:userId/post/firstPost" as const,`,                         // a route
		`auth_token_url = "https://login.example.org/oauth2/v2.0/token"`,
		`const body = { username: 'alice', password: '12345678' }`, // a test's stand-in
		`db_password = "00000000"`,
		// A stand-in shown where the secret was: a logger's filtered
		// parameters, a template's field.
		`expect(logged).to include('"password"=>"[FILTERED]"')`,
		`    "password" => "[FILTERED]",`,
		`smtp_password: <SmtpPassword>`,
		`  String get storageToken => '$storagePrefix$id';`, // Dart's interpolations
		`val authToken = "$scheme:$userToken"`,
		`    public const ulong DefaultSecretUInt64_0 = 0xBE4BA423396CFEB8;`, // an algorithm's constant
	}
	for _, line := range ordinary {
		if found := Scan([]byte(line)); len(found) > 0 {
			t.Errorf("Scan(%q) found %s at %q", line, found[0].Rule, line[found[0].Start:found[0].End])
		}
	}
}

func TestRedactKeepsLinesAndCode(t *testing.T) {
	src := "package cfg\n\n" +
		"// Load reads the configuration.\n" +
		"func Load() Config {\n" +
		"\tawsAccessKeyID := \"" + awsKey + "\"\n" +
		"\tkey := `" + keyBlock + "`\n" +
		"\treturn Config{ID: awsAccessKeyID, Key: key}\n" +
		"}\n"
	out, n := Redact([]byte(src))
	if n != 2 {
		t.Errorf("Redact replaced %d secrets, want 2", n)
	}
	for _, s := range []string{awsKey, "MIIEowIBAAKCAQEA", "PRIVATE KEY"} {
		if bytes.Contains(out, []byte(s)) {
			t.Errorf("redacted text still contains %q:\n%s", s, out)
		}
	}
	for _, s := range []string{"func Load() Config {", "awsAccessKeyID := \"[redacted:aws-access-key]\"", "key := `[redacted:private-key]", "return Config{ID: awsAccessKeyID, Key: key}"} {
		if !bytes.Contains(out, []byte(s)) {
			t.Errorf("redacted text lost %q:\n%s", s, out)
		}
	}
	if got, want := bytes.Count(out, []byte{'\n'}), strings.Count(src, "\n"); got != want {
		t.Errorf("redacted text has %d lines, want %d (line numbers must not move)", got, want)
	}
	if plain := []byte("package p\n"); !bytesSame(Redact(plain)) {
		t.Error("Redact copied a text without secrets")
	}
}

func bytesSame(b []byte, n int) bool { return n == 0 && string(b) == "package p\n" }

// FuzzRedact: any input is scanned without a panic, and redaction keeps
// the line count.
func FuzzRedact(f *testing.F) {
	f.Add([]byte("password = \"" + dbPassword + "\"\n"))
	f.Add([]byte(keyBlock))
	f.Add([]byte("-----BEGIN PRIVATE KEY-----\n" + keyBody))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, _ := Redact(b)
		if bytes.Count(out, []byte{'\n'}) != bytes.Count(b, []byte{'\n'}) {
			t.Fatalf("line count changed: %q -> %q", b, out)
		}
	})
}
