//go:build unix

package tools

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
)

// Test secrets are assembled at run time so that the source holds no
// string a secret scanner would flag.
var (
	testAWSKey    = "AKIA" + "QX7Z2KJ4M5N6P3RT"
	testAWSSecret = "tY8kq2Lm" + "Zp9Vx4Rb7Nc1Wd6Hs3Jf0Ga5Ue2Io8Pk"
	testPassword  = "s3cr3t-" + "P4ssw0rd!x9Q"
	testKeyBody   = "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun"
	testKeyBlock  = "-----BEGIN RSA " + "PRIVATE KEY-----\n" + strings.Repeat(testKeyBody+"\n", 4) + "-----END RSA " + "PRIVATE KEY-----\n"
)

// secretRepo is a repository with secret files, a Go file assigning an
// AWS key pair and a password, links out of it and a FIFO, beside
// ordinary code.
func secretRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		".env":             "AWS_ACCESS_KEY_ID=" + testAWSKey + "\nAWS_SECRET_ACCESS_KEY=" + testAWSSecret + "\nDB_PASSWORD=" + testPassword + "\n",
		"id_rsa":           testKeyBlock,
		"server.pem":       testKeyBlock,
		"credentials.json": `{"type": "service_account", "private_key": "` + strings.ReplaceAll(testKeyBlock, "\n", `\n`) + `", "client_secret": "` + testAWSSecret + `"}`,
		"aws.go": "package cloud\n\n// Credentials for the upload bucket.\nvar (\n\tawsAccessKeyID     = \"" + testAWSKey +
			"\"\n\tawsSecretAccessKey = \"" + testAWSSecret + "\"\n\tdbPassword = \"" + testPassword + "\"\n)\n\n" +
			"// NewUploader returns an uploader that signs requests with the secret key.\nfunc NewUploader() *Uploader {\n\treturn &Uploader{id: awsAccessKeyID, secret: awsSecretAccessKey}\n}\n",
		"parse.go": goFunc("ParseConfig", "return readConfigFile()"),
	})
	for name, target := range map[string]string{"passwd": "/etc/passwd", "zero": "/dev/zero"} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Skipf("cannot create a FIFO here: %v", err)
	}
	return root
}

// noHang fails the test if f has not returned within a generous bound:
// proof that a special file was refused, not a speed target.
func noHang(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not return: it blocked on or kept reading a special file", what)
	}
}

func TestSecretsAreNeverReturned(t *testing.T) {
	ctx := context.Background()
	root := secretRepo(t)
	svc := newTestService(t)
	var rep formatter.IndexReport
	var err error
	noHang(t, "IndexRepository", func() { rep, err = svc.IndexRepository(ctx, IndexParams{RepoPath: root}) })
	if err != nil {
		t.Fatal(err)
	}
	if rep.SecretsSkipped != 4 || rep.SecretsRedacted != 1 || rep.SkippedReasons[indexer.ReasonSecret] != 4 {
		t.Errorf("secrets_skipped %d, secrets_redacted %d, reasons %v; want 4, 1 and 4 secret_file", rep.SecretsSkipped, rep.SecretsRedacted, rep.SkippedReasons)
	}
	for _, r := range []string{indexer.ReasonSymlink, indexer.ReasonSpecial} {
		if rep.SkippedReasons[r] == 0 {
			t.Errorf("no %s skip in %v", r, rep.SkippedReasons)
		}
	}

	forbidden := []string{testAWSKey, testAWSSecret, testPassword, testKeyBody, "PRIVATE KEY", "root:x:0:0"}
	queries := []string{"secret key", "password", "AKIA", "aws secret access key", "private key", "BEGIN RSA PRIVATE KEY",
		"credentials", "service account", "root", "token", testAWSKey, testPassword}
	for _, mode := range []string{ModeHybrid, ModeVector, ModeLexical} {
		for _, docs := range []bool{false, true} {
			for _, q := range queries {
				resp, err := svc.Search(ctx, SearchParams{Query: q, RepositoryID: rep.RepositoryID, Limit: MaxLimit, Mode: mode, Docs: docs, WithContext: true})
				if err != nil {
					t.Fatalf("%s %q: %v", mode, q, err)
				}
				for _, r := range resp.Results {
					for _, text := range []string{r.Content, r.ContextBefore, r.ContextAfter, r.Symbol} {
						for _, s := range forbidden {
							if strings.Contains(text, s) {
								t.Errorf("%s search %q returned %q from %s:\n%s", mode, q, s, r.FilePath, text)
							}
						}
					}
				}
			}
		}
	}
	// The same repository's ordinary code, and the code around the
	// redacted values, is still found.
	for q, want := range map[string]string{"ParseConfig": "parse.go", "uploader that signs requests": "aws.go", "awsSecretAccessKey": "aws.go"} {
		if got := searchAll(t, svc, rep.RepositoryID, q); len(got) == 0 || got[0] != want {
			t.Errorf("search %q: %v, want %s first", q, got, want)
		}
	}
}

func TestSymbolsRefusesSpecialAndSecretFiles(t *testing.T) {
	root := secretRepo(t)
	svc := newTestService(t)
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, map[string]string{"big.go": "package big\n" + strings.Repeat("// padding\n", 200<<10)})
	cases := []struct {
		p    SymbolsParams
		want string
	}{
		{SymbolsParams{FilePath: filepath.Join(root, "fifo")}, "named pipe"},
		{SymbolsParams{FilePath: "fifo", RepositoryID: rep.RepositoryID}, "named pipe"},
		{SymbolsParams{FilePath: "/dev/zero"}, "character device"},
		{SymbolsParams{FilePath: "zero", RepositoryID: rep.RepositoryID}, "outside the repository"},
		{SymbolsParams{FilePath: "passwd", RepositoryID: rep.RepositoryID}, "outside the repository"},
		{SymbolsParams{FilePath: filepath.Join(root, "zero")}, "character device"},
		{SymbolsParams{FilePath: ".env", RepositoryID: rep.RepositoryID}, "secret file"},
		{SymbolsParams{FilePath: filepath.Join(root, "id_rsa")}, "secret file"},
		{SymbolsParams{FilePath: "big.go", RepositoryID: rep.RepositoryID}, "--max-file-size"},
	}
	for _, c := range cases {
		var err error
		noHang(t, "Symbols("+c.p.FilePath+")", func() { _, err = svc.Symbols(c.p) })
		var ae *ArgError
		if !errors.As(err, &ae) || ae.Arg != "file_path" || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Symbols(%s): %v, want a file_path error saying %q", c.p.FilePath, err, c.want)
		}
	}
	// Ordinary files still list their symbols, with secrets redacted from
	// signatures.
	list, err := svc.Symbols(SymbolsParams{FilePath: "aws.go", RepositoryID: rep.RepositoryID})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range list.Symbols {
		found = found || s.Name == "NewUploader"
		for _, secret := range []string{testAWSKey, testAWSSecret, testPassword} {
			if strings.Contains(s.Signature, secret) {
				t.Errorf("symbol %s shows a secret: %s", s.Name, s.Signature)
			}
		}
	}
	if !found {
		t.Errorf("aws.go symbols lack NewUploader: %+v", list.Symbols)
	}
}
