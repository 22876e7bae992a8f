// Package secrets keeps credentials out of codeseek's index. It recognises
// files that hold secrets by name (FileRule) and secrets inside ordinary
// files by shape (Scan, Redact), with a small curated rule set adapted from
// gitleaks (MIT licence): private-key blocks, cloud and SaaS token formats,
// credentials in URLs, and high-entropy values assigned to password-,
// secret- or token-like names. It does no I/O; the indexer calls it once
// per file.
package secrets

import (
	"path"
	"strings"
)

// nameRule matches a file by its base name (lowercased). Exactly one of
// the fields is set.
type nameRule struct {
	id     string
	exact  string // the whole base name
	prefix string // a base-name prefix: ".env" covers .env.local, .envrc
	suffix string // a base-name suffix: ".pem"
	dir    string // with exact: the parent directory's name too (.aws/credentials)
}

// nameRules are files whose whole content is credentials: indexing any
// part of them can only leak. Public halves (id_rsa.pub) are skipped with
// their private ones; they are rarely worth searching.
var nameRules = []nameRule{
	{id: "dotenv", prefix: ".env"},
	{id: "pem", suffix: ".pem"},
	{id: "private-key-file", suffix: ".key"},
	{id: "pkcs12", suffix: ".p12"},
	{id: "pkcs12", suffix: ".pfx"},
	{id: "pkcs8", suffix: ".p8"},
	{id: "keystore", suffix: ".keystore"},
	{id: "keystore", suffix: ".jks"},
	{id: "putty-key", suffix: ".ppk"},
	{id: "ssh-key", prefix: "id_rsa"},
	{id: "ssh-key", prefix: "id_dsa"},
	{id: "ssh-key", prefix: "id_ecdsa"},
	{id: "ssh-key", prefix: "id_ed25519"},
	{id: "netrc", exact: ".netrc"},
	{id: "netrc", exact: "_netrc"},
	{id: "npmrc", exact: ".npmrc"},
	{id: "pypirc", exact: ".pypirc"},
	{id: "git-credentials", exact: ".git-credentials"},
	{id: "htpasswd", exact: ".htpasswd"},
	{id: "pgpass", exact: ".pgpass"},
	{id: "docker-config", exact: ".dockercfg"},
	{id: "docker-config", exact: "config.json", dir: ".docker"},
	{id: "aws-credentials", exact: "credentials", dir: ".aws"},
	{id: "credentials-json", prefix: "credentials", suffix: ".json"},
	{id: "client-secret-json", prefix: "client_secret", suffix: ".json"},
	{id: "kubeconfig", exact: "kubeconfig"},
	{id: "kubeconfig", prefix: "kubeconfig", suffix: ".yaml"},
	{id: "kubeconfig", prefix: "kubeconfig", suffix: ".yml"},
	{id: "kubeconfig", suffix: ".kubeconfig"},
	{id: "kubeconfig", exact: "config", dir: ".kube"},
	{id: "terraform-state", suffix: ".tfstate"},
	{id: "terraform-state", suffix: ".tfstate.backup"},
}

// templateSuffixes end the names of a secret file's template, committed
// for users to copy (`.env.example`, "Copy .env.example to .env"): it
// tells the variables a program reads, and its values are placeholders.
// It is indexed as any file, a value that looks like a secret redacted.
var templateSuffixes = []string{".example", ".sample", ".template", ".dist"}

// FileRule returns the ID of the rule that marks the file at p (a
// '/'-separated path, relative or absolute) as a secret file by its name,
// or "" when its name says nothing. Matching ignores case.
func FileRule(p string) string {
	p = strings.ToLower(p)
	base := path.Base(p)
	parent := path.Base(path.Dir(p))
	for _, s := range templateSuffixes {
		if strings.HasPrefix(base, ".env.") && strings.HasSuffix(base, s) {
			return ""
		}
	}
	for _, r := range nameRules {
		switch {
		case r.exact != "":
			if base == r.exact && (r.dir == "" || parent == r.dir) {
				return r.id
			}
		case r.prefix != "" && r.suffix != "":
			if strings.HasPrefix(base, r.prefix) && strings.HasSuffix(base, r.suffix) {
				return r.id
			}
		case r.prefix != "":
			if strings.HasPrefix(base, r.prefix) {
				return r.id
			}
		case strings.HasSuffix(base, r.suffix):
			return r.id
		}
	}
	return ""
}
